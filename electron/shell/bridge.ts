// The window.api object, built from injected transport functions (pure: preload.ts wires it to
// ipcRenderer, the tests to fakes). Only contract call and event names get through.
import { events, isCallName, transport } from '../../shared/contract';
import type { CallResult } from '../../shared/dispatch';
import type { GraphwrightBridge } from '../../shared/window-api';

/** The one synchronous channel: the preload asks main to grant the path of a dropped File. */
export const GRANT_DROP_CHANNEL = 'graphwright:grant-drop';

export interface BridgeDeps {
  invoke(channel: string, name: string, input: unknown): Promise<unknown>;
  /** Subscribe to the event channel; the listener gets (name, payload). */
  subscribe(channel: string, listener: (name: unknown, payload: unknown) => void): void;
  platform: string;
  pathForFile?(file: File): string;
  /** Ask main to grant a dropped file's path for reading (synchronous, so the next call sees it); true when granted. */
  grantDropped?(path: string): boolean;
  /** Undo/redo typing when a text field has the focus; true when it did. */
  nativeEdit?(command: 'undo' | 'redo'): boolean;
}

function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

export function createBridge(deps: BridgeDeps): GraphwrightBridge {
  const listeners = new Set<(name: string, payload: unknown) => void>();

  deps.subscribe(transport.ipcEventChannel, (name, payload) => {
    if (typeof name !== 'string' || !hasOwn(events, name)) return;
    if (name === 'app.menu') {
      const command = (payload as { command?: unknown } | null)?.command;
      if (command === 'undo' || command === 'redo') {
        // Consumed here, never forwarded (the renderer would undo a second time): typing in a
        // focused field is undone natively, anything else is the graph's history.
        if (deps.nativeEdit?.(command)) return;
        const call = command === 'undo' ? 'history.undo' : 'history.redo';
        if (isCallName(call)) void bridge.call(call, {}).then((r) => r.ok || console.error(`graphwright: ${call} failed: ${r.error.message}`));
        return;
      }
    }
    for (const listener of [...listeners]) {
      try {
        listener(name, payload);
      } catch (err) {
        console.error(`graphwright: ${name} listener failed`, err);
      }
    }
  });

  const bridge: GraphwrightBridge = {
    async call(name: string, input: unknown): Promise<CallResult> {
      if (!isCallName(name)) return { ok: false, error: { code: 'unknown_call', message: `unknown call: ${String(name)}` } };
      try {
        return (await deps.invoke(transport.ipcCallChannel, name, input === undefined ? {} : input)) as CallResult;
      } catch (err) {
        // Input that cannot be cloned, or a main process that went away.
        return { ok: false, error: { code: 'internal', message: (err as Error).message } };
      }
    },
    onEvent(listener) {
      if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    platform: deps.platform,
  };
  if (deps.pathForFile) {
    const pathForFile = deps.pathForFile;
    // A path reaches the core only as a grant: the drop is granted before the page gets the path.
    bridge.pathForFile = (file: File) => {
      const p = pathForFile(file);
      if (!p) return '';
      return deps.grantDropped && !deps.grantDropped(p) ? '' : p;
    };
  }
  return bridge;
}
