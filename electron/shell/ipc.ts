// The IPC wiring: ONE invoke channel for every contract call, ONE channel for every event, both
// named by the contract's `transport`. Checks and validation live in router.ts.
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { events, transport, type EventName } from '../../shared/contract';
import type { createRouter } from './router';
import { isTrustedRendererUrl } from './security';

export function registerIpc(route: ReturnType<typeof createRouter>): () => void {
  ipcMain.handle(transport.ipcCallChannel, (event: IpcMainInvokeEvent, name: unknown, input: unknown) => {
    const frame = event.senderFrame;
    return route({ url: frame?.url, topLevel: !!frame && frame.parent === null }, name, input);
  });
  return () => ipcMain.removeHandler(transport.ipcCallChannel);
}

/**
 * Push an event to every Graphwright window. The payload is checked against the contract first;
 * a window showing anything but our renderer gets nothing.
 */
export function broadcastEvent(name: EventName, payload: unknown, devOrigins: readonly string[] = []): void {
  const parsed = events[name].safeParse(payload);
  if (!parsed.success) {
    console.error(`graphwright: dropped invalid ${name} event: ${parsed.error.message}`);
    return;
  }
  for (const win of BrowserWindow.getAllWindows()) {
    const wc = win.webContents;
    if (wc.isDestroyed() || !isTrustedRendererUrl(wc.getURL(), devOrigins)) continue;
    wc.send(transport.ipcEventChannel, name, parsed.data);
  }
}
