// The application menu as data: entries, accelerators, and what each click asks for.
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate, type MenuActions } from '../../electron/shell/menu-template';
import { MenuCommand, AppView } from '../../shared/contract';
import { APP_VIEWS, viewDigit } from '../../shared/contract/shell';

type MenuItemConstructorOptions = ReturnType<typeof menuTemplate>[number];

function actions() {
  return {
    importDocuments: vi.fn<MenuActions['importDocuments']>(),
    newDatabase: vi.fn<MenuActions['newDatabase']>(),
    openDatabase: vi.fn<MenuActions['openDatabase']>(),
    command: vi.fn<MenuActions['command']>(),
    showAbout: vi.fn<MenuActions['showAbout']>(),
    openDataFolder: vi.fn<MenuActions['openDataFolder']>(),
  };
}

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((m) => [m, ...items(Array.isArray(m.submenu) ? m.submenu : [])]);
}
const byId = (t: MenuItemConstructorOptions[], id: string) => items(t).find((i) => i.id === id)!;
const click = (item: MenuItemConstructorOptions) => (item.click as unknown as () => void)();

describe('application menu', () => {
  it('has File, Edit, View and Help (plus the app and Window menus on macOS)', () => {
    expect(menuTemplate(actions(), { isMac: false, isDev: false, appName: 'Graphwright' }).map((m) => m.label ?? m.role)).toEqual([
      'File',
      'Edit',
      'View',
      'help',
    ]);
    expect(menuTemplate(actions(), { isMac: true, isDev: false, appName: 'Graphwright' }).map((m) => m.label ?? m.role)).toEqual([
      'Graphwright',
      'File',
      'Edit',
      'View',
      'windowMenu',
      'help',
    ]);
  });

  it('File > Import documents… opens the dialog; Export… opens the Export view', () => {
    const a = actions();
    const t = menuTemplate(a, { isMac: false, isDev: false, appName: 'Graphwright' });
    expect(byId(t, 'import').label).toBe('Import documents…');
    click(byId(t, 'import'));
    expect(a.importDocuments).toHaveBeenCalledOnce();
    click(byId(t, 'export'));
    expect(a.command).toHaveBeenCalledWith({ command: 'navigate', view: 'export' });
  });

  it('File > New database… and Open database… come first, with their own keys', () => {
    const a = actions();
    const t = menuTemplate(a, { isMac: false, isDev: false, appName: 'Graphwright' });
    const file = t[0].submenu as MenuItemConstructorOptions[];
    expect(file.slice(0, 2).map((i) => i.label)).toEqual(['New database…', 'Open database…']);
    expect(byId(t, 'new-database').accelerator).toBe('CmdOrCtrl+N');
    expect(byId(t, 'open-database').accelerator).toBe('CmdOrCtrl+Shift+O');
    click(byId(t, 'new-database'));
    click(byId(t, 'open-database'));
    expect(a.newDatabase).toHaveBeenCalledOnce();
    expect(a.openDatabase).toHaveBeenCalledOnce();
    // no two entries share a key
    const keys = items(t)
      .map((i) => i.accelerator)
      .filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('Edit > Undo / Redo send menu commands; their keys stay with the page', () => {
    const a = actions();
    const t = menuTemplate(a, { isMac: false, isDev: false, appName: 'Graphwright' });
    expect(byId(t, 'undo').accelerator).toBe('CmdOrCtrl+Z');
    expect(byId(t, 'redo').accelerator).toBe('Ctrl+Shift+Z');
    // Not registered: Ctrl+Z reaches text fields and the renderer's own binding (no double undo).
    expect(byId(t, 'undo').registerAccelerator).toBe(false);
    expect(byId(t, 'redo').registerAccelerator).toBe(false);
    click(byId(t, 'undo'));
    click(byId(t, 'redo'));
    expect(a.command.mock.calls.map((c) => c[0])).toEqual([{ command: 'undo' }, { command: 'redo' }]);
    for (const role of ['cut', 'copy', 'paste', 'selectAll']) expect(items(t).some((i) => i.role === role)).toBe(true);
  });

  it('every command a menu sends is a valid app.menu event', () => {
    const a = actions();
    const t = menuTemplate(a, { isMac: true, isDev: true, appName: 'Graphwright' });
    for (const item of items(t)) if (item.click && !['import', 'new-database', 'open-database'].includes(item.id ?? '')) click(item);
    const sent = a.command.mock.calls.map((c) => c[0]);
    expect(sent.length).toBeGreaterThan(5);
    for (const c of sent) expect(MenuCommand.safeParse(c).success, JSON.stringify(c)).toBe(true);
    const views = sent.flatMap((c) => (c.command === 'navigate' ? [c.view] : []));
    expect(new Set(views)).toEqual(new Set(AppView.options));
  });

  it("View menu: the sidebar's views in its order, keys 1 to 9 then 0 (the same digits as Alt+digit)", () => {
    const t = menuTemplate(actions(), { isMac: false, isDev: false, appName: 'Graphwright' });
    const view = (t.find((m) => m.label === 'View')!.submenu as MenuItemConstructorOptions[]).filter((i) => i.id?.startsWith('view-'));
    expect(view.map((i) => i.label)).toEqual(APP_VIEWS.map((v) => v.label));
    expect(view.map((i) => i.accelerator)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'].map((d) => `CmdOrCtrl+${d}`));
    expect(APP_VIEWS.map((_, i) => viewDigit(i)).join('')).toBe('1234567890');
    expect(view.find((i) => i.label === 'Concepts')!.accelerator).toBe('CmdOrCtrl+4');
  });

  it('developer entries only in development', () => {
    const roles = (isDev: boolean) => items(menuTemplate(actions(), { isMac: false, isDev, appName: 'G' })).map((i) => i.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
  });
});
