// Markdown shown as text formatting, not as its marks (#, **, `): the text is cut into runs that
// keep their offsets in it (the marks hidden, the rest styled), so spans given in text offsets (an
// evidence span, a cited sentence) are still marked exactly. Headings, bold, italic, code and links
// only: lists, tables and quotes read as they are. Typed without the DOM: unit-tested outside a browser.

export interface MarkdownRun {
  start: number;
  end: number;
  /** A mark of the syntax (`## `, `**`, a link's target): not shown. */
  hidden?: boolean;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** Inside a heading line of this level (1–6). */
  heading?: number;
}

const HEADING = /^(#{1,6})[ \t]+/;
const HEADING_LINE = /^#{1,6}[ \t]+\S/m;
const BOLD = /\*\*(?=\S)[^\n]*?\S\*\*|__(?=\S)[^\n]*?\S__/;

/** Does the text read as Markdown: an ATX heading line, or bold marks? (Plain text and RFC layout do not.) */
export function looksLikeMarkdown(text: string): boolean {
  return HEADING_LINE.test(text) || BOLD.test(text);
}

// One inline element at a time, leftmost first: code, bold, italic, a link.
const INLINE =
  /`([^`\n]+)`|\*\*(?=\S)([^\n]*?\S)\*\*|__(?=\S)([^\n]*?\S)__|(?<![\p{L}\p{N}*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\p{L}\p{N}*])|(?<![\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])|\[([^\]\n]+)\]\(([^)\s]+)\)/gu;

function inlineRuns(text: string, from: number, to: number, heading: number | undefined, out: MarkdownRun[]): void {
  const plain = (start: number, end: number, style: Partial<MarkdownRun> = {}) => {
    if (end > start) out.push({ start, end, ...(heading ? { heading } : {}), ...style });
  };
  const hide = (start: number, end: number) => {
    if (end > start) out.push({ start, end, hidden: true });
  };
  INLINE.lastIndex = 0;
  const line = text.slice(from, to);
  let at = 0;
  for (let m = INLINE.exec(line); m; m = INLINE.exec(line)) {
    const s = from + m.index;
    const e = s + m[0].length;
    plain(from + at, s);
    if (m[1] !== undefined) {
      hide(s, s + 1);
      plain(s + 1, e - 1, { code: true });
      hide(e - 1, e);
    } else if (m[2] !== undefined || m[3] !== undefined) {
      hide(s, s + 2);
      plain(s + 2, e - 2, { bold: true });
      hide(e - 2, e);
    } else if (m[4] !== undefined || m[5] !== undefined) {
      hide(s, s + 1);
      plain(s + 1, e - 1, { italic: true });
      hide(e - 1, e);
    } else {
      // [text](target): the text shown, the brackets and the target hidden
      hide(s, s + 1);
      plain(s + 1, s + 1 + m[6].length);
      hide(s + 1 + m[6].length, e);
    }
    at = m.index + m[0].length;
  }
  plain(from + at, to);
}

/** The runs of `text`, in order, covering all of it. */
export function markdownRuns(text: string): MarkdownRun[] {
  const out: MarkdownRun[] = [];
  let start = 0;
  let fenced = false;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end);
    if (/^\s*```/.test(line)) {
      // a code fence: the fence line hidden, the lines inside shown as code
      fenced = !fenced;
      if (end > start) out.push({ start, end, hidden: true });
    } else if (fenced) {
      if (end > start) out.push({ start, end, code: true });
    } else {
      const h = HEADING.exec(line);
      if (h) {
        out.push({ start, end: start + h[0].length, hidden: true });
        // closing hashes ("## Title ##") are marks too
        const closing = /[ \t]+#+[ \t]*$/.exec(line);
        const textEnd = closing && closing.index >= h[0].length ? start + closing.index : end;
        inlineRuns(text, start + h[0].length, textEnd, h[1].length, out);
        if (textEnd < end) out.push({ start: textEnd, end, hidden: true });
      } else inlineRuns(text, start, end, undefined, out);
    }
    if (nl < 0) break;
    out.push({ start: end, end: end + 1 });
    start = end + 1;
  }
  return out;
}

/** The shown text of the runs (for tests and tooltips). */
export const shownText = (text: string, runs: MarkdownRun[]) =>
  runs
    .filter((r) => !r.hidden)
    .map((r) => text.slice(r.start, r.end))
    .join('');
