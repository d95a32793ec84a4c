// Code and pseudo-code lines are never headings: a line that ends with an operator waiting for its
// operand, holds an assignment, or an indexed name or a brace (chunk/headings.ts looksLikeCode),
// in both heading finders (document/structure.ts sections, chunk/headings.ts chunk headings).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { data } from '../helpers/tmp';
import { detectHeadings } from '../../electron/core/chunk/headings';
import { looksLikeCode } from '../../electron/core/text/code-line';
import { analyzeStructure } from '../../electron/core/document/structure';

describe('looksLikeCode', () => {
  it.each([
    'TAPpad2[40] =',
    'x := a +',
    'total = a *',
    'Foo-MIB DEFINITIONS ::= BEGIN',
    'WidgetEntry ::= SEQUENCE {',
    'counter +=',
    'if (ready) {',
    'buf[i]',
    'next <-',
    'state ->',
    'seed = 0x36',
    'Frame.len = 4',
    'count == limit',
  ])('is code: %j', (line) => expect(looksLikeCode(line)).toBe(true));

  it.each([
    'Security Considerations',
    'Extensible Widget Protocol (EWP)',
    'Annex B (normative) Widget Codes',
    'Support for C++',
    'Comparison with [WIDGET-1]',
    'Key Derivation: Overview',
    'Widget-Exchange',
    'Type-Length-Value Encoding',
    'Widget <-> Gadget Mapping',
    'Step 1: Hash(Password, Salt)',
    'Frame Sizes (IPv4, IPv6)',
  ])('is a possible heading: %j', (line) => expect(looksLikeCode(line)).toBe(false));
});

// An RFC-style text: prose indented, titles at column 0, and pseudo-code set at column 0 too.
const RFC_STYLE = [
  '1.  Introduction',
  '',
  '   The widget exchange pads each key with two constant arrays before',
  '   hashing it; the arrays are given below.',
  '',
  '2.  Key Padding',
  '',
  '   The pads are forty octets long and are defined as:',
  '',
  'TAPpad1[40] =',
  '   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,',
  '   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00',
  '',
  'TAPpad2[40] =',
  '   0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2,',
  '   0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2, 0xf2',
  '',
  'x := a +',
  '   b * 2',
  '',
  'WidgetEntry ::= SEQUENCE {',
  '   widgetIndex   Integer32',
  '}',
  '',
  'SEED = 0x36',
  '',
  'STATE ->',
  '   NEXT',
  '',
  '3.  Security Considerations',
  '',
  '   The pads are public; the key is not.',
  '',
].join('\n');

describe('pseudo-code at the left margin', () => {
  it('is no section: the section around it runs on to the next real heading', () => {
    const s = analyzeStructure(RFC_STYLE);
    expect(s.sections.map((x) => x.heading)).toEqual(['Introduction', 'Key Padding', 'Security Considerations']);
    const padding = s.sections[1];
    expect(RFC_STYLE.slice(padding.start, padding.end)).toContain('WidgetEntry ::= SEQUENCE {');
  });

  it('is no chunk heading', () => {
    expect(detectHeadings(RFC_STYLE).map((h) => h.title)).toEqual(['1.  Introduction', '2.  Key Padding', '3.  Security Considerations']);
  });
});

// A module of definitions set at the left margin of an RFC-style text: its keyword lines stand alone
// between blank lines like a title, but once the sections are numbered an ALL-CAPS line is code.
const MODULE_TEXT = [
  '1.  Introduction',
  '',
  '   This memo defines the objects a widget relay exposes for management.',
  '   A relay counts the widgets it forwards and the widgets it drops, and',
  '   a manager reads both counters to learn how busy the relay is.  The',
  '   counters wrap at their maximum and start again from zero.',
  '',
  '   Section 2 gives the module; section 3 says who may read it.',
  '',
  '2.  Definitions',
  '',
  'WIDGET-MIB DEFINITIONS ::= BEGIN',
  '',
  'IMPORTS',
  '       widgetCounter FROM WIDGET-SMI;',
  '',
  'widgetRelays OBJECT-TYPE',
  '       SYNTAX      Counter32',
  '       DESCRIPTION "The widgets relayed."',
  '',
  'END',
  '',
  '3.  Security Considerations',
  '',
  '   The objects are read-only.',
  '',
  'ACKNOWLEDGEMENTS',
  '',
  '   The author thanks the widget list.',
  '',
].join('\n');

describe('keyword lines of a module at the left margin', () => {
  it('are no sections: the numbered section holds the whole module; a generic ALL-CAPS name still is one', () => {
    const s = analyzeStructure(MODULE_TEXT);
    expect(s.sections.map((x) => x.heading)).toEqual(['Introduction', 'Definitions', 'Security Considerations', 'ACKNOWLEDGEMENTS']);
    const definitions = s.sections[1];
    expect(MODULE_TEXT.slice(definitions.start, definitions.end)).toContain('END\n');
  });

  it('a training-kit MIB RFC: IMPORTS and END are inside its Definitions section', () => {
    const text = fs.readFileSync(data('rfc-train', 'rfc2618.txt'), 'utf8');
    const s = analyzeStructure(text);
    expect(s.sections.map((x) => x.heading)).not.toContain('IMPORTS');
    expect(s.sections.map((x) => x.heading)).not.toContain('END');
    const definitions = s.sections.find((x) => x.heading === 'Definitions')!;
    expect(text.slice(definitions.start, definitions.end)).toMatch(/\nIMPORTS\n[\s\S]*\nEND\n/);
  });
});
