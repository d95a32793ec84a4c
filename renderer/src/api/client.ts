// The renderer's only way to the core: the contract, over window.api (Electron) or HTTP + SSE (headless host).
import { calls, events, transport, type CallInput, type CallName, type CallOutput, type EventName, type EventPayload } from '../../../shared/contract';
import { unwrap, type CallResult } from '../../../shared/dispatch';
import { ApiError } from '../../../shared/errors';
import type { GraphwrightBridge } from '../../../shared/window-api';

export type EventListener = (name: EventName, payload: unknown) => void;

export interface Transport {
  kind: 'electron' | 'http';
  call(name: CallName, input: unknown): Promise<CallResult>;
  subscribe(listener: EventListener): () => void;
  /** Headless host only: fetch a file the core exported into its data folder's exports/ (name relative to it). */
  download?(name: string): Promise<Blob>;
}

export function bridgeTransport(bridge: GraphwrightBridge): Transport {
  return {
    kind: 'electron',
    call: (name, input) => bridge.call(name, input),
    subscribe: (listener) => bridge.onEvent((name, payload) => listener(name as EventName, payload)),
  };
}

export function httpTransport(token: string, base = ''): Transport {
  let source: EventSource | null = null;
  const listeners = new Set<EventListener>();
  const connect = () => {
    source = new EventSource(`${base}${transport.httpEventsPath}?${transport.tokenQuery}=${encodeURIComponent(token)}`);
    for (const name of Object.keys(events) as EventName[]) {
      source.addEventListener(name, (e) => {
        let payload: unknown;
        try {
          payload = JSON.parse((e as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const l of listeners) l(name, payload);
      });
    }
  };
  return {
    kind: 'http',
    async call(name, input) {
      let res: Response;
      try {
        res = await fetch(`${base}${transport.httpCallPath(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [transport.tokenHeader]: token },
          body: JSON.stringify(input ?? {}),
        });
      } catch (err) {
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
      if (!source) connect();
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
}

export function createClient(t: Transport): ApiClient {
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
  };
}

/** Pick the transport for where the renderer runs. */
export function detectClient(): ApiClient {
  const w = window as unknown as { api?: GraphwrightBridge };
  if (w.api) return createClient(bridgeTransport(w.api));
  const token = new URLSearchParams(window.location.search).get(transport.tokenQuery) ?? '';
  return createClient(httpTransport(token));
}
