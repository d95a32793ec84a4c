import { z } from 'zod';
import { defineCall } from './define';

// Calls only the Electron shell can answer (native dialogs), and the events its menus send.
// The headless host has no handler for these, so dispatch() answers them with 'unsupported'.

export const FileFilter = z.object({
  name: z.string().min(1).max(100),
  /** Extensions without the dot; '*' for all files. */
  extensions: z
    .array(z.string().regex(/^(\*|[A-Za-z0-9_-]{1,16})$/))
    .min(1)
    .max(50),
});
export type FileFilter = z.infer<typeof FileFilter>;

export const OpenDialogResult = z.object({ canceled: z.boolean(), paths: z.array(z.string()) });
export type OpenDialogResult = z.infer<typeof OpenDialogResult>;
export const SaveDialogResult = z.object({ canceled: z.boolean(), path: z.string().nullable() });
export type SaveDialogResult = z.infer<typeof SaveDialogResult>;

export const shellCalls = {
  'dialog.openFiles': defineCall({
    input: z.object({
      title: z.string().max(200).optional(),
      /** Pick folders instead of files. */
      folders: z.boolean().default(false),
      multiple: z.boolean().default(true),
      filters: z.array(FileFilter).max(20).optional(),
      /** Folders only: keep read access to the picked folders across restarts (Settings). */
      remember: z.boolean().default(false),
    }),
    output: OpenDialogResult,
    summary: 'Native open dialog for files or folders (Electron only)',
  }),
  'dialog.saveFile': defineCall({
    input: z.object({
      title: z.string().max(200).optional(),
      /** Suggested file name (no folders). */
      defaultName: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+$/)
        .optional(),
      filters: z.array(FileFilter).max(20).optional(),
    }),
    output: SaveDialogResult,
    summary: 'Native save-as dialog (Electron only)',
  }),
  'dialog.grantEndpoint': defineCall({
    input: z.object({
      url: z
        .string()
        .max(2048)
        .regex(/^https?:\/\/\S+$/i, 'an http(s) URL'),
      /** What it is for, shown in the question ("extraction", "publishing"). */
      purpose: z.string().max(200).optional(),
    }),
    output: z.object({ granted: z.boolean() }),
    summary: 'Ask the user, in a native question showing the whole URL, whether data may be sent to an endpoint; grants it when they allow (Electron only)',
  }),
};

/**
 * The app's views in the order of the sidebar (the rail): one list, from which the rail, its Alt+digit
 * keys, the shortcut list and the View menu's entries and accelerators all come.
 */
export const APP_VIEWS = [
  { id: 'documents', label: 'Documents' },
  { id: 'review', label: 'Review' },
  { id: 'graph', label: 'Graph' },
  { id: 'concepts', label: 'Concepts' },
  { id: 'schema', label: 'Schema' },
  { id: 'chat', label: 'Chat' },
  { id: 'export', label: 'Export' },
  { id: 'models', label: 'Models' },
  { id: 'evaluation', label: 'Evaluation' },
  { id: 'settings', label: 'Settings' },
] as const;

/** The digit of the view at this place in the sidebar: 1…9, then 0 for the tenth. */
export const viewDigit = (index: number): string => String((index + 1) % 10);

/** The rail's views, which View menu entries open. */
export const AppView = z.enum(APP_VIEWS.map((v) => v.id) as [(typeof APP_VIEWS)[number]['id'], ...(typeof APP_VIEWS)[number]['id'][]]);
export type AppView = z.infer<typeof AppView>;

/**
 * What a menu item asks of the window. Undo/redo are consumed by the preload (native undo in a
 * focused text field, else history.undo / history.redo through the contract); the renderer sees
 * only 'navigate' (File > Import… runs documents.ingest in the shell, then opens Documents).
 */
export const MenuCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('undo') }),
  z.object({ command: z.literal('redo') }),
  z.object({ command: z.literal('navigate'), view: AppView }),
]);
export type MenuCommand = z.infer<typeof MenuCommand>;

export const shellEvents = {
  /** Sent by the Electron main process only (never by the core or the HTTP host). */
  'app.menu': MenuCommand,
};
