// An RFC's plain text read into a typesetting model: its header fields, title, sections (as the
// product's text reader finds them) and, in each section, paragraphs, lists, code or figures and
// tables. The corpus builder typesets the model with LaTeX and LibreOffice; the expected sections
// and table cells of each PDF are the model's, written beside it.
import { analyzeStructure } from '../../electron/core/document/structure';

export interface TableModel {
  caption?: string;
  header: string[];
  rows: string[][];
}

export type Block =
  { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] } | { kind: 'code'; lines: string[] } | { kind: 'table'; table: TableModel };

export interface SectionModel {
  number: string | null;
  heading: string;
  level: number;
  blocks: Block[];
}

export interface DocModel {
  /** 'RFC 2867' */
  designation: string;
  number: string;
  title: string;
  /** Short title of the running head (the RFC's own page header). */
  shortTitle: string;
  category: string;
  date: string;
  authors: string[];
  /** The header block as printed: left and right column of each line. */
  headerLines: [string, string][];
  sections: SectionModel[];
}

/** The text without page footers ("[Page N]"), page headers ("RFC NNNN ... date") and form feeds. */
function withoutPageFurniture(raw: string): { text: string; shortTitle: string | null } {
  let shortTitle: string | null = null;
  const pages = raw.split('\f').map((page, p) => {
    const lines = page.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && !lines[last].trim()) last--;
    if (last >= 0 && /\[Page \d+\]\s*$/.test(lines[last])) lines.splice(last, 1);
    if (p > 0) {
      let first = 0;
      while (first < lines.length && !lines[first].trim()) first++;
      const head = /^RFC \d+\s{2,}(.*?)\s{2,}\S.*$/.exec(lines[first] ?? '');
      if (head) {
        shortTitle ??= head[1].trim();
        lines.splice(first, 1);
      }
    }
    return lines.join('\n');
  });
  return { text: pages.join('\n').replace(/\n{3,}/g, '\n\n'), shortTitle };
}

const indentOf = (l: string) => l.length - l.trimStart().length;

/** Column starts of a line: where each run of text after two or more spaces begins. */
function cellsOf(line: string): { at: number; text: string }[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ at: m.index!, text: m[0] }));
}

const RULE = /^\s*[-=]{3,}(?:\s+[-=]{3,})+\s*$/;

/**
 * A column-aligned block read as a table: at least three rows of two or more cells whose starts line
 * up (a rule line of dashes, if any, sits under the header); rows with an empty first cell continue
 * the row above. Cells are short: prose in aligned columns is a definition list, not a table.
 */
function asTable(lines: string[]): TableModel | null {
  const body = lines.filter((l) => l.trim());
  if (body.length < 3) return null;
  const ruleAt = body.findIndex((l) => RULE.test(l));
  let header: string[][];
  let rows: string[];
  let starts: number[];
  if (ruleAt > 0) {
    starts = cellsOf(body[ruleAt]).map((c) => c.at);
    header = body.slice(0, ruleAt).map((l) => place(l, starts));
    rows = body.slice(ruleAt + 1);
  } else {
    const first = cellsOf(body[0]);
    if (first.length < 2) return null;
    starts = first.map((c) => c.at);
    header = [place(body[0], starts)];
    rows = body.slice(1);
  }
  if (starts.length < 2 || rows.length < 2) return null;
  const out: string[][] = [];
  for (const line of rows) {
    const cells = cellsOf(line);
    // every cell starts near a column start (centred numbers may sit a few characters right)
    if (!cells.every((c) => starts.some((s, k) => c.at >= s - 2 && c.at < (starts[k + 1] ?? Infinity) - 1))) return null;
    const placed = place(line, starts);
    if (!placed[0] && out.length) out[out.length - 1] = out[out.length - 1].map((v, k) => (placed[k] ? `${v} ${placed[k]}`.trim() : v));
    else out.push(placed);
  }
  const headerCells = starts.map((_, k) =>
    header
      .map((h) => h[k])
      .filter(Boolean)
      .join(' '),
  );
  if (headerCells.some((h) => !h) || out.length < 2) return null;
  // code and data listings line up too: a table's rows fill their cells, and its cells are not code
  if (out.some((r) => r.filter(Boolean).length < Math.min(2, r.length))) return null;
  if ([...out, headerCells].some((r) => r.some((c) => /[{};=(]$|^--\s|::=/.test(c)))) return null;
  if ([...out, headerCells].some((r) => r.some((c) => c.length > 48))) return null;
  return { header: headerCells, rows: out };
}

/** The cells of a line under the given column starts. */
function place(line: string, starts: number[]): string[] {
  const cells = starts.map(() => '');
  for (const c of cellsOf(line)) {
    let k = starts.length - 1;
    while (k > 0 && c.at < starts[k] - 2) k--;
    cells[k] = cells[k] ? `${cells[k]} ${c.text}` : c.text;
  }
  return cells;
}

/** "User-Name (1)" lines (an RFC's list of attributes with their codes): a two-column table. */
function asCodeTable(lines: string[]): TableModel | null {
  const body = lines.map((l) => l.trim()).filter(Boolean);
  if (body.length < 3) return null;
  const rows = body.map((l) => /^([A-Za-z][\w-]*(?: [A-Za-z][\w-]*){0,3}) \((\d{1,5})\)$/.exec(l));
  if (rows.some((r) => !r)) return null;
  return { header: ['Attribute', 'Type'], rows: rows.map((r) => [r![1], r![2]]) };
}

const LIST_ITEM = /^(?:o|\*|-|\d{1,2}[.)]|\([a-z0-9]{1,2}\)|[a-z][.)])\s+\S/;

