// The core's logger: four levels, one line per message, to stderr (warn and up unless
// GRAPHWRIGHT_LOG_LEVEL says otherwise) and, once the Core has told it the data folder, to
// `graphwright.log` there (info and up, or lower with GRAPHWRIGHT_LOG_LEVEL), rotated to
// `graphwright.log.1` past a size cap. Never writes stdout (the CLI's `--json` output stays pure
// JSON), never throws, imports nothing from Electron: it runs in the CLI, the HTTP host, the
// Electron utility process and the workers alike.
import fs from 'node:fs';
import path from 'node:path';

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** The log file's name in the data folder. */
export const LOG_FILE = 'graphwright.log';
/** Past this size the file moves to `graphwright.log.1` (replacing the one before) and a new one starts. */
const LOG_MAX_BYTES = 2 * 1024 * 1024;

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

/**
 * Detail fields that hold a document's words (a chunk, a passage, an answer's source): written as
 * their length only, so the log (and `graphwright logs`, which a user may send to support) never
 * carries document text.
 */
const TEXT_FIELDS = new Set(['text', 'content', 'body', 'chunk', 'passage', 'sentence', 'context']);

function withoutText(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = TEXT_FIELDS.has(k) && typeof v === 'string' ? `<${v.length} chars>` : v;
  return out;
}

/** The frames of an error's stack (the lines after its message), or '' when it has none. */
function stackFrames(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  return frames.length ? `\n${frames.map((l) => l.trim()).join('\n')}` : '';
}

function describe(detail: unknown, withStack: boolean): string {
  if (detail === undefined) return '';
  if (detail instanceof Error) {
    const code = (detail as NodeJS.ErrnoException).code;
    return `: ${detail.message}${code ? ` (${code})` : ''}${withStack ? stackFrames(detail) : ''}`;
  }
  if (typeof detail === 'string') return `: ${detail}`;
  try {
    return `: ${JSON.stringify(withoutText(detail))}`;
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
    // an error's stack goes to the file only (stderr keeps one line per message)
    const head = `${level.toUpperCase()} [${scope}] ${message}`;
    const indent = (t: string) => t.replace(/\r?\n/g, '\n  ');
    if (toFile) writeFile(`${new Date().toISOString()} ${process.pid} ${indent(head + describe(detail, level === 'error'))}\n`);
    if (toStderr) process.stderr.write(`graphwright ${indent(head + describe(detail, false))}\n`);
  } catch {
    // a logger that throws would turn a handled failure into an unhandled one
  }
}

/**
 * `log.warn(scope, message, detail?)`: scope names the module ('ingest', 'store'), message says
 * what failed and why going on is safe, detail is the caught error (its message and code are
 * written; at error level its stack too, in the file) or any JSON-able value (fields that hold a
 * document's text are written as their length).
 */
export const log = {
  debug: (scope: string, message: string, detail?: unknown) => write('debug', scope, message, detail),
  info: (scope: string, message: string, detail?: unknown) => write('info', scope, message, detail),
  warn: (scope: string, message: string, detail?: unknown) => write('warn', scope, message, detail),
  error: (scope: string, message: string, detail?: unknown) => write('error', scope, message, detail),
};

/** One message of the log file, as `graphwright logs --json` prints it. */
interface LogEntry {
  time: string;
  pid: number;
  level: LogLevel;
  scope: string;
  /** The message and its detail; an error's stack frames follow on their own lines. */
  message: string;
}

const ENTRY = /^(\S+) (\d+) (DEBUG|INFO|WARN|ERROR) \[([^\]]*)\] ?(.*)$/;

/** The entries of one log file's text, oldest first (continuation lines, indented by two spaces, join their entry). */
function parseLog(text: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of text.split('\n')) {
    const m = ENTRY.exec(line);
    if (m) entries.push({ time: m[1], pid: Number(m[2]), level: m[3].toLowerCase() as LogLevel, scope: m[4], message: m[5] });
    else if (line.startsWith('  ') && entries.length) entries[entries.length - 1].message += `\n${line.slice(2)}`;
  }
  return entries;
}

/** The last `count` entries of the log in this folder (the rotated file first, then the current one). */
export function readLog(dir: string, count: number): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const file of [`${LOG_FILE}.1`, LOG_FILE]) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    entries.push(...parseLog(text));
  }
  return count > 0 ? entries.slice(-count) : [];
}
