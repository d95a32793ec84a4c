// The structure of a document, read from its repaired text: which standard it is (by its own
// identifiers: an RFC header block, IEC/ISO/IEEE/ETSI/ITU designations with editions), its title,
// its numbered and unnumbered sections, and the regions that are boilerplate rather than content
// (front matter, status and copyright notices, IPR, table of contents, author addresses, running
// page headers and footers, reference lists, acknowledgements). Pure: text in, structure out.
//
// Everything is found from layout and numbering, never from one document's wording; the only names
// matched are the generic section names of a document type (an RFC's "Status of This Memo", a
// standard's "Foreword", "Bibliography").

import { lastStartingAtOrBefore } from '../text/spans';
import type { DocumentTable } from './tables';
import { MONTH_NAME_ALTERNATION } from '../nlp/months';
import { boilerplateKindOf, exactBoilerplateKindOf, tolerantBoilerplateKind } from './boilerplate';
import type { Region, RegionKind } from './region';
import { looksLikeTitle, numberedCandidate, splitLines, type Line } from './lines';
import { firstProseAt, headingKey, tocBlock, tocRuns, type TocEntry } from './toc';

export { numberedCandidate } from './lines';

/** What document/blocks.ts finds: a note, an example or a caption (part of a document's structure). */
export type BlockKind = 'note' | 'example' | 'table-caption' | 'figure-caption';

export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
  /** The label as printed: 'NOTE 2', 'EXAMPLE', 'Table 3', 'Figure 1'. */
  label: string;
}

type StandardBody = 'IETF' | 'IEC' | 'IEEE' | 'ISO' | 'ETSI' | 'ITU' | 'other';

export interface StandardId {
  body: StandardBody;
  /** The designation as cited: 'RFC 3580', 'IEC 61850-7-4', 'IEEE Std 802.1X', 'ETSI TS 102 690'. */
  id: string;
  /** The bare number: '3580', '61850-7-4'. */
  number?: string;
  /** Edition or version: '2.0', 'V1.1.1', '2010' (a year edition). */
  edition?: string;
  title?: string;
  /** RFC category ('Informational', 'Standards Track', ...) or a document type ('International Standard', 'TS'). */
  category?: string;
  /** Publication date as printed ('September 2003', '2010-03'). */
  date?: string;
  /** Documents this one updates / obsoletes, as designations ('RFC 2866'). */
  updates?: string[];
  obsoletes?: string[];
}

export interface Section {
  /** '3.1', 'A.2', 'A' (an appendix or annex); null for an unnumbered section. */
  number: string | null;
  /** The heading text without its number: 'RADIUS Accounting'. */
  heading: string;
  /** 1 = top level; a numbered section's level is its number's depth. */
  level: number;
  /** The heading's start .. the start of the next section of the same or a higher level (or the text's end). */
  start: number;
  end: number;
  /** The end of the heading line(s): the section's content starts after it. */
  headingEnd: number;
  /** An annex that says what it is: "(normative)" or "(informative)" (document/blocks.ts). */
  annex?: 'normative' | 'informative';
}

export type { Region, RegionKind } from './region';

export interface DocumentStructure {
  standard: StandardId | null;
  /** The document's own title ('RFC 3580: IEEE 802.1X Remote ...' for a standard), or null. */
  title: string | null;
  /** In text order (by start). */
  sections: Section[];
  /** In text order (by start); regions may nest (a page footer inside a copyright section). */
  boilerplate: Region[];
  /** Tables, in text order (document/tables.ts); absent when the document has none known. */
  tables?: DocumentTable[];
  /** Notes, examples and captions, in text order (document/blocks.ts); absent when none. */
  blocks?: Block[];
}

/** How much of a text's head is read for the front page (identifiers, title). */
const FRONT_CHARS = 12_000;

// ---------------------------------------------------------------------------------------------
// Standard identification

const DATE_RE = new RegExp(`\\b(?:\\d{1,2}\\s+)?(?:${MONTH_NAME_ALTERNATION})\\s+\\d{4}\\b`);

/** The value of an RFC header field at the start of a line ("Updates: 2865, 2866   Microsoft"). */
function headerField(front: Line[], name: RegExp): string | null {
  for (const l of front) {
    const m = name.exec(l.t);
    if (!m) continue;
    // The left column ends at a run of 3+ spaces (the author column follows).
    return l.t
      .slice(m[0].length)
      .split(/\s{3,}/)[0]
      .trim();
  }
  return null;
}

/** "2865, 2866 (if approved)" / "RFC 1098" -> ['RFC 2865', 'RFC 2866']. */
function rfcList(value: string | null): string[] | undefined {
  if (!value) return undefined;
  // The leading list only: what follows in a run-together line is the author column.
  const list = /^(?:RFC\s*)?\d{1,5}(?:\s*(?:,|and)\s*(?:RFC\s*)?\d{1,5})*/i.exec(value.trim())?.[0] ?? '';
  const out: string[] = [];
  for (const m of list.matchAll(/(?:RFC\s*)?(\d{1,5})\b/gi)) out.push(`RFC ${Number(m[1])}`);
  return out.length ? [...new Set(out)] : undefined;
}

