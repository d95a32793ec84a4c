// The main window and the hardening every web contents gets.
import { BrowserWindow, app, dialog, shell, type WebContents } from 'electron';
import path from 'node:path';
import { RENDERER_ENTRY_URL, WEB_PREFERENCES, isAllowedNavigation, openExternalAfterAsking } from './security';

interface WindowOptions {
  iconPath?: string;
}

export function createMainWindow(options: WindowOptions = {}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Graphwright',
    backgroundColor: '#ffffff',
    icon: options.iconPath,
    webPreferences: { ...WEB_PREFERENCES, preload: path.join(import.meta.dirname, 'preload.cjs') },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(RENDERER_ENTRY_URL);
  return win;
}

/** Applied to every web contents the app creates (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents, devOrigins: readonly string[] = []): void {
  // No navigation away from the renderer: links open in the system browser instead.
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isAllowedNavigation(url, devOrigins)) return;
    event.preventDefault();
    void openExternalAfterAsking(url, askToOpen, (u) => shell.openExternal(u));
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url, devOrigins)) event.preventDefault();
  });
  // No new windows, ever.
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalAfterAsking(url, askToOpen, (u) => shell.openExternal(u));
    return { action: 'deny' };
  });
  // No <webview>.
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // No devtools in a packaged build.
  if (app.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools());
}

/** A native question naming the whole URL; Cancel is the default. */
async function askToOpen(url: string): Promise<boolean> {
  const parent = BrowserWindow.getFocusedWindow();
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Open this link in your web browser?',
    detail: url,
  };
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 0;
}
