// Sandboxed preload (bundled to dist-electron/preload.cjs): exposes window.api and nothing else.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { GRANT_DROP_CHANNEL, createBridge } from './bridge';

const TEXT_INPUTS = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/** Native undo/redo of typing, when an editable field has the focus. */
function nativeEdit(command: 'undo' | 'redo'): boolean {
  const el = document.activeElement;
  if (!el) return false;
  const editable =
    (el instanceof HTMLTextAreaElement && !el.readOnly && !el.disabled) ||
    (el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type) && !el.readOnly && !el.disabled) ||
    (el instanceof HTMLElement && el.isContentEditable);
  if (!editable) return false;
  document.execCommand(command);
  return true;
}

const api = createBridge({
  invoke: (channel, name, input) => ipcRenderer.invoke(channel, name, input),
  // The IpcRendererEvent (with its sender) never reaches the page.
  subscribe: (channel, listener) => ipcRenderer.on(channel, (_event, name: unknown, payload: unknown) => listener(name, payload)),
  platform: process.platform,
  pathForFile: (file) => webUtils.getPathForFile(file),
  grantDropped: (path) => ipcRenderer.sendSync(GRANT_DROP_CHANNEL, path) === true,
  nativeEdit,
});

contextBridge.exposeInMainWorld('api', api);
