// The main process <-> core utility process protocol: small typed request/response messages plus
// event forwarding. Pure (no 'electron' import): the same code runs over Electron's parentPort /
// UtilityProcess and over a Node MessageChannel in the tests.
import type { CallResult } from '../../shared/dispatch';
import { events, type EventName } from '../../shared/contract';
import type { AccessMode, Caller, GrantSpec } from '../core/grants';
import { isSecretEntry, type SecretEntry } from './secrets';

/**
 * Main -> core. A call says who made it: 'renderer' (forwarded from the window: its paths must be
 * granted; the default) or 'user' (the main process itself, e.g. File > Import with the paths its
 * own dialog returned). 'grant' records paths the user chose in main (dialogs, drops).
 */
export type ToCore =
  | { kind: 'call'; id: number; name: string; input: unknown; caller?: Caller }
  | { kind: 'grant'; id: number; grants: GrantSpec[] }
  /** SPARQL logins from the OS keychain (secrets.ts), held in the core process's memory only; null password: forget. */
  | { kind: 'secrets'; id: number; secrets: SecretEntry[] }
  | { kind: 'shutdown'; id: number };

/** Core -> main. */
export type FromCore =
  | { kind: 'ready'; dbPath: string; dataDir: string; pid: number }
  | { kind: 'fatal'; message: string }
  | { kind: 'result'; id: number; result: CallResult }
  | { kind: 'event'; name: EventName; payload: unknown }
  | { kind: 'closed'; id: number };

/** One side of a message pipe, whatever carries it. */
export interface Endpoint<In, Out> {
  post(message: Out): void;
  /** Returns a function that removes the listener. */
  onMessage(listener: (message: In) => void): () => void;
}

