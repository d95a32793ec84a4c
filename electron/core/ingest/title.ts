// A document's title when its file name is not one. Files downloaded or exported by tools are often
// named by a content hash, a number, a counter ("document1", "scan_0003") or a date: such a name says
// nothing of the document, while its text usually opens with the title. The title is then read from
// the text: the first line that is not front matter (a URL, an e-mail, an ISSN/ISBN/DOI, a journal's
// volume and pages line, a lone page number), cut to a few words; a title-case heading run into the
// sentence after it ends where that sentence begins.

/** Words of a title read from the text; longer ones are cut at a word and end with "…". */
const MAX_WORDS = 12;
/** Characters of the text looked at for the title. */
const HEAD = 3000;

/** Words of names that generic tools give files, followed by nothing but a counter. */
const GENERIC_NAME =
  /^(?:document|doc|file|untitled|unnamed|noname|scan|scanned|img|image|page|paper|text|download|new|copy|attachment|article|report|temp|tmp|draft|output|export|item)[\s_\-.]*\d*$/i;

/**
 * Whether a file name (its extension dropped) names its document. Not a name: a hash or other long
 * hexadecimal id, a UUID, a number, a date or other digits and marks only, or a generic word with a
 * counter; a counter prefix ("000_") and a copy mark (" (2)") are looked past.
 */
export function isTitleName(fileName: string): boolean {
  const stem = fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/\s*\(\d+\)$/, '')
    .trim();
  const core = stem.replace(/^\d+[\s_\-.]+(?=\S)/, '');
  if (!/\p{L}/u.test(core)) return false; // digits and marks only: a number, a date
  if (/^[0-9a-f]{8,}$/i.test(core) && /\d/.test(core)) return false; // a hash
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(core)) return false; // a UUID
  if (GENERIC_NAME.test(core)) return false;
  return true;
}

// Front matter of an article or a standard's page furniture: what precedes the title.
const FRONT_MATTER = [
  /\b(?:https?:\/\/|www\.)\S+/gi,
  /\b[\w.+-]+@[\w-]+\.[\w.-]+/g,
  /\b(?:e-?issn|issn|isbn|doi)\s*:?\s*[\d\-.X/]+[\w./-]*/gi,
  /\bvol(?:ume)?\.?\s*\d+\s*,?(?:\s*(?:no|issue)\.?\s*\d+)?/gi,
  /\bpp?\.\s*\d+\s*[-–~]\s*\d+/gi,
];

/** Words of a journal's or publisher's name allowed before and between the front matter's marks. */
const FRONT_GAP_WORDS = 10;

/**
 * Where the front matter that opens `text` ends (0: it opens with none): its marks one after the
 * other, with at most a name's few words before and between them (a URL deep in the text is not).
 */
function frontMatterEnd(text: string): number {
  const marks: { start: number; end: number }[] = [];
  for (const re of FRONT_MATTER) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) marks.push({ start: m.index, end: m.index + m[0].length });
  }
  marks.sort((a, b) => a.start - b.start);
  let end = 0;
  for (const m of marks) {
    if (m.start < end) {
      end = Math.max(end, m.end);
      continue;
    }
    const gap = text.slice(end, m.start).split(/\s+/).filter(Boolean).length;
    if (gap > FRONT_GAP_WORDS) break;
    end = m.end;
  }
  return end;
}

/** Fragments a layout repair leaves of front matter (a URL cut at spaces): tokens with dots or slashes, one- or two-letter lower-case bits. */
const isFragment = (w: string) => /[./:@]/.test(w.replace(/[.,;:]$/, '')) || /^[a-z]{1,2}[.,]?$/.test(w) || !/\p{L}/u.test(w);

const FUNCTION_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with', 'via', 'vs', '&', '-', '–']);

/**
 * A title-case heading run into the sentence after it ("2.1 Fault Current Limits After the
 * breaker opens …"): the number of words of the heading (its number included), or 0 when the words do
 * not open with one. The capitalised word before the first lower-case content word opens the sentence.
 */
function headingLength(words: string[]): number {
  let i = /^\d+(?:\.\d+)*\.?$/.test(words[0] ?? '') ? 1 : 0;
  const start = i;
  let caps = 0;
  while (i < words.length) {
    const w = words[i];
    if (/^\p{Lu}/u.test(w)) caps++;
    else if (!(caps > 0 && FUNCTION_WORDS.has(w.toLowerCase()))) break;
    i++;
  }
  if (caps < 3 || i >= words.length || !/^\p{Ll}/u.test(words[i])) return 0;
  let end = i - 1; // the sentence's first word
  while (end > start && FUNCTION_WORDS.has(words[end - 1].toLowerCase())) end--;
  return end - start >= 2 ? end : 0;
}

/** Cut a candidate to a title: the heading it opens with, else its first MAX_WORDS words (… when cut). */
function asTitle(candidate: string): string | null {
  const words = candidate
    .replace(/^#+\s*/, '')
    .split(/\s+/)
    .filter(Boolean);
  while (words.length && isFragment(words[0]) && !/^\d+(?:\.\d+)*\.?$/.test(words[0])) words.shift();
  if (words.filter((w) => /\p{L}{2,}/u.test(w)).length < 2) return null;
  const heading = headingLength(words);
  if (heading) return words.slice(0, heading).join(' ');
  if (words.length <= MAX_WORDS) return words.join(' ').replace(/[\s.,;:]+$/, '');
  return `${words
    .slice(0, MAX_WORDS)
    .join(' ')
    .replace(/[\s.,;:]+$/, '')}…`;
}

/** The title a document's text opens with, or null when its opening has none (no line with two words). */
export function titleFromText(text: string): string | null {
  const head = text.slice(0, HEAD);
  for (const raw of head.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    // the front matter the line opens with is not the title
    const rest = line.slice(frontMatterEnd(line)).trim();
    if (!rest) continue;
    // a long paragraph: its first sentence that reads as a title (past the bits of front matter)
    const sentences = rest.length > 200 ? rest.split(/(?<=[.!?。])\s+/u).slice(0, 8) : [rest];
    for (const sentence of sentences) {
      const title = asTitle(sentence);
      if (title) return title;
    }
  }
  return null;
}

/** The title to store for a document parsed from `name`: the name when it is one, else the title its text opens with. */
export function documentTitle(name: string, text: string): string {
  if (isTitleName(name)) return name;
  return titleFromText(text) ?? name;
}
