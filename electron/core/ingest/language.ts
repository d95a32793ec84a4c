// Document language (ISO 639-1). Scripts decide first — a Korean paper full of English terms is
// Korean — then tinyld's n-gram model on a few windows of the text.
//
// The model (about 50 MB once loaded) lives in a small thread of its own, never in the thread that
// prepares documents: a thread's memory goes back to the system when it ends, a module's does not.
// A large file's preparation lets the thread go first (releaseLanguageDetector), so the model is not
// resident while the file is read, repaired, joined and stored; its one detection starts a fresh one.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The language thread: plain JavaScript (no TypeScript loader in it), tinyld loaded by path, one
 * request at a time answered in order with each window's candidate languages and tinyld's accuracy
 * for each, best first (none where tinyld has none).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { detectAll } = require(workerData.tinyld);
parentPort.on('message', (windows) => parentPort.postMessage(windows.map((w) => detectAll(w).slice(0, 3).map((c) => [c.lang, c.accuracy]))));
`;

/** A window's candidate languages with tinyld's accuracy for each, best first. */
type WindowLanguages = [lang: string, accuracy: number][];

interface LanguageThread {
  worker: Worker;
  /** Requests waiting for their answer, oldest first (the thread answers in order). */
  waiting: { resolve: (langs: WindowLanguages[]) => void; reject: (err: Error) => void }[];
  /** Let go (releaseLanguageDetector) while answering: it ends once its last answer is in. */
  released: boolean;
}

let thread: LanguageThread | null = null;

function startThread(): LanguageThread {
  const tinyld = createRequire(import.meta.url).resolve('tinyld');
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { tinyld }, execArgv: [] });
  const t: LanguageThread = { worker, waiting: [], released: false };
  const fail = (err: Error) => {
    if (thread === t) thread = null;
    for (const w of t.waiting.splice(0)) w.reject(err);
  };
  worker.on('message', (langs: WindowLanguages[]) => {
    t.waiting.shift()?.resolve(langs);
    if (t.waiting.length) return;
    if (t.released) void worker.terminate();
    // (idle: it keeps no process alive)
    else worker.unref();
  });
  worker.on('error', (err) => fail(new Error(`language detection failed: ${err.message}`)));
  worker.on('exit', (code) => fail(new Error(`the language detection thread stopped (exit code ${code})`)));
  return t;
}

/** tinyld's candidates for each window, from the language thread (started if none runs). */
function detectWindows(windows: string[]): Promise<WindowLanguages[]> {
  if (!windows.length) return Promise.resolve([]);
  const t = (thread ??= startThread());
  return new Promise<WindowLanguages[]>((resolve, reject) => {
    t.waiting.push({ resolve, reject });
    // (held while it answers: a process awaiting only the answer stays alive for it)
    t.worker.ref();
    t.worker.postMessage(windows);
  });
}

/**
 * Let the language thread go (its model's memory with it): before a large file is prepared, so the
 * model is not resident through it. The next detection starts a fresh thread.
 */
export async function releaseLanguageDetector(): Promise<void> {
  const t = thread;
  thread = null;
  if (!t) return;
  // (a thread still answering ends once its answers are in)
  t.released = true;
  if (!t.waiting.length) await t.worker.terminate();
}

const SAMPLE = 20_000;
const WINDOW = 2000;

/**
 * `latinHint`: the language to assume for text without a script of its own (a corpus of short
 * passages is detected once, not passage by passage).
 */
export async function detectLanguage(text: string, latinHint?: string | null): Promise<string | null> {
  const sample =
    text.length > SAMPLE ? text.slice(0, SAMPLE / 2) + ' ' + text.slice(Math.floor(text.length / 2), Math.floor(text.length / 2) + SAMPLE / 2) : text;
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  const letters = count(/\p{L}/gu);
  if (letters < 20) return null;
  const hangul = count(/\p{Script=Hangul}/gu);
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const han = count(/\p{Script=Han}/gu);
  if (hangul / letters >= 0.15) return 'ko';
  if (kana / letters >= 0.1) return 'ja';
  if (han / letters >= 0.2) return 'zh';
  const cyr = count(/\p{Script=Cyrillic}/gu);
  const arabic = count(/\p{Script=Arabic}/gu);
  if (latinHint !== undefined && cyr / letters < 0.5 && arabic / letters < 0.5) return latinHint;
  // tinyld is steadier on windows of prose than on one long mixed sample: a vote over windows (all
  // asked of the language thread in one request), each window's candidates weighed by tinyld's
  // accuracy for them. A window of listings, addresses or protocol traces gets a wrong language at a
  // low accuracy; counted as one vote, two such windows outvote one of prose that tinyld is sure of.
  const windowCount = Math.min(4, Math.max(1, Math.floor(text.length / WINDOW)));
  const windows = Array.from({ length: windowCount }, (_, w) => {
    const at = Math.floor((text.length / windowCount) * w);
    return text.slice(at, at + WINDOW);
  });
  const votes = new Map<string, number>();
  for (const candidates of await detectWindows(windows)) for (const [lang, accuracy] of candidates) votes.set(lang, (votes.get(lang) ?? 0) + accuracy);
  // (of equal weights, the language voted for first)
  const best = [...votes].reduce<[string, number] | undefined>((top, v) => (!top || v[1] > top[1] ? v : top), undefined);
  if (best && best[1] > 0) return best[0];
  if (cyr / letters > 0.5) return 'ru';
  if (arabic / letters > 0.5) return 'ar';
  return null;
}
