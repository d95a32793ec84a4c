// graphwright ingest: --json shape on stdout, progress on stderr, exit codes.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runMain as run } from '../helpers/cli';
import { data, seed, tmpDir } from '../helpers/tmp';

const root = path.resolve(import.meta.dirname, '..', '..');
const t = tmpDir('gw-ingest-cli-');
afterAll(() => t.cleanup());
afterEach(() => vi.restoreAllMocks());

describe('graphwright ingest', () => {
  it('exits 1 when a file fails, still imports the others, prints exactly {imported, updated, skipped, failed} (spawned CLI)', () => {
    const db = path.join(t.dir, 'spawned', 'new.db');
    const missing = path.join(t.dir, 'nope.pdf');
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli.ts', 'ingest', seed('003_e7e589e032ae6219.txt'), missing, '--db', db, '--json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status, res.stderr).toBe(1);
    const out = JSON.parse(res.stdout);
    expect(Object.keys(out)).toEqual(['imported', 'updated', 'skipped', 'failed']);
    expect(out.imported).toEqual([{ id: 1, path: seed('003_e7e589e032ae6219.txt') }]);
    expect(out.skipped).toEqual([]);
    expect(out.failed).toEqual([{ path: missing, error: `nope.pdf: file not found: ${missing}` }]);
    expect(res.stderr).toMatch(/ingest: .*003_e7e589e032ae6219\.txt/);
    expect(res.stderr).toContain('nope.pdf: file not found');
    expect(fs.existsSync(db)).toBe(true);
  });

  it('exits 0 when nothing failed; a second run skips the duplicates', async () => {
    const db = path.join(t.dir, 'inproc.db');
    const first = await run([
      'ingest',
      data('rfc-radius-eap', 'rfc2867.txt'),
      data('rfc-radius-eap', 'rfc6613.txt'),
      '--db',
      db,
      '--chunk-size',
      '600',
      '--json',
    ]);
    expect(first.code, first.stderr).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out.imported.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    expect(out.failed).toEqual([]);
    const second = await run(['ingest', data('rfc-radius-eap', 'rfc2867.txt'), '--db', db, '--json', '--quiet']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({
      imported: [],
      updated: [],
      skipped: [{ path: data('rfc-radius-eap', 'rfc2867.txt'), reason: expect.stringMatching(/^duplicate of document 1/) }],
      failed: [],
    });
    expect(second.stderr).toBe('');
    const chunks = await run(['document', '1', '--chunks', '--json', '--db', db]);
    expect(JSON.parse(chunks.stdout).every((c: { text: string }) => c.text.length <= 600)).toBe(true);
  });

  it('rejects bad options with a usage error (exit 2)', async () => {
    const bad = await run(['ingest', seed('001_68a6067ece94435d.txt'), '--db', path.join(t.dir, 'x.db'), '--chunker', 'magic']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--chunker must be one of recursive, fixed, semantic/);
    const none = await run(['ingest', '--db', path.join(t.dir, 'x.db')]);
    expect(none.code).toBe(2);
    const size = await run(['ingest', 'a.txt', '--chunk-size', '12', '--db', path.join(t.dir, 'x.db')]);
    expect(size.code).toBe(2);
    expect(size.stderr).toMatch(/--chunk-size must be an integer from 100/);
  });
});
