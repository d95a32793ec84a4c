// A misspelt legal section name (copyright, IPR, acknowledgements) is still boilerplate: the names are
// matched word by word within a few edits that grow with a word's length (document/boilerplate.ts);
// a real heading a few letters away from a generic name stays content.
import { describe, expect, it } from 'vitest';
import { boilerplateKindOf } from '../../electron/core/document/boilerplate';
import { analyzeStructure, isBoilerplate } from '../../electron/core/document/structure';

describe('misspelt legal section names are boilerplate', () => {
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
