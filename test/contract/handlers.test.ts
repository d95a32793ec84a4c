// Every contract call has exactly one handler in each host: the core's handler factories
// (electron/core/api/*.ts, every exported `...Handlers` function, found by listing the folder) answer
// each call once, core.ts wires every factory in, and the Electron main process answers only the
// calls that need a window or the keychain. A call added to shared/contract without a handler, or
// handled by two factories (the later spread silently winning), fails here.
// (Each factory is also typed HandlersOf<typeof <area>Calls>, so most of this fails typecheck first;
// this test still catches two factories answering one call, and checks what main answers in the core's place.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { callNames, shellCalls, type CallName } from '../../shared/contract';
import { grantingDialogHandlers } from '../../electron/shell/router';
import { secretHandlers, type SecretVault } from '../../electron/shell/secrets';
import { databaseMainHandlers } from '../../electron/shell/databases';
import { tmpDir } from '../helpers/tmp';

const API = path.resolve(import.meta.dirname, '..', '..', 'electron', 'core', 'api');

/** Calls the Electron main process answers in place of the core, and why. */
const MAIN_OVERRIDES: Record<string, string> = {
  'publish.secrets': 'the keychain (safeStorage) lives in main; the core answers it where the host keeps no secrets',
  'publish.secret.set': 'as publish.secrets',
  'databases.list': 'main knows which database its core process serves, and can switch it',
  'databases.create': 'main restarts the core process on the new database (it cannot restart itself)',
  'databases.open': 'as databases.create',
};

const t = tmpDir('gw-handlers-');
let core: Core;
/** Which factory answers each call: `file.ts:factoryName`. */
const byCall = new Map<string, string[]>();

beforeAll(async () => {
  core = new Core({ dbPath: path.join(t.dir, 'handlers.db'), startJobs: false });
  for (const file of fs
    .readdirSync(API)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(path.join(API, file))) as Record<string, unknown>;
    for (const [name, factory] of Object.entries(mod)) {
      if (!name.endsWith('Handlers') || typeof factory !== 'function') continue;
      for (const call of Object.keys((factory as (c: Core) => object)(core))) byCall.set(call, [...(byCall.get(call) ?? []), `${file}:${name}`]);
    }
  }
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

const mainHandlerNames = (): string[] => {
  const vault = {} as SecretVault;
  const dialogs = grantingDialogHandlers(
    { openFiles: async () => ({ canceled: true, paths: [] }), saveFile: async () => ({ canceled: true, path: null }), confirmEndpoint: async () => false },
    async () => undefined,
    async () => undefined,
  );
  const databases = databaseMainHandlers({ dataDir: t.dir, current: () => '', switchTo: async () => undefined });
  return [...Object.keys(dialogs), ...Object.keys(secretHandlers(vault, async () => ({ ok: true, value: null }))), ...Object.keys(databases)].sort();
};

describe('contract calls and their handlers', () => {
  it('finds the handler factories', () => {
    expect(byCall.size).toBeGreaterThan(callNames.length / 2);
  });

  it('no call is answered by two core handler factories', () => {
    const twice = [...byCall].filter(([, where]) => where.length > 1).map(([call, where]) => `${call}: ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('every core handler answers a call of the contract', () => {
    expect([...byCall.keys()].filter((c) => !callNames.includes(c as CallName))).toEqual([]);
  });

  it('core.ts wires in every factory, and the renderer-facing handlers are the same calls', () => {
    expect(Object.keys(core.handlers).sort()).toEqual([...byCall.keys()].sort());
    expect(Object.keys(core.guardedHandlers).sort()).toEqual(Object.keys(core.handlers).sort());
  });

  it('the HTTP host and the CLI (the core alone) answer every call but the native dialogs', () => {
    const shellOnly = Object.keys(shellCalls);
    const missing = callNames.filter((c) => !byCall.has(c) && !shellOnly.includes(c));
    expect(missing, 'calls with no handler in electron/core/api').toEqual([]);
    expect(
      shellOnly.filter((c) => byCall.has(c)),
      'dialog calls need a window: only the Electron shell answers them',
    ).toEqual([]);
  });

  it('the Electron window answers every call once: main answers the dialogs and the listed overrides, the core the rest', () => {
    const main = mainHandlerNames();
    expect(main.filter((c) => byCall.has(c)).sort(), 'calls main answers in place of the core').toEqual(Object.keys(MAIN_OVERRIDES).sort());
    expect(callNames.filter((c) => !byCall.has(c) && !main.includes(c))).toEqual([]);
  });
});
