// Editions benchmark (not a test): re-ingesting a changed standard, against importing it as a new
// document. For each of the kit's RFCs: import and extract (classic) the original; write a second
// edition with every 20th paragraph reworded (a sentence appended) and one paragraph removed;
// re-ingest it at the same path (a new version: chunks matched, evidence moved) and extract again.
// Reports chunks read and seconds for the first extraction and for the re-extraction, how long
// applying the version took (matching chunks, moving evidence, flagging triples), and the triples
// that went stale or were flagged for re-review.
//   npm run bench -- editions
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { prepareFile, storePrepared } from '../electron/core/ingest/pipeline';
import { VersionRepository } from '../electron/core/store/versions';
import { editionsOf } from '../electron/core/editions/apply';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'rfc-radius-eap');

function secondEdition(text: string): string {
  // paragraphs and the blank lines between them, kept as they are
  const parts = text.split(/(\n\s*\n)/);
  let edited = 0;
  const paras = parts.filter((_, i) => i % 2 === 0).length;
  const out = parts.map((p, i) => {
    if (i % 2) return p;
    const k = i / 2;
    if (k === Math.floor(paras / 2)) return ''; // one paragraph removed
    if (k > 0 && k % 20 === 0 && /[a-z]{4,}.*\.\s*$/.test(p)) {
      edited++;
      return `${p.trimEnd()}  This sentence is new in the second edition.`;
    }
    return p;
  });
  if (!edited) throw new Error('nothing edited');
  return out.join('');
}

async function extract(core: Core, documents: number[]) {
  const job = core.jobs.enqueue('extract', { documents, engine: 'classic' });
  core.jobs.start();
  const done = await core.jobs.wait(job.id);
  if (done.state !== 'done') throw new Error(`extract ${done.state}: ${done.error}`);
  return done.result as { processed: number; chunks: number; seconds: number };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-editions-'));
const core = new Core({ dbPath: path.join(dir, 'b.db'), startJobs: false } as never);
const totals = { chunks: 0, first: 0, firstS: 0, again: 0, againS: 0, applyMs: 0, stale: 0, review: 0, moved: 0 };
try {
  for (const name of fs
    .readdirSync(KIT)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const file = path.join(dir, name);
    const original = fs.readFileSync(path.join(KIT, name), 'utf8');
    fs.writeFileSync(file, original);
    const one = storePrepared(core.store, await prepareFile(file));
    if (one.status !== 'imported') throw new Error(`${name}: ${one.status}`);
    const first = await extract(core, one.ids);
    fs.writeFileSync(file, secondEdition(original));
    const prepared = await prepareFile(file);
    const t0 = performance.now();
    const two = storePrepared(core.store, prepared);
    const storeMs = performance.now() - t0;
    if (two.status !== 'imported') throw new Error(`${name}: ${two.status}`);
    const v = editionsOf(core.store).apply(two.ids[0])!; // already applied while storing: a summary
    const again = await extract(core, two.ids);
    totals.chunks += first.chunks;
    totals.first += first.processed;
    totals.firstS += first.seconds;
    totals.again += again.processed;
    totals.againS += again.seconds;
    totals.applyMs += storeMs;
    totals.stale += v.triples.stale;
    totals.review += v.triples.review;
    totals.moved += v.triples.moved;
    console.log(
      `${name}: ${first.processed} chunks extracted in ${first.seconds.toFixed(2)} s; edition 2 stored and applied in ${storeMs.toFixed(0)} ms ` +
        `(${v.chunks.unchanged} unchanged, ${v.chunks.moved} moved, ${v.chunks.edited} edited, ${v.chunks.added} added, ${v.chunks.removed} removed; ` +
        `evidence of ${v.triples.moved} triples moved, ${v.triples.stale} stale); re-extraction read ${again.processed} chunks in ${again.seconds.toFixed(2)} s`,
    );
  }
  const staleNow = new VersionRepository(core.store.db).staleEdges().length;
  console.log(
    `all: re-extraction read ${totals.again} of ${totals.chunks} chunks (${((100 * totals.again) / totals.chunks).toFixed(1)}%) in ${totals.againS.toFixed(2)} s ` +
      `instead of ${totals.first} in ${totals.firstS.toFixed(2)} s; storing + applying the 7 editions took ${totals.applyMs.toFixed(0)} ms; ` +
      `evidence of ${totals.moved} triples moved, ${totals.stale} stale when applied, ${staleNow} still stale after re-extraction, ${totals.review} to review again (nothing was reviewed in this run)`,
  );
} finally {
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
