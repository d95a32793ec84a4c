// Code and pseudo-code lines are never headings: a line that ends with an operator waiting for its
// operand, holds an assignment, or an indexed name or a brace (chunk/headings.ts looksLikeCode),
// in both heading finders (document/structure.ts sections, chunk/headings.ts chunk headings).
import { describe, expect, it } from 'vitest';
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
