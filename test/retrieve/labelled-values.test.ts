// Values written in structured blocks (a label line over its more indented body, a legend's rows of code and
// meaning under a label, "Label: value", a formal notation's keyword clause), the ones labelled with the field a
// question asks for, and the candidate input read off them (labelAsked).
import { describe, expect, it } from 'vitest';
import { analyze } from '../../electron/core/retrieve/analysis';
import { askedLabelledValues, labelledValues } from '../../electron/core/retrieve/tables';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { labelAsked } from '../../electron/core/chat/features-values';
import type { Candidate } from '../../electron/core/chat/candidates/types';
import { retrievalOf } from '../chat/retrieval-fixture';

const RECORD = ['   Gadget-Kind', '', '      7 for Gadget-Burst', '', '   Gadget-Size', '', '      <= 40', ''].join('\n');
const LEGEND = [
  '   Valid values:',
  '',
  '      Wire Mode',
  '',
  '         0x01 Copper',
  '         0x02 Fibre Pair',
  '',
  '      Wire Speed',
  '',
  '         0x01 Slow',
  '         0x02 Fast',
].join('\n');
const CLAUSES = [
  'gadgetModule MODULE-IDENTITY',
  '    REVISED    "200101010000Z"  -- 1 January 2001',
  '    STATUS     current',
  'RFC 9999    Gadgets    May 2001',
].join('\n');

const values = (text: string) => labelledValues(text).map((v) => [v.label, v.key, v.value]);

describe('the labelled values of structured blocks', () => {
  it('reads a label line over its more indented body, and a legend row by row with its meaning', () => {
    expect(values(RECORD)).toEqual([
      ['Gadget-Kind', 'for Gadget-Burst', '7'],
      ['Gadget-Size', null, '<= 40'],
    ]);
    expect(values(LEGEND)).toEqual(
      expect.arrayContaining([
        ['Wire Mode', 'Fibre Pair', '0x02'],
        ['Wire Speed', 'Fast', '0x02'],
      ]),
    );
  });

  it("reads a keyword clause's quoted or one-word value, and a colon's or an equals sign's, not a page header", () => {
    const clauses = values(CLAUSES);
    expect(clauses).toEqual(
      expect.arrayContaining([
        ['REVISED', null, '"200101010000Z"'],
        ['STATUS', null, 'current'],
      ]),
    );
    // a page header's document number is no clause
    expect(clauses.map((v) => v[0])).not.toContain('RFC');
    expect(values('   Category: Informational                 May 2001')).toEqual([['Category', null, 'Informational']]);
    expect(values('The gadget, when it starts, resets its counters.')).toEqual([]);
  });

  it('reads no value off a label line over a body of prose', () => {
    const prose = ['   Gadget-Size', '', '      The Gadget-Size field is one octet and gives the length of the whole gadget.', ''].join('\n');
    expect(values(prose)).toEqual([]);
  });

  it('gives the offsets of each value in the text', () => {
    for (const v of labelledValues(`${RECORD}\n${CLAUSES}`)) expect(`${RECORD}\n${CLAUSES}`.slice(v.start, v.end)).toBe(v.value);
  });

  it('keeps the blocks labelled with the asked field, a legend row only when the question names its meaning', () => {
    const asked = (q: string, text: string) => askedLabelledValues(analyze(q), text).map((v) => v.value);
    expect(asked('Which Wire Speed code stands for Fast?', LEGEND)).toEqual(['0x02']);
    expect(asked('What is the largest Gadget-Size of Gadget-Burst?', RECORD)).toEqual(['<= 40']);
    expect(asked('What is the REVISED value of the gadget module?', CLAUSES)).toEqual(['"200101010000Z"']);
    // a field the question does not ask for
    expect(asked('What is the STATUS of the gadget module?', RECORD)).toEqual([]);
  });
});

const candidate = (text: string, sentence: string, offset: number): Candidate => ({
  text,
  source: 'span',
  passageId: 1,
  passageRank: 0,
  sentence,
  offset,
  triples: [],
  measures: {},
});

describe('the candidate input read off them', () => {
  it("marks the candidate standing in the asked block's value, not another row's code", () => {
    const ctx = answerContext(retrievalOf('Which Wire Speed code stands for Fast?', [LEGEND]));
    const at = (text: string, line: string, nth = 0) => {
      let offset = -1;
      for (let k = 0; k <= nth; k++) offset = LEGEND.indexOf(line, offset + 1);
      return candidate(text, line, offset);
    };
    expect(labelAsked(at('0x02', '0x02 Fast'), ctx)).toBe(1);
    expect(labelAsked(at('0x01', '0x01 Slow'), ctx)).toBe(0);
    // the same code in the other legend
    expect(labelAsked(at('0x02', '0x02 Fibre Pair'), ctx)).toBe(0);
    // a number written inside the value's code is no candidate standing in it
    const clauses = answerContext(retrievalOf('What is the REVISED value of the gadget module?', [CLAUSES]));
    const line = CLAUSES.split('\n')[1];
    const offset = CLAUSES.indexOf(line);
    expect(labelAsked({ ...candidate('200101010000Z', line, offset) }, clauses)).toBe(1);
    expect(labelAsked({ ...candidate('2001', line, offset) }, clauses)).toBe(0);
    const unasked = answerContext(retrievalOf('What does a fibre pair carry?', [LEGEND]));
    expect(labelAsked(at('0x02', '0x02 Fast'), unasked)).toBe(0);
  });
});
