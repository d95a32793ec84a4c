// Penn Treebank bracket escapes (-LRB- -RRB- -LSB- -RSB- -LCB- -RCB-) come back as the brackets they
// stand for when tokens are rejoined into text: SciERC abstracts, CoNLL files and token tables.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detokenize, parseConll, parseSciErc, parseTokenTable, restoreToken } from '../../electron/core/ingest/parsers/tokens';
import { findAcronymDefinitions } from '../../electron/core/nlp/acronyms';
import type { ExactDoc } from '../../electron/core/ingest/types';
import { data } from '../helpers/tmp';

describe('bracket tokens restored', () => {
  it('maps every escape, in either case, and leaves other tokens alone', () => {
    expect(['-LRB-', '-RRB-', '-LSB-', '-RSB-', '-LCB-', '-RCB-', '-lrb-', '-rrb-'].map(restoreToken)).toEqual(['(', ')', '[', ']', '{', '}', '(', ')']);
    expect(['-', '-LRB', 'LRB', '-X-'].map(restoreToken)).toEqual(['-', '-LRB', 'LRB', '-X-']);
    const { text } = detokenize([{ tokens: ['see', '-LSB-', '12', '-RSB-', 'and', '-LCB-', 'a', ',', 'b', '-RCB-'] }]);
    expect(text).toBe('see [12] and {a, b}');
  });

  it('gives SciERC text with real parentheses, so acronym definitions are found and gold spans still quote the text', () => {
    const file = data('scierc', 'dev.json');
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).toContain('-LRB-'); // the kit's file really uses the escapes
    const docs = parseSciErc(file, raw).docs as ExactDoc[];
    const all = docs.map((d) => d.text).join('\n');
    expect(all).not.toMatch(/-[LR][RSC]B-/);
    const doc = docs.find((d) => d.title === 'C88-1066')!;
    expect(doc.text).toContain('Category Cooccurrence Restrictions (CCRs) and describes');
    expect(findAcronymDefinitions(doc.text).map((a) => a.short)).toContain('CCR');
    for (const d of docs) for (const a of d.annotations ?? []) expect(d.text.slice(a.start, a.end)).toBe(a.text);
  });

  it('restores brackets in token tables and CoNLL input, keeping tag spans on the words', () => {
    const table = [
      'id\tsid\ttid\ttoken\ttag',
      'd\t1\t1\tKeys\tO',
      'd\t1\t2\t-LRB-\tO',
      'd\t1\t3\tMSK\tB-Term',
      'd\t1\t4\t-RRB-\tO',
      'd\t1\t5\tare\tO',
      'd\t1\t6\tderived\tO',
      'd\t1\t7\t.\tO',
    ].join('\n');
    const t = parseTokenTable('keys.tsv', table).docs[0] as ExactDoc;
    expect(t.text).toBe('Keys (MSK) are derived.');
    expect(t.annotations?.map((a) => a.text)).toEqual(['MSK']);
    const conll = ['-DOCSTART- -X- O', 'BERT -X- _ B-MethodName', '-LRB- -X- _ O', 'Devlin -X- _ O', '-RRB- -X- _ O', 'works -X- _ O'].join('\n');
    const c = parseConll('x.conll', conll).docs[0] as ExactDoc;
    expect(c.text).toBe('BERT (Devlin) works');
    expect(c.annotations?.map((a) => a.text)).toEqual(['BERT']);
  });
});