/** Code, figures, MIB modules, packet diagrams: lines that are not prose. */
function isCode(lines: string[], base: number): boolean {
  const text = lines.join('\n');
  if (/[+|]-{2,}|-{2,}[+|]|::=|\{\s*$|^\s*\}|OBJECT-TYPE|BEGIN$/m.test(text)) return true;
  const symbols = (text.match(/[^\p{L}\d\s.,;:'"()-]/gu) ?? []).length;
  if (symbols > text.length * 0.12) return true;
  // deeper indentation with short lines that do not run on as prose
  return lines.every((l) => indentOf(l) >= base + 6) && lines.length >= 2 && lines.every((l) => l.trim().length < 50);
}

/** The blocks of a section body (lines between its heading and the next heading). */
function blocksOf(body: string): Block[] {
  const groups = body.split(/\n[ \t]*\n/).map((g) => g.split('\n').filter((l) => l.trim()));
  const nonEmpty = groups.filter((g) => g.length);
  const base = Math.min(...nonEmpty.map((g) => indentOf(g[0])), 3);
  const out: Block[] = [];
  for (const lines of nonEmpty) {
    const table = asCodeTable(lines) ?? (isCode(lines, base) ? null : asTable(lines));
    if (table) {
      out.push({ kind: 'table', table });
      continue;
    }
    if (isCode(lines, base)) {
      const cut = Math.min(...lines.map(indentOf));
      out.push({ kind: 'code', lines: lines.map((l) => l.slice(cut).trimEnd()) });
      continue;
    }
    const first = lines[0].trim();
    if (LIST_ITEM.test(first)) {
      // items start at the marker's indentation; deeper lines continue the item
      const at = indentOf(lines[0]);
      const items: string[] = [];
      for (const l of lines) {
        if (indentOf(l) <= at && LIST_ITEM.test(l.trim())) items.push(l.trim().replace(/^(?:o|\*|-)\s+/, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
      }
      const prev = out[out.length - 1];
      if (prev?.kind === 'list') prev.items.push(...items);
      else out.push({ kind: 'list', items });
      continue;
    }
    out.push({ kind: 'paragraph', text: lines.map((l) => l.trim()).join(' ') });
  }
  return out;
}

/** Read an RFC text into the model. */
export function readRfc(raw: string): DocModel {
  const { text, shortTitle } = withoutPageFurniture(raw.replace(/\r/g, ''));
  const st = analyzeStructure(text);
  const std = st.standard;
  if (!std || std.body !== 'IETF' || !std.number) throw new Error('not an RFC: no "Request for Comments:" header');
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && !lines[i].trim()) i++;
  const headerLines: [string, string][] = [];
  for (; i < lines.length && lines[i].trim(); i++) {
    const [left, ...right] = lines[i].trim().split(/\s{3,}/);
    headerLines.push(right.length ? [left, right.join(' ')] : lines[i].startsWith('   ') ? ['', left] : [left, '']);
  }
  const authors = headerLines.map(([, r]) => r).filter((r) => /^[A-Z]\. [A-Z]/.test(r));
  const sections: SectionModel[] = [];
  for (const [k, s] of st.sections.entries()) {
    // the table of contents is typeset again by the typesetter or left out
    if (/^(?:table of )?contents$/i.test(s.heading)) continue;
    const next = st.sections[k + 1];
    const body = text.slice(s.headingEnd, next ? next.start : text.length);
    sections.push({ number: s.number, heading: s.heading, level: s.level, blocks: blocksOf(body) });
  }
  return {
    designation: std.id,
    number: std.number,
    title: std.title ?? std.id,
    shortTitle: shortTitle ?? std.title ?? std.id,
    category: std.category ?? 'Informational',
    date: std.date ?? '',
    authors,
    headerLines,
    sections,
  };
}

/** The model's tables in document order, with the caption each is typeset with. */
export function tablesOf(model: DocModel): TableModel[] {
  const out: TableModel[] = [];
  for (const s of model.sections) for (const b of s.blocks) if (b.kind === 'table') out.push(b.table);
  return out;
}