/** The RFC title: the centred line(s) after the header block, before the first heading. */
function rfcTitle(lines: Line[], headerEnd: number, firstHeading: number): string | null {
  const parts: string[] = [];
  let i = headerEnd;
  while (i < lines.length && lines[i].start < firstHeading && !lines[i].t) i++;
  for (; i < lines.length && lines[i].start < firstHeading && lines[i].t; i++) {
    if (lines[i].t.startsWith('\u0000')) break;
    parts.push(lines[i].t);
  }
  // A title with a second line after one blank line (a draft name or a subtitle) is not joined.
  const title = parts.join(' ').replace(/\s+/g, ' ').trim();
  return title && title.length <= 300 ? title : null;
}

function identifyIetf(lines: Line[], front: Line[], firstHeading: number): StandardId | null {
  const rfc = headerField(front, /^Request for Comments:\s*/i);
  const rfcNumber = rfc ? /^(\d{1,5})\b/.exec(rfc)?.[1] : undefined;
  const draftLine = front.find((l) => /^Internet[- ]Draft\b/i.test(l.t));
  const draftName = draftLine ? /\b(draft-[a-z0-9-]+)/i.exec(front.map((l) => l.t).join('\n'))?.[1] : undefined;
  if (!rfcNumber && !draftName) return null;
  // The header block: from the first line to the first blank line after the field lines.
  let headerEnd = 0;
  while (headerEnd < lines.length && !lines[headerEnd].t) headerEnd++;
  while (headerEnd < lines.length && lines[headerEnd].t) headerEnd++;
  const headerLines = lines.slice(0, headerEnd);
  const date = headerLines.map((l) => DATE_RE.exec(l.t)?.[0]).find(Boolean);
  // A PDF's text may run the two header columns into one line: find the fields inside lines too.
  const inline = (re: RegExp) => front.map((l) => re.exec(l.t)?.[1]).find(Boolean);
  // The IETF's own categories first: a field line may run on into the author column ("Category: Informational B. Aboba").
  const category =
    inline(/\bCategory:\s*(Standards Track|Informational|Experimental|Best Current Practice|Historic|Proposed Standard|Draft Standard|Internet Standard)\b/i) ??
    headerField(front, /^Category:\s*/i) ??
    undefined;
  const std: StandardId = {
    body: 'IETF',
    id: rfcNumber ? `RFC ${Number(rfcNumber)}` : draftName!,
    ...(rfcNumber ? { number: String(Number(rfcNumber)) } : {}),
    ...(category ? { category } : {}),
    ...(date ? { date } : {}),
  };
  const listField = (name: string) =>
    headerField(front, new RegExp(`^${name}:\\s*`, 'i')) ??
    inline(new RegExp(`\\b${name}:\\s*((?:RFC\\s*)?\\d{1,5}(?:\\s*,\\s*(?:RFC\\s*)?\\d{1,5})*)`, 'i')) ??
    null;
  const updates = rfcList(listField('Updates'));
  const obsoletes = rfcList(listField('Obsoletes'));
  if (updates) std.updates = updates;
  if (obsoletes) std.obsoletes = obsoletes;
  const title = rfcTitle(lines, headerEnd, firstHeading);
  if (title) std.title = title;
  return std;
}

interface Designation {
  body: StandardBody;
  id: string;
  number: string;
  edition?: string;
  category?: string;
  index: number;
}

// Designations as printed on a standard's cover or running header. Years after a colon or a dash
// are the edition year; "Edition 2.0" / "V1.2.1" are found separately.
const DESIGNATIONS: { body: StandardBody; re: RegExp; make: (m: RegExpExecArray) => Omit<Designation, 'index' | 'body'> }[] = [
  {
    // an RFC named on a cover or in a title ("RFC 2867"), where no RFC header block says it
    body: 'IETF',
    re: /\bRFC\s?(\d{1,5})\b(?![.-]\d)/g,
    make: (m) => ({ id: `RFC ${Number(m[1])}`, number: String(Number(m[1])) }),
  },
  {
    body: 'ETSI',
    re: /\bETSI\s+(TS|TR|EN|ES|EG|GS|GR|SR)\s+(\d{3}\s?\d{3}(?:-\d+)*)(?:\s+V(\d+\.\d+\.\d+))?/g,
    make: (m) => ({ id: `ETSI ${m[1]} ${m[2]}`, number: m[2], category: m[1], ...(m[3] ? { edition: `V${m[3]}` } : {}) }),
  },
  {
    body: 'ITU',
    re: /\bITU-([TR])\s+(?:Recommendation\s+)?([A-Z]\.\d+(?:\.\d+)*)/g,
    make: (m) => ({ id: `ITU-${m[1]} ${m[2]}`, number: m[2], category: 'Recommendation' }),
  },
  {
    body: 'IEEE',
    re: /\bIEEE\s+Std\.?\s+(\d+(?:\.\d+)*[A-Za-z]{0,2}?)(?:TM|™)?(?:[-:](\d{4}))?(?![A-Za-z])/g,
    make: (m) => ({ id: `IEEE Std ${m[1]}`, number: m[1], ...(m[2] ? { edition: m[2] } : {}) }),
  },
  {
    // ISO/IEC, IEC/IEEE, IEC, ISO (+ /TS, /TR), with an optional year.
    body: 'IEC',
    re: /\b((?:ISO|IEC)(?:\/(?:IEC|ISO|IEEE|ASTM))?(?:\s*\/?\s*(?:TS|TR|PAS))?)\s+(\d{3,5}(?:-\d{1,3})*)(?::(\d{4}))?(?![\d.])/g,
    make: (m) => {
      const prefix = m[1]
        .replace(/\s+/g, '')
        .replace(/\/(TS|TR|PAS)$/, ' $1')
        .replace(/(\w)(TS|TR|PAS)$/, '$1 $2');
      return { id: `${prefix} ${m[2]}`, number: m[2], ...(m[3] ? { edition: m[3] } : {}) };
    },
  },
];

