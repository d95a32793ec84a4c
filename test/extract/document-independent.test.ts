// Extraction is a function of the document: a document's triples and evidence rows are the same
// whether it is extracted alone, in one job with other documents (either order), or by a job killed
// with SIGKILL half-way and resumed in another process. The classic engine on real SQLite, the kit's
// RFCs; rows compared one by one, by what they say (node kind and normalised label, relation, stage,
// chunk ordinal, span and quote), since node and chunk ids differ between databases and nodes merge
// across documents at store time.
//
// What made them differ: the English tagger kept every word it had read, so a sentence's tags
// depended on the texts read before it in the process (RFC 1157 lost a triple about "42" in a job
// with RFC 2867, and a resumed job, starting in a fresh process, read its documents differently).
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../electron/core/core';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { cli } from '../helpers/cli';
import { data, tmpDir } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir('gw-doc-independent-');
afterAll(() => t.cleanup());

/** Four RFCs (219 chunks): enough for a job to be killed between two of its commits. */
const FILES = ['rfc1157.txt', 'rfc2607.txt', 'rfc2867.txt', 'rfc6613.txt'].map((f) => data('rfc-radius-eap', f));

async function ingest(dbPath: string, files: string[]): Promise<void> {
  const core = new Core({ dbPath, startJobs: false });
  try {
    for (const f of files) expect(storePrepared(core.store, await prepareFile(f)).status).toBe('imported');
  } finally {
    await core.close();
  }
}

/** The CLI's `extract` in a process of its own, as a user runs it: each run starts with nothing read. */
function extract(dbPath: string, documents?: number[]): void {
  const r = cli(['extract', '--db', dbPath, '--engine', 'classic', ...(documents ? ['--documents', documents.join(',')] : []), '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.json().processed).toBeGreaterThan(0);
}

/** Every evidence row of the database, by document file name: what the triple or node is, where, and the quote. */
function evidenceByDocument(dbPath: string): Map<string, string[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT d.source_path AS doc,
                CASE WHEN p.edge_id IS NOT NULL
                     THEN 'triple ' || s.kind || ':' || s.norm || ' | ' || e.relation || ' | ' || o.kind || ':' || o.norm || ' | ' || e.stage || ' ' || e.engine
                     ELSE 'node ' || n.kind || ':' || n.norm END AS what,
                c.ordinal, p.start, p.end, p.quote
         FROM provenance p
         JOIN documents d ON d.id = p.document_id
         LEFT JOIN chunks c ON c.id = p.chunk_id
         LEFT JOIN edges e ON e.id = p.edge_id
         LEFT JOIN nodes s ON s.id = e.subject_id
         LEFT JOIN nodes o ON o.id = e.object_id
         LEFT JOIN nodes n ON n.id = p.node_id`,
      )
      .all() as { doc: string; what: string; ordinal: number | null; start: number; end: number; quote: string }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const name = path.basename(r.doc);
      const list = out.get(name) ?? [];
      list.push(JSON.stringify([r.what, r.ordinal, r.start, r.end, r.quote]));
      out.set(name, list);
    }
    for (const list of out.values()) list.sort();
    return out;
  } finally {
    db.close();
  }
}

function documentIds(dbPath: string): Map<string, number> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT id, source_path AS path FROM documents').all() as { id: number; path: string }[];
    return new Map(rows.map((r) => [path.basename(r.path), r.id]));
  } finally {
    db.close();
  }
}

/**
 * The CLI's `extract` of every document, killed with SIGKILL once its first batches are committed
 * (polled through a reader of its own: WAL lets it read while the job writes). The chunks committed
 * when it died.
 */
async function extractKilledMidJob(dbPath: string, total: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'extract', '--db', dbPath, '--engine', 'classic'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reader = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const count = reader.prepare("SELECT count(*) AS n FROM chunk_extractions WHERE engine = 'classic'");
    for (let i = 0; i < 6000 && child.exitCode === null; i++) {
      const n = (count.get() as { n: number }).n;
      if (n > 0 && n < total) {
        child.kill('SIGKILL');
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await exited;
    expect(child.signalCode, `the job ended before it could be killed: ${stderr}`).toBe('SIGKILL');
    return (count.get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

describe('a document extracted alone, in a batch, or resumed after kill -9', () => {
  const db = (name: string) => path.join(t.dir, `${name}.db`);
  const results = new Map<string, Map<string, string[]>>();

  beforeAll(async () => {
    // each document alone: one job per document, in a database that has the others' nodes from earlier jobs
    await ingest(db('alone'), FILES);
    const ids = documentIds(db('alone'));
    for (const f of [...FILES].reverse()) extract(db('alone'), [ids.get(path.basename(f))!]);
    results.set('alone', evidenceByDocument(db('alone')));
    // RFC 1157 alone in a database of its own
    await ingest(db('only-1157'), FILES.slice(0, 1));
    extract(db('only-1157'));
    results.set('only-1157', evidenceByDocument(db('only-1157')));
    // all in one job, in file order and in the reverse order
    await ingest(db('batch'), FILES);
    extract(db('batch'));
    results.set('batch', evidenceByDocument(db('batch')));
    await ingest(db('reverse'), [...FILES].reverse());
    extract(db('reverse'));
    results.set('reverse', evidenceByDocument(db('reverse')));
  }, 300_000);

  it('gives every document the same triples and evidence rows alone as in one job, in either order', () => {
    const alone = results.get('alone')!;
    expect([...alone.keys()].sort()).toEqual(FILES.map((f) => path.basename(f)).sort());
    for (const [doc, rows] of alone) {
      expect(rows.length, doc).toBeGreaterThan(20);
      expect(results.get('batch')!.get(doc), `${doc}: in one job`).toEqual(rows);
      expect(results.get('reverse')!.get(doc), `${doc}: in one job, reverse order`).toEqual(rows);
    }
    // the row of the reproduction is there
    // (its subject the whole dotted instance identifier, no longer its last number alone)
    expect(alone.get('rfc1157.txt')!.some((r) => /^\["triple entity:\S+\.42 \| identify \| entity:desired instance/.test(r))).toBe(true);
    expect(results.get('only-1157')!.get('rfc1157.txt')).toEqual(alone.get('rfc1157.txt'));
  });

  it('gives the same rows after the job is killed with SIGKILL and resumed in another process', async () => {
    // (in reverse order: the resumed process reads RFC 2867, which writes "42" alone, before RFC 1157)
    await ingest(db('killed'), [...FILES].reverse());
    const total = (() => {
      const r = new Database(db('killed'), { readonly: true });
      try {
        return (r.prepare('SELECT count(*) AS n FROM chunks').get() as { n: number }).n;
      } finally {
        r.close();
      }
    })();
    const committed = await extractKilledMidJob(db('killed'), total);
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(total);

    // the next process resumes the dead process's job from its checkpoint
    const core = new Core({ dbPath: db('killed'), startJobs: false });
    try {
      const job = core.jobs.list(undefined, 10).find((j) => j.kind === 'extract')!;
      core.jobs.start();
      const done = await core.jobs.wait(job.id);
      expect(done.state).toBe('done');
      expect(done.error).toBeNull();
    } finally {
      await core.close();
    }
    const resumed = evidenceByDocument(db('killed'));
    for (const [doc, rows] of results.get('alone')!) expect(resumed.get(doc), `${doc}: resumed`).toEqual(rows);
  }, 180_000);
});
