// A text's lines as the structure reads them (offsets, indentation from the text's own margin), and
// the shapes a heading line has: a numbered or lettered clause ("3.1.  Title", "A.2 Title", "Annex B
// (normative) Title") and a title-like line (short, no sentence end, no leaders, no code).
import { looksLikeCode } from '../text/code-line';

export interface Line {
  start: number;
  end: number;
  /** The line as in the text (no newline). */
  raw: string;
  /** Trimmed. */
  t: string;
  /** Leading whitespace in characters (offsets: `start + indent`). */
  indent: number;
  /** Indentation from the text's own left margin: a text set in from column 0 throughout reads as one at column 0. */
  col: number;
}

/** The longest line taken as a heading. */
export const MAX_HEADING = 100;

export function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    // Heading candidates are short: only short lines are copied and trimmed (a 200 MB text of
    // long lines costs no copies).
    const len = end - start;
    if (len <= 400) {
      const raw = text.slice(start, end).replace(/\r$/, '');
      const t = raw.trim();
      out.push({ start, end, raw, t, indent: t ? raw.length - raw.trimStart().length : 0, col: 0 });
    } else {
      let i = start;
      while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
      out.push({ start, end, raw: '', t: '\u0000long', indent: i - start, col: 0 });
    }
    if (nl === -1) return withColumns(out);
    start = nl + 1;
  }
}

/** Sets each line's `col`: its indentation less the smallest one of the text's non-empty lines. */
function withColumns(lines: Line[]): Line[] {
  let margin = Infinity;
  for (const l of lines) if (l.t) margin = Math.min(margin, l.indent);
  if (!Number.isFinite(margin)) margin = 0;
  for (const l of lines) l.col = Math.max(0, l.indent - margin);
  return lines;
}

// "3.1.  Title", "3.1 Title", "Section 3 Title", "Clause 4 Title"
const NUMBERED = /^(?:(?:Section|Clause|Chapter)\s+)?(\d{1,3}(?:\.\d{1,3}){0,6})(\.?)(?:\s+|\s*[-–—:]\s+)(\S.*)$/i;
// "A.2  Title", "A.2.1 Title"
const LETTERED = /^([A-Z](?:\.\d{1,3}){1,5})\.?\s+(\S.*)$/;
// "Appendix A. Title", "Annex B (normative) Title", "Appendix A - Title"
const APPENDIX = /^(?:Appendix|Annex)\s+([A-Z])\b\.?(?:\s*\((?:normative|informative)\))?(?:\s*[-–—:.]\s*|\s+)?(.*)$/i;

export const looksLikeTitle = (t: string) =>
  t.length <= MAX_HEADING && !/[.,;]$/.test(t) && !/\S {3,}\S/.test(t) && !/\.{3,}|(?:\. ){3,}/.test(t) && !t.startsWith('\u0000') && !looksLikeCode(t);

/** A heading line's number and title ('3.1.  User-Name', 'Annex B (normative) Title'), or null when it is not numbered as a heading is. */
export function numberedCandidate(t: string): { number: string; heading: string; empty?: boolean } | null {
  const app = APPENDIX.exec(t);
  if (app) {
    const heading = app[2].trim();
    if (heading && !/^[\p{Lu}\p{Lo}\d"'(]/u.test(heading)) return null;
    const word = /^\s*(\p{L}+)/u.exec(t)![1];
    return { number: app[1].toUpperCase(), heading: heading || `${word} ${app[1].toUpperCase()}`, empty: !heading };
  }
  const m = NUMBERED.exec(t) ?? LETTERED.exec(t);
  if (!m) return null;
  const number = m[1];
  const heading = (m.length > 3 ? m[3] : m[2]).trim();
  // "5.6.  802.11 Integration": a heading may start with a number when a capitalised word follows.
  const numberLed = m.length > 3 && m[2] === '.' && /^\d[\d.]*\s+\p{Lu}/u.test(heading);
  if (!numberLed && !/^[\p{Lu}\p{Lo}"'(]/u.test(heading) && !/^[a-z][a-zA-Z]*[A-Z]/.test(heading)) return null; // "ifTable ...", not prose
  if (heading.split(/\s+/).length > 14) return null;
  if (/^\d+(?:\.\d+)*$/.test(heading)) return null;
  // "3 MW" or "10 Mbit/s" at the start of a line: a value, not a heading.
  // "8.2.  A Simple Format": the article A before a capitalised word, not amperes.
  if (/^(?:[kMGT]?(?:W|Hz|V|A|bit|B|s|ms|m)\b|%)/.test(heading) && !/^A \p{Lu}\p{Ll}/u.test(heading)) return null;
  return { number, heading };
}
