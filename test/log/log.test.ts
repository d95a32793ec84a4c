// core/log.ts: levels and thresholds, the file in the data folder (set by the Core), rotation past
// the cap, and that neither an unwritable file nor odd details make it throw or touch stdout.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LOG_FILE, log, logFile, logs, setLogDir, setLogLevel } from '../../electron/core/log';
import { Core } from '../../electron/core/core';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tmpDir('gw-log-')));
afterAll(() => cleanup());
afterEach(() => {
  setLogDir(null);
  setLogLevel({ stderr: 'warn', file: 'info' });
  vi.restoreAllMocks();
});

function capture() {
  const err: string[] = [];
  const out: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (err.push(String(c)), true));
  vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => (out.push(String(c)), true));
  return { err, out };
}

describe('core/log', () => {
  it('stderr gets warn and up by default, the file info and up; stdout nothing', () => {
    const d = fs.mkdtempSync(path.join(dir, 'levels-'));
    setLogDir(d);
    const { err, out } = capture();
    log.debug('test', 'a debug line');
    log.info('test', 'an info line');
    log.warn('test', 'a warning', new Error('disk full'));
    log.error('test', 'an error', { code: 7 });
    vi.restoreAllMocks();
    expect(out).toEqual([]);
    expect(err).toEqual(['graphwright WARN [test] a warning: disk full\n', 'graphwright ERROR [test] an error: {"code":7}\n']);
    const lines = fs.readFileSync(path.join(d, LOG_FILE), 'utf8').trim().split('\n');
    expect(lines.map((l) => l.replace(/^\S+ \d+ /, ''))).toEqual([
      'INFO [test] an info line',
      'WARN [test] a warning: disk full',
      'ERROR [test] an error: {"code":7}',
    ]);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z \d+ INFO/);
    expect(logs('debug')).toBe(false);
    setLogLevel({ stderr: 'debug' });
    expect(logs('debug')).toBe(true);
  });

  it('rotates to graphwright.log.1 past the cap', () => {
    const d = fs.mkdtempSync(path.join(dir, 'rotate-'));
    setLogDir(d, { maxBytes: 400 });
    for (let i = 0; i < 20; i++) log.info('test', `line ${i} ${'x'.repeat(40)}`);
    const now = fs.readFileSync(path.join(d, LOG_FILE), 'utf8');
    const before = fs.readFileSync(path.join(d, `${LOG_FILE}.1`), 'utf8');
    expect(now.length).toBeLessThanOrEqual(400);
    expect(before.length).toBeLessThanOrEqual(400);
    expect(now).toContain('line 19 ');
    expect(fs.readdirSync(d).sort()).toEqual([LOG_FILE, `${LOG_FILE}.1`]);
  });

  it('never throws: a folder that is not there turns file logging off with one note on stderr', () => {
    setLogDir(path.join(dir, 'missing', 'deeper'));
    const { err } = capture();
    expect(() => log.info('test', 'first')).not.toThrow();
    expect(() => log.info('test', 'second')).not.toThrow();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => log.warn('test', 'odd detail', circular)).not.toThrow();
    vi.restoreAllMocks();
    expect(logFile()).toBeNull();
    expect(err.filter((l) => l.includes('cannot write the log file'))).toHaveLength(1);
    expect(err.at(-1)).toMatch(/^graphwright WARN \[test\] odd detail: /);
  });

  it('the Core points it at its data folder', async () => {
    const d = fs.mkdtempSync(path.join(dir, 'core-'));
    const core = new Core({ dbPath: path.join(d, 'graphwright.db'), startJobs: false });
    try {
      expect(logFile()).toBe(path.join(d, LOG_FILE));
    } finally {
      await core.close();
    }
  });

  it("the CLI's --json stdout stays pure JSON with every level on", () => {
    const d = fs.mkdtempSync(path.join(dir, 'cli-'));
    const file = path.join(d, 'note.md');
    fs.writeFileSync(file, '# Note\n\nThe pump feeds the tank.\n');
    const db = path.join(d, 'graphwright.db');
    const env = { GRAPHWRIGHT_LOG_LEVEL: 'debug' };
    for (const args of [
      ['ingest', file, '--db', db, '--json', '-q'],
      ['documents', '--db', db, '--json'],
    ]) {
      const r = cli(args, { env });
      expect(r.code, r.stderr).toBe(0);
      expect(() => r.json(), r.stdout).not.toThrow();
    }
  }, 120_000);
});
