// A misspelt legal section name (copyright, IPR, acknowledgements) is still boilerplate: the names are
// matched word by word within a few edits that grow with a word's length (document/boilerplate.ts);
// a real heading a few letters away from a generic name stays content.
import { describe, expect, it } from 'vitest';
import { boilerplateKindOf } from '../../electron/core/document/boilerplate';
import { analyzeStructure, isBoilerplate } from '../../electron/core/document/structure';

describe('misspelt boilerplate section names are boilerplate', () => {
  it.each([
    ['Intellectural Property Statement', 'ipr'],
    ['Intelectual Property Rights', 'ipr'],
    ['IPR Disclosurs', 'ipr'],
    ['Copyright Notise', 'copyright'],
    ['Full Copyrigth Statement', 'copyright'],
    ['Copyright Statment:', 'copyright'],
    ['Acknowledgemnts', 'acknowledgements'],
    ['Aknowledgements', 'acknowledgements'],
    ['Disclaimre', 'copyright'],
    ['Copyrigth Notice and Disclaimer', 'copyright'],
    ['Table of Contens', 'toc'],
    ["Authors' Adresses", 'authors'],
    ["Editor's Adress", 'authors'],
    ['Normative Refrences', 'references'],
    ['Status of This Documnt', 'status'],
  ])('%j -> %s', (heading, kind) => expect(boilerplateKindOf(heading)).toBe(kind));

  it('the exact names still are', () => {
    expect(boilerplateKindOf('Full Copyright Statement')).toBe('copyright');
    expect(boilerplateKindOf('Intellectual Property')).toBe('ipr');
    expect(boilerplateKindOf('Acknowledgments')).toBe('acknowledgements');
    expect(boilerplateKindOf('Table of Contents')).toBe('toc');
  });
});

describe('near-miss real headings stay content', () => {
  it.each([
    'Contexts',
    'Preferences',
    'Intellectual Property Management',
    'Intellectual Capital',
    'Property Statement',
    'Copying Notice',
    'Copyleft Notice',
    'Acknowledgement Messages',
    'Acknowledgement Timer',
    'Legal Entities',
    'Disclosure Procedure',
    'Full Capability Statement',
    'Status Notice',
    'Knowledge Statements',
    'Normative Preferences',
    'Status of This Message',
    'Content Information',
    'Authors of Widgets',
    'Informative Referrals',
    'Copyrights in Widget Formats',
  ])('%j', (heading) => expect(boilerplateKindOf(heading)).toBeNull());
});

// An RFC-style text whose closing notices are misspelt, one numbered and two at the left margin.
const lines = [
  '1.  Introduction',
  '',
  '   A widget relay forwards each widget to the next hop unchanged.',
  '',
  '2.  Acknowledgement Messages',
  '',
  '   The relay confirms every widget with an acknowledgement message.',
  '',
  '3.  Intellectural Property Statement',
  '',
  '   The trust takes no position regarding the validity or scope of any',
  '   rights that might be claimed in this text.',
  '',
  'Copyright Notise',
  '',
  '   Copyright holders reserve all rights in this memo.',
  '',
  'Acknowledgemnts',
  '',
  '   The author thanks the reviewers of the widget list.',
  '',
];
const TEXT = lines.join('\n');
const at = (needle: string) => TEXT.indexOf(needle);

describe('in a document', () => {
  const s = analyzeStructure(TEXT);
  it('finds the misspelt headings as sections and marks them', () => {
    expect(s.sections.map((x) => x.heading)).toEqual([
      'Introduction',
      'Acknowledgement Messages',
      'Intellectural Property Statement',
      'Copyright Notise',
      'Acknowledgemnts',
    ]);
    const span = (needle: string) => [at(needle), at(needle) + 20] as const;
    expect(isBoilerplate(s, ...span('The trust takes'))).toBe('ipr');
    expect(isBoilerplate(s, ...span('Copyright holders'))).toBe('copyright');
    expect(isBoilerplate(s, ...span('The author thanks'))).toBe('acknowledgements');
  });

  it('leaves the near-miss section content', () => {
    expect(isBoilerplate(s, at('The relay confirms'), at('The relay confirms') + 20)).toBeNull();
    expect(isBoilerplate(s, at('A widget relay'), at('A widget relay') + 20)).toBeNull();
  });
});

// A contents heading matched only within edits is a table of contents when entries follow it; one
// that lists nothing ("Table of Contexts", a real heading) stays content.
describe('a heading near "Table of Contents"', () => {
  const doc = (heading: string, list: string[]) =>
    [
      'Widget Exchange Protocol',
      '',
      heading,
      '',
      ...list,
      '',
      '1.  Introduction',
      '',
      '   A widget relay forwards each widget to the next hop unchanged.',
      '',
      '2.  Relay Contexts',
      '',
      '   Each relay keeps one context per neighbour it forwards to.',
      '',
    ].join('\n');

  it('listing entries is the toc, up to its last entry', () => {
    const text = doc('Table of Contens', ['   1.  Introduction ........................ 2', '   2.  Relay Contexts ...................... 3']);
    const s = analyzeStructure(text);
    const toc = s.boilerplate.filter((r) => r.kind === 'toc');
    expect(toc).toHaveLength(1);
    expect(toc[0].start).toBe(text.indexOf('Table of Contens'));
    expect(toc[0].end).toBeLessThanOrEqual(text.lastIndexOf('1.  Introduction'));
    expect(isBoilerplate(s, text.indexOf('A widget relay'), text.indexOf('A widget relay') + 20)).toBeNull();
  });

  it('listing nothing is content', () => {
    const text = doc('Table of Contexts', [
      '   The relay keeps the contexts below in a table of its own, one per',
      '   neighbour, and drops them when the neighbour leaves.',
    ]);
    const s = analyzeStructure(text);
    expect(s.boilerplate.filter((r) => r.kind === 'toc')).toEqual([]);
    expect(isBoilerplate(s, text.indexOf('The relay keeps'), text.indexOf('The relay keeps') + 20)).toBeNull();
  });
});
