// A database this process may not write opens read-only for reading commands: status, documents,
// triples, ask and the rest work, nothing is written next to it, a writing command fails with a
// clear error. Read-only media: a file of mode 0444, a folder of mode 0555, a read-only mount. As
// root, permission bits stop nothing, so those cases run the CLI with root's file-permission
// override dropped (test/helpers/unprivileged.ts); the read-only mount binds root too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir, data } from '../helpers/tmp';
import { cli } from '../helpers/cli';
import { cliBound, mountTmpfs, permissionsBind } from '../helpers/unprivileged';
import { Store } from '../../electron/core/store';

const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
/** What lies beside the database: a read-only open must leave nothing there. */
const besides = (dir: string) => fs.readdirSync(dir).sort();

let dir: string;
let source: string;
let cleanup: () => void;
beforeAll(() => {
  const t = tmpDir('gw-ro-');
  dir = t.dir;
  cleanup = t.cleanup;
  source = path.join(dir, 'source.db');
  const r = cli(['ingest', data('rfc-radius-eap', 'rfc2867.txt'), '--db', source, '--json', '-q']);
  expect(r.code, r.stderr).toBe(0);
  expect(cli(['extract', '--db', source, '--json']).code).toBe(0);
  // closed cleanly: no -wal, no -shm (the log the writing commands kept goes: the copies below start bare)
  fs.rmSync(path.join(dir, 'graphwright.log'), { force: true });
  expect(besides(dir)).toEqual(['source.db']);
}, 120_000);
afterAll(() => {
  for (const d of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, d), 0o755);
  cleanup();
});

/** A copy of the database in its own folder. */
function copy(name: string): { folder: string; db: string } {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder);
  const db = path.join(folder, 'ro.db');
  fs.copyFileSync(source, db);
  return { folder, db };
}

/** Reading commands answer with what the database holds (the counts, the triples, an answer from them). */
function readingCommandsWork(run: typeof cli, db: string): void {
  const status = run(['status', '--db', db, '--json']);
  expect(status.code, status.stderr).toBe(0);
  expect(status.json()).toMatchObject({ documents: 1 });
  const triples = run(['triples', '--db', db, '--json']);
  expect(triples.code, triples.stderr).toBe(0);
  expect((triples.json() as unknown[]).length).toBeGreaterThan(10);
  const ask = run(['ask', '--question', 'What does the Acct-Tunnel-Connection attribute hold?', '--db', db, '--json']);
  expect(ask.code, ask.stderr).toBe(0);
  expect((ask.json() as { question: string }).question).toMatch(/Acct-Tunnel-Connection/);
}

const bound = permissionsBind();

