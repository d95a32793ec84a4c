// Editions on a real standard: RFC 3580 from the kit and a second edition the test makes from it
// (3.3, 3.18 and 3.19 edited, 3.2 removed, 3.32 added). Real SQLite, the real ingest job (worker
// thread) and the classic extractor; no model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { VersionRepository } from '../../electron/core/store/versions';
import { MAX_PAIRS, matchChunks, countMatches, diffClauses, editionKey, type MatchableChunk } from '../../electron/core/document/editions';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { CHANGES, FIRST_EDITION, secondEdition, writeEdition } from './second-edition';

const t = tmpDir('gw-editions-');
afterAll(() => t.cleanup());

async function ingest(core: Core, p: string) {
  const job = unwrap('documents.ingest', await core.call('documents.ingest', { paths: [p] }));
  const done = await core.jobs.wait(job.id);
  expect(done.state).toBe('done');
  return done.result as { imported: { id: number; path: string }[]; skipped: unknown[]; failed: unknown[] };
}

async function extract(core: Core) {
  const job = unwrap('extract.start', await core.call('extract.start', { engine: 'classic' }));
  const done = await core.jobs.wait(job.id);
  expect(done.state).toBe('done');
  return done.result as { processed: number; skipped: number; chunks: number };
}

/** The triple whose evidence (all of it, in the first edition) quotes `text`, picked the same way every run. */
function tripleQuoting(core: Core, text: string, only = true): number {
  const rows = core.store.db
    .prepare(
      `SELECT p.edge_id AS id FROM provenance p WHERE p.edge_id IS NOT NULL AND p.document_id = 1 AND instr(p.quote, ?) > 0
       AND (? = 0 OR NOT EXISTS (SELECT 1 FROM provenance q WHERE q.edge_id = p.edge_id AND instr(q.quote, ?) = 0))
       ORDER BY p.edge_id LIMIT 1`,
    )
    .get(text, only ? 1 : 0, text) as { id: number } | undefined;
  expect(rows, `a triple quoting ${JSON.stringify(text)}`).toBeDefined();
  return rows!.id;
}

const edge = (core: Core, id: number) =>
  core.store.db.prepare('SELECT * FROM edges WHERE id = ?').get(id) as { id: number; status: string; relation: string; edited: number } | undefined;
const evidenceDocs = (core: Core, id: number) =>
  (core.store.db.prepare('SELECT document_id AS d FROM provenance WHERE edge_id = ? ORDER BY id').all(id) as { d: number }[]).map((r) => r.d);

