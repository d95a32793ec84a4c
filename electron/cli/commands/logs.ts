// graphwright logs: the recent entries of the log file (core/log.ts) in a database's data folder,
// for a support request. The log holds no document text (the core logs names, ids and counts,
// and writes a detail's text fields as their length), so the output can be sent as it is.
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, jsonOption, parseId } from '../command';
import { defaultDataDir } from '../../core/paths';
import { LOG_FILE, readLog } from '../../core/log';

const DEFAULT_LAST = 50;

export const logsCommand: Command = {
  name: 'logs',
  usage: 'logs [--last N] [--db FILE] [--json]',
  summary: `Print the last N entries (default ${DEFAULT_LAST}) of the log in the data folder of the database (no document text)`,
  options: { last: { type: 'string', short: 'n' }, db: { type: 'string', short: 'd' }, ...jsonOption },
  async run({ values }, io) {
    const last = values.last === undefined ? DEFAULT_LAST : parseId(values.last as string, '--last');
    const dir = typeof values.db === 'string' && values.db ? path.dirname(path.resolve(values.db)) : defaultDataDir();
    const file = path.join(dir, LOG_FILE);
    let entries;
    try {
      entries = readLog(dir, last);
    } catch (err) {
      throw new UsageError(`cannot read the log ${file}: ${(err as Error).message}`);
    }
    if (values.json) return io.json({ file, entries });
    if (!entries.length) io.err(`no log entries in ${file}`);
    for (const e of entries) io.out(`${e.time} ${e.pid} ${e.level.toUpperCase()} [${e.scope}] ${e.message.replace(/\n/g, '\n  ')}`);
  },
};
