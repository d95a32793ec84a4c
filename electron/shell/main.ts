// The Electron main process: app lifecycle, one hardened window, the custom app:// scheme that
// serves the built renderer, IPC, menus. The core runs in a utility process (core-process.ts).
import { BrowserWindow, app, dialog, protocol, safeStorage, session } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { defaultDataDir, defaultDbPath } from '../core/paths';
import { startCoreProcess, type CoreConnection } from './core-connection';
import { dialogHandlers } from './dialogs';
import { broadcastEvent, registerIpc } from './ipc';
import { installMenu } from './menu';
import { createDropGrant, createRouter } from './router';
import { APP_SCHEME, CONTENT_SECURITY_POLICY, mimeType, resolveRendererFile, withSecurityHeaders } from './security';
import { createMainWindow, hardenWebContents } from './window';
import { coreFailureHelp } from './messages';
import { SECRETS_FILE, SecretVault, secretHandlers } from './secrets';
import { CoreHolder, databaseEvent, databaseMainHandlers, rememberOpened, startDatabase } from './databases';

app.setName('Graphwright');
app.enableSandbox();
// Before 'ready': app:// behaves like https (standard origin, secure context) for the renderer.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  run();
}

async function serveRenderer(root: string, request: Request): Promise<Response> {
  const file = resolveRendererFile(root, request.url);
  if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response('not found', { status: 404 });
  try {
    const body = await fs.promises.readFile(file);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'content-type': mimeType(file),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  } catch {
    // unreadable or missing: the renderer sees a plain 404
    return new Response('not found', { status: 404 });
  }
}

function run(): void {
  const dataDir = defaultDataDir();
  // the database open last (File > Open database…), while it is still there; else the default one
  const dbPath = startDatabase(dataDir, defaultDbPath(dataDir));
  const rendererRoot = path.join(app.getAppPath(), 'dist', 'renderer');
  const iconPath = path.join(app.getAppPath(), 'assets', 'icon.png');
  let mainWindow: BrowserWindow | null = null;
  let core: CoreHolder<CoreConnection & { ready: Promise<unknown> }> | null = null;
  let quitting = false;

  const getWindow = () => BrowserWindow.getFocusedWindow() ?? mainWindow;
  const openWindow = () => {
    const win = createMainWindow({ iconPath: fs.existsSync(iconPath) ? iconPath : undefined });
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    return win;
  };

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) mainWindow = openWindow();
  });
  app.on('before-quit', (event) => {
    if (quitting || !core) return;
    // Let running jobs save their checkpoint and the database close cleanly first.
    event.preventDefault();
    quitting = true;
    void core.current.stop(5000).finally(() => app.quit());
  });

  app
    .whenReady()
    .then(() => {
      fs.mkdirSync(dataDir, { recursive: true });
      if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) {
        dialog.showErrorBox('Graphwright is not built', `No renderer in ${rendererRoot}.\nRun npm run build:renderer (npm start does it for you).`);
        app.exit(1);
        return;
      }

      const ses = session.defaultSession;
      ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
      ses.setPermissionCheckHandler(() => false);
      ses.setDevicePermissionHandler(() => false);
      // no spellchecker, so no dictionary is fetched from a CDN (WEB_PREFERENCES.spellcheck is off too)
      ses.setSpellCheckerEnabled(false);
      ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) }));
      ses.protocol.handle(APP_SCHEME, (request) => serveRenderer(rendererRoot, request));

      // SPARQL passwords: encrypted by the OS keychain in the user data folder (never the database);
      // decrypted here and handed to the core process, which holds them in memory only.
      const vault = new SecretVault(path.join(app.getPath('userData'), SECRETS_FILE), safeStorage);
      // One core process per open database: File > New/Open database stops it and starts another.
      const startCore = (file: string) => {
        const connection: CoreConnection & { ready: Promise<unknown> } = Object.assign(
          startCoreProcess({
            dataDir,
            dbPath: file,
            onExit: (code) => {
              if (!quitting && core?.isCurrent(connection)) dialog.showErrorBox('The Graphwright core stopped', coreFailureHelp(`exit code ${code}`));
            },
          }),
          { ready: Promise.resolve() as Promise<unknown> },
        );
        connection.ready = connection.client.ready;
        // Always one push at start, even empty: the core starts its jobs after it (core-process.ts).
        void vault
          .entries()
          .then(({ entries, unreadable }) => {
            if (unreadable.length) console.error(`graphwright: stored SPARQL passwords that no longer decrypt (set them again): ${unreadable.join(', ')}`);
            return entries;
          })
          .catch((err: Error) => {
            console.error(`graphwright: ${err.message}`);
            return [];
          })
          .then((entries) => connection.client.secrets(entries));
        connection.client.onEvent((name, payload) => broadcastEvent(name, payload));
        connection.client.ready.catch((err: Error) => {
          if (!quitting && core?.isCurrent(connection)) dialog.showErrorBox('Graphwright could not open its database', coreFailureHelp(err.message));
        });
        return connection;
      };
      const holder = new CoreHolder(startCore, dbPath, (file) => {
        rememberOpened(dataDir, file);
        broadcastEvent('app.database', databaseEvent(file));
      });
      core = holder;
      rememberOpened(dataDir, dbPath);
      const switchDatabase = (file: string) => holder.switchTo(file);

      // The renderer is an untrusted caller: its paths reach the core only as grants, which main
      // issues for what the user picked in a dialog or dropped on the window (docs/SECURITY.md).
      const grant = (grants: Parameters<CoreConnection['client']['grant']>[0]) => holder.current.client.grant(grants);
      const route = createRouter({
        mainHandlers: {
          // an endpoint the user allowed in main's own question is granted for good, as the core's trusted caller
          ...dialogHandlers(getWindow, grant, (url) => holder.current.client.call('endpoints.grant', { url, remember: true }, 'user')),
          ...secretHandlers(vault, (entries) => holder.current.client.secrets(entries)),
          // by name in the data folder, like the browser host; main restarts the core on the other database
          ...databaseMainHandlers({ dataDir, current: () => holder.dbPath, switchTo: switchDatabase }),
        },
        forward: (name, input) => holder.current.client.call(name, input, 'renderer'),
      });
      registerIpc(route, createDropGrant({ grant }));
      installMenu({
        getWindow,
        send: (command) => broadcastEvent('app.menu', command),
        call: (name, input) => holder.current.client.call(name, input, 'user'), // main's own calls (File > Import with its dialog's paths); the core validates them
        dataDir,
        switchDatabase,
      });
      mainWindow = openWindow();
    })
    .catch((err: Error) => {
      dialog.showErrorBox('Graphwright failed to start', err.stack ?? err.message);
      app.exit(1);
    });
}
