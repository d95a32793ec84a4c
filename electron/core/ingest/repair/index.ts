// Text repair before chunking. The input is the raw extraction, page by page; the output is the
// repaired text every span points into, with the span of each page in it.
import { normalizeText, tidyText } from './normalize';
import { removeRepeatedLines, splitPages, stripRepeatedPrefixes } from './boilerplate';
import { isBrokenLayout, joinFragments, respace } from './layout';
import { reflowMarkdown, reflowPage, wrapInfo, joinHyphenated } from './reflow';

export { normalizeText, tidyText } from './normalize';
export { joinHyphenated } from './reflow';

export interface PageSpan {
  number: number;
  start: number;
  end: number;
}

interface RepairResult {
  text: string;
  /** Page spans in `text`; empty when the source had no pages. */
  pages: PageSpan[];
  /** What was done, for the document's meta. */
  repairs: string[];
}

interface RepairOptions {
  /** 'pdf': lines are layout lines (always joined); 'markdown': Markdown soft wraps; 'text': detect. */
  mode: 'text' | 'pdf' | 'markdown';
  /** The source has real pages (PDF): keep one page per input even when empty. */
  paged?: boolean;
  /**
   * `rawPages` are one text already cut at its form feeds (a large text read again from its file in
   * pieces, never held whole: ingest/pipeline.ts pagesFromFile): repaired as the text would be.
   */
  cutAtFormFeeds?: boolean;
  /**
   * Called every STEP_CHARS of pages reflowed and once they are all repaired, before they are joined:
   * a large text's garbage collection (ingest/pipeline.ts collectGarbage).
   */
  betweenSteps?: () => void;
  /** A text this long is joined through a buffer, its pages let go as they are copied (joinLettingGo; default RELEASING_JOIN_CHARS). */
  releasingJoinChars?: number;
}

// Numbered ALL-CAPS section titles run into the prose of a rebuilt page: "... answers. 3. EXPERIMENTS This section".
const INLINE_HEADING = /(^|[.!?\]] )(\d{1,2}(?:\.\d{1,2})*\.? (?:[\p{Lu}][\p{Lu}-]+ ?){1,6})(?= \p{Lu}\p{Ll})/gu;

function rebuild(pages: string[], repairs: string[]): string[] {
  const joined = pages.map(joinFragments);
  const stripped = stripRepeatedPrefixes(joined);
  if (stripped.removed) repairs.push(`running headers removed from ${stripped.removed} pages`);
  repairs.push('broken one-character-per-line layout rebuilt with word segmentation');
  return stripped.pages.map((p) => respace(p).replace(INLINE_HEADING, (_m, before: string, title: string) => `${before.trimEnd()}\n\n${title.trim()}\n\n`));
}

/** Characters of pages reflowed between two calls of RepairOptions.betweenSteps. */
const STEP_CHARS = 16_000_000;

/** isBrokenLayout reads this many characters of a text at most. */
const BROKEN_LAYOUT_SAMPLE = 2_000_000;

/** The first `max` characters of the pages joined with newlines, without joining the rest. */
function joinedHead(pages: string[], max: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < pages.length && length < max; i++) {
    if (i > 0) {
      parts.push('\n');
      length++;
    }
    parts.push(pages[i]);
    length += pages[i].length;
  }
  const head = parts.join('');
  return head.length > max ? head.slice(0, max) : head;
}

/**
 * Repair raw pages (one string for a source without pages) into the document text. `rawPages` is
 * emptied: each raw page is let go once repaired, so a large text is not held raw and repaired at once.
 */
export function repair(rawPages: string[], options: RepairOptions): RepairResult {
  const repairs: string[] = ['unicode NFKC'];
  const sourcePages = rawPages.length;
  let pages = rawPages.map(normalizeText);
  rawPages.length = 0;
  if (options.mode === 'markdown') {
    const text = tidyText(reflowMarkdown(pages.join('\n\n')));
    return { text, pages: [], repairs };
  }
  if (!options.paged && (pages.length === 1 || options.cutAtFormFeeds)) {
    // (splitPages cuts a text with form feeds at them: what cutAtFormFeeds pages already are)
    if (pages.length === 1) pages = splitPages(pages[0]);
    if (pages.length > 1) repairs.push(`split into ${pages.length} pages`);
  }
  const broken = isBrokenLayout(joinedHead(pages, BROKEN_LAYOUT_SAMPLE));
  if (pages.length > 1) {
    // Fragment lines of a broken layout repeat by chance: there only whole long lines count.
    // A large text (or one read again from its file) in place, its raw pages let go one by one: pages
    // is this function's own array. In place strips each page twice, so other texts take the copy.
    const inPlace = options.cutAtFormFeeds || options.betweenSteps ? { betweenSteps: options.betweenSteps, stepChars: STEP_CHARS } : undefined;
    const r = removeRepeatedLines(pages, { longLinesOnly: broken, inPlace });
    pages = r.pages;
    if (r.removed) repairs.push(`${r.removed} repeated boilerplate lines removed`);
  }
  if (broken) {
    pages = rebuild(pages, repairs);
    for (let i = 0; i < pages.length; i++) pages[i] = tidyText(pages[i]);
  } else {
    // The lines of the pages joined with '\n' are the lines of each page: no join of the whole text.
    const wrap = wrapInfo(pages);
    // Each page reflowed and tidied in place: its earlier forms are garbage at once, so a large text
    // is not held once more per step (pages is this function's own array, never the caller's).
    let sinceStep = 0;
    for (let i = 0; i < pages.length; i++) {
      sinceStep += pages[i].length;
      pages[i] = tidyText(reflowPage(pages[i], wrap, { forceWrapped: options.mode === 'pdf' }));
      if (options.betweenSteps && sinceStep >= STEP_CHARS) {
        options.betweenSteps();
        sinceStep = 0;
      }
    }
    if (wrap.width || options.mode === 'pdf') repairs.push('wrapped lines joined');
  }
  options.betweenSteps?.();
  return assemble(pages, Boolean(options.paged) || sourcePages > 1 || pages.length > 1, repairs, options);
}

