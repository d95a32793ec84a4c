// A table of contents ends where its entries stop (page numbers, leaders, or clause lines in a list
// printed without page numbers) or where a line repeats an entry: the body's first heading. The body
// is never a 'toc' region, however its headings are set (document/toc.ts).
import { describe, expect, it } from 'vitest';
import { analyzeStructure, isBoilerplate, type DocumentStructure } from '../../electron/core/document/structure';
import { tocBlock, tocEntry } from '../../electron/core/document/toc';
import { withSections } from '../../electron/core/ingest/pipeline';

const TOPICS: [string, string, number][] = [
  ['1', 'Introduction', 2],
  ['1.1', 'Terms', 3],
  ['2', 'Message Format', 4],
  ['2.1', 'Header', 4],
  ['3', 'Security Considerations', 6],
];
const SENTENCES = [
  'The widget protocol moves widgets between hosts.',
  'A widget is a unit of exchange.',
  'Every message carries a header.',
  'The header holds a length field.',
  'Widgets are not authenticated.',
];

interface Layout {
  /** Spaces before a body heading and before a body line. */
  headingIndent: number;
  bodyIndent: number;
  /** How an entry is printed: dot leaders and a page, a gap and a page, or the clause line alone. */
  entries: 'leaders' | 'gap' | 'bare' | 'mixed';
  /** A page footer and a running header between the third and the fourth entry. */
  pageBreak?: boolean;
}

function memo(layout: Layout): string {
  const head = ' '.repeat(layout.headingIndent);
  const ind = ' '.repeat(layout.bodyIndent);
  const entry = ([n, t, p]: [string, string, number], i: number) => {
    const e = `${n} ${t}`;
    // mixed: the first entry lost its page number, the others alternate leaders and a gap
    if (layout.entries === 'bare' || (layout.entries === 'mixed' && i === 0)) return `          ${e}`;
    if (layout.entries === 'mixed' && i % 2) return `          ${e}   ${p}`;
    if (layout.entries === 'gap') return `          ${e}${' '.repeat(50 - e.length)}${p}`;
    return `          ${e} ${'.'.repeat(50 - e.length)}  ${p}`;
  };
  const toc = TOPICS.map(entry);
  if (layout.pageBreak)
    toc.splice(3, 0, '', 'Widget, et al.          Informational          [Page 1]', '', 'WEP                   Widget Exchange                 May 2031', '');
  return [
    'Widget Exchange Protocol',
    '',
    'Abstract',
    '',
    `${ind}This memo describes the widget exchange protocol.`,
    '',
    'Table of Contents',
    '',
    ...toc,
    '',
    ...TOPICS.flatMap(([n, t], i) => [
      `${head}${n} ${t}`,
      '',
      `${ind}${SENTENCES[i]}`,
      `${ind}More words about it run on for a while in this paragraph`,
      `${ind}and a second line of prose follows them.`,
      '',
    ]),
  ].join('\n');
}

const tocRegions = (s: DocumentStructure) => s.boilerplate.filter((r) => r.kind === 'toc');

function expectBodyIsContent(text: string, s: DocumentStructure): void {
  const tocs = tocRegions(s);
  expect(tocs).toHaveLength(1);
  expect(text.slice(tocs[0].start, tocs[0].end)).toMatch(/^Table of Contents\n/);
  expect(tocs[0].end).toBeLessThanOrEqual(text.lastIndexOf(`${TOPICS[0][0]} ${TOPICS[0][1]}\n`));
  for (const sentence of SENTENCES) {
    const at = text.indexOf(sentence);
    expect(isBoilerplate(s, at, at + sentence.length), sentence).toBeNull();
  }
  expect(s.sections.filter((x) => x.number).map((x) => `${x.number} ${x.heading}`)).toEqual(TOPICS.map(([n, t]) => `${n} ${t}`));
}

