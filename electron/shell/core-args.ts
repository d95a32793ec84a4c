// The utility process's command line: where the per-user data lives. Pure, shared by both sides.

export interface CoreArgs {
  dbPath?: string;
  dataDir?: string;
}

export function coreArgs(options: CoreArgs): string[] {
  const args: string[] = [];
  if (options.dataDir) args.push(`--data-dir=${options.dataDir}`);
  if (options.dbPath) args.push(`--db=${options.dbPath}`);
  return args;
}

export function parseCoreArgs(argv: readonly string[]): CoreArgs {
  const out: CoreArgs = {};
  for (const a of argv) {
    if (a.startsWith('--db=')) out.dbPath = a.slice('--db='.length) || undefined;
    else if (a.startsWith('--data-dir=')) out.dataDir = a.slice('--data-dir='.length) || undefined;
  }
  return out;
}
