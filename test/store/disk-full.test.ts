// A full disk: a clear error naming the database and the space, the job failed and resumable, the
// store unchanged past its last commit. A real small disk (tmpfs) where the test may mount one,
// and always SQLite's size limit (max_page_count, through GRAPHWRIGHT_DB_MAX_MB).
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { openDb } from '../../electron/core/store/db';
import { tmpDir, data } from '../helpers/tmp';
import { cli } from '../helpers/cli';
import { seedReviewGraph } from '../review/seed';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  delete process.env.GRAPHWRIGHT_DB_MAX_MB;
});

const RFCS = ['rfc1157.txt', 'rfc2607.txt', 'rfc3580.txt', 'rfc4671.txt', 'rfc5247.txt'].map((f) => data('rfc-radius-eap', f));
const SMALL = data('rfc-radius-eap', 'rfc2867.txt');

/** A big text document made at test time (several RFCs one after another). */
function bigDocument(dir: string): string {
  const file = path.join(dir, 'big-standard.txt');
  fs.writeFileSync(file, RFCS.map((f) => fs.readFileSync(f, 'utf8')).join('\n\f\n'));
  return file;
}

function snapshot(dbPath: string) {
  const db = openDb(dbPath, { readonly: true });
  try {
    return {
      documents: db.prepare('SELECT COUNT(*) AS n FROM documents').get(),
      chunks: db.prepare('SELECT COUNT(*) AS n FROM chunks').get(),
      integrity: db.prepare('PRAGMA integrity_check').get(),
    };
  } finally {
    db.close();
  }
}

