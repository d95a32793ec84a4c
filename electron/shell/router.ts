// What the IPC invoke handler does, without Electron: check the sender, validate through the
// contract, answer shell calls (dialogs) in main, forward the rest to the core process.
import fs from 'node:fs';
import path from 'node:path';
import { calls, isCallName, type CallName, type FileFilter, type OpenDialogResult, type SaveDialogResult, type shellCalls } from '../../shared/contract';
import { dispatch, type CallResult, type Handlers, type HandlersOf } from '../../shared/dispatch';
import { zodIssues } from '../../shared/errors';
import { isTrustedRendererUrl } from './security';
import type { GrantSpec } from '../core/grants';

interface Sender {
  /** URL of the frame that sent the message (event.senderFrame.url); null when it is gone. */
  url: string | null | undefined;
  /** True when the sender is a top-level frame (no parent). */
  topLevel: boolean;
}

interface RouterOptions {
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

/**
 * What the user's choice in a dialog grants the renderer (docs/SECURITY.md): the files or folders
 * picked to read; the save-as path to create, or to replace (the native dialog asked first).
 */
function grantsForOpen(result: OpenDialogResult, folders: boolean, remember = false): GrantSpec[] {
  return result.canceled
    ? []
    : result.paths.map((p) => ({ path: p, modes: ['read'], source: 'dialog', folder: folders, ...(folders && remember ? { persist: true } : {}) }));
}
function grantsForSave(result: SaveDialogResult): GrantSpec[] {
  return result.canceled || !result.path ? [] : [{ path: result.path, modes: ['create', 'write'], source: 'dialog', folder: false }];
}

/** Dialogs answered in main; each result is granted (in the core) before the renderer sees it. */
export function grantingDialogHandlers(
  dialogs: {
    openFiles(input: { title?: string; folders?: boolean; multiple?: boolean; filters?: FileFilter[]; remember?: boolean }): Promise<OpenDialogResult>;
    saveFile(input: { title?: string; defaultName?: string; filters?: FileFilter[] }): Promise<SaveDialogResult>;
    /** The native question whether data may be sent to an endpoint (the whole URL shown, Cancel the default): true when allowed. */
    confirmEndpoint(input: { url: string; purpose?: string }): Promise<boolean>;
  },
  grant: (grants: GrantSpec[]) => Promise<unknown>,
  grantEndpoint: (url: string) => Promise<unknown>,
): HandlersOf<typeof shellCalls> {
  return {
    'dialog.openFiles': async (input) => {
      const r = await dialogs.openFiles(input);
      const g = grantsForOpen(r, Boolean(input.folders), input.remember);
      if (g.length) await grant(g);
      return r;
    },
    'dialog.saveFile': async (input) => {
      const r = await dialogs.saveFile(input);
      const g = grantsForSave(r);
      if (g.length) await grant(g);
      return r;
    },
    // the renderer only names the endpoint: the user's answer to main's own question grants it
    'dialog.grantEndpoint': async (input) => {
      if (!(await dialogs.confirmEndpoint(input))) return { granted: false };
      await grantEndpoint(input.url);
      return { granted: true };
    },
  };
}

/**
 * A drop on the window: the preload turns the dropped File into its path (webUtils.getPathForFile,
 * which gives '' for a File the page made itself) and asks main to grant it. Main checks the sender
 * and that the path is an existing absolute path, then grants it for reading. Returns whether it did.
 */
export function createDropGrant(options: { grant(grants: GrantSpec[]): unknown; devOrigins?: readonly string[] }) {
  return function grantDrop(sender: Sender, p: unknown): boolean {
    if (!sender.topLevel || !isTrustedRendererUrl(sender.url, options.devOrigins ?? [])) return false;
    if (typeof p !== 'string' || !p || p.length > 4096 || !path.isAbsolute(p) || !fs.existsSync(p)) return false;
    options.grant([{ path: p, modes: ['read'], source: 'drop' }]);
    return true;
  };
}
