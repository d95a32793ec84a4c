// A database this process may not write opens read-only for reading commands: status, documents
// and triples work, nothing is written, a writing command fails with a clear error. As root chmod
// stops nothing, so the unwritable cases run the CLI as another user (setpriv) where that works;
// --read-only runs everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tmpDir, data } from '../helpers/tmp';
import { cli } from '../helpers/cli';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const hash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let dir: string;
let dbPath: string;
let cleanup: () => void;
beforeAll(() => {
  const t = tmpDir('gw-ro-');
  dir = t.dir;
  cleanup = t.cleanup;
  dbPath = path.join(dir, 'ro.db');
  const r = cli(['ingest', data('rfc-radius-eap', 'rfc2867.txt'), '--db', dbPath, '--json', '-q']);
  expect(r.code, r.stderr).toBe(0);
  expect(cli(['extract', '--db', dbPath, '--json']).code).toBe(0);
}, 120_000);
afterAll(() => {
  fs.chmodSync(dir, 0o700);
  cleanup();
});

/** The CLI as user nobody (uid 65534), when this runs as root on Linux with setpriv. */
function asNobody(args: string[]) {
  const r = spawnSync(
    'setpriv',
    ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, HOME: os.tmpdir() },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}

function canSwitchUser(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  return spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']).status === 0;
}

describe('read-only database', () => {
  it('--read-only: status, documents and triples answer; the file is not touched; a writing command says the database is read-only', () => {
    const before = hash(dbPath);
    const status = cli(['status', '--db', dbPath, '--read-only', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toMatchObject({ documents: 1 });
    const docs = cli(['documents', '--db', dbPath, '--read-only', '--json']);
    expect(docs.json()).toHaveLength(1);
    const triples = cli(['triples', '--db', dbPath, '--read-only', '--json']);
    expect(triples.code).toBe(0);
    expect((triples.json() as unknown[]).length).toBeGreaterThan(10);
    const write = cli(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', dbPath, '--read-only', '--json']);
    expect(write.code).toBe(1);
    expect(write.stdout).toBe('');
    expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
    expect(write.stderr).not.toMatch(/\n\s+at /);
    expect(hash(dbPath)).toBe(before);
    expect(cli(['status', '--db', path.join(dir, 'missing.db'), '--read-only', '--json']).stderr).toMatch(/database not found/);
  }, 120_000);

  it.runIf(canSwitchUser())(
    'a chmod 444 file and a read-only folder open read-only for another user: reads work, writes fail clearly',
    () => {
      const before = hash(dbPath);
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(dbPath, 0o444);
      try {
        const status = asNobody(['status', '--db', dbPath, '--json']);
        expect(status.code, status.stderr).toBe(0);
        expect(status.json()).toMatchObject({ documents: 1 });
        // The folder read-only too: SQLite cannot even make its -shm file there.
        fs.chmodSync(dir, 0o555);
        const docs = asNobody(['documents', '--db', dbPath, '--json']);
        expect(docs.code, docs.stderr).toBe(0);
        expect(docs.json()).toHaveLength(1);
        const triples = asNobody(['triples', '--db', dbPath, '--json']);
        expect(triples.code, triples.stderr).toBe(0);
        const write = asNobody(['ingest', data('rfc-radius-eap', 'rfc2607.txt'), '--db', dbPath, '--json']);
        expect(write.code).toBe(1);
        expect(write.stderr).toMatch(/storage error at .*ro\.db: the database is read-only/);
      } finally {
        fs.chmodSync(dir, 0o700);
        fs.chmodSync(dbPath, 0o644);
      }
      expect(hash(dbPath)).toBe(before);
    },
    120_000,
  );
});
