// The CLI's ingest flags and reports: --skip-bad-records, and a folder walk that says what it
// left out and why (dotfiles, hidden folders, symbolic links) in `skipped`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let dir: string;
let cleanup: () => void;
beforeAll(() => {
  const t = tmpDir('gw-cli-flags-');
  dir = t.dir;
  cleanup = t.cleanup;
});
afterAll(() => cleanup());

describe('graphwright ingest flags', () => {
  it('--skip-bad-records: the good records are imported, the bad one is listed in skipped; without it the file fails naming the record', () => {
    const records = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ title: `Feeder ${i + 1}`, text: `Feeder ${i + 1} supplies the industrial park from the east bus.` }),
    );
    records[9] = records[9].replace('"text":', '"text"');
    const file = path.join(dir, 'feeders.jsonl');
    fs.writeFileSync(file, records.join('\n') + '\n');
    const db = path.join(dir, 'flags.db');
    const strict = cli(['ingest', file, '--db', db, '--json', '-q']);
    expect(strict.code).toBe(1);
    expect(strict.json()).toMatchObject({
      imported: [],
      failed: [
        {
          path: file,
          error: expect.stringMatching(/^feeders\.jsonl: malformed JSON in JSON lines: record 10 \(line 10, column 28\): expected ':' after a property name/),
        },
      ],
    });
    expect(strict.stderr).toContain('--skip-bad-records imports the other records');
    const lenient = cli(['ingest', file, '--db', db, '--skip-bad-records', '--json', '-q']);
    expect(lenient.code, lenient.stderr).toBe(0);
    const out = lenient.json() as { imported: unknown[]; skipped: { path: string; reason: string }[]; failed: unknown[] };
    expect(out.imported).toHaveLength(39);
    expect(out.failed).toEqual([]);
    expect(out.skipped).toEqual([{ path: `${file}#record 10`, reason: expect.stringMatching(/^record 10 \(line 10, column 28\)/) }]);
    expect(cli(['ingest', '--help']).stdout).toContain('--skip-bad-records');
  }, 120_000);

  it('a rerun after kill -9 resumes the unfinished import and says what it added, not "skipped N duplicates"', async () => {
    const folder = path.join(dir, 'many');
    fs.mkdirSync(folder);
    for (let i = 0; i < 40; i++)
      fs.writeFileSync(path.join(folder, `note-${String(i).padStart(2, '0')}.txt`), `Note ${i}: breaker ${i} opens when relay ${i} trips on overcurrent.\n`);
    const db = path.join(dir, 'killed.db');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'ingest', folder, '--db', db, '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
        if (/running \d+\/40 note-0[4-9]/.test(stderr) && child.exitCode === null) child.kill('SIGKILL');
      });
      child.on('close', (c) => resolve(c));
    });
    expect(code, stderr).toBe(null); // killed, not finished
    const again = cli(['ingest', folder, '--db', db, '--json', '-q']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/ingest: resuming job 1 \(interrupted before it finished\)/);
    const out = again.json() as { imported: unknown[]; skipped: { reason: string }[]; resumed: { job: number; imported: number; files: number } };
    expect(out.imported).toHaveLength(40);
    expect(out.skipped).toEqual([]);
    expect(out.resumed.job).toBe(1);
    expect(out.resumed.imported).toBeGreaterThan(0);
    expect(out.resumed.imported).toBeLessThan(40);
    const text = cli(['jobs', '--db', db, '--json']).json() as { id: number; state: string; progress: { message?: string } }[];
    expect(text).toEqual([
      expect.objectContaining({
        id: 1,
        state: 'done',
        progress: expect.objectContaining({ message: expect.stringMatching(new RegExp(`^resumed job 1: imported ${out.resumed.imported} more from`)) }),
      }),
    ]);
  }, 180_000);

  it('a folder walk reports dotfiles, hidden folders and symbolic links in skipped, with why', () => {
    const folder = path.join(dir, 'docs');
    fs.mkdirSync(path.join(folder, '.git'), { recursive: true });
    fs.writeFileSync(path.join(folder, '.git', 'config'), '[core]\n');
    fs.writeFileSync(path.join(folder, '.notes.txt'), 'private notes about the relay settings\n');
    fs.writeFileSync(path.join(folder, 'relay.txt'), 'The relay trips the breaker when the current exceeds its setting.\n');
    fs.symlinkSync(path.join(folder, 'relay.txt'), path.join(folder, 'link.txt'));
    fs.symlinkSync('/etc', path.join(folder, 'etc'));
    const r = cli(['ingest', folder, '--db', path.join(dir, 'walk.db'), '--json', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json() as { imported: { path: string }[]; skipped: { path: string; reason: string }[] };
    expect(out.imported.map((i) => path.basename(i.path))).toEqual(['relay.txt']);
    expect(out.skipped).toEqual([
      { path: path.join(folder, '.git'), reason: 'hidden folder (name starts with a dot), not walked' },
      { path: path.join(folder, '.notes.txt'), reason: 'hidden file (name starts with a dot)' },
      { path: path.join(folder, 'etc'), reason: expect.stringMatching(/^symbolic link, not followed/) },
      { path: path.join(folder, 'link.txt'), reason: expect.stringMatching(/^symbolic link, not followed/) },
    ]);
    const text = cli(['ingest', folder, '--db', path.join(dir, 'walk2.db')]);
    expect(text.stdout).toContain(`skipped  ${path.join(folder, '.notes.txt')}: hidden file`);
  }, 120_000);
});
