import fs from 'node:fs';
import path from 'node:path';
import { Core, type CoreOptions } from '../core/core';
import { defaultDbPath } from '../core/paths';
import { UsageError } from './command';
import type { CallArgs, CallInput, CallName, CallOutput } from '../../shared/contract';
import { unwrap } from '../../shared/dispatch';

/** Open the core for a CLI command. Read commands must not create a database by accident. */
export function openCore(values: Record<string, unknown>, opts: { mustExist?: boolean } & CoreOptions = {}): Core {
  const db = typeof values.db === 'string' && values.db ? values.db : defaultDbPath();
  if (opts.mustExist && !fs.existsSync(db)) throw new UsageError(`database not found: ${path.resolve(db)} (give --db FILE)`);
  return new Core({ startJobs: false, ...opts, dbPath: db });
}

/** Run a contract call through the same validation as every other client. */
export async function callCore<N extends CallName>(core: Core, name: N, input: CallInput<N> | CallArgs<N>): Promise<CallOutput<N>> {
  return unwrap(name, await core.call(name, input));
}
