// What the IPC invoke handler does, without Electron: check the sender, validate through the
// contract, answer shell calls (dialogs) in main, forward the rest to the core process.
import { calls, isCallName, type CallName } from '../../shared/contract';
import { dispatch, type CallResult, type Handlers } from '../../shared/dispatch';
import { zodIssues } from '../../shared/errors';
import { isTrustedRendererUrl } from './security';

export interface Sender {
  /** URL of the frame that sent the message (event.senderFrame.url); null when it is gone. */
  url: string | null | undefined;
  /** True when the sender is a top-level frame (no parent). */
  topLevel: boolean;
}

export interface RouterOptions {
  /** Calls answered in the main process (they need a window or a native dialog). */
  mainHandlers: Partial<Handlers>;
  /** Send a validated call on to the core. */
  forward(name: CallName, input: unknown): Promise<CallResult>;
  /** Extra trusted origins (a dev server in development only). */
  devOrigins?: readonly string[];
}

export function createRouter(options: RouterOptions) {
  const devOrigins = options.devOrigins ?? [];
  return async function route(sender: Sender, name: unknown, input: unknown): Promise<CallResult> {
    if (!sender.topLevel || !isTrustedRendererUrl(sender.url, devOrigins)) {
      return { ok: false, error: { code: 'unauthorized', message: 'call refused: it does not come from the Graphwright window' } };
    }
    if (!isCallName(name)) return { ok: false, error: { code: 'unknown_call', message: `unknown call: ${String(name)}` } };
    if (Object.prototype.hasOwnProperty.call(options.mainHandlers, name)) return dispatch(options.mainHandlers, name, input);
    const parsed = calls[name].input.safeParse(input ?? {});
    if (!parsed.success) {
      return { ok: false, error: { code: 'bad_request', message: `invalid input for ${name}`, issues: zodIssues(parsed.error) } };
    }
    try {
      // The raw input goes on: the core parses it again with the same schema (and its defaults).
      return await options.forward(name, input ?? {});
    } catch (err) {
      return { ok: false, error: { code: 'internal', message: (err as Error).message } };
    }
  };
}