describe('a table of contents whose body headings are set like its entries', () => {
  it.each<[string, Layout]>([
    ['headings and prose indented alike', { headingIndent: 3, bodyIndent: 3, entries: 'leaders' }],
    ['headings indented as far as the entries', { headingIndent: 10, bodyIndent: 10, entries: 'leaders' }],
    ['headings indented, prose at the margin', { headingIndent: 10, bodyIndent: 0, entries: 'leaders' }],
    ['entries with a gap before the page', { headingIndent: 3, bodyIndent: 3, entries: 'gap' }],
    ['entries without page numbers', { headingIndent: 3, bodyIndent: 3, entries: 'bare' }],
    ['a page break inside the list', { headingIndent: 3, bodyIndent: 3, entries: 'leaders', pageBreak: true }],
    ['headings at the margin (as before)', { headingIndent: 0, bodyIndent: 3, entries: 'leaders' }],
    ['an entry without its page number first, then leaders and gaps', { headingIndent: 10, bodyIndent: 10, entries: 'mixed' }],
    ['an entry without its page number first, headings near the margin', { headingIndent: 3, bodyIndent: 3, entries: 'mixed' }],
    ['an entry without its page number first, prose at the margin', { headingIndent: 10, bodyIndent: 0, entries: 'mixed' }],
  ])('%s: the list is toc, the body is content with its sections', (_, layout) => {
    const text = memo(layout);
    expectBodyIsContent(text, analyzeStructure(text));
  });

  it('chunks split at the body headings found through the entries', () => {
    const text = memo({ headingIndent: 10, bodyIndent: 10, entries: 'leaders' });
    const headings = withSections(text, [], analyzeStructure(text)).map((h) => h.title);
    expect(headings).toEqual(expect.arrayContaining(TOPICS.map(([n, t]) => `${n} ${t}`)));
  });

  it('sections given from elsewhere (a PDF outline): the toc region still stops at the last entry', () => {
    const text = memo({ headingIndent: 10, bodyIndent: 10, entries: 'leaders' });
    const at = text.indexOf('Table of Contents');
    // an outline that knows only the contents heading: its section runs to the end of the text
    const s = analyzeStructure(text, {
      sections: [{ number: null, heading: 'Table of Contents', level: 1, start: at, end: text.length, headingEnd: at + 17 }],
    });
    expect(tocRegions(s)[0].end).toBeLessThan(text.indexOf('1 Introduction\n'));
    expect(isBoilerplate(s, text.indexOf(SENTENCES[4]), text.indexOf(SENTENCES[4]) + 10)).toBeNull();
  });
});

describe('a contents list opening with front-matter entries paged in roman numerals', () => {
  // Four roman-paged entries before the first clause: more than the gap a list may pass over.
  const text = [
    'Widget Exchange Protocol',
    '',
    'Contents',
    '',
    '          Foreword ........................ iii',
    '          Introduction .................... iv',
    '          Acknowledgements ................ v',
    '          Conventions ..................... vi',
    '          1 Scope ......................... 1',
    '          2 Widget Frames ................. 2',
    '          3 Security Considerations ....... 4',
    '',
    '          1 Scope',
    '',
    '          The widget protocol moves widgets between hosts over any transport.',
    '',
    '          2 Widget Frames',
    '',
    '          A widget frame is a unit of exchange between two hosts.',
    '',
    '          3 Security Considerations',
    '',
    '          Widgets are not authenticated by the hosts.',
    '',
  ].join('\n');

  it('the list is toc up to its last entry, the body is content with its sections', () => {
    const s = analyzeStructure(text);
    const tocs = tocRegions(s);
    expect(tocs).toHaveLength(1);
    expect(tocs[0].end).toBeGreaterThanOrEqual(text.indexOf('Considerations ....... 4') + 'Considerations ....... 4'.length);
    expect(tocs[0].end).toBeLessThanOrEqual(text.lastIndexOf('1 Scope\n'));
    expect(s.sections.filter((x) => x.number).map((x) => `${x.number} ${x.heading}`)).toEqual(['1 Scope', '2 Widget Frames', '3 Security Considerations']);
    const at = text.indexOf('A widget frame');
    expect(isBoilerplate(s, at, at + 20)).toBeNull();
  });
});

describe('a contents list whose entries are not read (titles only, no numbers, no pages)', () => {
  const text = [
    'Widget Exchange Protocol',
    '',
    'Contents',
    '',
    '          Relay Behaviour',
    '          Widget Frames',
    '          Frame Format',
    '',
    '          Relay Behaviour',
    '',
    '          The widget protocol moves widgets between hosts over any transport.',
    '',
    '          Widget Frames',
    '',
    '          A widget frame is a unit of exchange between two hosts.',
    '',
  ].join('\n');

  it('the toc region still ends before the first sentence of prose', () => {
    const s = analyzeStructure(text);
    const tocs = tocRegions(s);
    expect(tocs).toHaveLength(1);
    expect(tocs[0].end).toBeLessThanOrEqual(text.indexOf('The widget protocol'));
    for (const sentence of ['The widget protocol', 'A widget frame']) {
      const at = text.indexOf(sentence);
      expect(isBoilerplate(s, at, at + 20), sentence).toBeNull();
    }
  });
});

