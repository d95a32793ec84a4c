// The IPC wiring: ONE invoke channel for every contract call, ONE channel for every event, both
// named by the contract's `transport`. Checks and validation live in router.ts.
import { BrowserWindow, ipcMain, type IpcMainEvent, type IpcMainInvokeEvent } from 'electron';
import { events, transport, type EventName } from '../../shared/contract';
import type { createDropGrant, createRouter } from './router';
import { isTrustedRendererUrl } from './security';
import { GRANT_DROP_CHANNEL } from './bridge';

export function registerIpc(route: ReturnType<typeof createRouter>, grantDrop?: ReturnType<typeof createDropGrant>): () => void {
  ipcMain.handle(transport.ipcCallChannel, (event: IpcMainInvokeEvent, name: unknown, input: unknown) => {
    const frame = event.senderFrame;
    return route({ url: frame?.url, topLevel: !!frame && frame.parent === null }, name, input);
  });
  const onDrop = (event: IpcMainEvent, p: unknown) => {
    const frame = event.senderFrame;
    event.returnValue = grantDrop ? grantDrop({ url: frame?.url, topLevel: !!frame && frame.parent === null }, p) : false;
  };
  ipcMain.on(GRANT_DROP_CHANNEL, onDrop);
  return () => {
    ipcMain.removeHandler(transport.ipcCallChannel);
    ipcMain.off(GRANT_DROP_CHANNEL, onDrop);
  };
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
