// Document language (ISO 639-1). Scripts decide first — a Korean paper full of English terms is
// Korean — then tinyld's n-gram model on a sample.

/** tinyld's detector, once loaded (loadLanguageDetector). */
let detect: ((text: string) => string) | undefined;

/**
 * Load tinyld's model (about 33 MB): where documents are prepared (ingest/pipeline.ts prepareFile),
 * not in every process or thread that imports the pipeline to store what another thread prepared.
 */
export async function loadLanguageDetector(): Promise<void> {
  detect ??= (await import('tinyld')).detect;
}

const SAMPLE = 20_000;
const WINDOW = 2000;

/**
 * Can the `remaining` windows still change the vote's winner (the most votes; of equal counts, the
 * language voted for first)? When not, they need no detection: the answer is the same.
 */
function decided(votes: Map<string, number>, remaining: number): boolean {
  let leader: string | undefined;
  let most = 0;
  for (const [lang, n] of votes) {
    if (n > most) {
      leader = lang;
      most = n;
    }
  }
  if (leader === undefined || remaining > most) return false; // a language not seen yet could still win
  let afterLeader = false;
  for (const [lang, n] of votes) {
    if (lang === leader) {
      afterLeader = true;
      continue;
    }
    // One voted for before the leader wins a tie; one after it must get past it.
    if (afterLeader ? n + remaining > most : n + remaining >= most) return false;
  }
  return true;
}

/**
 * `latinHint`: the language to assume for text without a script of its own (a corpus of short
 * passages is detected once, not passage by passage).
 */
export function detectLanguage(text: string, latinHint?: string | null): string | null {
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
  // tinyld is steadier on windows of prose than on one long mixed sample: vote over windows.
  const votes = new Map<string, number>();
  const windows = Math.min(4, Math.max(1, Math.floor(text.length / WINDOW)));
  for (let w = 0; w < windows && !decided(votes, windows - w); w++) {
    const at = Math.floor((text.length / windows) * w);
    if (!detect) throw new Error('detectLanguage: call loadLanguageDetector() first');
    const lang = detect(text.slice(at, at + WINDOW));
    if (lang) votes.set(lang, (votes.get(lang) ?? 0) + 1);
  }
  const best = [...votes].sort((a, b) => b[1] - a[1])[0];
  if (best) return best[0];
  if (cyr / letters > 0.5) return 'ru';
  if (arabic / letters > 0.5) return 'ar';
  return null;
}
