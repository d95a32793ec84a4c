// The lifecycle in the log file (core/log.ts): a job queued, started, finished, and a failed one
// with its stack; migrations applied; each ingested file; a model loaded and unloaded. And
// `graphwright logs`: the last N entries (an entry with a stack counts once), --json, and no
// document text in what it prints.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_FILE, log, readLog, setLogDir } from '../../electron/core/log';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { countJob } from '../fixtures/count-job';
import { cli, runMain } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { tinyModelPath } from '../helpers/tiny-model';

const t = tmpDir('gw-lifecycle-');
afterAll(() => t.cleanup());
afterEach(() => setLogDir(null));

const folder = (name: string) => fs.mkdtempSync(path.join(t.dir, `${name}-`));
const logText = (dir: string) => fs.readFileSync(path.join(dir, LOG_FILE), 'utf8');

/** A job that fails from a function of a name the stack must show. */
const failingJob = defineJob<{ why: string }, null, null>({
  kind: 'test.fails',
  title: () => 'Fail on purpose',
  async run(ctx) {
    return throwDeepInsideTheJob(ctx.params.why);
  },
});
function throwDeepInsideTheJob(why: string): never {
  throw new Error(why);
}

describe('lifecycle logging', () => {
  it('a job queued, started and finished at info; a failed job at error with its stack', async () => {
    const dir = folder('jobs');
    const core = new Core({ dbPath: path.join(dir, 'graphwright.db'), jobKinds: [countJob, failingJob] });
    try {
      const ok = core.jobs.enqueue(countJob, { steps: 2, delayMs: 1, log: path.join(dir, 'count.log') });
      expect((await core.jobs.wait(ok.id)).state).toBe('done');
      const bad = core.jobs.enqueue(failingJob, { why: 'the tank overflowed' });
      expect((await core.jobs.wait(bad.id)).state).toBe('failed');
    } finally {
      await core.close();
    }
    const entries = readLog(dir, 1000);
    const jobs = entries.filter((e) => e.scope === 'jobs').map((e) => `${e.level} ${e.message.split('\n')[0]}`);
    expect(jobs).toEqual([
      'info job 1 (test.count) queued: Count to 2',
      'info job 1 (test.count) started in work lane',
      expect.stringMatching(/^info job 1 \(test\.count\) finished in [\d.]+ s$/),
      'info job 2 (test.fails) queued: Fail on purpose',
      'info job 2 (test.fails) started in work lane',
      expect.stringMatching(/^error job 2 \(test\.fails\) failed after [\d.]+ s: the tank overflowed$/),
    ]);
    const failed = entries.find((e) => e.level === 'error')!;
    const frames = failed.message.split('\n').slice(1);
    expect(frames[0]).toMatch(/^at throwDeepInsideTheJob \(.*lifecycle\.test\.ts:\d+:\d+\)$/);
    expect(frames.length).toBeGreaterThan(1);
    expect(entries.filter((e) => e.scope === 'core').map((e) => e.message)).toEqual([`opened ${path.join(dir, 'graphwright.db')}`]);
    // a new database: every migration applied is one entry
    expect(entries.filter((e) => e.scope === 'store' && /^migration \d+ \(.+\) applied to /.test(e.message)).length).toBeGreaterThan(5);
  });

  it('a model loaded and unloaded', async () => {
    const dir = folder('model');
    setLogDir(dir);
    const model = tinyModelPath();
    const engine = await LlamaEngine.load({ modelPath: model, gpu: false });
    await engine.close();
    const llm = readLog(dir, 100).filter((e) => e.scope === 'llm');
    expect(llm.map((e) => e.message)).toEqual([
      expect.stringMatching(new RegExp(`^model .*${path.basename(model)} loaded on the CPU`)),
      // how its sequences were sized (llm/sizing.ts)
      expect.stringMatching(new RegExp(`^${path.basename(model)}: \\d+ sequences? of \\d+ tokens`)),
      `model ${model} unloaded`,
    ]);
  }, 120_000);

  it('logs --last N prints the last N entries (a stack counts with its entry), --json the same as objects', async () => {
    const dir = folder('last');
    setLogDir(dir);
    for (let i = 1; i <= 6; i++) log.info('test', `entry ${i}`);
    log.error('test', 'entry 7', new Error('with a stack'));
    setLogDir(null);
    const db = path.join(dir, 'graphwright.db'); // the log of its data folder; the database need not exist
    const text = await runMain(['logs', '--last', '3', '--db', db]);
    expect(text.code, text.stderr).toBe(0);
    const heads = text.stdout.split('\n').filter((l) => /^\S+ \d+ [A-Z]+ /.test(l));
    expect(heads.map((l) => l.replace(/^\S+ \d+ /, ''))).toEqual(['INFO [test] entry 5', 'INFO [test] entry 6', 'ERROR [test] entry 7: with a stack']);
    expect(text.stdout).toMatch(/\n {2}at /);
    const json = await runMain(['logs', '--last', '2', '--db', db, '--json']);
    const out = JSON.parse(json.stdout) as { file: string; entries: { level: string; scope: string; message: string; pid: number; time: string }[] };
    expect(out.file).toBe(path.join(dir, LOG_FILE));
    expect(out.entries.map((e) => [e.level, e.scope, e.message.split('\n')[0]])).toEqual([
      ['info', 'test', 'entry 6'],
      ['error', 'test', 'entry 7: with a stack'],
    ]);
    expect(out.entries[1].pid).toBe(process.pid);
    expect((await runMain(['logs', '--last', '0', '--db', db])).code).toBe(2);
  });

  it('ingest and extraction log each file and job, never the document text (debug level included)', () => {
    const dir = folder('ingest');
    const db = path.join(dir, 'graphwright.db');
    const sentence = 'The quixotic impeller rebalances the seventeen brass valves every fortnight.';
    const file = path.join(dir, 'pump-notes.md');
    fs.writeFileSync(file, `# Pump notes\n\n${sentence}\n\nThe impeller drives the valves.\n`);
    const env = { GRAPHWRIGHT_LOG_LEVEL: 'debug' };
    const ingest = cli(['ingest', file, '--db', db, '--json', '-q'], { env });
    expect(ingest.code, ingest.stderr).toBe(0);
    expect(cli(['ingest', file, '--db', db, '--json', '-q'], { env }).code).toBe(0); // a duplicate: skipped
    expect(cli(['extract', '--db', db, '--json'], { env }).code).toBe(0);
    const printed = cli(['logs', '--last', '1000', '--db', db]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/INFO \[ingest\] job 1: .*pump-notes\.md: imported document 1\n/);
    expect(printed.stdout).toMatch(/INFO \[ingest\] job 2: .*pump-notes\.md: skipped \(duplicate/);
    expect(printed.stdout).toMatch(/INFO \[jobs\] job 3 \(extract\) finished in /);
    for (const words of [sentence, 'quixotic impeller', 'seventeen brass valves', 'The impeller drives the valves'])
      expect(printed.stdout).not.toContain(words);
    expect(logText(dir)).not.toContain('quixotic');
  }, 240_000);
});
