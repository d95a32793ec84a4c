// Native dialogs, and the contract calls that use them (answered in main, never by the core).
import { dialog, type BrowserWindow, type FileFilter as ElectronFileFilter, type OpenDialogOptions } from 'electron';
import type { HandlersOf } from '../../shared/dispatch';
import type { FileFilter, OpenDialogResult, SaveDialogResult, shellCalls } from '../../shared/contract';
import type { GrantSpec } from '../core/grants';
import { grantingDialogHandlers } from './router';

/** What the import dialog offers by default; ingestion decides what it can read. */
export const DOCUMENT_FILTERS: FileFilter[] = [
  {
    name: 'Documents',
    extensions: [
      'pdf',
      'docx',
      'doc',
      'odt',
      'rtf',
      'html',
      'htm',
      'xhtml',
      'md',
      'markdown',
      'txt',
      'text',
      'rst',
      'adoc',
      'tex',
      'epub',
      'xml',
      'json',
      'csv',
    ],
  },
  { name: 'All files', extensions: ['*'] },
];

export interface OpenOptions {
  title?: string;
  folders?: boolean;
  multiple?: boolean;
  filters?: FileFilter[];
}

export async function openFiles(win: BrowserWindow | null, options: OpenOptions = {}): Promise<OpenDialogResult> {
  const properties: OpenDialogOptions['properties'] = [options.folders ? 'openDirectory' : 'openFile'];
  if (options.multiple !== false) properties.push('multiSelections');
  const dialogOptions: OpenDialogOptions = {
    title: options.title ?? (options.folders ? 'Choose folders' : 'Choose files'),
    properties,
    filters: options.folders ? undefined : (options.filters as ElectronFileFilter[] | undefined),
  };
  const result = win ? await dialog.showOpenDialog(win, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  return { canceled: result.canceled, paths: result.canceled ? [] : result.filePaths };
}

export async function saveFile(
  win: BrowserWindow | null,
  options: { title?: string; defaultName?: string; filters?: FileFilter[] } = {},
): Promise<SaveDialogResult> {
  const dialogOptions = { title: options.title ?? 'Save as', defaultPath: options.defaultName, filters: options.filters as ElectronFileFilter[] | undefined };
  const result = win ? await dialog.showSaveDialog(win, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
  return { canceled: result.canceled || !result.filePath, path: result.canceled || !result.filePath ? null : result.filePath };
}

/**
 * Whether the user lets data go to an endpoint: a native question showing the whole URL (the
 * renderer only named it), Cancel the default.
 */
export async function confirmEndpoint(win: BrowserWindow | null, input: { url: string; purpose?: string }): Promise<boolean> {
  const options = {
    type: 'question' as const,
    buttons: ['Cancel', 'Allow'],
    defaultId: 0,
    cancelId: 0,
    title: 'Allow an endpoint',
    message: 'Allow Graphwright to send data to this endpoint?',
    detail: `${input.url}\n\n${input.purpose ? `For ${input.purpose}. ` : ''}Document text (extraction), the graph (publishing) or a download request goes there. Only allow a server you trust; you can take it back in Settings.`,
  };
  const r = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
  return r.response === 1;
}

/** The contract's dialog calls, answered in main against the focused window, granting what the user picked. */
export function dialogHandlers(
  getWindow: () => BrowserWindow | null,
  grant: (grants: GrantSpec[]) => Promise<unknown>,
  grantEndpoint: (url: string) => Promise<unknown>,
): HandlersOf<typeof shellCalls> {
  return grantingDialogHandlers(
    {
      openFiles: (input) => openFiles(getWindow(), input),
      saveFile: (input) => saveFile(getWindow(), input),
      confirmEndpoint: (input) => confirmEndpoint(getWindow(), input),
    },
    grant,
    grantEndpoint,
  );
}