function bodyOf(prefix: string, fallback: StandardBody): StandardBody {
  if (/^ISO/.test(prefix)) return 'ISO';
  if (/^IEC/.test(prefix)) return 'IEC';
  return fallback;
}

/** A standard other than an RFC: the designation the front page names most (first on ties). */
function identifyOther(frontText: string, lines: Line[], firstHeading: number): StandardId | null {
  const found: Designation[] = [];
  for (const d of DESIGNATIONS) {
    d.re.lastIndex = 0;
    for (let m = d.re.exec(frontText); m; m = d.re.exec(frontText)) {
      const made = d.make(m);
      found.push({ ...made, body: d.body === 'IEC' ? bodyOf(made.id, 'IEC') : d.body, index: m.index });
    }
  }
  if (!found.length) return null;
  // A paper about a standard names it too: only a cover says it is one. The designation stands on a
  // line of its own (or opens a short line: "IEC 61850-7-4:2010", "ETSI TS 102 690 V1.1.1 (2011-10)"),
  // or the front page carries a standard's labels (International Standard, Edition 2.0, IEEE Standard for).
  const coverLabels =
    /\b(?:INTERNATIONAL STANDARD|TECHNICAL SPECIFICATION|TECHNICAL REPORT|PUBLICLY AVAILABLE SPECIFICATION|Edition \d|IEEE Standard (?:for|of)|Recommendation ITU-[TR]|ITU-[TR] Recommendation|European Standard|Draft ETSI|ETSI Standard)\b/.test(
      frontText,
    );
  const onItsOwnLine = (d: Designation) => {
    const lineStart = frontText.lastIndexOf('\n', d.index - 1) + 1;
    const lineEnd = frontText.indexOf('\n', d.index);
    const line = frontText.slice(lineStart, lineEnd < 0 ? frontText.length : lineEnd).trim();
    return frontText.slice(lineStart, d.index).trim() === '' && line.length <= d.id.length + 30;
  };
  if (!coverLabels) {
    const own = found.filter(onItsOwnLine);
    if (!own.length) return null;
    found.splice(0, found.length, ...own);
  }
  const counts = new Map<string, { n: number; first: Designation; edition?: string }>();
  for (const f of found) {
    const c = counts.get(f.id);
    if (c) {
      c.n++;
      c.edition ??= f.edition;
    } else counts.set(f.id, { n: 1, first: f, edition: f.edition });
  }
  // The document's own designation is printed first on its cover and again in its running
  // headers; a cited one in the normative references comes later. Prefer the earliest that is
  // printed at least as often as any other, but a designation in the first lines wins outright.
  const ranked = [...counts.values()].sort((a, b) => b.n - a.n || a.first.index - b.first.index);
  const early = [...counts.values()].filter((c) => c.first.index < 600).sort((a, b) => a.first.index - b.first.index)[0];
  const best = early ?? ranked[0];
  const d = best.first;
  const std: StandardId = { body: d.body, id: d.id, number: d.number };
  const editionWord = /\b(?:Edition|Ed\.)\s*(\d+(?:\.\d+)?)/i.exec(frontText)?.[1];
  const edition = editionWord ?? best.edition;
  if (edition) std.edition = edition;
  const category =
    d.category ??
    (d.body === 'IETF' ? /\bCategory:\s*(Standards Track|Informational|Experimental|Best Current Practice|Historic)\b/i.exec(frontText)?.[1] : undefined) ??
    /\b(INTERNATIONAL STANDARD|TECHNICAL SPECIFICATION|TECHNICAL REPORT|PUBLICLY AVAILABLE SPECIFICATION|International Standard|Technical Specification|Technical Report|Recommendation)\b/.exec(
      frontText,
    )?.[1];
  if (category) std.category = /^[A-Z]{2,4}$/.test(category) ? category : category.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
  const date = /\b((?:19|20)\d{2}-(?:0[1-9]|1[0-2]))\b/.exec(frontText)?.[1] ?? DATE_RE.exec(frontText)?.[0];
  if (date) std.date = date;
  const title = coverTitle(lines, firstHeading, d.id, d.number);
  if (title) std.title = title;
  return std;
}

