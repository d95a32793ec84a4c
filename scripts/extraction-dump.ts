// Every classic triple of a fixed corpus, one JSON line each, sorted: the check that a refactoring of
// the extractor changes nothing (two dumps byte-identical), and the diff an editor reads when a rule
// changes on purpose.
//
//   npx tsx scripts/extraction-dump.ts OUT.jsonl [--rules] [--merges MERGES.jsonl] [--only FILE ...]
//
// Corpus: the kit's 7 RFCs (data/rfc-radius-eap), the 20 of data/rfc-train and the English seeds,
// ingested into a temporary database and extracted with the classic engine in one job. Each line: the
// document file, subject, relation, object, stage, confidence, and the evidence spans ([start, end)
// in the document's text, with the quote's words); `--rules` adds the rule ids that made the triple;
// `--merges` writes the open merge candidates (both labels, score, reason) to a second file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Core } from '../electron/core/core';
import { prepareFile, storePrepared } from '../electron/core/ingest/pipeline';
import { callCore } from '../electron/cli/open';

const KIT = path.resolve(import.meta.dirname, '..', '..', 'shared');
const args = process.argv.slice(2);
const out = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--merges');
if (!out) {
  console.error('usage: npx tsx scripts/extraction-dump.ts OUT.jsonl [--rules] [--only FILE ...]');
  process.exit(2);
}
const withRules = args.includes('--rules');
const mergesOut = args.includes('--merges') ? args[args.indexOf('--merges') + 1] : null;
const only = args.includes('--only') ? args.slice(args.indexOf('--only') + 1).filter((a) => !a.startsWith('--')) : [];

const txt = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => path.join(dir, f));
const ENGLISH_SEEDS = ['000_d8841f6ce609635c.txt', '002_cd2ac7c5e1ba1e29.txt', '003_e7e589e032ae6219.txt'];
let files = [
  ...txt(path.join(KIT, 'data', 'rfc-radius-eap')),
  ...txt(path.join(KIT, 'data', 'rfc-train')),
  ...ENGLISH_SEEDS.map((f) => path.join(KIT, 'samples', 'seeds', f)),
];
if (only.length) files = files.filter((f) => only.some((o) => f.endsWith(o)));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-dump-'));
const core = new Core({ dbPath: path.join(tmp, 'dump.db'), startJobs: false });
try {
  const ids: number[] = [];
  const fileOf = new Map<number, string>();
  for (const f of files) {
    const stored = storePrepared(core.store, await prepareFile(f));
    if (stored.status !== 'imported') throw new Error(`${f}: ${stored.status}`);
    for (const id of stored.ids) {
      ids.push(id);
      fileOf.set(id, path.relative(KIT, f));
    }
  }
  const job = core.jobs.enqueue('extract', { documents: ids, engine: 'classic' });
  core.jobs.start();
  const done = await core.jobs.wait(job.id);
  if (done.state !== 'done') throw new Error(`classic extraction ${done.state}: ${done.error}`);
  const lines: string[] = [];
  for (let offset = 0; ; offset += 5000) {
    const page = await callCore(core, 'triples.list', { limit: 5000, offset });
    for (const t of page.items) {
      const evidence = t.provenance
        .map((p) => ({ doc: fileOf.get(p.document) ?? String(p.document), start: p.start, end: p.end, quote: p.quote.replace(/\s+/g, ' ').trim() }))
        .sort((a, b) => a.doc.localeCompare(b.doc) || a.start - b.start || a.end - b.end);
      const rules = withRules ? { rules: (t as { rules?: string[] }).rules ?? [] } : {};
      lines.push(JSON.stringify({ subject: t.subject, relation: t.relation, object: t.object, stage: t.stage, confidence: t.confidence, ...rules, evidence }));
    }
    if (page.items.length < 5000) break;
  }
  lines.sort();
  fs.writeFileSync(out, lines.join('\n') + '\n');
  if (mergesOut) {
    const merges: string[] = [];
    for (let offset = 0; ; offset += 5000) {
      const page = await callCore(core, 'merge.candidates', { limit: 5000, offset });
      for (const m of page.items) merges.push(JSON.stringify([m.a.label, m.b.label].sort().concat([String(m.score), m.reason])));
      if (page.items.length < 5000) break;
    }
    merges.sort();
    fs.writeFileSync(mergesOut, merges.join('\n') + '\n');
    console.log(`${merges.length} merge candidates -> ${mergesOut}`);
  }
  console.log(`${lines.length} triples from ${files.length} files -> ${out}`);
} finally {
  await core.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
