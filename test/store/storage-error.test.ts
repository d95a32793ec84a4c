// Every SQLite storage failure becomes one clear message naming the database file; logic errors
// (constraints, bad SQL) are left as they are. Real errors from a real database where SQLite can
// be made to raise them; the I/O family by its result code.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { describeStorageError, openDb } from '../../electron/core/store/db';
import { StorageError, retryBusy, toStorageError } from '../../electron/core/store/storage-error';
import { tmpDir } from '../helpers/tmp';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('storage errors', () => {
  it('I/O, read-only, damaged, locked: "storage error at FILE: …" with the code; constraints stay as they are', () => {
    const file = '/data/graphwright.db';
    expect((toStorageError(sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error'), { file }) as Error).message).toBe(
      'storage error at /data/graphwright.db: I/O error (SQLITE_IOERR_WRITE): disk I/O error; nothing past the last commit was written',
    );
    expect((toStorageError(sqliteError('SQLITE_READONLY', 'attempt to write a readonly database'), { file }) as Error).message).toMatch(
      /^storage error at \/data\/graphwright\.db: the database is read-only/,
    );
    expect((toStorageError(sqliteError('SQLITE_CORRUPT', 'database disk image is malformed'), { file }) as Error).message).toMatch(
      /damaged or not a Graphwright database \(SQLITE_CORRUPT\)/,
    );
    expect((toStorageError(sqliteError('SQLITE_BUSY', 'database is locked'), { file, doing: 'storing a.txt' }) as Error).message).toMatch(
      /locked by another process while storing a\.txt/,
    );
    const unique = sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed');
    expect(toStorageError(unique, { file })).toBe(unique);
    const plain = new Error('not SQLite');
    expect(toStorageError(plain, { file })).toBe(plain);
    const mapped = toStorageError(sqliteError('SQLITE_FULL', 'database or disk is full'), {
      file,
      neededBytes: 5 * 1024 * 1024,
      limitBytes: 2 * 1024 * 1024,
    }) as StorageError;
    expect(mapped).toBeInstanceOf(StorageError);
    expect(mapped.code).toBe('failed');
    expect(mapped.message).toMatch(/^disk full: 5\.0 MB needed at \/data\/graphwright\.db \(the database reached its size limit of 2\.0 MB\)/);
    expect(toStorageError(mapped, { file })).toBe(mapped);
  });

  it('a real full database raises SQLITE_FULL, mapped with its file and limit; retryBusy repeats only busy failures', () => {
    const t = tmpDir('gw-storage-error-');
    cleanups.push(t.cleanup);
    const file = path.join(t.dir, 'tiny.db');
    const db = openDb(file, { maxSizeMb: 0.5 });
    cleanups.push(() => db.close());
    let error: unknown;
    try {
      db.transaction(() => {
        for (let i = 0; i < 2000; i++) db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(`k${i}`, 'x'.repeat(1000));
      })();
    } catch (err) {
      error = err;
    }
    expect((error as { code?: string }).code).toBe('SQLITE_FULL');
    expect(db.prepare('SELECT COUNT(*) AS n FROM settings').get()).toEqual({ n: 0 });
    expect((describeStorageError(db, error) as Error).message).toMatch(
      new RegExp(`^disk full: more space needed at ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the database reached its size limit of 0\\.5 MB\\)`),
    );
    let calls = 0;
    const flaky = () => {
      if (++calls < 3) throw sqliteError('SQLITE_BUSY', 'database is locked');
      return 'ok';
    };
    expect(retryBusy(flaky, { delayMs: 1 })).toBe('ok');
    expect(calls).toBe(3);
    calls = 0;
    const full = () => {
      calls++;
      throw sqliteError('SQLITE_FULL', 'full');
    };
    expect(() => retryBusy(full, { delayMs: 1 })).toThrow('full');
    expect(calls).toBe(1);
  });
});
