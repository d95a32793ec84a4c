import type { CallResult } from './dispatch';

/**
 * What the Electron preload exposes as `window.api` (contextBridge). It carries contract calls
 * and events only; results keep the CallResult shape so the renderer unwraps them like HTTP ones.
 */
export interface GraphwrightBridge {
  call(name: string, input: unknown): Promise<CallResult>;
  /** Subscribe to every core event; returns an unsubscribe function. */
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
  /** process.platform of the main process, for keyboard hints. */
  platform: string;
  /** The absolute path of a dropped File (Electron's webUtils.getPathForFile). */
  pathForFile?(file: File): string;
}