function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync('/tmp/gw-mount-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

async function ingest(core: Core, paths: string[]) {
  const job = core.jobs.enqueue('ingest', { paths });
  return core.jobs.wait(job.id);
}

describe('disk full', () => {
  it('size limit reached: the job fails with "disk full: N MB needed at FILE", nothing past the last commit is stored, resume finishes it', async () => {
    const t = tmpDir('gw-full-');
    cleanups.push(t.cleanup);
    const dbPath = path.join(t.dir, 'full.db');
    const big = bigDocument(t.dir);
    const first = new Core({ dbPath, progressIntervalMs: 0 });
    expect((await ingest(first, [SMALL])).state).toBe('done');
    await first.close();
    const before = snapshot(dbPath);
    expect(before.documents).toEqual({ n: 1 });

    // Room for the job's own rows, not for the big document.
    const size = fs.statSync(dbPath).size + (fs.existsSync(`${dbPath}-wal`) ? fs.statSync(`${dbPath}-wal`).size : 0);
    process.env.GRAPHWRIGHT_DB_MAX_MB = String((size + 256 * 1024) / 1024 / 1024);
    const limited = new Core({ dbPath, progressIntervalMs: 0 });
    const failed = await ingest(limited, [big, SMALL]);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(
      /^disk full: \d+(\.\d)? MB needed at .*full\.db \(the database reached its size limit of [\d.]+ MB\) while storing big-standard\.txt; nothing past the last commit was written/,
    );
    expect(failed.error).not.toMatch(/SqliteError|at .*\.ts:\d+/);
    // The row says so too (not left 'running').
    expect(limited.store.db.prepare('SELECT state FROM jobs WHERE id = ?').get(failed.id)).toEqual({ state: 'failed' });
    await limited.close();
    expect(snapshot(dbPath)).toEqual(before);

    delete process.env.GRAPHWRIGHT_DB_MAX_MB;
    const roomy = new Core({ dbPath, progressIntervalMs: 0 });
    cleanups.push(() => roomy.close());
    roomy.jobs.start();
    roomy.jobs.resume(failed.id);
    const done = await roomy.jobs.wait(failed.id);
    expect(done.state).toBe('done');
    const result = done.result as { imported: { path: string }[]; skipped: { path: string; reason: string }[]; resumed?: { job: number; imported: number } };
    expect(result.imported.map((r) => path.basename(r.path))).toEqual(['big-standard.txt']);
    expect(result.skipped).toEqual([{ path: SMALL, reason: expect.stringMatching(/^duplicate of document 1/) }]);
    expect(result.resumed).toMatchObject({ job: failed.id, imported: 1 });
    expect(done.progress.message).toMatch(new RegExp(`^resumed job ${failed.id}: imported 1 more`));
    expect(snapshot(dbPath).documents).toEqual({ n: 2 });
  }, 120_000);

  it.runIf(canMount())(
    'a real small disk (tmpfs): a clear error, the job failed, the store intact; with more room the job resumes and finishes',
    async () => {
      const t = tmpDir('gw-tmpfs-');
      cleanups.push(t.cleanup);
      const mnt = path.join(t.dir, 'disk');
      fs.mkdirSync(mnt);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1536k', 'tmpfs', mnt]);
      cleanups.push(() => {
        execFileSync('umount', ['-l', mnt]);
      });
      const dbPath = path.join(mnt, 'small-disk.db');
      const big = bigDocument(t.dir);
      const core = new Core({ dbPath, progressIntervalMs: 0 });
      cleanups.push(() => core.close());
      core.jobs.start();
      expect((await ingest(core, [SMALL])).state).toBe('done');
      const docs = core.store.documents.list().length;
      const failed = await ingest(core, [big]);
      expect(failed.state).toBe('failed');
      expect(failed.error).toMatch(/^disk full: \d+(\.\d)? MB needed at .*small-disk\.db \([\d.]+ MB free\) while storing big-standard\.txt/);
      expect(core.store.documents.list().length).toBe(docs);
      expect(core.store.db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      expect(core.jobs.get(failed.id).state).toBe('failed');

      execFileSync('mount', ['-o', 'remount,size=64m', mnt]);
      core.jobs.resume(failed.id);
      const done = await core.jobs.wait(failed.id);
      expect(done.state, done.error ?? '').toBe('done');
      expect(core.store.documents.list().length).toBe(docs + 1);
    },
    120_000,
  );

  it('edits through the command layer on a full database answer a clear error (code failed), every earlier edit kept', async () => {
    const t = tmpDir('gw-full-edit-');
    cleanups.push(t.cleanup);
    const dbPath = path.join(t.dir, 'edits.db');
    const first = new Core({ dbPath, startJobs: false });
    seedReviewGraph(first.store);
    await first.close();
    process.env.GRAPHWRIGHT_DB_MAX_MB = String((fs.statSync(dbPath).size + 64 * 1024) / 1024 / 1024);
    const core = new Core({ dbPath, startJobs: false });
    cleanups.push(() => core.close());
    let landed = 0;
    let error: { code: string; message: string } | undefined;
    for (let i = 0; i < 2000 && !error; i++) {
      const r = await core.call('triples.add', {
        subject: { label: `relay ${i} ${'x'.repeat(200)}` },
        relation: 'protects',
        object: { label: `feeder ${i} ${'y'.repeat(200)}` },
      });
      if (r.ok) landed++;
      else error = r.error;
    }
    expect(error).toMatchObject({
      code: 'failed',
      message: expect.stringMatching(/^disk full: .* at .*edits\.db \(the database reached its size limit of [\d.]+ MB\)/),
    });
    expect(landed).toBeGreaterThan(0);
    expect((core.store.db.prepare("SELECT COUNT(*) AS n FROM edges WHERE engine = 'editor'").get() as { n: number }).n).toBe(landed);
    expect(core.store.db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
  }, 120_000);

  it('CLI: ingest on a full database exits 1 with the clear error (no stack trace); running it again resumes the job and says what it added', () => {
    const t = tmpDir('gw-full-cli-');
    cleanups.push(t.cleanup);
    const dbPath = path.join(t.dir, 'cli.db');
    const big = bigDocument(t.dir);
    expect(cli(['ingest', SMALL, '--db', dbPath, '--json', '-q']).code).toBe(0);
    const size = fs.statSync(dbPath).size + (fs.existsSync(`${dbPath}-wal`) ? fs.statSync(`${dbPath}-wal`).size : 0);
    const full = cli(['ingest', big, '--db', dbPath, '--json', '-q'], { env: { GRAPHWRIGHT_DB_MAX_MB: String((size + 256 * 1024) / 1024 / 1024) } });
    expect(full.code).toBe(1);
    expect(full.stdout).toBe('');
    expect(full.stderr).toMatch(/graphwright ingest: job \d+ failed: disk full: \d+(\.\d)? MB needed at .*cli\.db/);
    expect(full.stderr).not.toMatch(/\n\s+at /);
    const jobs = cli(['jobs', '--db', dbPath, '--json']).json() as { id: number; kind: string; state: string }[];
    const job = jobs.find((j) => j.kind === 'ingest' && j.state === 'failed');
    expect(job).toBeDefined();

    const again = cli(['ingest', big, '--db', dbPath, '--json', '-q']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`ingest: resuming job ${job!.id}`);
    const out = again.json() as { imported: { path: string }[]; skipped: unknown[]; failed: unknown[]; resumed: { job: number; imported: number } };
    expect(out.imported.map((r) => path.basename(r.path))).toEqual(['big-standard.txt']);
    expect(out.resumed).toMatchObject({ job: job!.id, imported: 1 });
    const text = cli(['ingest', big, '--db', dbPath]);
    expect(text.stdout).toMatch(/skipped 1/); // a finished job is not resumed: a new one finds the duplicate
  }, 180_000);
});
