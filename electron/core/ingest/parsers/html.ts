// HTML (and DOCX through mammoth's HTML): html-to-text with headings written as Markdown "#"
// lines and lists as "- " / "1. " items, so the Markdown heading rules apply downstream.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FormatCallback } from 'html-to-text';
import type { ParsedFile } from '../types';
import { IngestError } from '../errors';
import { rowLine } from '../../document/tables';

const heading =
  (level: number): FormatCallback =>
  (elem, walk, builder) => {
    builder.openBlock({ leadingLineBreaks: 2 });
    builder.addLiteral(`${'#'.repeat(level)} `);
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 2 });
  };

const formatters: Record<string, FormatCallback> = {};
for (let level = 1; level <= 6; level++) formatters[`mdHeading${level}`] = heading(level);

/** A table's cells as read from its elements: the first row is its header. */
interface TableCells {
  caption?: string;
  header: string[];
  rows: string[][];
}

type Elem = Parameters<FormatCallback>[0];

/** The text of an element's descendants (a caption). */
function textOf(elem: Elem): string {
  const parts: string[] = [];
  const visit = (n: { type?: string; data?: string; children?: unknown[] }) => {
    if (n.type === 'text' && n.data) parts.push(n.data);
    for (const c of (n.children ?? []) as (typeof n)[]) visit(c);
  };
  visit(elem as never);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Tables written one row a line, "| cell | cell |" (document/tables.ts rowLine), each table's cells
 * kept in `into` so the structure can find its rows in the text; a cell spanning columns is followed
 * by empty cells, so every row has the table's width.
 */
function rowTable(into: TableCells[]): FormatCallback {
  return (elem, walk, builder) => {
    let caption: string | undefined;
    builder.openTable();
    const cell = (node: Elem) => {
      builder.openTableCell({ maxColumnWidth: Number.MAX_SAFE_INTEGER });
      walk(node.children, builder);
      builder.closeTableCell({ colspan: Number(node.attribs?.colspan) || 1, rowspan: 1 });
    };
    const walkTable = (node: Elem) => {
      if (node.type !== 'tag') return;
      if (node.name === 'caption') caption = textOf(node) || undefined;
      else if (node.name === 'thead' || node.name === 'tbody' || node.name === 'tfoot') node.children.forEach((c) => walkTable(c as Elem));
      else if (node.name === 'tr') {
        builder.openTableRow();
        for (const c of node.children as Elem[]) if (c.type === 'tag' && (c.name === 'td' || c.name === 'th')) cell(c);
        builder.closeTableRow();
      }
    };
    elem.children.forEach((c) => walkTable(c as Elem));
    builder.closeTable({
      tableToString: (rows) => {
        const cells = rows
          .map((r) => r.flatMap((c) => [c.text.replace(/\s+/g, ' ').trim(), ...Array.from({ length: Math.max(0, c.colspan - 1) }, () => '')]))
          .filter((r) => r.length);
        if (!cells.length) return '';
        const width = Math.max(...cells.map((r) => r.length));
        const full = cells.map((r) => [...r, ...Array.from({ length: width - r.length }, () => '')]);
        into.push({ ...(caption ? { caption } : {}), header: full[0], rows: full.slice(1) });
        return [...(caption ? [caption, ''] : []), ...full.map(rowLine)].join('\n');
      },
      leadingLineBreaks: 2,
      trailingLineBreaks: 2,
    });
  };
}

/** Attribute values longer than this are never text (inline images, data blobs): dropped before converting. */
const MAX_ATTRIBUTE = 4096;

/**
 * Empty the values of very long attributes (a 20 MB data: URI next to the text): the converter
 * reads only so much input, and attribute values are not the document's text anyway. Linear.
 */
function dropLongAttributes(html: string): string {
  if (html.length < MAX_ATTRIBUTE) return html;
  const parts: string[] = [];
  let pos = 0; // copied up to here
  const n = html.length;
  for (let lt = html.indexOf('<'); lt >= 0 && lt < n; lt = html.indexOf('<', lt + 1)) {
    if (!/[A-Za-z]/.test(html[lt + 1] ?? '')) continue; // text, a comment, a closing tag
    let j = lt + 1;
    while (j < n && html[j] !== '>') {
      const c = html[j];
      if (c !== '"' && c !== "'") {
        j++;
        continue;
      }
      const close = html.indexOf(c, j + 1);
      if (close < 0) {
        j = n;
        break;
      }
      if (close - j - 1 > MAX_ATTRIBUTE) {
        parts.push(html.slice(pos, j + 1));
        pos = close;
      }
      j = close + 1;
    }
    lt = j;
  }
  if (!parts.length) return html;
  parts.push(html.slice(pos));
  return parts.join('');
}

// Required at the first HTML or DOCX file, not imported: a text ingest never needs it (~10 MB
// resident in each thread that loads it).
const require = createRequire(import.meta.url);

function htmlToText(html: string, tables: TableCells[] = []): string {
  const { convert } = require('html-to-text') as typeof import('html-to-text');
  return convert(dropLongAttributes(html), {
    wordwrap: false,
    // The whole document is read (the file size is limited before parsing); by default only 16 MiB.
    limits: { maxInputLength: Number.MAX_SAFE_INTEGER },
    formatters: { ...formatters, rowTable: rowTable(tables) },
    selectors: [
      ...[1, 2, 3, 4, 5, 6].map((l) => ({ selector: `h${l}`, format: `mdHeading${l}` })),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'table', format: 'rowTable' },
    ],
  });
}