/** What the core side needs of Core (a structural subset, so tests may pass a real Core). */
interface CoreLike {
  readonly dbPath: string;
  readonly dataDir: string;
  call(name: unknown, input: unknown, caller?: Caller): Promise<CallResult>;
  /** Where the grants of untrusted callers live (Core.grants). */
  grants?: { add(spec: GrantSpec): unknown };
  bus: { onAny(listener: (name: EventName, payload: unknown) => void): () => void };
  close(): Promise<void>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

const MODES: readonly AccessMode[] = ['read', 'create', 'write'];
const SOURCES: readonly GrantSpec['source'][] = ['dialog', 'drop', 'settings', 'data'];

function isGrantSpec(g: unknown): g is GrantSpec {
  return (
    isObject(g) &&
    typeof g.path === 'string' &&
    g.path.length > 0 &&
    Array.isArray(g.modes) &&
    g.modes.every((m) => MODES.includes(m as AccessMode)) &&
    SOURCES.includes(g.source as GrantSpec['source']) &&
    (g.folder === undefined || typeof g.folder === 'boolean') &&
    (g.persist === undefined || typeof g.persist === 'boolean')
  );
}

export function isToCore(m: unknown): m is ToCore {
  if (!isObject(m) || typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) return false;
  if (m.kind === 'call') return typeof m.name === 'string' && (m.caller === undefined || m.caller === 'user' || m.caller === 'renderer');
  if (m.kind === 'grant') return Array.isArray(m.grants) && m.grants.every(isGrantSpec);
  if (m.kind === 'secrets') return Array.isArray(m.secrets) && m.secrets.every(isSecretEntry);
  return m.kind === 'shutdown';
}

export function isFromCore(m: unknown): m is FromCore {
  if (!isObject(m)) return false;
  switch (m.kind) {
    case 'ready':
      return typeof m.dbPath === 'string' && typeof m.dataDir === 'string';
    case 'fatal':
      return typeof m.message === 'string';
    case 'result':
      return typeof m.id === 'number' && isObject(m.result) && typeof m.result.ok === 'boolean';
    case 'event':
      return typeof m.name === 'string' && Object.prototype.hasOwnProperty.call(events, m.name);
    case 'closed':
      return typeof m.id === 'number';
    default:
      return false;
  }
}

/**
 * The core side: build the core, answer calls, forward every bus event. A core that fails to
 * open (bad database, native module built for the wrong ABI) is reported as 'fatal', and every
 * call is then answered with that error instead of hanging.
 */
export function serveCore(
  endpoint: Endpoint<unknown, FromCore>,
  createCore: () => CoreLike | Promise<CoreLike>,
  hooks: {
    onClosed?: () => void;
    /** Where pushed SPARQL logins go (core-process.ts: the publish secret resolver). */ onSecrets?: (secrets: SecretEntry[]) => void;
  } = {},
): { done: Promise<void> } {
  let core: CoreLike | undefined;
  let fatal: string | undefined;
  let closing: Promise<void> | undefined;
  let unsubscribeBus: (() => void) | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));

  const opened = (async () => {
    try {
      core = await createCore();
      unsubscribeBus = core.bus.onAny((name, payload) => endpoint.post({ kind: 'event', name, payload }));
      endpoint.post({ kind: 'ready', dbPath: core.dbPath, dataDir: core.dataDir, pid: process.pid });
    } catch (err) {
      fatal = err instanceof Error ? err.message : String(err);
      endpoint.post({ kind: 'fatal', message: fatal });
    }
  })();

  const close = () =>
    (closing ??= (async () => {
      await opened;
      unsubscribeBus?.();
      await core?.close();
    })());

  const off = endpoint.onMessage((message) => {
    if (!isToCore(message)) return; // not ours: ignore rather than crash
    if (message.kind === 'shutdown') {
      close().then(
        () => {
          endpoint.post({ kind: 'closed', id: message.id });
          off();
          hooks.onClosed?.();
          resolveDone();
        },
        (err) => {
          endpoint.post({ kind: 'fatal', message: `close failed: ${(err as Error).message}` });
          resolveDone();
        },
      );
      return;
    }
    if (message.kind === 'grant') {
      const { id, grants } = message;
      void (async () => {
        await opened;
        let result: CallResult;
        if (!core?.grants) result = { ok: false, error: { code: 'unsupported', message: 'this core keeps no grants' } };
        else {
          try {
            for (const g of grants) core.grants.add(g);
            result = { ok: true, value: { granted: grants.length } };
          } catch (err) {
            result = { ok: false, error: { code: 'failed', message: `grant failed: ${(err as Error).message}` } };
          }
        }
        endpoint.post({ kind: 'result', id, result });
      })();
      return;
    }
    if (message.kind === 'secrets') {
      const { id, secrets } = message;
      void (async () => {
        await opened;
        let result: CallResult;
        if (!hooks.onSecrets) result = { ok: false, error: { code: 'unsupported', message: 'this core keeps no SPARQL logins' } };
        else {
          hooks.onSecrets(secrets);
          result = { ok: true, value: { logins: secrets.length } };
        }
        endpoint.post({ kind: 'result', id, result });
      })();
      return;
    }
    const { id, name, input } = message;
    const caller: Caller = message.caller ?? 'renderer';
    void (async () => {
      await opened;
      let result: CallResult;
      if (closing) result = { ok: false, error: { code: 'unsupported', message: 'the core is shutting down' } };
      else if (!core) result = { ok: false, error: { code: 'internal', message: `the core failed to start: ${fatal}` } };
      else result = await core.call(name, input, caller); // validates in and out, never throws
      endpoint.post({ kind: 'result', id, result });
    })();
  });

  return { done };
}

interface ReadyInfo {
  dbPath: string;
  dataDir: string;
  pid: number;
}

/**
 * The main side: a promise per call, matched by id; events handed to listeners. When the
 * process dies every pending call is answered with an error (never left hanging).
 */
export class CoreClient {
  private nextId = 1;
  private readonly pending = new Map<number, (result: CallResult) => void>();
  private readonly closedWaiters = new Map<number, () => void>();
  private readonly listeners = new Set<(name: EventName, payload: unknown) => void>();
  private failure: string | undefined;
  private readyInfo: ReadyInfo | undefined;
  private readonly off: () => void;
  readonly ready: Promise<ReadyInfo>;
  private settleReady!: { resolve: (info: ReadyInfo) => void; reject: (err: Error) => void };

