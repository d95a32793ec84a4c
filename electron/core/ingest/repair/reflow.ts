// Join lines broken inside paragraphs (hard-wrapped text, PDF lines), de-hyphenate words broken
// at line ends, keep real paragraph breaks, lists, headings, tables and code as they are.
import { lexicon } from './lexicon';

const LIST_ITEM = /^\s*(?:[-*•◦▪‣+o]|\d{1,3}[.)]|[a-zA-Z][.)]|\((?:[a-z]|[ivx]{1,4}|\d{1,3})\)|\[\d{1,3}\])\s+\S/;
const TABLE_LIKE = /\S {3,}\S|\t|[|+]-{2,}|-{4,}|={3,}|_{4,}|\.{4,}|^\s*\|/;
const MD_BLOCK = /^\s{0,3}(?:#{1,6}\s|>|[-*+]\s|\d{1,3}[.)]\s|```|~~~|\||(?:-{3,}|\*{3,}|_{3,})\s*$)|^\s{4,}\S/;

interface WrapInfo {
  /** The text is hard-wrapped at about this column; 0 when its lines are whole paragraphs. */
  width: number;
}

/**
 * Decide whether lines are wrapped at a fixed width (RFCs, PDF lines) or are whole paragraphs.
 * Pages count as their join with '\n' (the same lines).
 */
export function wrapInfo(text: string | string[]): WrapInfo {
  // A histogram of line lengths (trailing spaces excluded), capped: no sort of a million lines.
  const CAP = 1000;
  const hist = new Uint32Array(CAP + 1);
  let count = 0;
  for (const page of typeof text === 'string' ? [text] : text) {
    let start = 0;
    while (start <= page.length) {
      let nl = page.indexOf('\n', start);
      if (nl === -1) nl = page.length;
      let end = nl;
      while (end > start && (page.charCodeAt(end - 1) === 32 || page.charCodeAt(end - 1) === 9 || page.charCodeAt(end - 1) === 13)) end--;
      if (end > start) {
        hist[Math.min(end - start, CAP)]++;
        count++;
      }
      start = nl + 1;
    }
  }
  if (count < 8) return { width: 0 };
  const rank = Math.floor(count * 0.9);
  let seen = 0;
  let p90 = CAP;
  for (let len = 1; len <= CAP; len++) {
    seen += hist[len];
    if (seen > rank) {
      p90 = len;
      break;
    }
  }
  if (p90 > 140) return { width: 0 };
  let near = 0;
  for (let len = Math.ceil(p90 * 0.7); len <= CAP; len++) near += hist[len];
  return { width: near / count >= 0.3 ? p90 : 0 };
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * A line that opens with a short label and a colon ("Domain:  the administrative domain ...",
 * "Value: 9"): in a run of such lines at one indent each is an item of its own (a definition or
 * field list), never the wrapped continuation of the one above.
 */
const LABELLED = /^\s*[\p{L}\p{N}][\p{L}\p{N}'./()-]*(?: [\p{L}\p{N}'./()-]+){0,3}:\s+\S/u;

/** Join a word broken at a line end: "ineffi-" + "cient" -> "inefficient", "retrieval-" + "augmented" kept. */
export function joinHyphenated(left: string, right: string): string {
  const l = /(\p{L}+)-$/u.exec(left.slice(-64));
  const r = /^(\p{Ll}[\p{L}]*)/u.exec(right);
  if (!l || !r) return `${left} ${right}`;
  const lex = lexicon();
  const joined = (l[1] + r[1]).toLowerCase();
  const keepHyphen = !lex.has(joined) && lex.has(l[1].toLowerCase()) && lex.has(r[1]) && l[1].length > 2;
  return keepHyphen ? left + right : left.slice(0, -1) + right;
}

const HEADING_NUMBERED = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?|[A-Z]\.\d{1,2}(?:\.\d{1,2})*\.?|Appendix [A-Z]\.?)\s+\p{Lu}/u;
const HEADING_CAPS = /^[\p{Lu}\d][\p{Lu}\d &,:/()'-]{2,60}$/u;

function isHeadingLike(line: string): boolean {
  const t = line.trim();
  if (t.length > 100) return false;
  // Both rules start with a digit or a capital: a line starting with another ASCII character is none.
  const c = t.charCodeAt(0);
  if (c < 128 && !(c >= 48 && c <= 57) && !(c >= 65 && c <= 90)) return false;
  if (HEADING_NUMBERED.test(t) && !/[.,;]$/.test(t)) return true;
  return HEADING_CAPS.test(t) && /\p{Lu}{3}/u.test(t);
}

/**
 * TABLE_LIKE.test(line), with the lines that hold none of its literal parts ("   " past the indent, a
 * tab, "--", "===", "____", "....", "|") answered without running it: most lines of prose.
 */
function tableLike(line: string): boolean {
  // "\S {3,}\S" needs three spaces after the first character that is not one (indents do not count).
  let first = 0;
  while (line.charCodeAt(first) === 32) first++;
  if (!(
    line.includes('   ', first) ||
    line.includes('\t') ||
    line.includes('--') ||
    line.includes('===') ||
    line.includes('____') ||
    line.includes('....') ||
    line.includes('|')
  ))
    return false;
  return TABLE_LIKE.test(line);
}

/** /\p{L}-$/u.test(line), on the line's last three code units only (a letter may be a surrogate pair). */
const endsWithLetterHyphen = (line: string) => line.charCodeAt(line.length - 1) === 45 && /\p{L}-$/u.test(line.slice(-3));

/**
 * Reflow one page of plain text or PDF lines. With `width` 0 (lines are paragraphs) only
 * hyphenated line ends are joined; otherwise a line is joined to the next when it is "full".
 */
export function reflowPage(text: string, wrap: WrapInfo, options: { forceWrapped?: boolean } = {}): string {
  const lines = text.split('\n');
  const out: string[] = [];
  const width = wrap.width || (options.forceWrapped ? 60 : 0);
  let current: string | null = null;
  let lastLine = '';
  let currentIndent = 0;
  let currentTable = false;
  // the current paragraph's first line opens with "Label:" (LABELLED)
  let currentLabelled = false;
  // isHeadingLike(lastLine), when the line before was asked about as `line` (undefined: not asked).
  let lastHeading: boolean | undefined;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      if (current !== null) out.push(current);
      current = null;
      out.push('');
      continue;
    }
    const table = tableLike(line);
    let heading: boolean | undefined;
    if (current !== null) {
      const hyphenBreak = endsWithLetterHyphen(lastLine) && /^\s*\p{Ll}/u.test(line);
      const full = width > 0 && lastLine.trim().length >= width * 0.6 && lastLine.trim().length >= 30;
      const canJoin =
        (hyphenBreak || full) &&
        !currentTable &&
        !table &&
        !LIST_ITEM.test(line) &&
        !(heading = isHeadingLike(line)) &&
        !(lastHeading ?? isHeadingLike(lastLine)) &&
        indentOf(line) >= currentIndent - 1 &&
        !(currentLabelled && indentOf(line) === currentIndent && LABELLED.test(line));
      if (canJoin) {
        // a compound broken after its hyphen before a capital or a digit ("Acct-Status-\nType", "Fine-to-\nCoarse") joins without a space
        const compound = !hyphenBreak && endsWithLetterHyphen(lastLine) && /^\s*[\p{Lu}\p{N}]/u.test(line);
        current = hyphenBreak ? joinHyphenated(current, line.trimStart()) : compound ? current + line.trimStart() : `${current} ${line.trimStart()}`;
        lastLine = line;
        lastHeading = heading;
        continue;
      }
      out.push(current);
    }
    current = line;
    lastLine = line;
    lastHeading = heading;
    currentIndent = indentOf(line);
    currentTable = table;
    currentLabelled = LABELLED.test(line);
  }
  if (current !== null) out.push(current);
  return out.join('\n');
}

/** Reflow Markdown: soft-wrapped paragraph lines are joined; blocks, lists and code stay. */
export function reflowMarkdown(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fence = false;
  let paragraph = false;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      fence = !fence;
      out.push(line);
      paragraph = false;
      continue;
    }
    if (fence || !line.trim()) {
      out.push(line);
      paragraph = false;
      continue;
    }
    if (MD_BLOCK.test(line) || TABLE_LIKE.test(line)) {
      out.push(line);
      paragraph = false;
      continue;
    }
    if (paragraph && !/ {2}$/.test(raw)) {
      const last = out[out.length - 1];
      out[out.length - 1] = /\p{L}-$/u.test(last) && /^\s*\p{Ll}/u.test(line) ? joinHyphenated(last, line.trim()) : `${last} ${line.trim()}`;
    } else {
      out.push(line);
    }
    paragraph = true;
  }
  return out.join('\n');
}
