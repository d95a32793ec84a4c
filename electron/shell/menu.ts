// The application menu: File > New/Open database…, Import documents… / Export…, Edit (undo/redo through the
// renderer and the contract), View (the rail's views, zoom), Help.
import { Menu, app, dialog, shell, type BrowserWindow } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import type { CallName, MenuCommand } from '../../shared/contract';
import type { CallResult } from '../../shared/dispatch';
import { DOCUMENT_FILTERS, openFiles, saveFile } from './dialogs';
import { DATABASE_FILTERS, databaseFileProblem, newDatabasePath } from './databases';
import { menuTemplate, type MenuActions } from './menu-template';

interface MenuDeps {
  getWindow(): BrowserWindow | null;
  /** Deliver a menu command to the window (the app.menu event). */
  send(command: MenuCommand): void;
  /** Run a contract call in the core (validated like any other). */
  call(name: CallName, input: unknown): Promise<CallResult>;
  dataDir: string;
  /** Switch the core to the database at this path (File > New/Open database). */
  switchDatabase(dbPath: string): Promise<void>;
}

function menuActions(deps: MenuDeps): MenuActions {
  return {
    async importDocuments() {
      const picked = await openFiles(deps.getWindow(), { title: 'Import documents', multiple: true, filters: DOCUMENT_FILTERS });
      if (picked.canceled || picked.paths.length === 0) return;
      // A job: its progress reaches the window as job.progress events.
      const result = await deps.call('documents.ingest', { paths: picked.paths });
      if (!result.ok) {
        dialog.showErrorBox('Import failed', result.error.message);
        return;
      }
      deps.send({ command: 'navigate', view: 'documents' });
    },
    async newDatabase() {
      const picked = await saveFile(deps.getWindow(), {
        title: 'New database',
        defaultName: path.join(deps.dataDir, 'untitled.db'),
        filters: DATABASE_FILTERS,
      });
      if (picked.canceled || !picked.path) return;
      const file = newDatabasePath(picked.path);
      // the save dialog asks before replacing a file, but a database is never emptied here
      if (fs.existsSync(file)) {
        dialog.showErrorBox('The database exists', `${file} exists already: use File > Open database… to open it.`);
        return;
      }
      await deps.switchDatabase(file).catch((err: Error) => dialog.showErrorBox('Could not create the database', err.message));
    },
    async openDatabase() {
      const picked = await openFiles(deps.getWindow(), { title: 'Open database', multiple: false, filters: DATABASE_FILTERS });
      if (picked.canceled || !picked.paths[0]) return;
      const problem = databaseFileProblem(picked.paths[0]);
      if (problem) {
        dialog.showErrorBox('Not a database', problem);
        return;
      }
      await deps.switchDatabase(picked.paths[0]).catch((err: Error) => dialog.showErrorBox('Could not open the database', err.message));
    },
    command: (command) => deps.send(command),
    async showAbout() {
      const win = deps.getWindow();
      const options = {
        type: 'info' as const,
        title: `About ${app.getName()}`,
        message: `${app.getName()} ${app.getVersion()}`,
        detail: `Knowledge graphs from technical documents.\n\nElectron ${process.versions.electron} · Chromium ${process.versions.chrome} · Node ${process.versions.node}\nData: ${deps.dataDir}`,
      };
      if (win) await dialog.showMessageBox(win, options);
      else await dialog.showMessageBox(options);
    },
    async openDataFolder() {
      const error = await shell.openPath(deps.dataDir);
      if (error) dialog.showErrorBox('Cannot open the data folder', `${deps.dataDir}\n\n${error}`);
    },
  };
}

export function installMenu(deps: MenuDeps): void {
  const template = menuTemplate(menuActions(deps), { isMac: process.platform === 'darwin', isDev: !app.isPackaged, appName: app.getName() });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
