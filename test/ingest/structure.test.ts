import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repair } from '../../electron/core/ingest/repair';
import { analyzeStructure, clauseLabel, isBoilerplate, sectionAt, type DocumentStructure } from '../../electron/core/document/structure';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { data } from '../helpers/tmp';
import { makePdf } from './fixtures';

function repaired(name: string): string {
  return repair([fs.readFileSync(data('rfc-radius-eap', name), 'utf8')], { mode: 'text' }).text;
}

const kinds = (s: DocumentStructure) => new Set(s.boilerplate.map((r) => r.kind));
const section = (s: DocumentStructure, number: string) => s.sections.find((x) => x.number === number);

// What each kit RFC's header says (read off the files), checked against what the analysis finds.
const RFCS: {
  file: string;
  id: string;
  title: RegExp;
  category?: string;
  updates?: string[];
  obsoletes?: string[];
  numbered: string;
  toc: boolean;
  copyright: boolean;
}[] = [
  {
    file: 'rfc1157.txt',
    id: 'RFC 1157',
    title: /^A Simple Network Management Protocol \(SNMP\)$/,
    obsoletes: ['RFC 1098'],
    numbered: '3.2.6.3.1',
    toc: true,
    copyright: false,
  },
  {
    file: 'rfc2607.txt',
    id: 'RFC 2607',
    title: /^Proxy Chaining and Policy Implementation in Roaming$/,
    category: 'Informational',
    numbered: '7.4',
    toc: false,
    copyright: true,
  },
  {
    file: 'rfc2867.txt',
    id: 'RFC 2867',
    title: /^RADIUS Accounting Modifications for Tunnel Protocol Support$/,
    category: 'Informational',
    updates: ['RFC 2866'],
    numbered: '3.4',
    toc: false,
    copyright: true,
  },
  {
    file: 'rfc3580.txt',
    id: 'RFC 3580',
    title: /^IEEE 802\.1X Remote Authentication Dial In User Service \(RADIUS\) Usage Guidelines$/,
    category: 'Informational',
    numbered: '3.1',
    toc: true,
    copyright: true,
  },
  {
    file: 'rfc4671.txt',
    id: 'RFC 4671',
    title: /^RADIUS Accounting Server MIB for IPv6$/,
    category: 'Informational',
    obsoletes: ['RFC 2621'],
    numbered: '9.1',
    toc: true,
    copyright: true,
  },
  {
    file: 'rfc5247.txt',
    id: 'RFC 5247',
    title: /^Extensible Authentication Protocol \(EAP\) Key Management Framework$/,
    category: 'Standards Track',
    updates: ['RFC 3748'],
    numbered: '5.10',
    toc: true,
    copyright: true,
  },
  { file: 'rfc6613.txt', id: 'RFC 6613', title: /^RADIUS over TCP$/, category: 'Experimental', numbered: '2.6', toc: true, copyright: true },
];