describe('matching chunks and clauses of two editions (pure)', () => {
  it('finds the edited, added and removed chunks and clauses of the second edition', async () => {
    const dir = path.join(t.dir, 'pure');
    fs.mkdirSync(dir);
    const a = (await prepareFile(writeEdition(dir, 1))).docs[0];
    const b = (await prepareFile(writeEdition(dir, 2, 'bis.txt'))).docs[0];
    const ids = (list: typeof a.chunks, base: number): MatchableChunk[] => list.map((c, i) => ({ ...c, id: base + i }));
    const counts = countMatches(matchChunks(ids(a.chunks, 1), ids(b.chunks, 10_000)));
    // 3.3 is a chunk of its own; 3.18 and 3.19 share one; 3.2 sits in the chunk that opens section 3.
    expect(counts).toEqual({ unchanged: a.chunks.length - 3, moved: 0, edited: 3, added: 1, removed: 0 });
    const clauses = diffClauses(a.text, a.structure!.sections, b.text, b.structure!.sections);
    expect(clauses.items.map((c) => `${c.kind} ${c.number}`).sort()).toEqual(['added 3.32', 'changed 3.18', 'changed 3.19', 'changed 3.3', 'removed 3.2']);
    // The same standard (identifier and title) in both: one identity.
    expect(editionKey(a.structure!.standard, a.structure!.title)).toBe(editionKey(b.structure!.standard, b.structure!.title));
  });

  it('a document changed throughout (more pairs than MAX_PAIRS) still pairs each edited chunk with its old self', () => {
    const n = Math.ceil(Math.sqrt(MAX_PAIRS)) + 200;
    const para = (i: number) => `clause ${i} says the authenticator number ${i} forwards message ${i} of kind ${i % 7} to server ${i}`;
    const old = Array.from({ length: n }, (_, i): MatchableChunk => ({
      id: i + 1,
      ordinal: i,
      start: i * 200,
      end: i * 200 + 100,
      text: para(i),
      hash: `a${i}`,
    }));
    const next = old.map((c, i): MatchableChunk => ({ ...c, id: 100_000 + i, text: `${para(i)} again`, hash: `b${i}` }));
    const matches = matchChunks(old, next);
    expect(countMatches(matches)).toEqual({ unchanged: 0, moved: 0, edited: n, added: 0, removed: 0 });
    expect(matches.every((m) => m.previous!.ordinal === m.chunk!.ordinal)).toBe(true);
  });

  it('tells a moved chunk from an unchanged one, and an edited one from a removed and an added one', () => {
    const c = (id: number, ordinal: number, text: string): MatchableChunk => ({
      id,
      ordinal,
      start: ordinal * 100,
      end: ordinal * 100 + text.length,
      text,
      hash: text,
    });
    const old = [
      c(1, 0, 'alpha beta gamma delta'),
      c(2, 1, 'the access point sends the key to the station'),
      c(3, 2, 'epsilon zeta eta theta'),
      c(4, 3, 'completely different words here'),
    ];
    const next = [
      c(11, 0, 'epsilon zeta eta theta'),
      c(12, 1, 'alpha beta gamma delta'),
      c(13, 2, 'the access point sends the new key to the station'),
      c(14, 3, 'nothing like before at all'),
    ];
    const byNew = new Map(matchChunks(old, next).map((m) => [m.chunk?.id ?? -m.previous!.id, m]));
    expect([byNew.get(11)!.kind, byNew.get(12)!.kind].sort()).toEqual(['moved', 'unchanged']);
    expect(byNew.get(13)).toMatchObject({ kind: 'edited', previous: { id: 2 } });
    expect(byNew.get(14)!.kind).toBe('added');
    expect(byNew.get(-4)!.kind).toBe('removed');
  });
});