/** A repaired text this long is joined by joinLettingGo rather than as one join of its pages. */
const RELEASING_JOIN_CHARS = 4_000_000;

/**
 * The parts joined into one string through a buffer of the text's size, each part let go once it is
 * copied (`parts` is emptied; the caller lets go of any other hold on them): a join of the parts
 * holds all of them and the text at once, in V8's heap, whose space the parts leave is given back to
 * the system only in part and later. Here the parts shrink as the buffer fills (`betweenSteps`
 * collects them as it goes), so the text's two copies at once are the buffer and the string decoded
 * from it, memory outside V8's heap that is given back as soon as either is let go. The same string
 * as parts.join(''): one byte a character when every character fits one (latin1), else UTF-16.
 */
export function joinLettingGo(parts: string[], betweenSteps?: () => void): string {
  let length = 0;
  let oneByte = true;
  for (const part of parts) {
    length += part.length;
    if (oneByte && /[^\x00-\xff]/.test(part)) oneByte = false;
  }
  const encoding = oneByte ? 'latin1' : 'utf16le';
  const buffer = Buffer.allocUnsafe(oneByte ? length : length * 2);
  let at = 0;
  let sinceStep = 0;
  for (let i = 0; i < parts.length; i++) {
    at += buffer.write(parts[i], at, encoding);
    sinceStep += parts[i].length;
    parts[i] = '';
    if (betweenSteps && sinceStep >= STEP_CHARS) {
      betweenSteps();
      sinceStep = 0;
    }
  }
  parts.length = 0;
  // the last parts copied (up to STEP_CHARS) let go before the string is made: at the decode the text
  // is the buffer and the string, nothing else of its size
  if (sinceStep) betweenSteps?.();
  return buffer.toString(encoding, 0, at);
}

/** Join repaired pages; a paragraph running over a page break is joined back into one. */
function assemble(
  pages: string[],
  keepPages: boolean,
  repairs: string[],
  options: Pick<RepairOptions, 'betweenSteps' | 'releasingJoinChars'> = {},
): RepairResult {
  // Built as parts with a running offset: no rescans of a growing string (100 MB texts).
  const parts: string[] = [];
  const spans: PageSpan[] = [];
  let length = 0;
  let tail = ''; // the end of the text's last line
  let lastLineLength = 0;
  const add = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  pages.forEach((page, i) => {
    const span = { number: i + 1, start: length, end: length };
    let joinedLine = false;
    if (length > 0 && page) {
      // The last code point decides (two code units: it may be a surrogate pair); no scan of the tail.
      // (the page's first line may keep the paragraph's indentation: "   material.  If the key ..." after
      // "... disclose the keying" -- the next page of an RFC goes on inside the same paragraph)
      const indent = /^[ \t]*/.exec(page.slice(0, 40))![0].length;
      // (an indented page start after a comma is a listing's next line -- "RequestID," / "error-status" -- not prose)
      const continues =
        (indent ? /[\p{L}-]$/u : /[\p{Ll},\p{L}-]$/u).test(tail.slice(-2)) && /^\p{Ll}/u.test(page.slice(indent, indent + 2)) && lastLineLength >= 30;
      if (continues && /\p{L}-$/u.test(tail.slice(-3))) {
        // Re-join a word broken over the page break; the page starts after it.
        const word = page.slice(indent).split(/\s/, 1)[0];
        const prev = parts.pop()!;
        length -= prev.length;
        add(joinHyphenated(prev, word));
        span.start = length;
        add(page.slice(indent + word.length));
      } else {
        // a block going on at the same indentation after a line with no sentence end -- a MIB object's
        // clauses ("MAX-ACCESS  read-only" / "STATUS  current"), a sentence cut before a capital -- is one
        // block: its lines meet at a line break, not a paragraph break the chunker would cut at
        const tailIndent = lastLineLength <= tail.length ? /^[ \t]*/.exec(tail)![0].length : -1;
        const sameBlock = !continues && indent > 0 && tailIndent === indent && !/[.!?:;]["')\]]?\s*$/.test(tail);
        add(continues ? ' ' : sameBlock ? '\n' : '\n\n');
        span.start = length;
        add(continues ? page.slice(indent) : page);
      }
      joinedLine = continues;
    } else if (page) {
      add(page);
    }
    span.end = length;
    spans.push(span);
    if (page) {
      const nl = page.lastIndexOf('\n');
      if (nl >= 0) {
        tail = page.slice(Math.max(nl + 1, page.length - 200));
        lastLineLength = page.length - nl - 1;
      } else {
        tail = ((joinedLine ? tail : '') + page).slice(-200);
        lastLineLength = (joinedLine ? lastLineLength + 1 : 0) + page.length;
      }
    }
  });
  let text: string;
  if (length >= (options.releasingJoinChars ?? RELEASING_JOIN_CHARS)) {
    // (pages is repair's own array: the parts are the pages and slices of them, let go as copied)
    pages.length = 0;
    tail = '';
    text = joinLettingGo(parts, options.betweenSteps);
  } else text = parts.join('');
  if (!keepPages) return { text, pages: [], repairs };
  return { text, pages: spans, repairs };
}
