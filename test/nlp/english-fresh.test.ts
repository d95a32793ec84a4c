// The English pipeline reads each text as a fresh pipeline would: what it read before does not change
// how it splits or tags the next text. (wink-nlp keeps every word it meets; a number first met alone
// was a NUM ever after, where a fresh pipeline tags it PROPN at the end of a dotted identifier.)
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { describe, expect, it } from 'vitest';
import { englishNlp, type Nlp } from '../../electron/core/nlp/english';

const SENTENCE = 'Accordingly, ifIndex.3.1.89.1.1.42 would identify the row.';
const EARLIER = ['Octets (42)', 'The counter wraps at 42 and restarts.', 'ifIndex.3 is the third row; 89 rows follow.'];

const tagged = (nlp: Nlp, text: string): string[] => {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  return values.map((v, i) => `${v}/${pos[i]}`);
};

describe('englishNlp', () => {
  it('tags a sentence the same whatever it read before', () => {
    const first = tagged(englishNlp(), SENTENCE);
    for (const text of EARLIER) {
      englishNlp().readDoc(text);
      expect(tagged(englishNlp(), SENTENCE), `after "${text}"`).toEqual(first);
    }
    expect(first).toContain('42/PROPN');
  });

  it('gives what a fresh wink-nlp pipeline gives, where a pipeline kept across texts does not', () => {
    const kept = winkNLP(model, ['sbd', 'pos']);
    kept.readDoc(EARLIER[0]);
    // the pipeline as wink-nlp keeps it: the earlier "42" decides
    expect(tagged(kept, SENTENCE)).toContain('42/NUM');
    englishNlp().readDoc(EARLIER[0]);
    expect(tagged(englishNlp(), SENTENCE)).toContain('42/PROPN');
  });

  it('reads a text with words it forgot again into the same tokens and sentences', () => {
    englishNlp().readDoc('Frobnicators frobnicated. Then they stopped.');
    const doc = englishNlp().readDoc('Frobnicators frobnicated. Then they stopped.');
    expect(doc.sentences().length()).toBe(2);
    expect(doc.tokens().out()).toEqual(['Frobnicators', 'frobnicated', '.', 'Then', 'they', 'stopped', '.']);
  });
});
