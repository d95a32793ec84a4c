// File → New/Open database under Electron, without Electron: the file a dialog's answer stands for,
// the database opened at start, the core process switch (stop the old, start the new, fall back),
// and main's answers to the renderer's databases.* calls (by name in the data folder).
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  CoreHolder,
  databaseFileProblem,
  databaseMainHandlers,
  newDatabasePath,
  readLastDatabase,
  rememberOpened,
  startDatabase,
  type SwitchableCore,
} from '../../electron/shell/databases';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-shell-dbs-');
afterAll(() => t.cleanup());

function sqlite(file: string): string {
  const db = new Database(file);
  db.exec('CREATE TABLE x (a)');
  db.close();
  return file;
}

class FakeCore implements SwitchableCore {
  stopped = false;
  ready: Promise<unknown>;
  constructor(
    readonly dbPath: string,
    fail: boolean,
  ) {
    this.ready = fail ? Promise.reject(new Error('file is not a database')) : Promise.resolve();
    this.ready.catch(() => undefined);
  }
  async stop() {
    this.stopped = true;
  }
}

describe('databases in the Electron shell', () => {
  it('a new database gets .db when the user typed no extension; only SQLite files (or empty ones) open', () => {
    expect(newDatabasePath('/home/u/notes')).toBe('/home/u/notes.db');
    expect(newDatabasePath('/home/u/notes.sqlite')).toBe('/home/u/notes.sqlite');
    const good = sqlite(path.join(t.dir, 'good.db'));
    fs.writeFileSync(path.join(t.dir, 'empty.db'), '');
    fs.writeFileSync(path.join(t.dir, 'text.db'), 'hello, not a database at all');
    expect(databaseFileProblem(good)).toBeNull();
    expect(databaseFileProblem(path.join(t.dir, 'empty.db'))).toBeNull();
    expect(databaseFileProblem(path.join(t.dir, 'text.db'))).toMatch(/text\.db is not a SQLite database/);
    expect(databaseFileProblem(path.join(t.dir, 'missing.db'))).toMatch(/does not exist/);
    expect(databaseFileProblem(t.dir)).toMatch(/is not a file/);
  });

  it('starts on the database open last, while it is still a database', () => {
    const data = path.join(t.dir, 'data');
    const fallback = path.join(data, 'graphwright.db');
    expect(startDatabase(data, fallback)).toBe(fallback);
    const other = sqlite(path.join(t.dir, 'elsewhere.db'));
    rememberOpened(data, other);
    expect(readLastDatabase(data)).toBe(other);
    expect(startDatabase(data, fallback)).toBe(other);
    fs.rmSync(other);
    expect(startDatabase(data, fallback)).toBe(fallback);
  });

  it('switches the core process: the old one stops first, a database that will not open brings the old one back', async () => {
    const started: FakeCore[] = [];
    const switched: string[] = [];
    const bad = sqlite(path.join(t.dir, 'bad.db'));
    const holder = new CoreHolder(
      (file) => {
        const c = new FakeCore(file, file === bad);
        started.push(c);
        return c;
      },
      path.join(t.dir, 'good.db'),
      (file) => switched.push(path.basename(file)),
    );
    const first = holder.current;
    const target = path.join(t.dir, 'new.db');
    await holder.switchTo(target);
    expect(first.stopped).toBe(true);
    expect(holder.isCurrent(first)).toBe(false); // its exit is no crash
    expect(holder.current.dbPath).toBe(target);
    expect(holder.isCurrent(holder.current)).toBe(true);
    expect(switched).toEqual(['new.db']);

    await expect(holder.switchTo(bad)).rejects.toThrow(/bad\.db could not be opened: file is not a database/);
    expect(holder.current.dbPath).toBe(target); // back on the one that was open
    expect(holder.dbPath).toBe(target);
    expect(started.map((c) => path.basename(c.dbPath))).toEqual(['good.db', 'new.db', 'bad.db', 'new.db']);

    await expect(holder.switchTo(path.join(t.dir, 'text.db'))).rejects.toThrow(/not a SQLite database/);
    expect(started).toHaveLength(4); // refused before anything stopped
  });

  it('answers the renderer by name in the data folder, like the browser host', async () => {
    const data = path.join(t.dir, 'named');
    fs.mkdirSync(data);
    const to: string[] = [];
    let current = path.join(data, 'graphwright.db');
    sqlite(current);
    const h = databaseMainHandlers({ dataDir: data, current: () => current, switchTo: async (file) => void to.push((current = file)) });
    expect((await h['databases.list']({})).canSwitch).toBe(true);
    expect(await h['databases.create']({ name: 'standards' })).toEqual({ name: 'standards', file: 'standards.db', created: true });
    expect(to).toEqual([path.join(data, 'standards.db')]);
    await expect(h['databases.open']({ name: 'missing' })).rejects.toThrow(/no database named missing/);
    await expect(h['databases.open']({ name: '../elsewhere' })).rejects.toThrow(/named, not given as a path/);
    expect(await h['databases.open']({ name: 'graphwright' })).toMatchObject({ file: 'graphwright.db', created: false });
  });
});
