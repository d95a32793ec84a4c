// A text whose title block sits at the left margin and everything else, numbered headings included,
// is set in by the same few spaces: the headings are found at the body's indentation when none is
// numbered at the margin, each standing alone with text after it (document/structure.ts). A list
// of short numbered items set the same way is no heading.
import { describe, expect, it } from 'vitest';
import { analyzeStructure, isBoilerplate } from '../../electron/core/document/structure';

const IND = '   ';
const paragraph = (topic: string) => [
  `${IND}The widget relay handles ${topic} for every widget it receives and`,
  `${IND}forwards the widget to the next hop once ${topic} is done, so that`,
  `${IND}no widget waits at a relay for longer than one round trip.`,
];
const HEADER = [
  'Network Working Group                                          W. Widget',
  'Request for Comments: 9999                                     Widget Inc.',
  'Category: Informational                                          May 2031',
  '',
  '',
  '                    The Widget Exchange Protocol',
  '',
];

describe('numbered headings set in like the body', () => {
  const text = [
    ...HEADER,
    `${IND}1.  Introduction`,
    '',
    ...paragraph('framing'),
    '',
    `${IND}2.  Widget Frames`,
    '',
    ...paragraph('checksums'),
    '',
    `${IND}3.  Security Considerations`,
    '',
    ...paragraph('authentication'),
    '',
  ].join('\n');

  it('are the sections, and only the header block is front matter', () => {
    const s = analyzeStructure(text);
    expect(s.sections.map((x) => `${x.number} ${x.heading}`)).toEqual(['1 Introduction', '2 Widget Frames', '3 Security Considerations']);
    const frontMatter = s.boilerplate.find((r) => r.kind === 'front-matter');
    expect(frontMatter?.end).toBe(text.indexOf(`${IND}1.  Introduction`) + IND.length);
    const at = text.indexOf('checksums');
    expect(isBoilerplate(s, at, at + 9)).toBeNull();
  });
});

describe('a list of short numbered items set in like the body', () => {
  const text = [
    ...HEADER,
    'Introduction',
    '',
    ...paragraph('framing'),
    '',
    `${IND}The relay answers with one of:`,
    '',
    `${IND}1.  Widget Accepted`,
    '',
    `${IND}2.  Widget Rejected`,
    '',
    `${IND}3.  Widget Deferred`,
    '',
    ...paragraph('checksums'),
    '',
    'Security Considerations',
    '',
    ...paragraph('authentication'),
    '',
  ].join('\n');

  it('is no section', () => {
    const s = analyzeStructure(text);
    expect(s.sections.map((x) => `${x.number ?? '-'} ${x.heading}`)).toEqual(['- Introduction', '- Security Considerations']);
  });
});
