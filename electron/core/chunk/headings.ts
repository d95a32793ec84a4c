// Headings found in a document's text: Markdown "#" lines, numbered section titles ("3.2 Results",
// "1. Introduction"), ALL-CAPS titles, and RFC-style titles at column 0 above indented text.
import { lastStartingAtOrBefore } from '../text/spans';
import { looksLikeCode } from '../text/code-line';

export interface Heading {
  /** Span of the heading line in the text. */
  start: number;
  end: number;
  /** 1 = top level. */
  level: number;
  title: string;
}

const NUMBERED = /^(?:(?:chapter|section|appendix)\s+)?(\d{1,2}(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?\s+(\S.*)$/i;
const APPENDIX = /^appendix\s+([A-Z])\.?(?:\s*[:.-]\s*|\s+)(\S.*)?$/i;
const ALL_CAPS = /^[\p{Lu}\d][\p{Lu}\d &,:/()'’-]{2,60}$/u;

function lines(text: string): { start: number; end: number; line: string }[] {
  const out: { start: number; end: number; line: string }[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    out.push({ start, end, line: text.slice(start, end) });
    if (nl === -1) return out;
    start = nl + 1;
  }
}

function numberedHeading(t: string): { level: number; title: string } | null {
  const app = APPENDIX.exec(t);
  if (app) return { level: 1, title: t.trim() };
  const m = NUMBERED.exec(t);
  if (!m) return null;
  const rest = m[2];
  if (!/^[\p{Lu}\p{Lo}]/u.test(rest)) return null;
  if (/[.,;]$/.test(rest) || rest.split(/\s+/).length > 14) return null;
  if (/\.{3,}|\S {3,}\S/.test(rest)) return null; // table of contents, tables
  const first = Number(m[1].split('.')[0]);
  if (Number.isFinite(first) && first > 60) return null;
  return { level: m[1].split('.').filter(Boolean).length, title: t.trim() };
}

/** Find the headings of a text. Markdown mode reads only "#" lines (outside code fences). */
export function detectHeadings(text: string, options: { markdown?: boolean } = {}): Heading[] {
  const all = lines(text);
  const out: Heading[] = [];
  if (options.markdown) {
    let fence = false;
    for (const { start, end, line } of all) {
      if (/^\s{0,3}(```|~~~)/.test(line)) fence = !fence;
      if (fence) continue;
      const m = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/.exec(line);
      if (m) out.push({ start, end, level: m[1].length, title: m[2].trim() });
    }
    return out;
  }
  const nonEmpty = all.filter((l) => l.line.trim());
  const indentedBody = nonEmpty.length >= 10 && nonEmpty.filter((l) => /^\s{2,}\S/.test(l.line)).length / nonEmpty.length >= 0.5;
  all.forEach(({ start, end, line }, i) => {
    if (!line.trim() || /^\s/.test(line)) return;
    const t = line.trim();
    if (t.length > 100 || looksLikeCode(t)) return;
    const numbered = numberedHeading(t);
    if (numbered) {
      out.push({ start, end, ...numbered });
      return;
    }
    const blankBefore = i === 0 || !all[i - 1].line.trim();
    const blankAfter = i === all.length - 1 || !all[i + 1].line.trim();
    if (ALL_CAPS.test(t) && /\p{Lu}{3}/u.test(t) && !/\S {3,}\S/.test(t) && (blankBefore || blankAfter)) {
      out.push({ start, end, level: 1, title: t });
      return;
    }
    // RFC style: body indented, titles at column 0 between blank lines.
    if (indentedBody && blankBefore && t.length <= 72 && /^\p{Lu}/u.test(t) && !/[.,;]$/.test(t) && !/\S {3,}\S/.test(t)) {
      out.push({ start, end, level: 1, title: t });
    }
  });
  return out;
}

/** The heading path (outermost first) in force at each position, as a lookup. */
export function headingPathAt(headings: Heading[]): (pos: number) => string[] {
  const sorted = [...headings].sort((a, b) => a.start - b.start);
  const paths: string[][] = [];
  const stack: Heading[] = [];
  for (const h of sorted) {
    while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
    stack.push(h);
    paths.push(stack.map((s) => s.title));
  }
  return (pos) => {
    const found = lastStartingAtOrBefore(sorted, pos);
    return found === -1 ? [] : paths[found];
  };
}