/**
 * The designation a title opens with ("RFC 2867: RADIUS Accounting ...", "IEC 61850-7-4:2010 Basic
 * ..."), with the rest of the title: how a PDF's metadata or a cover's largest line names a standard.
 */
export function designationIn(title: string): StandardId | null {
  const t = title.trim();
  for (const d of DESIGNATIONS) {
    d.re.lastIndex = 0;
    const m = d.re.exec(t);
    d.re.lastIndex = 0;
    if (!m || m.index !== 0) continue;
    const made = d.make(m);
    const rest = t
      .slice(m[0].length)
      .replace(/^\s*(?:[:–—|-]|\s)\s*/, '')
      .trim();
    const std: StandardId = { body: d.body === 'IEC' ? bodyOf(made.id, 'IEC') : d.body, id: made.id, number: made.number };
    if (made.edition) std.edition = made.edition;
    if (made.category) std.category = made.category;
    if (rest.split(/\s+/).length >= 2) std.title = rest;
    return std;
  }
  return null;
}

const COVER_LABEL =
  /^(?:INTERNATIONAL STANDARD|NORME INTERNATIONALE|TECHNICAL (?:SPECIFICATION|REPORT)|PUBLICLY AVAILABLE SPECIFICATION|Edition\b|Ed\.|Version\b|Reference number|ICS\b|ISBN\b|Price\b|PRICE CODE|CODE PRIX|Copyright|©|\(c\)|All rights reserved|Published\b|Sponsored by|Approved\b|Recommendation\b)/i;

/**
 * A standard's title from its cover: the first run of text lines before the first section that is
 * not a designation, a label (edition, ICS, price, copyright) or a date; up to three lines joined.
 */
function coverTitle(lines: Line[], firstHeading: number, id: string, number: string): string | null {
  const parts: string[] = [];
  const idKey = id.replace(/\s+/g, '').toLowerCase();
  for (const l of lines) {
    if (l.start >= firstHeading || l.start > FRONT_CHARS) break;
    const t = l.t;
    const isLabel =
      !t ||
      t.startsWith('\u0000') ||
      COVER_LABEL.test(t) ||
      t.replace(/\s+/g, '').toLowerCase().startsWith(idKey) ||
      (t.length < 60 && t.includes(number)) ||
      /^[\d\s.:/-]+$/.test(t) ||
      (DATE_RE.test(t) && t.length < 40) ||
      !/\p{L}{3}/u.test(t);
    if (isLabel) {
      if (parts.length) break;
      continue;
    }
    parts.push(t);
    if (parts.length === 3 || /[.;]$/.test(t)) break;
  }
  const title = parts.join(' ').replace(/\s+/g, ' ').trim();
  return title.split(' ').length >= 2 && title.length <= 300 ? title : null;
}

// ---------------------------------------------------------------------------------------------
// Sections

type NumberKey = number[];

/** '3.1.2' -> [3,1,2]; 'A.2' -> [1001, 2] (appendices sort after numbered sections). */
function numberKey(n: string): NumberKey {
  return n
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : 1000 + p.toUpperCase().charCodeAt(0) - 64));
}

/** Is `next` a plausible section number after `prev` (the next sibling, a child, or an ancestor's next sibling)? */
function follows(prev: NumberKey | null, next: NumberKey): boolean {
  if (next[0] >= 1000) {
    // An appendix: A (or the next letter) after anything, its children after it.
    if (!prev || prev[0] < 1000) return next[0] <= 1002 && next.slice(1).every((v) => v <= 1);
  } else if (prev && prev[0] >= 1000) return false;
  if (!prev) return next[0] <= 3 && next.slice(1).every((v) => v <= 1);
  // A child: prev + [0|1] (+ [1] ...).
  if (next.length > prev.length && prev.every((v, i) => next[i] === v) && next.slice(prev.length).every((v) => v <= 1)) return true;
  // A later sibling of prev or of one of its ancestors (one number may be skipped), possibly with first children.
  for (let k = 1; k <= prev.length; k++) {
    if (next.length < k) continue;
    const samePrefix = prev.slice(0, k - 1).every((v, i) => next[i] === v);
    const step = next[k - 1] - prev[k - 1];
    if (samePrefix && step >= 1 && step <= 2 && next.slice(k).every((v) => v <= 1)) return true;
  }
  return false;
}