describe('document structure: the kit RFCs', () => {
  for (const r of RFCS) {
    it(`${r.file}: standard, title, sections and boilerplate`, () => {
      const text = repaired(r.file);
      const s = analyzeStructure(text);
      expect(s.standard).toMatchObject({ body: 'IETF', id: r.id, number: r.id.slice(4) });
      expect(s.standard!.title).toMatch(r.title);
      expect(s.title).toBe(`${r.id}: ${s.standard!.title}`);
      expect(s.standard!.category).toBe(r.category);
      expect(s.standard!.updates).toEqual(r.updates);
      expect(s.standard!.obsoletes).toEqual(r.obsoletes);
      expect(s.standard!.date).toMatch(/^[A-Z][a-z]+ \d{4}$/);

      const k = kinds(s);
      expect(k.has('front-matter')).toBe(true);
      expect(k.has('status')).toBe(true);
      expect(k.has('authors')).toBe(true);
      expect(k.has('references')).toBe(true);
      expect(k.has('toc')).toBe(r.toc);
      if (r.copyright) expect(k.has('copyright')).toBe(true);

      // Every region's text starts with what it is.
      for (const reg of s.boilerplate) {
        const head = text.slice(reg.start, reg.start + 60);
        if (reg.kind === 'status') expect(head).toMatch(/^(?:\d+\.\s+)?Status of [Tt]his Memo/);
        if (reg.kind === 'authors') expect(head).toMatch(/^(?:\d+\.\s+)?Author(?:s'|'s) Address/);
        if (reg.kind === 'toc') expect(head).toMatch(/^Table of Contents/);
      }

      // Numbered sections come in order, with their headings, and nest.
      const n = section(s, r.numbered)!;
      expect(n).toBeDefined();
      expect(n.heading).toMatch(/^\S/);
      expect(n.heading).not.toMatch(/^\d/);
      expect(text.slice(n.start, n.headingEnd)).toContain(n.heading);
      expect(n.level).toBe(r.numbered.split('.').length);
      expect(section(s, '1')).toBeDefined();
      expect(section(s, '2')).toBeDefined();
      for (let i = 1; i < s.sections.length; i++) expect(s.sections[i].start).toBeGreaterThan(s.sections[i - 1].start);
      // No table-of-contents entry is taken as a section: numbered sections each appear once.
      const numbers = s.sections.filter((x) => x.number).map((x) => x.number);
      expect(new Set(numbers).size).toBe(numbers.length);

      // sectionAt finds the innermost section; clauseLabel names it.
      const inside = n.headingEnd + 5;
      expect(sectionAt(s, inside)).toBe(n);
      expect(clauseLabel(s, inside)).toBe(`${r.id} §${r.numbered} ${n.heading}`);
      const parent = section(s, r.numbered.split('.').slice(0, -1).join('.'));
      expect(parent!.start).toBeLessThan(n.start);
      expect(parent!.end).toBeGreaterThanOrEqual(n.end);
      expect(sectionAt(s, 0)).toBeNull();
      if (!/References/.test(n.heading)) expect(isBoilerplate(s, inside, inside + 20)).toBeNull();
    });
  }

  it('RFC 3580: the status, copyright, TOC, authors and references regions hold exactly those texts', () => {
    const text = repaired('rfc3580.txt');
    const s = analyzeStructure(text);
    const at = (needle: string) => {
      const i = text.indexOf(needle);
      expect(i).toBeGreaterThanOrEqual(0);
      return isBoilerplate(s, i, i + needle.length);
    };
    expect(at('This memo provides information for the Internet community.')).toBe('status');
    expect(at('Copyright (C) The Internet Society (2003).')).toBe('copyright');
    expect(at('Hewlett Packard Company\n   HP ProCurve')).toBe('authors');
    expect(at('Network Working Group')).toBe('front-matter');
    expect(at('1.1.  Terminology. . . .')).toBe('toc');
    expect(at('The IETF takes no position')).toBe('ipr');
    // Content is not boilerplate.
    expect(at('IEEE 802.1X enables authenticated access to IEEE 802 media')).toBeNull();
    // A section number led by digits ("5.6.  802.11 Integration") is a heading.
    expect(section(s, '5.6')?.heading).toBe('802.11 Integration');
    // Sections: 1.1 and 1.2 end where the next one starts; 1 ends where 2 starts.
    expect(section(s, '1.1')!.end).toBe(section(s, '1.2')!.start);
    expect(section(s, '1')!.end).toBe(section(s, '2')!.start);
    const refs = s.boilerplate.filter((r) => r.kind === 'references');
    expect(refs.some((r) => text.slice(r.start, r.end).includes('[RFC2865]'))).toBe(true);
  });
});

describe('document structure: a text set in from the left margin throughout', () => {
  // Older RFCs indent every line, headings and body alike, by the same amount: indentation counts
  // from the text's own margin, so such a text reads as the same text at column 0.
  it('finds the same sections, table of contents and header as the text at column 0', () => {
    const text = repaired('rfc1157.txt');
    const shifted = text
      .split('\n')
      .map((l) => (l.trim() ? ' '.repeat(10) + l : l))
      .join('\n');
    const a = analyzeStructure(text);
    const b = analyzeStructure(shifted);
    expect(b.standard?.id).toBe(a.standard?.id);
    expect(b.sections.map((x) => [x.number, x.heading, x.level])).toEqual(a.sections.map((x) => [x.number, x.heading, x.level]));
    expect(a.sections.length).toBeGreaterThan(10);
    const toc = b.boilerplate.find((r) => r.kind === 'toc')!;
    // the table of contents ends where the body's first section starts, not at the end of the text
    expect(toc.end).toBeLessThan(shifted.length / 4);
    expect(b.boilerplate.map((r) => r.kind)).toEqual(a.boilerplate.map((r) => r.kind));
  });
});