function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 65536));
  const t = m?.[1]
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? decodeEntities(t).slice(0, 200) : undefined;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)));
}

/** Deepest element nesting parsed by default; past about 3,000 the HTML converter runs out of stack. */
export const MAX_HTML_DEPTH = 1_000;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'basefont',
  'frame',
  'isindex',
  'keygen',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'iframe', 'noembed', 'noframes', 'plaintext']);
const BLOCK_CLOSES_P = [
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
];
/** Open tags that end an open element (HTML's implied end tags, as the parser applies them). */
const IMPLIES_CLOSE: Record<string, Set<string>> = {
  li: new Set(['li']),
  dt: new Set(['dt', 'dd']),
  dd: new Set(['dt', 'dd']),
  tr: new Set(['tr', 'td', 'th']),
  td: new Set(['td', 'th']),
  th: new Set(['td', 'th']),
  thead: new Set(['tbody', 'tfoot', 'tr', 'td', 'th']),
  tbody: new Set(['thead', 'tbody', 'tr', 'td', 'th']),
  tfoot: new Set(['thead', 'tbody', 'tr', 'td', 'th']),
  option: new Set(['option']),
  optgroup: new Set(['optgroup', 'option']),
  rt: new Set(['rt', 'rp']),
  rp: new Set(['rt', 'rp']),
};
for (const b of BLOCK_CLOSES_P) (IMPLIES_CLOSE[b] ??= new Set()).add('p');

/**
 * How deep elements nest, scanning tags without building a tree (so it cannot overflow the stack):
 * void elements, raw-text elements, comments and implied end tags (<li>, <p>, <td> ...) are taken
 * into account, so sloppy but ordinary HTML is not mistaken for deep nesting. Returns the depth
 * and where (character offset) it was first exceeded, when `limit` is given.
 */
export function htmlDepth(html: string, limit = Infinity): { depth: number; at?: number } {
  const stack: string[] = [];
  let max = 0;
  let lower: string | undefined;
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9:_-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--|<!\[CDATA\[|<[!?]/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(html))) {
    const token = m[0];
    if (token === '<!--' || token === '<![CDATA[') {
      const end = html.indexOf(token === '<!--' ? '-->' : ']]>', tag.lastIndex);
      if (end < 0) break;
      tag.lastIndex = end + 3;
      continue;
    }
    if (m[2] === undefined) {
      const end = html.indexOf('>', tag.lastIndex);
      if (end < 0) break;
      tag.lastIndex = end + 1;
      continue;
    }
    const name = m[2].toLowerCase();
    if (m[1]) {
      const i = stack.lastIndexOf(name);
      if (i >= 0) stack.length = i;
      continue;
    }
    const closes = IMPLIES_CLOSE[name];
    if (closes) while (stack.length && closes.has(stack[stack.length - 1])) stack.pop();
    if (VOID.has(name) || /\/\s*$/.test(m[3])) continue;
    if (RAW_TEXT.has(name)) {
      const end = (lower ??= html.toLowerCase()).indexOf(`</${name}`, tag.lastIndex);
      if (end < 0) break;
      tag.lastIndex = end;
      continue;
    }
    stack.push(name);
    if (stack.length > max) {
      max = stack.length;
      if (max > limit) return { depth: max, at: m.index };
    }
  }
  return { depth: max };
}

export function parseHtml(file: string, html: string, format = 'html', title?: string, options: { maxDepth?: number } = {}): ParsedFile {
  const maxDepth = options.maxDepth ?? MAX_HTML_DEPTH;
  const deep = htmlDepth(html, maxDepth);
  if (deep.at !== undefined) {
    throw new IngestError(
      `${format === 'docx' ? 'DOCX' : 'HTML'} nested too deeply: more than ${maxDepth.toLocaleString('en')} levels of elements (at character ${deep.at.toLocaleString('en')}); the limit is ${maxDepth.toLocaleString('en')}`,
    );
  }
  let text: string;
  const tables: TableCells[] = [];
  try {
    text = htmlToText(html, tables);
  } catch (err) {
    if (err instanceof RangeError) throw new IngestError(`${format === 'docx' ? 'DOCX' : 'HTML'} nested too deeply to convert (${err.message})`);
    throw new IngestError(`cannot read HTML: ${(err as Error).message}`);
  }
  if (!text.trim()) throw new IngestError('no text in the document');
  return {
    multi: false,
    docs: [
      {
        kind: 'raw',
        title: title ?? htmlTitle(html) ?? path.basename(file),
        format,
        pages: [text],
        paged: false,
        mode: 'markdown',
        original: text,
        ...(tables.length ? { tables } : {}),
      },
    ],
  };
}