  constructor(private readonly endpoint: Endpoint<unknown, ToCore>) {
    this.ready = new Promise<ReadyInfo>((resolve, reject) => (this.settleReady = { resolve, reject }));
    this.ready.catch(() => undefined); // observed through call() results too
    this.off = endpoint.onMessage((m) => this.receive(m));
  }

  get info(): ReadyInfo | undefined {
    return this.readyInfo;
  }

  private receive(m: unknown): void {
    if (!isFromCore(m)) return;
    switch (m.kind) {
      case 'ready':
        this.readyInfo = { dbPath: m.dbPath, dataDir: m.dataDir, pid: m.pid };
        this.settleReady.resolve(this.readyInfo);
        break;
      case 'fatal':
        this.fail(`the core failed: ${m.message}`);
        break;
      case 'result': {
        const settle = this.pending.get(m.id);
        this.pending.delete(m.id);
        settle?.(m.result);
        break;
      }
      case 'event':
        for (const l of this.listeners) l(m.name, m.payload);
        break;
      case 'closed': {
        const w = this.closedWaiters.get(m.id);
        this.closedWaiters.delete(m.id);
        w?.();
        break;
      }
    }
  }

  /**
   * Run a contract call in the core. Never rejects: failures come back as {ok: false}. `caller`
   * 'renderer' (the default) has its paths checked against the grants; 'user' only for calls the
   * main process makes itself.
   */
  call(name: string, input: unknown, caller: Caller = 'renderer'): Promise<CallResult> {
    return this.send((id) => ({ kind: 'call', id, name, input, caller }));
  }

  /**
   * Record paths the user chose in main (a dialog, a drop). The message is posted at once, so a
   * call made after this returns is checked against it (one ordered pipe).
   */
  grant(grants: GrantSpec[]): Promise<CallResult> {
    return this.send((id) => ({ kind: 'grant', id, grants }));
  }

  /** Hand SPARQL logins (decrypted from the keychain by main) to the core's publish secret resolver. */
  secrets(secrets: SecretEntry[]): Promise<CallResult> {
    return this.send((id) => ({ kind: 'secrets', id, secrets }));
  }

  private send(message: (id: number) => ToCore): Promise<CallResult> {
    if (this.failure) return Promise.resolve({ ok: false, error: { code: 'internal', message: this.failure } });
    const id = this.nextId++;
    return new Promise<CallResult>((resolve) => {
      this.pending.set(id, resolve);
      try {
        this.endpoint.post(message(id));
      } catch (err) {
        this.pending.delete(id);
        resolve({ ok: false, error: { code: 'bad_request', message: `input cannot be sent: ${(err as Error).message}` } });
      }
    });
  }

  onEvent(listener: (name: EventName, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The process is gone (or the core reported a fatal error): answer everything pending. */
  fail(reason: string): void {
    this.failure ??= reason;
    this.settleReady.reject(new Error(reason));
    const error = { ok: false as const, error: { code: 'internal' as const, message: reason } };
    for (const settle of this.pending.values()) settle(error);
    this.pending.clear();
    for (const w of this.closedWaiters.values()) w();
    this.closedWaiters.clear();
  }

  /** Ask the core to stop its jobs and close the database; resolves when it has, or after timeoutMs. */
  shutdown(timeoutMs = 5000): Promise<boolean> {
    if (this.failure) return Promise.resolve(false);
    const id = this.nextId++;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.closedWaiters.delete(id);
        resolve(false);
      }, timeoutMs);
      this.closedWaiters.set(id, () => {
        clearTimeout(timer);
        resolve(!this.failure);
      });
      this.endpoint.post({ kind: 'shutdown', id });
    }).finally(() => {
      this.fail('the core has shut down');
      this.off();
    });
  }
}
