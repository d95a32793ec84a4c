// The main <-> core utility process protocol, over a real Node MessageChannel (what Electron's
// parentPort / UtilityProcess carry in the app) with a real Core on a temporary database.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Core } from '../../electron/core/core';
import { CoreClient, serveCore, isFromCore, isToCore, type Endpoint, type FromCore, type ToCore } from '../../electron/shell/protocol';
import { coreArgs, parseCoreArgs } from '../../electron/shell/core-args';
import { tmpDir } from '../helpers/tmp';

function endpoint<In, Out>(port: MessagePort): Endpoint<In, Out> {
  return {
    post: (m) => port.postMessage(m),
    onMessage(listener) {
      const h = (m: In) => listener(m);
      port.on('message', h);
      return () => port.off('message', h);
    },
  };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function connect(createCore: () => Core | Promise<Core>) {
  const { port1, port2 } = new MessageChannel();
  const served = serveCore(endpoint<unknown, FromCore>(port2), createCore);
  const client = new CoreClient(endpoint<unknown, ToCore>(port1));
  cleanups.push(() => {
    port1.close();
    port2.close();
  });
  return { client, served };
}

function withCore() {
  const t = tmpDir('gw-shell-');
  cleanups.push(() => t.cleanup());
  let core: Core | undefined;
  const { client, served } = connect(() => (core = new Core({ dbPath: path.join(t.dir, 'app.db'), dataDir: t.dir, host: 'electron', startJobs: false })));
  cleanups.push(async () => {
    await client.shutdown(2000);
  });
  return { client, served, t, core: () => core! };
}

describe('core protocol over a MessageChannel', () => {
  it('reports ready with the database path and answers contract calls', async () => {
    const { client, t } = withCore();
    const ready = await client.ready;
    expect(ready.dbPath).toBe(path.join(t.dir, 'app.db'));
    expect(ready.dataDir).toBe(t.dir);
    const info = await client.call('app.info', {});
    expect(info).toEqual({ ok: true, value: expect.objectContaining({ dbPath: path.join(t.dir, 'app.db'), host: 'electron' }) });
    const status = await client.call('app.status', {});
    expect(status.ok).toBe(true);
  });

  it('matches concurrent calls to their answers', async () => {
    const { client } = withCore();
    await client.call('settings.set', { key: 'a', value: 1 });
    await client.call('settings.set', { key: 'b', value: 'two' });
    const [a, b, info] = await Promise.all([client.call('settings.get', { key: 'a' }), client.call('settings.get', { key: 'b' }), client.call('app.info', {})]);
    expect(a).toEqual({ ok: true, value: { key: 'a', value: 1 } });
    expect(b).toEqual({ ok: true, value: { key: 'b', value: 'two' } });
    expect(info.ok && (info.value as { host: string }).host).toBe('electron');
  });

  it('validates in the core: bad input and unknown calls come back as typed errors', async () => {
    const { client } = withCore();
    const bad = await client.call('jobs.get', { id: 'seven' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('bad_request');
      expect(bad.error.issues?.[0]?.path).toBe('id');
    }
    const unknown = await client.call('nope.nothing', {});
    expect(unknown).toEqual({ ok: false, error: { code: 'unknown_call', message: 'unknown call: nope.nothing' } });
    // Shell-only calls have no handler in the core.
    const dialog = await client.call('dialog.openFiles', {});
    expect(!dialog.ok && dialog.error.code).toBe('unsupported');
  });

  it('forwards core events to the main side', async () => {
    const { client, core } = withCore();
    await client.ready;
    const got = new Promise<[string, unknown]>((resolve) => client.onEvent((name, payload) => resolve([name, payload])));
    core().bus.emit('documents.changed', { reason: 'test' });
    expect(await got).toEqual(['documents.changed', { reason: 'test' }]);
  });

  it('shuts down cleanly: the database is closed and later calls fail fast', async () => {
    const { client, served, core } = withCore();
    await client.ready;
    expect(await client.shutdown(5000)).toBe(true);
    await served.done;
    expect(core().store.db.open).toBe(false);
    const after = await client.call('app.info', {});
    expect(after).toEqual({ ok: false, error: { code: 'internal', message: 'the core has shut down' } });
  });

  it('a core that cannot open reports fatal, and calls get that error instead of hanging', async () => {
    const { client } = connect(() => {
      throw new Error('The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115');
    });
    await expect(client.ready).rejects.toThrow(/NODE_MODULE_VERSION/);
    const r = await client.call('app.info', {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/NODE_MODULE_VERSION/);
  });

  it('when the process dies, pending calls are answered with an error', async () => {
    const { port1, port2 } = new MessageChannel();
    cleanups.push(() => {
      port1.close();
      port2.close();
    });
    const client = new CoreClient(endpoint<unknown, ToCore>(port1)); // nobody serves port2
    const pending = client.call('app.info', {});
    client.fail('the core process exited (code 9)');
    expect(await pending).toEqual({ ok: false, error: { code: 'internal', message: 'the core process exited (code 9)' } });
  });
});

describe('message guards and arguments', () => {
  it('accepts only well-formed messages', () => {
    expect(isToCore({ kind: 'call', id: 1, name: 'app.info', input: {} })).toBe(true);
    expect(isToCore({ kind: 'call', id: '1', name: 'app.info' })).toBe(false);
    expect(isToCore({ kind: 'exec', id: 1 })).toBe(false);
    expect(isToCore(null)).toBe(false);
    expect(isFromCore({ kind: 'event', name: 'job.progress', payload: {} })).toBe(true);
    expect(isFromCore({ kind: 'event', name: 'toString', payload: {} })).toBe(false);
    expect(isFromCore({ kind: 'result', id: 1, result: { ok: true, value: 1 } })).toBe(true);
    expect(isFromCore({ kind: 'result', id: 1 })).toBe(false);
  });

  it('round-trips the utility process arguments', () => {
    const args = coreArgs({ dbPath: '/data/x y/graphwright.db', dataDir: '/data/x y' });
    expect(parseCoreArgs(args)).toEqual({ dbPath: '/data/x y/graphwright.db', dataDir: '/data/x y' });
    expect(parseCoreArgs(['--inspect', '--db='])).toEqual({});
  });
});
