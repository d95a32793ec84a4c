// The renderer's only way to the core: the contract, over window.api (Electron) or HTTP + SSE (headless host).
import { calls, events, transport, type CallInput, type CallName, type CallOutput, type EventName, type EventPayload } from '../../../shared/contract';
import { unwrap, type CallResult } from '../../../shared/dispatch';
import { ApiError } from '../../../shared/errors';
import type { GraphwrightBridge } from '../../../shared/window-api';

type EventListener = (name: EventName, payload: unknown) => void;

/** Whether the renderer can reach its host (the headless host only: Electron's bridge is always there). */
export type ConnectionState =
  | { state: 'connected' }
  /** The host did not answer: the next try is at nextTryAt (ms since epoch), after attempt failed tries. */
  | { state: 'reconnecting'; attempt: number; nextTryAt: number }
  /** A host answers at this address but refuses the token (it restarted with a new one). */
  | { state: 'refused'; message: string };

export interface Connection {
  get(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Try now instead of waiting for the next back-off step. */
  retryNow(): void;
}

/** Back-off between reconnection tries: 1 s, 2 s, 4 s … at most 30 s. */
function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

export interface Transport {
  kind: 'electron' | 'http';
  /** Headless host only: the connection's state, for the disconnected banner. */
  connection?: Connection;
  call(name: CallName, input: unknown): Promise<CallResult>;
  subscribe(listener: EventListener): () => void;
  /** Headless host only: fetch a file the core exported into its data folder's exports/ (name relative to it). */
  download?(name: string): Promise<Blob>;
}

function bridgeTransport(bridge: GraphwrightBridge): Transport {
  return {
    kind: 'electron',
    call: (name, input) => bridge.call(name, input),
    subscribe: (listener) => bridge.onEvent((name, payload) => listener(name as EventName, payload)),
  };
}

function httpTransport(token: string, base = ''): Transport {
  let source: EventSource | null = null;
  const listeners = new Set<EventListener>();

  // The connection: while the host is gone, calls fail at once (no request) and one probe runs per
  // back-off step, instead of every poll and the event stream's own retries hitting a closed port.
  let state: ConnectionState = { state: 'connected' };
  const watchers = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const setState = (next: ConnectionState) => {
    state = next;
    for (const w of watchers) w();
  };
  const unreachable = (): CallResult => ({
    ok: false,
    error: { code: 'internal', message: state.state === 'refused' ? state.message : 'the Graphwright host is not reachable (reconnecting)' },
  });
  const schedule = (attempt: number) => {
    if (timer) clearTimeout(timer);
    const delay = reconnectDelay(attempt);
    setState({ state: 'reconnecting', attempt, nextTryAt: Date.now() + delay });
    timer = setTimeout(() => void probe(attempt + 1), delay);
  };
  const lost = () => {
    if (state.state !== 'connected') return;
    if (source) {
      source.close(); // stop EventSource's own retries; the probe reopens it
      source = null;
    }
    schedule(0);
  };
  const probe = async (attempt: number) => {
    timer = null;
    let res: Response;
    try {
      res = await fetch(`${base}${transport.httpCallPath('app.info')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [transport.tokenHeader]: token },
        body: '{}',
      });
    } catch {
      // the host is not reachable yet: try again with backoff
      schedule(attempt);
      return;
    }
    if (res.status === 401) {
      setState({ state: 'refused', message: 'the Graphwright host restarted with a new token: open the URL it printed in its terminal' });
      return;
    }
    if (listeners.size && !source) connect();
    setState({ state: 'connected' });
  };

  const connect = () => {
    source = new EventSource(`${base}${transport.httpEventsPath}?${transport.tokenQuery}=${encodeURIComponent(token)}`);
    source.addEventListener('error', () => {
      // CONNECTING: the browser would retry every few seconds for ever; CLOSED: it gave up.
      if (source && source.readyState !== EventSource.OPEN) lost();
    });
    for (const name of Object.keys(events) as EventName[]) {
      source.addEventListener(name, (e) => {
        let payload: unknown;
        try {
          payload = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          // not an event of ours (a keep-alive, a truncated frame): dropped
          return;
        }
        for (const l of listeners) l(name, payload);
      });
    }
  };
  const connection: Connection = {
    get: () => state,
    subscribe(w) {
      watchers.add(w);
      return () => watchers.delete(w);
    },
    retryNow() {
      if (state.state !== 'reconnecting') return;
      if (timer) clearTimeout(timer);
      void probe(state.attempt + 1);
    },
  };
  return {
    kind: 'http',
    connection,
    async call(name, input) {
      if (state.state !== 'connected') return unreachable();
      let res: Response;
      try {
        res = await fetch(`${base}${transport.httpCallPath(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [transport.tokenHeader]: token },
          body: JSON.stringify(input ?? {}),
        });
      } catch (err) {
        lost();
        return { ok: false, error: { code: 'internal', message: `the Graphwright host is not reachable: ${(err as Error).message}` } };
      }
      try {
        return (await res.json()) as CallResult;
      } catch {
        return { ok: false, error: { code: 'internal', message: `bad response from host (${res.status})` } };
      }
    },
    async download(name) {
      // The token goes in the header (the query string carries it only for the page and the event stream).
      const res = await fetch(`${base}/api/download/${name.split('/').map(encodeURIComponent).join('/')}`, { headers: { [transport.tokenHeader]: token } });
      if (!res.ok) throw new ApiError(res.status === 404 ? 'not_found' : 'failed', `download of ${name} failed (${res.status})`);
      return res.blob();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!source && state.state === 'connected') connect();
      return () => {
        listeners.delete(listener);
        if (!listeners.size && source) {
          source.close();
          source = null;
        }
      };
    },
  };
}

export interface ApiClient {
  kind: 'electron' | 'http';
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
  onAny(listener: EventListener): () => void;
  /** Headless host only (see Transport.download). */
  download?(name: string): Promise<Blob>;
  /** Headless host only (see Transport.connection). */
  connection?: Connection;
}

function createClient(t: Transport): ApiClient {
  return {
    kind: t.kind,
    async call(name, input) {
      // Validate on the way out too: a bad payload is caught before it leaves the renderer.
      const parsed = calls[name].input.safeParse(input ?? {});
      if (!parsed.success) throw new ApiError('bad_request', `invalid input for ${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      return unwrap(name, await t.call(name, input));
    },
    on(name, listener) {
      return t.subscribe((n, payload) => {
        if (n !== name) return;
        const checked = events[name].safeParse(payload);
        if (checked.success) listener(checked.data as EventPayload<typeof name>);
      });
    },
    onAny: (listener) => t.subscribe(listener),
    ...(t.download ? { download: t.download.bind(t) } : {}),
    ...(t.connection ? { connection: t.connection } : {}),
  };
}

/** Pick the transport for where the renderer runs. */
export function detectClient(): ApiClient {
  const w = window as unknown as { api?: GraphwrightBridge };
  if (w.api) return createClient(bridgeTransport(w.api));
  const token = new URLSearchParams(window.location.search).get(transport.tokenQuery) ?? '';
  return createClient(httpTransport(token));
}
