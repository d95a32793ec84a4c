// The core's logger: four levels, one line per message, to stderr (warn and up unless
// GRAPHWRIGHT_LOG_LEVEL says otherwise) and, once the Core has told it the data folder, to
// `graphwright.log` there (info and up, or lower with GRAPHWRIGHT_LOG_LEVEL), rotated to
// `graphwright.log.1` past a size cap. Never writes stdout (the CLI's `--json` output stays pure
// JSON), never throws, imports nothing from Electron: it runs in the CLI, the HTTP host, the
// Electron utility process and the workers alike.
import fs from 'node:fs';
import path from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** The log file's name in the data folder. */
export const LOG_FILE = 'graphwright.log';
/** Past this size the file moves to `graphwright.log.1` (replacing the one before) and a new one starts. */
export const LOG_MAX_BYTES = 2 * 1024 * 1024;

function levelFromEnv(): LogLevel | 'silent' | null {
  const v = process.env.GRAPHWRIGHT_LOG_LEVEL?.trim().toLowerCase();
  return v && v in RANK ? (v as LogLevel | 'silent') : null;
}

const state = {
  stderrRank: RANK[levelFromEnv() ?? 'warn'],
  fileRank: Math.min(RANK.info, RANK[levelFromEnv() ?? 'info']),
  file: null as string | null,
  size: 0,
  maxBytes: LOG_MAX_BYTES,
};

/**
 * Log to `graphwright.log` in this folder from now on (null: stop). The Core calls it when it is
 * built; the folder is not created here and a file that cannot be written only turns file logging
 * off (with one note on stderr).
 */
export function setLogDir(dir: string | null, options: { maxBytes?: number } = {}): void {
  try {
    state.file = dir ? path.join(dir, LOG_FILE) : null;
    state.maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
    state.size = 0;
    if (state.file) {
      try {
        state.size = fs.statSync(state.file).size;
      } catch {
        // no log file yet: the first message creates it
      }
    }
  } catch {
    state.file = null;
  }
}

/** The file being written, or null. */
export function logFile(): string | null {
  return state.file;
}

/** Change the thresholds at run time (tests; a future setting). */
export function setLogLevel(levels: { stderr?: LogLevel | 'silent'; file?: LogLevel | 'silent' }): void {
  if (levels.stderr) state.stderrRank = RANK[levels.stderr];
  if (levels.file) state.fileRank = RANK[levels.file];
}

/** Whether a message at this level would go anywhere (skip building an expensive detail otherwise). */
export function logs(level: LogLevel): boolean {
  return RANK[level] >= state.stderrRank || (state.file !== null && RANK[level] >= state.fileRank);
}

function describe(detail: unknown): string {
  if (detail === undefined) return '';
  if (detail instanceof Error) return `: ${detail.message}${(detail as NodeJS.ErrnoException).code ? ` (${(detail as NodeJS.ErrnoException).code})` : ''}`;
  if (typeof detail === 'string') return `: ${detail}`;
  try {
    return `: ${JSON.stringify(detail)}`;
  } catch {
    return `: ${String(detail)}`;
  }
}

function writeFile(line: string): void {
  const file = state.file;
  if (!file) return;
  try {
    const bytes = Buffer.byteLength(line);
    if (state.size > 0 && state.size + bytes > state.maxBytes) {
      try {
        fs.renameSync(file, `${file}.1`);
      } catch {
        // another process rotated it first, or it is gone: append to whatever is there now
      }
      state.size = 0;
    }
    fs.appendFileSync(file, line);
    state.size += bytes;
  } catch (err) {
    state.file = null;
    try {
      process.stderr.write(`graphwright: cannot write the log file ${file} (${(err as Error).message}); logging to stderr only\n`);
    } catch {
      // stderr is closed: nowhere left to say it
    }
  }
}

function write(level: LogLevel, scope: string, message: string, detail?: unknown): void {
  try {
    const rank = RANK[level];
    const toStderr = rank >= state.stderrRank;
    const toFile = state.file !== null && rank >= state.fileRank;
    if (!toStderr && !toFile) return;
    const text = `${level.toUpperCase()} [${scope}] ${message}${describe(detail)}`.replace(/\r?\n/g, '\n  ');
    if (toFile) writeFile(`${new Date().toISOString()} ${process.pid} ${text}\n`);
    if (toStderr) process.stderr.write(`graphwright ${text}\n`);
  } catch {
    // a logger that throws would turn a handled failure into an unhandled one
  }
}

/**
 * `log.warn(scope, message, detail?)`: scope names the module ('ingest', 'store'), message says
 * what failed and why going on is safe, detail is the caught error (its message and code are
 * written) or any JSON-able value.
 */
export const log = {
  debug: (scope: string, message: string, detail?: unknown) => write('debug', scope, message, detail),
  info: (scope: string, message: string, detail?: unknown) => write('info', scope, message, detail),
  warn: (scope: string, message: string, detail?: unknown) => write('warn', scope, message, detail),
  error: (scope: string, message: string, detail?: unknown) => write('error', scope, message, detail),
};
