// The application menu as data (pure, no 'electron' import at runtime, so it is unit-tested).
import type { MenuItemConstructorOptions } from 'electron';
import type { AppView, MenuCommand } from '../../shared/contract';
import { APP_VIEWS, viewDigit } from '../../shared/contract/shell';

export interface MenuActions {
  /** Open the import dialog, then ingest the picked files (a job) and show Documents. */
  importDocuments(): void;
  /** A save dialog for a new database file, then switch to it (the window stays, its views reload). */
  newDatabase(): void;
  /** An open dialog for a database file, then switch to it. */
  openDatabase(): void;
  /** Send a command to the window (undo, redo, navigate). */
  command(command: MenuCommand): void;
  showAbout(): void;
  openDataFolder(): void;
}

interface MenuContext {
  isMac: boolean;
  /** Development build: reload and developer tools entries. */
  isDev: boolean;
  appName: string;
}

/** The View menu's entries: the sidebar's views in its order (the contract's one list). */
const VIEW_ENTRIES: { view: AppView; label: string }[] = APP_VIEWS.map((v) => ({ view: v.id, label: v.label }));

export function menuTemplate(actions: MenuActions, ctx: MenuContext): MenuItemConstructorOptions[] {
  const sep: MenuItemConstructorOptions = { type: 'separator' };
  const template: MenuItemConstructorOptions[] = [];
  if (ctx.isMac) {
    template.push({
      label: ctx.appName,
      submenu: [
        { label: `About ${ctx.appName}`, click: () => actions.showAbout() },
        sep,
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => actions.command({ command: 'navigate', view: 'settings' }) },
        sep,
        { role: 'services' },
        sep,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        sep,
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      { id: 'new-database', label: 'New database…', accelerator: 'CmdOrCtrl+N', click: () => actions.newDatabase() },
      { id: 'open-database', label: 'Open database…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.openDatabase() },
      sep,
      { id: 'import', label: 'Import documents…', accelerator: 'CmdOrCtrl+O', click: () => actions.importDocuments() },
      { id: 'export', label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => actions.command({ command: 'navigate', view: 'export' }) },
      sep,
      ...(ctx.isMac
        ? []
        : [
            {
              label: 'Settings',
              accelerator: 'CmdOrCtrl+,',
              click: () => actions.command({ command: 'navigate', view: 'settings' }),
            } as MenuItemConstructorOptions,
            sep,
          ]),
      ctx.isMac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  template.push({
    label: 'Edit',
    submenu: [
      // The keys stay with the page (registerAccelerator: false): text fields undo typing, the
      // renderer binds Ctrl+Z to history.undo as in the browser. A click goes through the preload:
      // native undo in a focused text field, else history.undo / history.redo via the contract.
      { id: 'undo', label: 'Undo', accelerator: 'CmdOrCtrl+Z', registerAccelerator: false, click: () => actions.command({ command: 'undo' }) },
      {
        id: 'redo',
        label: 'Redo',
        accelerator: ctx.isMac ? 'Shift+Cmd+Z' : 'Ctrl+Shift+Z',
        registerAccelerator: false,
        click: () => actions.command({ command: 'redo' }),
      },
      sep,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  });
  template.push({
    label: 'View',
    submenu: [
      ...VIEW_ENTRIES.map((e, i): MenuItemConstructorOptions => ({
        id: `view-${e.view}`,
        label: e.label,
        accelerator: `CmdOrCtrl+${viewDigit(i)}`,
        click: () => actions.command({ command: 'navigate', view: e.view }),
      })),
      sep,
      ...(ctx.isDev ? [{ role: 'reload' } as MenuItemConstructorOptions, { role: 'toggleDevTools' } as MenuItemConstructorOptions, sep] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
    ],
  });
  if (ctx.isMac) template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: [
      { id: 'data-folder', label: 'Show data folder', click: () => actions.openDataFolder() },
      ...(ctx.isMac ? [] : [sep, { id: 'about', label: `About ${ctx.appName}`, click: () => actions.showAbout() } as MenuItemConstructorOptions]),
    ],
  });
  return template;
}
