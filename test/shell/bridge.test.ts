// window.api as the preload builds it, over fake IPC: contract names only, CallResult shape kept.
import { describe, expect, it, vi } from 'vitest';
import { createBridge, type BridgeDeps } from '../../electron/shell/bridge';
import { transport } from '../../shared/contract';

function setup(overrides: Partial<BridgeDeps> = {}) {
  let emit: (name: unknown, payload: unknown) => void = () => undefined;
  const invoke = vi.fn(async (_channel: string, name: string, input: unknown) => ({ ok: true, value: { name, input } }));
  const subscribe = vi.fn((channel: string, listener: (name: unknown, payload: unknown) => void) => {
    expect(channel).toBe(transport.ipcEventChannel);
    emit = listener;
  });
  const api = createBridge({ invoke, subscribe, platform: 'linux', ...overrides });
  return { api, invoke, emit: (n: unknown, p: unknown) => emit(n, p) };
}

describe('window.api bridge', () => {
  it('sends contract calls on the one invoke channel and returns the CallResult as is', async () => {
    const { api, invoke } = setup();
    expect(await api.call('app.info', {})).toEqual({ ok: true, value: { name: 'app.info', input: {} } });
    expect(invoke).toHaveBeenCalledWith(transport.ipcCallChannel, 'app.info', {});
    expect(await api.call('jobs.list', undefined)).toEqual({ ok: true, value: { name: 'jobs.list', input: {} } });
    expect(api.platform).toBe('linux');
  });

  it('refuses names outside the contract without touching IPC', async () => {
    const { api, invoke } = setup();
    for (const name of ['fs.readFile', '__proto__', 'constructor', '']) {
      const r = await api.call(name, {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('unknown_call');
    }
    expect(invoke).not.toHaveBeenCalled();
  });

  it('turns IPC failures (uncloneable input, main gone) into an error result', async () => {
    const { api } = setup({ invoke: async () => Promise.reject(new Error('An object could not be cloned.')) });
    expect(await api.call('app.info', { f: () => 1 })).toEqual({ ok: false, error: { code: 'internal', message: 'An object could not be cloned.' } });
  });

  it('delivers contract events only, until unsubscribed', () => {
    const { api, emit } = setup();
    const seen: [string, unknown][] = [];
    const off = api.onEvent((name, payload) => seen.push([name, payload]));
    emit('documents.changed', { reason: 'x' });
    emit('not.an.event', {});
    emit({ evil: true }, {});
    off();
    emit('documents.changed', { reason: 'y' });
    expect(seen).toEqual([['documents.changed', { reason: 'x' }]]);
  });

  it('one failing listener does not stop the others', () => {
    const { api, emit } = setup();
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    api.onEvent(() => {
      throw new Error('boom');
    });
    api.onEvent(good);
    emit('graph.changed', { reason: 'r' });
    expect(good).toHaveBeenCalledWith('graph.changed', { reason: 'r' });
    err.mockRestore();
  });

  it('menu undo/redo: native in a focused text field, else history.undo/redo; never forwarded', async () => {
    let focusInField = true;
    const nativeEdit = vi.fn(() => focusInField);
    const { api, emit, invoke } = setup({ nativeEdit });
    const seen = vi.fn();
    api.onEvent(seen);
    emit('app.menu', { command: 'undo' });
    expect(nativeEdit).toHaveBeenCalledWith('undo');
    expect(invoke).not.toHaveBeenCalled();
    focusInField = false;
    emit('app.menu', { command: 'redo' });
    emit('app.menu', { command: 'undo' });
    await new Promise((r) => setTimeout(r, 0));
    expect(invoke.mock.calls.map((c) => c[1])).toEqual(['history.redo', 'history.undo']);
    expect(seen).not.toHaveBeenCalled();
    emit('app.menu', { command: 'navigate', view: 'graph' });
    expect(seen).toHaveBeenCalledWith('app.menu', { command: 'navigate', view: 'graph' });
  });

  it('exposes pathForFile only where the preload provides it', () => {
    expect(setup().api.pathForFile).toBeUndefined();
    const { api } = setup({ pathForFile: () => '/home/u/a.pdf' });
    expect(api.pathForFile?.({} as File)).toBe('/home/u/a.pdf');
  });
});