describe('toc entries', () => {
  it.each([
    ['1 Introduction ....................  2', '1', 'Introduction', true],
    ['2.1. Header . . . . . . . . . . . . . . 14', '2.1', 'Header', true],
    ['3  Security Considerations          6', '3', 'Security Considerations', true],
    ['Acknowledgements .................. 12', null, 'Acknowledgements', true],
    ['1.1 Terms', '1.1', 'Terms', false],
    ['Foreword .................. iv', null, 'Foreword', true],
    ['1 Introduction ......... 1-1', '1', 'Introduction', true],
    ['2.1 Terms     3-12', '2.1', 'Terms', true],
    ['A.1 Widget codes ........ A-3', 'A.1', 'Widget codes', true],
  ])('%j', (line, number, title, paged) => {
    expect(tocEntry(line)).toMatchObject({ number, title, paged });
  });

  it('prose is no entry', () => {
    expect(tocEntry('The widget protocol moves widgets between hosts.')).toBeNull();
    expect(tocEntry('Widgets are counted 12')).toBeNull();
    expect(tocEntry('Widgets are counted in 1-4')).toBeNull();
    expect(tocEntry('Widgets are counted in iv')).toBeNull();
  });

  it('a single clause line without a page number is a heading, not a list', () => {
    const lines = ['1 Introduction', '', 'The widget protocol moves widgets between hosts.'].map((t, i) => ({
      start: i * 60,
      end: i * 60 + t.length,
      raw: t,
      t,
      indent: 0,
      col: 0,
    }));
    expect(tocBlock(lines, 0).entries).toEqual([]);
  });

  const asLines = (texts: string[]) => texts.map((t, i) => ({ start: i * 60, end: i * 60 + t.length, raw: t, t, indent: 0, col: 0 }));

  it('a sentence of prose ends a list: clause lines on either side of it are no contents list', () => {
    const lines = asLines([
      'The relay keeps one context for each neighbour it serves.',
      '1 Introduction',
      'The relay forwards each widget to the next hop.',
      '2 Relay Contexts',
    ]);
    expect(tocBlock(lines, 0).entries).toEqual([]);
    expect(tocBlock(lines, 1).entries).toEqual([]);
  });

  it('a clause line without a page number between paged entries is listed; after the last one it is the body', () => {
    const lines = asLines(['1 Introduction', '2 Terms ......... 3', '3 Format', '4 Security ...... 6', '5 Widgets', '', 'Widgets are counted by the relay.']);
    const block = tocBlock(lines, 0);
    expect(block.entries.map((e) => e.number)).toEqual(['1', '2', '3', '4']);
    expect(block.end).toBe(lines[3].end);
  });
});

// A table of numbered rows with a number in its last column looks like contents entries set with a
// gap ("2  Widget-Accept      8"); it is body, unless the text repeats its rows as headings later.
describe('a table of numbered rows in the body', () => {
  const ROWS = ['1  Widget-Request        4', '2  Widget-Accept         8', '3  Widget-Reject        12', '4  Widget-Challenge     16'];
  const text = [
    'Widget Exchange Protocol',
    '',
    '1.  Introduction',
    '',
    '   The widget protocol moves widgets between hosts over any transport.',
    '   More prose follows on this line to make a paragraph of text here.',
    '',
    '2.  Widget Codes',
    '',
    '   The codes and their lengths are:',
    '',
    ...ROWS.map((r) => `   ${r}`),
    '',
    '   Each code is one octet long and is followed by the length field.',
    '',
    '3.  Security Considerations',
    '',
    '   Widgets are not authenticated.',
    '',
  ].join('\n');

  it('is no table of contents: its rows stay content', () => {
    const s = analyzeStructure(text);
    expect(tocRegions(s)).toEqual([]);
    for (const row of ROWS) expect(isBoilerplate(s, text.indexOf(row), text.indexOf(row) + row.length), row).toBeNull();
  });

  it('the same lines listed before a body that repeats them as headings are a contents list', () => {
    const listed = [
      'Widget Exchange Protocol',
      '',
      ...ROWS.map((r) => `   ${r}`),
      '',
      ...ROWS.flatMap((r) => [r.replace(/\s+\d+$/, ''), '', '   A widget message of this code carries one widget.', '']),
    ].join('\n');
    const s = analyzeStructure(listed);
    expect(tocRegions(s)).toHaveLength(1);
    expect(listed.slice(tocRegions(s)[0].start, tocRegions(s)[0].end)).toBe(ROWS.map((r, i) => (i ? `   ${r}` : r)).join('\n'));
  });
});