describe('read-only database', () => {
  it('--read-only: status, documents and triples answer; the file is not touched; a writing command says the database is read-only', () => {
    const { folder, db } = copy('flag');
    const before = hash(db);
    const status = cli(['status', '--db', db, '--read-only', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toMatchObject({ documents: 1 });
    const docs = cli(['documents', '--db', db, '--read-only', '--json']);
    expect(docs.json()).toHaveLength(1);
    const triples = cli(['triples', '--db', db, '--read-only', '--json']);
    expect(triples.code).toBe(0);
    expect((triples.json() as unknown[]).length).toBeGreaterThan(10);
    const write = cli(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--read-only', '--json']);
    expect(write.code).toBe(1);
    expect(write.stdout).toBe('');
    expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
    expect(write.stderr).not.toMatch(/\n\s+at /);
    expect(hash(db)).toBe(before);
    expect(cli(['status', '--db', path.join(folder, 'missing.db'), '--read-only', '--json']).stderr).toMatch(/database not found/);
  }, 120_000);

  it('a file of mode 0444 in a writable folder: reads leave no -shm or -wal behind, so once the file is writable again a write works', (ctx) => {
    if (!bound.ok) ctx.skip(bound.reason);
    const { folder, db } = copy('file-0444');
    fs.chmodSync(db, 0o444);
    const status = cliBound(['status', '--db', db, '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toMatchObject({ documents: 1 });
    const write = cliBound(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--json']);
    expect(write.code).toBe(1);
    expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
    // SQLite makes its -shm index with the database file's permissions: a read-only one left here
    // would keep the database read-only after the chmod below.
    expect(besides(folder)).toEqual(['ro.db']);
    fs.chmodSync(db, 0o644);
    const again = cliBound(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--json', '-q']);
    expect(again.code, again.stderr).toBe(0);
    expect(cliBound(['status', '--db', db, '--json']).json()).toMatchObject({ documents: 2 });
  }, 180_000);

  it('a folder of mode 0555: every reading command works, a write fails clearly, nothing changes', (ctx) => {
    if (!bound.ok) ctx.skip(bound.reason);
    const { folder, db } = copy('folder-0555');
    const before = hash(db);
    fs.chmodSync(db, 0o444);
    fs.chmodSync(folder, 0o555);
    try {
      readingCommandsWork(cliBound, db);
      const jobs = cliBound(['jobs', '--db', db, '--json']);
      expect(jobs.code, jobs.stderr).toBe(0);
      expect(jobs.json()).toEqual([expect.objectContaining({ kind: 'extract', state: 'done' }), expect.objectContaining({ kind: 'ingest', state: 'done' })]);
      const write = cliBound(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--json']);
      expect(write.code).toBe(1);
      expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
      expect(besides(folder)).toEqual(['ro.db']);
    } finally {
      fs.chmodSync(folder, 0o755);
    }
    expect(hash(db)).toBe(before);
  }, 180_000);

  it("a read-only folder with a live writer's log: a reader sees the writer's last commit; a log without its index is refused with what to do", (ctx) => {
    if (!bound.ok) ctx.skip(bound.reason);
    const { folder, db } = copy('live-writer');
    // another process writing: its commit is in the -wal (no checkpoint yet), the -shm beside it
    const writer = Store.open(db);
    writer.db.pragma('wal_autocheckpoint = 0');
    writer.jobs.create('test.note', 'written by a live writer', {});
    fs.chmodSync(folder, 0o555);
    try {
      const jobs = cliBound(['jobs', '--db', db, '--json']);
      expect(jobs.code, jobs.stderr).toBe(0);
      expect((jobs.json() as { title: string }[])[0].title).toBe('written by a live writer');
    } finally {
      fs.chmodSync(folder, 0o755);
    }
    // The same log without its -shm index (a copy of the file and its log only): SQLite cannot
    // read the log without an index it cannot create, so the message says what to do.
    const bare = copy('log-without-index');
    fs.copyFileSync(`${db}-wal`, `${bare.db}-wal`);
    writer.close();
    fs.chmodSync(bare.folder, 0o555);
    try {
      const r = cliBound(['status', '--db', bare.db, '--json']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/write-ahead log .*ro\.db-wal holds changes not yet in the database file/);
      expect(r.stderr).toMatch(/Open it once where it can be written .* or copy ro\.db together with ro\.db-wal to a writable folder/);
    } finally {
      fs.chmodSync(bare.folder, 0o755);
    }
  }, 120_000);

  it('a stale read-only -shm beside a writable database: removed when no connection has it open (no -wal), else the message says what to delete', (ctx) => {
    if (!bound.ok) ctx.skip(bound.reason);
    const { folder, db } = copy('stale-shm');
    fs.writeFileSync(`${db}-shm`, Buffer.alloc(32768), { mode: 0o444 });
    const ok = cliBound(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--json', '-q']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(besides(folder).filter((f) => f.startsWith('ro.db'))).toEqual(['ro.db']);
    fs.writeFileSync(`${db}-shm`, Buffer.alloc(32768), { mode: 0o444 });
    fs.writeFileSync(`${db}-wal`, '');
    const refused = cliBound(['status', '--db', db, '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/its index .*ro\.db-shm is read-only .* delete ro\.db-shm and ro\.db-wal if it is empty, and try again/);
  }, 120_000);

  it('a read-only mount (tmpfs remounted read-only): every reading command works', (ctx) => {
    const where = path.join(dir, 'mount');
    const mount = mountTmpfs(where);
    if ('reason' in mount) return ctx.skip(mount.reason);
    try {
      const db = path.join(where, 'ro.db');
      fs.copyFileSync(source, db);
      mount.remountReadOnly();
      // root too: a read-only mount binds every user
      readingCommandsWork(cli, db);
      const write = cli(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', db, '--json']);
      expect(write.code).toBe(1);
      expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
      expect(besides(where)).toEqual(['ro.db']);
    } finally {
      mount.unmount();
    }
  }, 180_000);
});
