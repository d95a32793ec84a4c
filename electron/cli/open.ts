import fs from 'node:fs';
import path from 'node:path';
import { Core, type CoreOptions } from '../core/core';
import { defaultDbPath } from '../core/paths';
import { currentSchemaVersion, isWritable } from '../core/store/db';
import { UsageError } from './command';
import type { CallArgs, CallInput, CallName, CallOutput } from '../../shared/contract';
import { unwrap } from '../../shared/dispatch';

/**
 * Open the core for a CLI command. Read commands must not create a database by accident. A
 * database this process may not write (a read-only file or folder), or `--read-only`, opens
 * read-only: reading commands work, a writing one fails with "the database is read-only".
 */
export function openCore(values: Record<string, unknown>, opts: { mustExist?: boolean } & CoreOptions = {}): Core {
  const db = typeof values.db === 'string' && values.db ? values.db : defaultDbPath();
  const exists = fs.existsSync(db);
  if (opts.mustExist && !exists) throw new UsageError(`database not found: ${path.resolve(db)} (give --db FILE)`);
  const readOnly = values['read-only'] === true || (exists && !isWritable(db));
  if (readOnly && !exists) throw new UsageError(`database not found: ${path.resolve(db)} (--read-only opens an existing database)`);
  const core = new Core({ startJobs: false, ...opts, dbPath: db, readOnly });
  if (readOnly) {
    const version = core.store.schemaVersion();
    if (version < currentSchemaVersion) {
      void core.close();
      throw new UsageError(
        `database ${path.resolve(db)} is read-only and its schema (version ${version}) is older than this app's (${currentSchemaVersion}): open it once where it can be written, to upgrade it`,
      );
    }
  }
  return core;
}

/** Run a contract call through the same validation as every other client. */
export async function callCore<N extends CallName>(core: Core, name: N, input: CallInput<N> | CallArgs<N>): Promise<CallOutput<N>> {
  return unwrap(name, await core.call(name, input));
}
