// File → New/Open database in the browser host: databases of the data folder by name only, and the
// host switching to another one without a restart (same port, same token, the app.database event).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { startHost, type RunningHost } from '../../electron/core/host/server';
import { enableDatabaseSwitching, type DatabaseSwitching } from '../../electron/core/host/switch';
import { RECENT_FILE, databaseFile, listDatabases } from '../../electron/core/databases';
import { tmpDir } from '../helpers/tmp';
import { insertText } from '../extract/fixtures';

const t = tmpDir('gw-dbs-');
let host: RunningHost;
let serving: DatabaseSwitching;
const events: string[] = [];
let stream: http.ClientRequest;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(name: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': host.token },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const first = new Core({ dbPath: path.join(t.dir, 'first.db') });
  insertText(first, 'Only in the first', 'RADIUS carries authentication.');
  host = await startHost(first, {});
  serving = enableDatabaseSwitching(host, first, (dbPath) => new Core({ dbPath, dataDir: t.dir }));
  // an open tab's event stream, kept across the switches
  await new Promise<void>((resolve) => {
    stream = http.get(`http://127.0.0.1:${host.port}/api/events?token=${host.token}`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        for (const m of d.matchAll(/event: (\S+)\ndata: (.*)\n/g)) events.push(`${m[1]} ${m[2]}`);
      });
      resolve();
    });
  });
});
afterAll(async () => {
  stream?.destroy();
  await host.close();
  await serving.current().close();
  t.cleanup();
});

describe('databases in the data folder', () => {
  it('names a file inside the data folder, never a path', () => {
    expect(databaseFile(t.dir, 'notes')).toBe(path.join(t.dir, 'notes.db'));
    expect(databaseFile(t.dir, 'notes.db')).toBe(path.join(t.dir, 'notes.db'));
    for (const bad of ['../x', 'a/b', 'a\\b', '.hidden', '/etc/passwd', '..'])
      expect(() => databaseFile(t.dir, bad), bad).toThrow(/named, not given as a path/);
  });

  it('lists the databases, the open one first; create switches the host to a new empty one', async () => {
    const list = await call('databases.list', {});
    expect(list.body.value).toMatchObject({ current: 'first.db', canSwitch: true });
    expect(list.body.value.items.map((d: { name: string }) => d.name)).toEqual(['first']);

    const created = await call('databases.create', { name: 'Second notes' });
    expect(created.body).toEqual({ ok: true, value: { name: 'Second notes', file: 'Second notes.db', created: true } });
    const info = await call('app.info', {});
    expect(info.body.value.dbPath).toBe(path.join(t.dir, 'Second notes.db'));
    expect((await call('documents.list', {})).body.value).toEqual([]);
    await expect.poll(() => events.some((e) => e.startsWith('app.database') && e.includes('Second notes.db'))).toBe(true);

    const again = await call('databases.list', {});
    expect(again.body.value.items.map((d: { name: string; current: boolean }) => `${d.name}${d.current ? '*' : ''}`)).toEqual(['Second notes*', 'first']);
    expect(fs.existsSync(path.join(t.dir, RECENT_FILE))).toBe(true);
  });

  it('open switches back, by name, and the first database is as it was', async () => {
    const opened = await call('databases.open', { name: 'first' });
    expect(opened.body.value).toEqual({ name: 'first', file: 'first.db', created: false });
    const docs = (await call('documents.list', {})).body.value as { title: string }[];
    expect(docs.map((d) => d.title)).toEqual(['Only in the first']);
    // events of the new core reach the same stream
    serving.current().bus.emit('documents.changed', { reason: 'test' });
    await expect.poll(() => events.some((e) => e.startsWith('documents.changed'))).toBe(true);
  });

  it('refuses paths, names that exist (create) or do not (open), and files that are no database', async () => {
    expect((await call('databases.open', { name: '../first' })).status).toBe(400);
    expect((await call('databases.create', { name: '/tmp/evil' })).status).toBe(400);
    expect((await call('databases.create', { name: 'first' })).body.error).toMatchObject({ code: 'conflict' });
    expect((await call('databases.open', { name: 'missing' })).body.error).toMatchObject({ code: 'not_found' });
    fs.writeFileSync(path.join(t.dir, 'junk.db'), 'this is not SQLite');
    const junk = await call('databases.open', { name: 'junk' });
    expect(junk.body.error.code).toBe('bad_request');
    expect(junk.body.error.message).toMatch(/junk\.db could not be opened/);
    expect((await call('app.info', {})).body.value.dbPath).toBe(path.join(t.dir, 'first.db'));
  });

  it('a core without a switcher (the CLI) lists but does not switch', async () => {
    const alone = new Core({ dbPath: path.join(t.dir, 'alone', 'x.db') });
    try {
      expect(listDatabases(alone.dataDir, alone.dbPath, false).items.map((d) => d.file)).toEqual(['x.db']);
      const r = await alone.call('databases.open', { name: 'x' });
      expect(r.ok ? null : r.error.code).toBe('unsupported');
    } finally {
      await alone.close();
    }
  });
});
