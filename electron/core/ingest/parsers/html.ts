// HTML (and DOCX through mammoth's HTML): html-to-text with headings written as Markdown "#"
// lines and lists as "- " / "1. " items, so the Markdown heading rules apply downstream.
import path from 'node:path';
import { convert, type FormatCallback } from 'html-to-text';
import type { ParsedFile } from '../types';
import { IngestError } from '../errors';

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

export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: false,
    formatters,
    selectors: [
      ...[1, 2, 3, 4, 5, 6].map((l) => ({ selector: `h${l}`, format: `mdHeading${l}` })),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}

export function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 65536));
  const t = m?.[1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
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

export function parseHtml(file: string, html: string, format = 'html', title?: string): ParsedFile {
  let text: string;
  try {
    text = htmlToText(html);
  } catch (err) {
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
      },
    ],
  };
}