describe('a second edition of RFC 3580 re-ingested over a reviewed graph', () => {
  const dir = path.join(t.dir, 'core');
  let core: Core;
  let file: string;
  const ids = { kept: 0, moved: 0, removed: 0, review: 0 };
  let first = { processed: 0 };
  let v2 = 0;

  beforeAll(async () => {
    fs.mkdirSync(dir);
    core = new Core({ dbPath: path.join(dir, 'e.db') });
    file = writeEdition(dir, 1);
    await ingest(core, file);
    first = await extract(core);
    // Review the first edition: a triple of an unchanged clause, one of a clause whose chunk changes
    // around it (3.1, in the chunk that held 3.2), one of the clause 3.2 removes, one of a sentence 3.19 rewords.
    ids.kept = tripleQuoting(core, 'Service-Type of Call Check is included');
    ids.moved = tripleQuoting(core, 'the Supplicant typically provides its identity');
    ids.removed = tripleQuoting(core, CHANGES.removedText);
    ids.review = tripleQuoting(core, 'indicates that the session should terminate');
    unwrap('triples.accept', await core.call('triples.accept', { ids: [ids.kept, ids.moved] }));
    unwrap('triples.accept', await core.call('triples.accept', { ids: [ids.removed] }));
    unwrap('triples.edit', await core.call('triples.edit', { id: ids.review, relation: 'says the session' }));

    writeEdition(dir, 2);
    const result = await ingest(core, file);
    v2 = result.imported[0].id;
  });
  afterAll(async () => core?.close());

  it('stores the second edition as version 2 of the same document; the first stays readable', async () => {
    const versions = unwrap('documents.versions', await core.call('documents.versions', { id: 1 }));
    expect(versions.map((v) => [v.id, v.version, v.current])).toEqual([
      [1, 1, false],
      [v2, 2, true],
    ]);
    expect(versions[1]).toMatchObject({ previousId: 1, edition: 'RFC 3580', changedChunks: 4, matched: { edited: 3, added: 1, removed: 0 } });
    const old = unwrap('documents.get', await core.call('documents.get', { id: 1 }));
    expect(old.text).toContain(CHANGES.removedText);
    expect(unwrap('documents.get', await core.call('documents.get', { id: v2 })).text).not.toContain(CHANGES.removedText);
  });

  it('re-extracts only the added and edited chunks (counted)', async () => {
    const again = await extract(core);
    const counts = new VersionRepository(core.store.db).matchCounts(v2);
    expect(first.processed).toBeGreaterThan(80);
    expect(again.processed).toBe(counts.added + counts.edited);
    expect(again.processed).toBe(4);
  });

  it('keeps reviewed triples through the re-ingest, their evidence moved to the new spans', async () => {
    for (const id of [ids.kept, ids.moved]) {
      expect(edge(core, id)).toMatchObject({ status: 'accepted' });
      expect(evidenceDocs(core, id)).toContain(v2);
      const ev = unwrap('triples.evidence', await core.call('triples.evidence', { tripleId: id }));
      const item = ev.items.find((i) => i.document.id === v2)!;
      expect(item.document).toMatchObject({ version: 2, edition: 'RFC 3580', current: true });
      const text = core.store.documents.text(v2)!;
      expect(text.slice(item.start, item.end)).toBe(item.quote);
      const listed = core.store.graph.listTriples({ ids: [id], limit: 1, offset: 0 }).items[0];
      expect(listed.provenance.find((p) => p.document === v2)).toMatchObject({ version: 2 });
    }
  });

  it("marks the removed clause's triples stale: kept, never deleted, evidence left in version 1", async () => {
    const stale = new VersionRepository(core.store.db).staleEdges();
    expect(stale).toContain(ids.removed);
    expect(stale).not.toContain(ids.kept);
    // its status says so (it was accepted: what "keep" gives back)
    expect(edge(core, ids.removed)).toMatchObject({ status: 'stale' });
    expect(new VersionRepository(core.store.db).statusBefore(ids.removed)).toBe('accepted');
    expect(edge(core, ids.kept)).toMatchObject({ status: 'accepted' });
    expect(evidenceDocs(core, ids.removed).every((d) => d === 1)).toBe(true);
    const diff = unwrap('documents.diff', await core.call('documents.diff', { id: v2 }));
    const removed = diff.triples.removed.find((x) => x.id === ids.removed)!;
    expect(removed).toMatchObject({ kind: 'removed', state: 'open', to: null, from: { document: 1, version: 1 } });
    expect(removed.from!.quote).toContain(CHANGES.removedText);
    expect(removed.from!.clause).toMatch(/^RFC 3580 §3\.2 /);
  });

  it('flags a reviewed triple whose evidence changed for re-review, with the old and the new text', async () => {
    const diff = unwrap('documents.diff', await core.call('documents.diff', { id: 1, from: 1, to: 2 }));
    const changed = diff.triples.changed.find((x) => x.id === ids.review)!;
    expect(changed).toMatchObject({ kind: 'changed', review: true, state: 'open', relation: 'says the session' });
    expect(changed.from!.quote).toContain('should terminate');
    expect(changed.to!.quote).toContain('should be re-established');
    expect(changed.to!.clause).toMatch(/§3\.19 Termination-Action/);
    expect(diff.clauses.items.map((c) => `${c.kind} ${c.number}`).sort()).toEqual(['added 3.32', 'changed 3.18', 'changed 3.19', 'changed 3.3', 'removed 3.2']);
    // The added clause's triples are added, with evidence in version 2 only.
    expect(diff.triples.added.some((x) => x.to?.clause?.includes('§3.32'))).toBe(true);
    expect(diff.triples.added.every((x) => x.from === null && x.to?.document === v2)).toBe(true);
  });

  it('undo works across the version change, and the diff is accepted (and undone) in one step', async () => {
    // The editor's edits from before the new edition are undone and redone; the evidence the new
    // edition moved stays in version 2.
    unwrap('history.undo', await core.call('history.undo', {}));
    expect(edge(core, ids.review)!.relation).not.toBe('says the session');
    expect(evidenceDocs(core, ids.review)).toContain(v2);
    // the accept made before the edition is undone and redone; the triple stays stale throughout
    unwrap('history.undo', await core.call('history.undo', {}));
    expect(edge(core, ids.removed)!.status).toBe('stale');
    unwrap('history.redo', await core.call('history.redo', {}));
    unwrap('history.redo', await core.call('history.redo', {}));
    expect(edge(core, ids.review)!.relation).toBe('says the session');
    expect(edge(core, ids.removed)!.status).toBe('stale');
    expect(evidenceDocs(core, ids.review)).toContain(v2);

    const before = unwrap('documents.diff', await core.call('documents.diff', { id: v2 }));
    const added = before.triples.added.map((x) => x.id);
    const res = unwrap('documents.diff.resolve', await core.call('documents.diff.resolve', { id: v2, action: 'accept' }));
    expect(res.changes).toBeGreaterThan(0);
    const after = unwrap('documents.diff', await core.call('documents.diff', { id: v2 }));
    const all = [...after.triples.added, ...after.triples.removed, ...after.triples.changed];
    expect(all.every((x) => x.state !== 'open')).toBe(true);
    expect(edge(core, ids.removed)!.status).toBe('rejected');
    expect(edge(core, ids.review)!.status).toBe('accepted');
    for (const id of added) expect(edge(core, id)!.status).toBe('accepted');
    expect(unwrap('documents.versions', await core.call('documents.versions', { id: 1 }))[1].open).toBe(0);

    unwrap('history.undo', await core.call('history.undo', {}));
    expect(edge(core, ids.removed)!.status).toBe('stale');
    const reopened = unwrap('documents.diff', await core.call('documents.diff', { id: v2 }));
    expect(reopened.triples.changed.find((x) => x.id === ids.review)!.state).toBe('open');
    expect(reopened.triples.removed.find((x) => x.id === ids.removed)!.state).toBe('open');
  });

  it('rejecting the removal keeps a stale triple: back to the status it had before it went stale, and undone', async () => {
    const res = unwrap('documents.diff.resolve', await core.call('documents.diff.resolve', { id: v2, action: 'reject', triples: [ids.removed] }));
    expect(res.tripleIds).toEqual([ids.removed]);
    expect(edge(core, ids.removed)!.status).toBe('accepted');
    const diff = unwrap('documents.diff', await core.call('documents.diff', { id: v2 }));
    expect(diff.triples.removed.find((x) => x.id === ids.removed)!.state).toBe('rejected');
    unwrap('history.undo', await core.call('history.undo', {}));
    expect(edge(core, ids.removed)!.status).toBe('stale');
  });

  it('export carries the version and the edition of the evidence', async () => {
    const out = unwrap('graph.export', await core.call('graph.export', { format: 'nt', options: {} }));
    const nt = JSON.stringify(out);
    expect(nt).toMatch(/ns#version> \\"2\\"\^\^<http:\/\/www\.w3\.org\/2001\/XMLSchema#integer>/);
    expect(nt).toContain('ns#edition> \\"RFC 3580\\"');
  });
});

describe('edition flags through merges', () => {
  it('a merge that folds a flagged triple into another carries its re-review flag, and undo brings it back', async () => {
    const dir = path.join(t.dir, 'merge');
    fs.mkdirSync(dir);
    const core = new Core({ dbPath: path.join(dir, 'm.db') });
    try {
      const file = writeEdition(dir, 1);
      await ingest(core, file);
      await extract(core);
      const id = tripleQuoting(core, 'indicates that the session should terminate');
      unwrap('triples.accept', await core.call('triples.accept', { ids: [id] }));
      writeEdition(dir, 2);
      await ingest(core, file);
      const flagOf = (edge: number) =>
        core.store.db.prepare("SELECT COUNT(*) AS n FROM edition_changes WHERE edge_id = ? AND kind = 'review'").get(edge) as { n: number };
      expect(flagOf(id).n).toBe(1);
      const e = core.store.db.prepare('SELECT subject_id, relation, object_id FROM edges WHERE id = ?').get(id) as {
        subject_id: number;
        relation: string;
        object_id: number;
      };
      const twin = unwrap(
        'triples.add',
        await core.call('triples.add', {
          subject: { kind: 'entity', label: 'A twin subject' },
          relation: e.relation,
          object: { id: e.object_id },
          status: 'proposed',
          confidence: 0.5,
        }),
      );
      const twinId = twin.tripleIds[0];
      const twinSubject = twin.nodeIds[0];
      unwrap('entities.merge', await core.call('entities.merge', { ids: [e.subject_id, twinSubject], survivor: twinSubject }));
      expect(edge(core, id)).toBeUndefined();
      expect(flagOf(twinId).n).toBe(1);
      const diff = unwrap('documents.diff', await core.call('documents.diff', { id: 1 }));
      expect(diff.triples.changed.find((x) => x.id === twinId)).toMatchObject({ review: true, status: 'accepted' });
      unwrap('history.undo', await core.call('history.undo', {}));
      expect(edge(core, id)).toMatchObject({ status: 'accepted' });
      expect(flagOf(id).n).toBe(1);
      expect(evidenceDocs(core, id).length).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });
});

describe('edition identity and "new edition of…"', () => {
  it('a file of the same standard under another name is its next version', async () => {
    const dir = path.join(t.dir, 'identity');
    fs.mkdirSync(dir);
    const core = new Core({ dbPath: path.join(dir, 'i.db') });
    try {
      const a = storePrepared(core.store, await prepareFile(writeEdition(dir, 1)));
      fs.writeFileSync(path.join(dir, 'rfc3580-bis.txt'), secondEdition());
      const b = storePrepared(core.store, await prepareFile(path.join(dir, 'rfc3580-bis.txt')));
      expect(a.status === 'imported' && b.status === 'imported').toBe(true);
      if (a.status !== 'imported' || b.status !== 'imported') return;
      expect(core.store.documents.get(b.ids[0])).toMatchObject({ version: 2, previousId: a.ids[0] });
    } finally {
      await core.close();
    }
  });

  it('removing a new edition puts the evidence it moved back into the version before', async () => {
    const dir = path.join(t.dir, 'remove');
    fs.mkdirSync(dir);
    const core = new Core({ dbPath: path.join(dir, 'r.db') });
    try {
      const file = writeEdition(dir, 1);
      await ingest(core, file);
      await extract(core);
      const before = core.store.db.prepare('SELECT id, edge_id, node_id, document_id, chunk_id, start, end, quote FROM provenance ORDER BY id').all();
      writeEdition(dir, 2);
      const v2 = (await ingest(core, file)).imported[0].id;
      expect((core.store.db.prepare('SELECT COUNT(*) AS n FROM provenance WHERE document_id = ?').get(v2) as { n: number }).n).toBeGreaterThan(100);
      const staleCount = async () => unwrap('app.status', await core.call('app.status', {})).triples.stale;
      expect(await staleCount()).toBeGreaterThan(0);
      unwrap('documents.remove', await core.call('documents.remove', { id: v2 }));
      // version 1 is current again: nothing of it is stale
      expect(await staleCount()).toBe(0);
      expect(core.store.db.prepare('SELECT id, edge_id, node_id, document_id, chunk_id, start, end, quote FROM provenance ORDER BY id').all()).toEqual(before);
      expect(new VersionRepository(core.store.db).staleEdges()).toEqual([]);
    } finally {
      await core.close();
    }
  });

  it('links a document the user picks as the new edition of another, and refuses a bad link', async () => {
    const dir = path.join(t.dir, 'link');
    fs.mkdirSync(dir);
    const core = new Core({ dbPath: path.join(dir, 'l.db') });
    try {
      const body = fs.readFileSync(FIRST_EDITION, 'utf8').slice(20_000, 30_000);
      fs.writeFileSync(path.join(dir, 'notes-2023.txt'), body);
      fs.writeFileSync(path.join(dir, 'notes-2024.txt'), body.replace('Access Point', 'access point (AP)'));
      const [a] = (storePrepared(core.store, await prepareFile(path.join(dir, 'notes-2023.txt'))) as { ids: number[] }).ids;
      const [b] = (storePrepared(core.store, await prepareFile(path.join(dir, 'notes-2024.txt'))) as { ids: number[] }).ids;
      expect(core.store.documents.get(b)!.version).toBe(1);
      const out = unwrap('documents.newEdition', await core.call('documents.newEdition', { id: b, of: a }));
      expect(out).toMatchObject({ id: b, version: 2, previousId: a });
      expect(out.chunks.unchanged + out.chunks.edited).toBeGreaterThan(0);
      const again = await core.call('documents.newEdition', { id: b, of: a });
      expect(again.ok).toBe(false);
      if (!again.ok) expect(again.error.message).toMatch(/already a version/);
    } finally {
      await core.close();
    }
  });
});

describe('graphwright ingest --json and diff --json', () => {
  it('reports the new version under updated (existing keys unchanged) and prints the diff', () => {
    const dir = path.join(t.dir, 'cli');
    fs.mkdirSync(dir);
    const db = path.join(dir, 'c.db');
    const file = writeEdition(dir, 1);
    const one = cli(['ingest', file, '--db', db, '--json']);
    expect(one.code).toBe(0);
    expect(one.json()).toEqual({ imported: [{ id: 1, path: file }], updated: [], skipped: [], failed: [] });
    expect(cli(['extract', '--db', db, '--json']).code).toBe(0);
    const quoting = (list: { id: number; status: string; provenance: { quote: string }[] }[], text: string) =>
      list.filter((x) => x.provenance.length > 0 && x.provenance.every((p) => p.quote.includes(text)));
    const removedBefore = quoting(cli(['triples', '--db', db, '--json']).json(), CHANGES.removedText);
    expect(removedBefore.length).toBeGreaterThan(0);
    expect(removedBefore.every((x) => x.status === 'proposed')).toBe(true);
    writeEdition(dir, 2);
    const two = cli(['ingest', file, '--db', db, '--json']);
    expect(two.code).toBe(0);
    expect(two.json()).toEqual({ imported: [{ id: 2, path: file }], updated: [{ id: 2, version: 2, changedChunks: 4 }], skipped: [], failed: [] });

    // The removed clause's triples are stale in triples --json (same shape), counted by status --json,
    // and listed by --status stale; re-extracting the new edition does not bring them back.
    expect(cli(['extract', '--db', db, '--json']).code).toBe(0);
    const triples = cli(['triples', '--db', db, '--json']).json() as { id: number; status: string; provenance: { quote: string }[] }[];
    const removedAfter = quoting(triples, CHANGES.removedText);
    expect(removedAfter.map((x) => x.id)).toEqual(removedBefore.map((x) => x.id));
    expect(removedAfter.every((x) => x.status === 'stale')).toBe(true);
    // the shape of triples --json: its keys in order, with the later additions (rules, precision, qualifiers, label) after them
    expect(Object.keys(triples[0])).toEqual([
      'id',
      'subject',
      'relation',
      'object',
      'stage',
      'status',
      'confidence',
      'engine',
      'provenance',
      'rules',
      'precision',
      'qualifiers',
      'label',
    ]);
    const stale = triples.filter((x) => x.status === 'stale');
    const status = cli(['status', '--db', db, '--json']).json();
    expect(status.triples).toEqual({
      proposed: triples.filter((x) => x.status === 'proposed').length,
      accepted: 0,
      rejected: 0,
      stale: stale.length,
    });
    expect(stale.length).toBeGreaterThanOrEqual(removedAfter.length);
    const listed = cli(['triples', '--db', db, '--status', 'stale', '--json']).json() as { id: number }[];
    expect(listed.map((x) => x.id).sort((a, b) => a - b)).toEqual(stale.map((x) => x.id).sort((a, b) => a - b));
    const diff = cli(['diff', '2', '--db', db, '--from', '1', '--to', '2', '--json']);
    expect(diff.code).toBe(0);
    const d = diff.json();
    expect(d.from).toMatchObject({ id: 1, version: 1 });
    expect(d.to).toMatchObject({ id: 2, version: 2, edition: 'RFC 3580' });
    expect(d.chunks).toMatchObject({ edited: 3, added: 1 });
    expect(Object.keys(d.triples)).toEqual(['unchanged', 'added', 'removed', 'changed']);
    const bad = cli(['diff', '2', '--db', db, '--to', '7']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/no version 7/);
    // eleven CLI processes, two of them extractions, on shared cores
  }, 600_000);
});
