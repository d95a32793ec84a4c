import { parseArgs } from 'node:util';
import type { CliIO, Command } from './command';
import { UsageError } from './command';
import { commands } from './commands';
import { ApiError } from '../../shared/errors';
import { version } from '../core/version';
import { toStorageError } from '../core/store/storage-error';
import { defaultDbPath } from '../core/paths';

const io: CliIO = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  json: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
};

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `graphwright ${version} — knowledge graphs from technical documents`,
    '',
    'Usage: graphwright <command> [options]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'graphwright <command> --help shows its options. --db defaults to the per-user database;',
    '--read-only opens it without writing (automatic when the file or its folder is not writable).',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out(version);
    return 0;
  }
  const command: Command | undefined = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`graphwright: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: graphwright ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  let dbFile: string | undefined;
  try {
    const parsed = parseArgs({ args: rest, options: command.options, allowPositionals: command.positionals ?? false, strict: true });
    dbFile = typeof parsed.values.db === 'string' ? parsed.values.db : undefined;
    const code = await command.run({ values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals }, io);
    return typeof code === 'number' ? code : 0;
  } catch (err) {
    const e = err as Error & { code?: string };
    if (err instanceof UsageError || e.code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`graphwright ${command.name}: ${e.message}\nUsage: graphwright ${command.usage}`);
      return 2;
    }
    if (err instanceof ApiError) {
      io.err(`graphwright ${command.name}: ${err.message}${err.issues ? `\n${err.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}` : ''}`);
      return 1;
    }
    // SQLite's own words ("database or disk is full") become a message naming the file and the fix.
    const mapped = toStorageError(err, { file: dbFile ?? defaultDbPath() }) as Error;
    io.err(`graphwright ${command.name}: ${mapped.message}`);
    if (process.env.GRAPHWRIGHT_DEBUG) io.err(String(e.stack));
    return 1;
  }
}