describe('document structure: layout without indentation (as a PDF extraction gives it)', () => {
  it('reads an RFC ingested as a PDF, its header columns run together', async () => {
    const raw = fs.readFileSync(data('rfc-radius-eap', 'rfc2867.txt'), 'utf8');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-structure-pdf-'));
    try {
      const file = path.join(dir, 'rfc2867.pdf');
      fs.writeFileSync(
        file,
        makePdf(
          raw.split('\f').map((p) => p.split('\n').map((l) => l.trimEnd())),
          { title: 'rfc2867' },
        ),
      );
      const doc = (await prepareFile(file)).docs[0];
      expect(doc.title).toBe('RFC 2867: RADIUS Accounting Modifications for Tunnel Protocol Support');
      expect(doc.structure!.standard).toMatchObject({ id: 'RFC 2867', category: 'Informational', updates: ['RFC 2866'], date: 'June 2000' });
      expect(doc.structure!.sections.find((x) => x.number === '3.4')?.heading).toBe('Tunnel-Link-Start');
      expect(kinds(doc.structure!)).toEqual(new Set(['front-matter', 'status', 'copyright', 'references', 'acknowledgements', 'authors']));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const file of ['rfc1157.txt', 'rfc5247.txt']) {
    it(`${file} flattened: the same standard, sections and regions`, () => {
      const raw = fs.readFileSync(data('rfc-radius-eap', file), 'utf8');
      const indented = analyzeStructure(repair([raw], { mode: 'text' }).text);
      const flatText = repair(
        [
          raw
            .split('\n')
            .map((l) => l.trimStart())
            .join('\n'),
        ],
        { mode: 'text' },
      ).text;
      const flat = analyzeStructure(flatText);
      expect(flat.title).toBe(indented.title);
      expect(kinds(flat)).toEqual(kinds(indented));
      // The numbered sections are the same ones; no code or table line is taken for a section.
      expect(flat.sections.filter((x) => x.number).map((x) => `${x.number} ${x.heading}`)).toEqual(
        indented.sections.filter((x) => x.number).map((x) => `${x.number} ${x.heading}`),
      );
      expect(flat.sections.filter((x) => !x.number).every((x) => /^[A-Z][a-z]|^[A-Z]+$/.test(x.heading) && x.heading !== 'END')).toBe(true);
    });
  }
});

// A generated standard of another body and layout: cover page, CONTENTS with dot leaders,
// FOREWORD, numbered clauses without trailing dots, term entries with their number on a line of
// its own, a running page header and an annex.
function iecStyle(): string {
  return [
    'INTERNATIONAL STANDARD',
    '',
    'IEC 99999-7-4',
    'Edition 2.0 2031-03',
    '',
    'Widget networks for utility automation –',
    'Part 7-4: Basic widget structure – Compatible node classes',
    '',
    'CONTENTS',
    '',
    'FOREWORD ........................................................ 4',
    '1 Scope ......................................................... 6',
    '2 Normative references .......................................... 6',
    '3 Terms and definitions ......................................... 7',
    '4 Node classes .................................................. 9',
    '4.1 General ..................................................... 9',
    '4.2 Protection nodes ............................................ 10',
    'Annex A (normative) Conformance ................................. 12',
    '',
    'FOREWORD',
    '',
    '1) The Widget Commission is a worldwide organization for standardization comprising all national committees.',
    '2) The formal decisions on technical matters express, as nearly as possible, an international consensus.',
    '',
    '1 Scope',
    '',
    'This part of IEC 99999 specifies the information model of devices and functions for widget automation.',
    '',
    '2 Normative references',
    '',
    'The following documents are referred to in the text. IEC 99999-7-2, Widget networks – Part 7-2: Abstract services.',
    '',
    '3 Terms and definitions',
    '',
    'For the purposes of this document, the following terms and definitions apply.',
    '',
    '3.1',
    'logical node',
    'smallest part of a function that exchanges data',
    '',
    '3.2',
    'data object',
    'part of a logical node representing specific information',
    '',
    '– 8 –      99999-7-4 © WC:2031',
    '',
    '4 Node classes',
    '',
    '4.1 General',
    '',
    'Each node class shall have a name of at most 12 characters. 10 MW of generation is the rated value for class A.',
    '',
    '4.2 Protection nodes',
    '',
    'A protection node shall trip the breaker within 20 ms.',
    '',
    'Annex A',
    '(normative)',
    'Conformance',
    '',
    'A.1 General',
    '',
    'Conformance is claimed per node class.',
    '',
    'Bibliography',
    '',
    'IEC 99999-1, Widget networks – Part 1: Introduction and overview',
    '',
  ].join('\n');
}

describe('document structure: another standards body and layout', () => {
  it('finds the designation, edition, title, clauses, term entries, annex and boilerplate', () => {
    const text = repair([iecStyle()], { mode: 'text' }).text;
    const s = analyzeStructure(text);
    expect(s.standard).toMatchObject({
      body: 'IEC',
      id: 'IEC 99999-7-4',
      number: '99999-7-4',
      edition: '2.0',
      category: 'International Standard',
      date: '2031-03',
    });
    expect(s.title).toBe('IEC 99999-7-4: Widget networks for utility automation – Part 7-4: Basic widget structure – Compatible node classes');
    const numbers = s.sections.map((x) => x.number);
    expect(numbers).toEqual([null, null, '1', '2', '3', '3.1', '3.2', '4', '4.1', '4.2', 'A', 'A.1', null]);
    expect(section(s, '3.1')!.heading).toBe('logical node');
    expect(section(s, 'A')!.heading).toBe('Conformance');
    expect(section(s, '4.2')!.heading).toBe('Protection nodes');
    const at = (needle: string) => {
      const i = text.indexOf(needle);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const trip = at('A protection node shall trip');
    expect(clauseLabel(s, trip)).toBe('IEC 99999-7-4 §4.2 Protection nodes');
    expect(sectionAt(s, at('smallest part of a function'))!.number).toBe('3.1');
    expect(isBoilerplate(s, trip, trip + 30)).toBeNull();
    expect(isBoilerplate(s, at('The Widget Commission is'), at('The Widget Commission is') + 40)).toBe('front-matter');
    expect(isBoilerplate(s, at('1 Scope ....'), at('1 Scope ....') + 20)).toBe('toc');
    expect(isBoilerplate(s, at('The following documents'), at('The following documents') + 30)).toBe('references');
    expect(isBoilerplate(s, at('IEC 99999-1, Widget'), at('IEC 99999-1, Widget') + 20)).toBe('references');
    // A value at the start of a line ("10 MW ...") is not a clause.
    expect(s.sections.some((x) => x.heading.startsWith('MW'))).toBe(false);
  });

  it('reads IEEE, ETSI and ITU designations from a cover', () => {
    const cover = (lines: string[]) => analyzeStructure([...lines, '', '1 Scope', '', 'This document specifies things.', ''].join('\n')).standard;
    expect(cover(['IEEE Std 9999.3-2031', '', 'IEEE Standard for Widget Interconnection'])).toMatchObject({
      body: 'IEEE',
      id: 'IEEE Std 9999.3',
      edition: '2031',
      title: 'IEEE Standard for Widget Interconnection',
    });
    // NFKC writes the trademark sign as "TM".
    expect(cover(['IEEE Std 9999.1XTM-2031', '', 'IEEE Standard for Port-Based Widget Control'])).toMatchObject({ id: 'IEEE Std 9999.1X', edition: '2031' });
    expect(cover(['ETSI TS 199 690 V1.2.1 (2031-10)', '', 'Widget Communications; Functional architecture'])).toMatchObject({
      body: 'ETSI',
      id: 'ETSI TS 199 690',
      edition: 'V1.2.1',
      category: 'TS',
      title: 'Widget Communications; Functional architecture',
    });
    expect(cover(['ITU-T Recommendation Y.9999', '', 'Overview of the widget of things'])).toMatchObject({
      body: 'ITU',
      id: 'ITU-T Y.9999',
      title: 'Overview of the widget of things',
    });
    expect(cover(['ISO/IEC 99001:2031', '', 'Widget security management systems'])).toMatchObject({ body: 'ISO', id: 'ISO/IEC 99001', edition: '2031' });
    expect(cover(['A plain report', '', 'with no designation'])).toBeNull();
    // A standard whose sections are not found: nothing is marked front matter (its end is unknown).
    const bare = analyzeStructure(
      [
        'IEC 99999-1:2031',
        '',
        'Widget networks – Part 1: Overview',
        '',
        'widgets are small devices that talk to each other over a bus, and so on for a long time.',
      ].join('\n'),
    );
    expect(bare.standard?.id).toBe('IEC 99999-1');
    expect(bare.boilerplate).toEqual([]);
    // A paper about a standard is not that standard.
    expect(
      cover([
        'Modelling IEC 99850 substations with knowledge graphs',
        '',
        'A. Author, B. Author',
        '',
        'Abstract',
        '',
        'We map IEC 99850-7-4 logical nodes and ISO/IEC 99001 controls to a graph.',
      ]),
    ).toBeNull();
  });

  it('reads Markdown headings (Markdown, HTML and DOCX text), numbered or not', () => {
    const md = [
      '# Widget Interconnection Guide',
      '',
      'Intro text.',
      '',
      '## 1. Scope',
      '',
      'This guide covers widgets.',
      '',
      '### 1.1 Terms',
      '',
      'A widget is a device.',
      '',
      '```',
      '# not a heading',
      '```',
      '',
      '## References',
      '',
      '- IEC 99999-1',
    ].join('\n');
    const s = analyzeStructure(md);
    expect(s.sections.map((x) => [x.number, x.heading, x.level])).toEqual([
      [null, 'Widget Interconnection Guide', 1],
      ['1', 'Scope', 1],
      ['1.1', 'Terms', 2],
      [null, 'References', 2],
    ]);
    expect(sectionAt(s, md.indexOf('A widget is'))!.number).toBe('1.1');
    expect(isBoilerplate(s, md.indexOf('- IEC 99999-1'), md.length)).toBe('references');
  });

  it('marks legal notices and a running header that repeats the designation', () => {
    const page = (n: number, body: string) => [`ETSI TS 199 690 V1.2.1 (2031-10)`, '', `${n}`, '', body, ''].join('\n');
    const text = [
      'ETSI TS 199 690 V1.2.1 (2031-10)',
      '',
      'Widget Communications; Functional architecture',
      '',
      'Important notice',
      '',
      'The present document can be downloaded from the ETSI web site.',
      '',
      'Intellectual Property Rights',
      '',
      'Essential patents may have been declared to ETSI.',
      '',
      '1 Scope',
      '',
      page(5, 'The present document specifies the functional architecture of widget networks.'),
      page(6, 'A gateway shall forward each request to the service capability layer.'),
      page(7, 'The registry stores the state of every device.'),
      '2 References',
      '',
      'ETSI TS 199 689: Widget requirements.',
    ].join('\n');
    const s = analyzeStructure(text);
    expect(s.standard).toMatchObject({ body: 'ETSI', id: 'ETSI TS 199 690', edition: 'V1.2.1' });
    const at = (needle: string) => text.indexOf(needle);
    expect(isBoilerplate(s, at('The present document can be'), at('The present document can be') + 30)).toBe('copyright');
    expect(isBoilerplate(s, at('Essential patents'), at('Essential patents') + 30)).toBe('ipr');
    const headers = s.boilerplate.filter((r) => r.kind === 'page-header');
    expect(headers).toHaveLength(3);
    for (const h of headers) expect(text.slice(h.start, h.end)).toBe('ETSI TS 199 690 V1.2.1 (2031-10)');
    expect(isBoilerplate(s, at('A gateway shall'), at('A gateway shall') + 40)).toBeNull();
    expect(clauseLabel(s, at('A gateway shall'))).toBe('ETSI TS 199 690 §1 Scope');
  });

  it('an unstructured text has no sections and no standard, and lookups answer null', () => {
    const s = analyzeStructure('just some words. and more words.\nno headings here');
    expect(s).toMatchObject({ standard: null, title: null, sections: [] });
    expect(sectionAt(s, 3)).toBeNull();
    expect(clauseLabel(s, 3)).toBeNull();
    expect(isBoilerplate(s, 0, 5)).toBeNull();
  });
});