interface Candidate {
  line: number;
  start: number;
  headingEnd: number;
  number: string | null;
  heading: string;
  level: number;
  /** Unnumbered headings are taken without the numbering check. */
  key: NumberKey | null;
  /** Found only by being an ALL-CAPS line: weak evidence once a document numbers its sections. */
  caps?: boolean;
}

// A number alone on its line (a term entry "3.1.2" with the term on the next line).
const NUMBER_ONLY = /^(\d{1,3}(?:\.\d{1,3}){1,6})\.?$/;
const ALL_CAPS = /^[\p{Lu}\d][\p{Lu}\d &,:/()'’-]{2,60}$/u;

/** The generic section names of standards and RFCs (unnumbered headings found by name). */
const KNOWN_HEADING =
  /^(?:abstract|status of (?:this|the) (?:memo|document)|copyright notice|(?:full )?copyright statement|copyright|table of contents|contents|(?:authors?|author's|authors'|editors?|editor's|editors'|contributors?|contributors')\s+(?:addresses|address|contact information)|contributors|iesg note|intellectual property(?: rights| statement)?|ipr (?:notice|disclosure)s?|acknowledge?ments?|important notices?(?: and disclaimers?\b.*)?|legal notices?|disclaimers?|notice to users|participants|foreword|introduction|scope|bibliography|references|normative references|informative references|index|security considerations|iana considerations|specification of requirements|requirements language|conventions used in this document|terminology)$/i;

/** Markdown "#" headings (Markdown files, and HTML and DOCX, which ingest writes with them). */
function markdownCandidates(lines: Line[]): Candidate[] | null {
  const out: Candidate[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\s{0,3}(?:```|~~~)/.test(l.raw)) fence = !fence;
    if (fence) continue;
    const m = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/.exec(l.raw);
    if (!m) continue;
    const text = m[2].trim();
    const num = numberedCandidate(text);
    if (num)
      out.push({
        line: i,
        start: l.start + l.indent,
        headingEnd: l.end,
        number: num.number,
        heading: num.heading,
        level: num.number.split('.').length,
        key: null,
      });
    else out.push({ line: i, start: l.start + l.indent, headingEnd: l.end, number: null, heading: text, level: m[1].length, key: null });
  }
  return out.length >= 2 ? out : null;
}

function findCandidates(lines: Line[]): Candidate[] {
  const md = markdownCandidates(lines);
  if (md) return md;
  const nonEmpty = lines.filter((l) => l.t);
  const sample = nonEmpty.length > 4000 ? nonEmpty.slice(0, 4000) : nonEmpty;
  // RFC layout: body indented, headings at column 0.
  const indentedBody = sample.length >= 10 && sample.filter((l) => l.col >= 2).length / sample.length >= 0.5;
  const atMargin = candidatesIn(lines, indentedBody, indentedBody ? 0 : 3);
  if (!indentedBody || atMargin.some((c) => c.key)) return atMargin;
  // An indented text without one numbered heading at the margin (a title block at column 0, all
  // else set in): its numbered headings stand alone at the body's indentation.
  const bodyCol = commonestColumn(sample.filter((l) => l.col >= 2));
  const indented = candidatesIn(lines, indentedBody, bodyCol);
  return indented.filter((c) => c.key).length >= 2 ? indented : atMargin;
}

/** Whether the next non-blank line after line `i` is numbered as a clause or a list item is. */
function nextTextIsNumbered(lines: Line[], i: number): boolean {
  let j = i + 1;
  while (j < lines.length && !lines[j].t) j++;
  return j < lines.length && numberedCandidate(lines[j].t) !== null;
}

/** The indentation most lines have. */
function commonestColumn(lines: Line[]): number {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(l.col, (counts.get(l.col) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/**
 * The heading candidates of a text whose numbered headings are set up to column `numberedCol`; one
 * set in from the margin must stand alone between blank lines (a list item runs on beside others).
 */
function candidatesIn(lines: Line[], indentedBody: boolean, numberedCol: number): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l.t || l.t.startsWith('\u0000')) continue;
    const blankBefore = i === 0 || !lines[i - 1].t;
    const next = lines[i + 1];
    const blankAfter = !next || !next.t;
    const t = l.t;
    // Numbered headings sit at (or near) the left margin, or alone at the body's indentation with
    // text after them, not the next item of a list.
    const numberedPlace = l.col <= (indentedBody ? 0 : 3) || (l.col <= numberedCol && blankBefore && blankAfter && !nextTextIsNumbered(lines, i));
    if (numberedPlace && looksLikeTitle(t)) {
      const num = numberedCandidate(t);
      if (num) {
        let headingEnd = l.end;
        let heading = num.heading;
        // "Annex A" / "(normative)" / "Title" on lines of their own.
        if (num.empty) {
          let j = i + 1;
          if (lines[j] && /^\((?:normative|informative)\)$/i.test(lines[j].t)) j++;
          const titleLine = lines[j];
          if (titleLine?.t && looksLikeTitle(titleLine.t) && titleLine.t.length <= 80 && !numberedCandidate(titleLine.t)) {
            heading = titleLine.t;
            headingEnd = titleLine.end;
            i = j;
          }
        }
        out.push({
          line: i,
          start: l.start + l.indent,
          headingEnd,
          number: num.number,
          heading,
          level: num.number.split('.').length,
          key: numberKey(num.number),
        });
        continue;
      }
      const only = NUMBER_ONLY.exec(t);
      if (only && next?.t && looksLikeTitle(next.t) && next.t.length <= 80 && !NUMBER_ONLY.test(next.t)) {
        out.push({
          line: i,
          start: l.start + l.indent,
          headingEnd: next.end,
          number: only[1],
          heading: next.t,
          level: only[1].split('.').length,
          key: numberKey(only[1]),
        });
        i++;
        continue;
      }
    }
    if (!looksLikeTitle(t) || !/^[\p{Lu}\p{Lo}]/u.test(t)) continue;
    const known = KNOWN_HEADING.test(t.replace(/:$/, '')) || tolerantBoilerplateKind(t) !== null;
    if (!known && COVER_LABEL.test(t)) continue;
    // A generic section name alone on its line, at any indentation (centred "Table of Contents").
    if (known && (blankBefore || blankAfter) && (indentedBody ? true : l.col <= 40)) {
      out.push({ line: i, start: l.start + l.indent, headingEnd: l.end, number: null, heading: t.replace(/:$/, ''), level: 1, key: null });
      continue;
    }
    if (l.col > 0) continue;
    if (indentedBody) {
      // RFC style: a title at column 0 between a blank line and indented text or a blank line.
      if (blankBefore && (blankAfter || (next && next.col >= 2)) && t.length <= 72 && t.split(/\s+/).length <= 10) {
        // An ALL-CAPS title is weak evidence here too: a code keyword at the margin ("BEGIN", "END").
        out.push({
          line: i,
          start: l.start + l.indent,
          headingEnd: l.end,
          number: null,
          heading: t,
          level: 1,
          key: null,
          ...(ALL_CAPS.test(t) ? { caps: true } : {}),
        });
      }
      continue;
    }
    if (ALL_CAPS.test(t) && /\p{Lu}{4}|\p{Lu}{2,}\s+\p{Lu}{2,}/u.test(t) && blankBefore && blankAfter) {
      out.push({ line: i, start: l.start + l.indent, headingEnd: l.end, number: null, heading: t, level: 1, key: null, caps: true });
    }
  }
  return out;
}

/** Keep numbered candidates that continue a plausible numbering (one look-ahead over a gap). */
function filterNumbering(cands: Candidate[], tocEnd: number): Candidate[] {
  const kept: Candidate[] = [];
  let prev: NumberKey | null = null;
  const numbered = cands.filter((c) => c.key);
  let n = 0;
  for (const c of cands) {
    if (c.start < tocEnd && c.key) {
      n++;
      continue; // a table of contents lists the numbers too
    }
    if (!c.key) {
      kept.push(c);
      continue;
    }
    const idx = n++;
    if (follows(prev, c.key)) {
      kept.push(c);
      prev = c.key;
      continue;
    }
    // Not a successor of what came before: keep it when it starts a run that goes on (a missed
    // heading, a numbering that restarts), judged by the next two numbered candidates.
    const after = numbered.slice(idx + 1, idx + 3).map((x) => x.key!);
    const greater = !prev || compareKeys(c.key, prev) > 0;
    if (greater && after.length >= 1 && follows(c.key, after[0]) && (after.length < 2 || follows(after[0], after[1]))) {
      kept.push(c);
      prev = c.key;
    }
  }
  return kept;
}

function compareKeys(a: NumberKey, b: NumberKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function buildSections(cands: Candidate[], textLength: number): Section[] {
  const sections: Section[] = cands.map((c) => ({
    number: c.number,
    heading: c.heading.replace(/\s+/g, ' '),
    level: c.level,
    start: c.start,
    end: textLength,
    headingEnd: c.headingEnd,
  }));
  // Each section ends where the next one of the same or a higher level starts (a stack pass).
  const open: Section[] = [];
  for (const s of sections) {
    while (open.length && open[open.length - 1].level >= s.level) open.pop()!.end = s.start;
    open.push(s);
  }
  return sections;
}

// ---------------------------------------------------------------------------------------------
// Boilerplate

/** Lines that are a running page header or footer left in the text. */
function pageMarks(lines: Line[], std: StandardId | null): Region[] {
  const out: Region[] = [];
  const idRe = std ? new RegExp(`^${std.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*')}\\b`, 'i') : null;
  // The document's own designation opening a short line, printed on page after page
  // ("ETSI TS 102 690 V1.1.1 (2011-10)", "IEC 61850-7-4:2010 © IEC 2010"): a running header.
  if (idRe && std) {
    const own = lines.filter((l) => l.col <= 2 && l.t.length <= std.id.length + 40 && !/[.;,]$/.test(l.t) && idRe.test(l.t));
    if (own.length >= 3) for (const l of own.slice(1)) out.push({ kind: 'page-header', start: l.start + l.indent, end: l.end });
  }
  for (const l of lines) {
    const t = l.t;
    if (!t || t.length > 120 || t.startsWith('\u0000')) continue;
    // "Aboba, et al.   Informational   [Page 3]", "Page 3 of 40", "- 12 -"
    if (
      /\[Page \d+\]$/i.test(t) ||
      /^Page \d+(?: of \d+)?$/i.test(t) ||
      /^[-–—]\s*\d{1,4}\s*[-–—]$/.test(t) ||
      (/©/.test(t) && /(?:^|\s)[-–—]\s*\d{1,4}\s*[-–—](?:\s|$)/.test(t))
    ) {
      out.push({ kind: 'page-footer', start: l.start, end: l.end });
      continue;
    }
    // "RFC 3580   IEEE 802.1X RADIUS Usage Guidelines   September 2003", "– 12 –   61850-7-4 © IEC:2010"
    if (
      /\S {3,}\S/.test(t) &&
      ((idRe && idRe.test(t) && (DATE_RE.test(t) || /\d{4}$/.test(t))) ||
        /^[-–—]\s*\d{1,4}\s*[-–—]\s{2,}\S.*©/.test(t) ||
        /©\s*\S+.*\s{2,}[-–—]\s*\d{1,4}\s*[-–—]$/.test(t))
    ) {
      out.push({ kind: 'page-header', start: l.start, end: l.end });
    }
  }
  return out;
}

/**
 * The lines after a table of contents that repeat one of its entries ("2.1 Header" for "2.1 Header
 * .... 4"): headings however they are set, the first line for each entry (an unnumbered one alone
 * beside a blank line).
 */
function withListedHeadings(cands: Candidate[], lines: Line[], tocEnd: number, entries: TocEntry[]): Candidate[] {
  if (!entries.length) return cands;
  const wanted = new Set(entries.map((e) => e.key));
  const have = new Set(cands.map((c) => c.start));
  const added: Candidate[] = [];
  for (let i = lastStartingAtOrBefore(lines, tocEnd) + 1; i < lines.length && wanted.size; i++) {
    const l = lines[i];
    if (!l.t || !looksLikeTitle(l.t)) continue;
    const num = numberedCandidate(l.t);
    const key = num ? headingKey(num.number, num.heading) : headingKey(null, l.t);
    if (!wanted.has(key)) continue;
    // An unnumbered heading stands beside a blank line; one that opens with a number is a clause the number rules refused.
    const alone = !lines[i - 1]?.t || !lines[i + 1]?.t;
    if (!num && (!alone || /^\d/.test(l.t))) continue;
    wanted.delete(key);
    const start = l.start + l.indent;
    if (have.has(start)) continue;
    added.push({
      line: i,
      start,
      headingEnd: l.end,
      number: num?.number ?? null,
      heading: num ? num.heading : l.t,
      level: num ? num.number.split('.').length : 1,
      key: num ? numberKey(num.number) : null,
    });
  }
  return added.length ? [...cands, ...added].sort((a, b) => a.start - b.start) : cands;
}

/** The sections of a text, found from its lines (numbering, generic names, layout). */
function findSections(text: string, lines: Line[]): Section[] {
  let cands = findCandidates(lines);
  // A table of contents heading: its numbered entries are not sections (they sit before the body).
  const tocHead = cands.find((c) => !c.key && boilerplateKindOf(c.heading) === 'toc');
  const runs = tocRuns(lines);
  // The TOC ends at its last entry line; numbered lines up to there are entries.
  let toc: { end: number; entries: TocEntry[] } = { end: -1, entries: [] };
  if (tocHead) toc = tocBlock(lines, lastStartingAtOrBefore(lines, tocHead.headingEnd) + 1);
  else if (runs.length && runs[0].start < text.length / 3) {
    const block = tocBlock(lines, lastStartingAtOrBefore(lines, runs[0].start));
    toc = { end: Math.max(runs[0].end, block.end), entries: block.entries };
  }
  const tocEnd = toc.end;
  cands = withListedHeadings(cands, lines, tocEnd, toc.entries);
  cands = filterNumbering(cands, tocEnd);
  // Once sections are numbered, an ALL-CAPS line between them is a code or table line ("END",
  // "EAP-TLS"), not a section: only the generic names (REFERENCES, BIBLIOGRAPHY) stay.
  const firstNumbered = cands.find((c) => c.key);
  if (firstNumbered && cands.filter((c) => c.key).length >= 3)
    cands = cands.filter((c) => !c.caps || c.start < firstNumbered.start || KNOWN_HEADING.test(c.heading) || boilerplateKindOf(c.heading) !== null);
  return buildSections(cands, text.length);
}

/**
 * Where a table of contents under a heading ends: its section's end, or its last entry when text
 * follows the entries inside the section (a body whose headings were not found), or the section's
 * first sentence when no entry is read; null when a heading misspelt near the name lists nothing.
 */
function tocRegionEnd(text: string, lines: Line[], s: Section): number | null {
  const from = lastStartingAtOrBefore(lines, s.headingEnd) + 1;
  const block = tocBlock(lines, from);
  if (!block.entries.length) {
    // A heading only near the name ("Table of Contexts") that lists nothing is a content heading.
    if (exactBoilerplateKindOf(s.heading) !== 'toc') return null;
    // Entries of a form not read: the list still ends before the section's first sentence of prose.
    const prose = firstProseAt(lines, from, s.end);
    return prose >= 0 ? prose : s.end;
  }
  if (block.end >= s.end || !text.slice(block.end, s.end).trim()) return s.end;
  return block.end;
}

/**
 * The structure of a text. `given.sections`: the sections are known from elsewhere (a PDF's outline
 * or fonts), in text order, with their spans; the standard, title and boilerplate are read with them.
 */
export function analyzeStructure(text: string, given: { sections?: Section[] } = {}): DocumentStructure {
  const lines = splitLines(text);
  const sections = given.sections ?? findSections(text, lines);
  const runs = tocRuns(lines);
  const firstHeading = sections.length ? sections[0].start : Math.min(text.length, FRONT_CHARS);

  const frontLines = lines.filter((l) => l.start < FRONT_CHARS);
  const frontText = text.slice(0, FRONT_CHARS);
  const standard = identifyIetf(lines, frontLines.slice(0, 40), firstHeading) ?? identifyOther(frontText, lines, firstHeading);

  const boilerplate: Region[] = [];
  // A standard's front page (designation, title, authors, dates) up to its first section. A text
  // that names no standard keeps its opening (a paper's title and abstract are content).
  // Without sections found, where the front page ends is unknown: nothing is marked.
  if (standard && sections.length && firstHeading > 0 && firstHeading <= FRONT_CHARS && text.slice(0, firstHeading).trim())
    boilerplate.push({ kind: 'front-matter', start: 0, end: firstHeading });
  for (const s of sections) {
    const kind = boilerplateKindOf(s.heading);
    const end = kind === 'toc' ? tocRegionEnd(text, lines, s) : s.end;
    if (kind && end !== null) boilerplate.push({ kind, start: s.start, end });
  }
  // A table of contents without a heading of its own.
  for (const r of runs) if (!boilerplate.some((b) => b.kind === 'toc' && b.start <= r.start && b.end >= r.end)) boilerplate.push(r);
  const marked = new Set<number>();
  for (const r of pageMarks(lines, standard)) {
    if (marked.has(r.start)) continue;
    marked.add(r.start);
    boilerplate.push(r);
  }
  boilerplate.sort((a, b) => a.start - b.start || b.end - a.end);

  let title: string | null = null;
  if (standard?.title) title = `${standard.id}: ${standard.title}`;
  else if (standard) title = standard.id;
  return { standard, title, sections, boilerplate };
}

// ---------------------------------------------------------------------------------------------
// Lookups

/** The innermost section holding `offset`, or null (before the first heading). */
export function sectionAt<S extends { start: number; end: number }>(structure: { sections: readonly S[] }, offset: number): S | null {
  for (let i = lastStartingAtOrBefore(structure.sections, offset); i >= 0; i--) {
    if (structure.sections[i].end > offset) return structure.sections[i];
  }
  return null;
}

/**
 * The boilerplate kind of a span: the region that covers most of [start, end) when it covers at
 * least half of it (a sentence mostly in a copyright notice is boilerplate), else null.
 */
export function isBoilerplate(structure: DocumentStructure, start: number, end: number): RegionKind | null {
  const len = Math.max(1, end - start);
  let best: Region | null = null;
  let bestOverlap = 0;
  for (const r of structure.boilerplate) {
    if (r.start >= end) break;
    const overlap = Math.min(end, r.end) - Math.max(start, r.start);
    if (overlap > bestOverlap || (overlap === bestOverlap && best && r.end - r.start < best.end - best.start)) {
      best = r;
      bestOverlap = overlap;
    }
  }
  if (!best || bestOverlap <= 0) return null;
  if (end <= start) return best.start <= start && best.end > start ? best.kind : null;
  return bestOverlap * 2 >= len ? best.kind : null;
}

/** The clause label at an offset: 'RFC 3580 §3.1 User-Name'; '§3.1 User-Name' without a standard; null outside sections. */
export function clauseLabel(structure: DocumentStructure, offset: number): string | null {
  const s = sectionAt(structure, offset);
  return s && formatClause(structure.standard?.id ?? null, s.number, s.heading);
}

/** 'RFC 3580 §3.1 User-Name', 'RFC 3580 Abstract', '§3.1 User-Name' (no standard). */
export function formatClause(standardId: string | null, number: string | null, heading: string): string {
  const clause = number ? `§${number} ${heading}` : heading;
  return standardId ? `${standardId} ${clause}` : clause;
}
