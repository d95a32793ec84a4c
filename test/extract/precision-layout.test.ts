// Where a triple's parts sit in its evidence sentence (extract/precision-model.ts sentenceLayout) and the
// candidate features read from it: the words a reading skipped between the relation's verb and the object and
// between the subject and the verb, a verb told inside another clause, and a condition the sentence states
// that the triple does not carry, a subject that opens its sentence, a subject that runs on into a word the triple
// drops and the words after the object. Invented sentences with known values.
import { describe, expect, it } from 'vitest';
import {
  objectGap,
  sentenceLayout,
  subjectGap,
  subjectOpensSentence,
  subjectRunsOnUnsaid,
  tripleFeatures,
  verbAfterClauseOpener,
  wordsAfterObject,
} from '../../electron/core/extract/precision-model';

describe("where a triple's parts sit in its sentence", () => {
  it('finds the subject, the relation verb and the object by their stems, in reading order', () => {
    const shape = { subject: 'gateway', relation: 'forwards', object: 'frame', sentence: 'The gateway forwards every frame.' };
    const layout = sentenceLayout(shape);
    expect(layout.tokens).toEqual(['the', 'gateway', 'forwards', 'every', 'frame', '.']);
    expect(layout.subject).toEqual([1, 2]);
    expect(layout.verb).toBe(2);
    expect(layout.object).toEqual([4, 5]);
    expect(objectGap(layout)).toBe(1);
    expect(subjectGap(layout)).toBe(0);
    expect(verbAfterClauseOpener(layout)).toBe(false);
  });

  it('a lemmatised relation and a singularised end still match; modals and auxiliaries are passed over', () => {
    const layout = sentenceLayout({
      subject: 'relay node',
      relation: 'may be placed in',
      object: 'cabinet',
      sentence: 'Relay nodes may then be placed in a locked cabinet.',
    });
    expect(layout.tokens[layout.verb!]).toBe('placed');
    expect(subjectGap(layout)).toBe(3); // "may then be"
    expect(objectGap(layout)).toBe(3); // "in a locked"
  });

  it('the object read far from its verb: the words skipped count; not found in order, the gap is unknown', () => {
    const far = sentenceLayout({
      subject: 'sensor',
      relation: 'reports',
      object: 'alarm',
      sentence: 'Each sensor reports its temperature, its humidity and, when a limit is passed, an alarm.',
    });
    expect(objectGap(far)).toBe(11); // "its temperature, its humidity and, when a limit is passed, an"
    const missing = sentenceLayout({ subject: 'sensor', relation: 'reports', object: 'pressure', sentence: 'Each sensor reports a value.' });
    expect(missing.object).toBeNull();
    expect(objectGap(missing)).toBeNull();
    const noVerb = sentenceLayout({ subject: 'sensor', relation: 'measures', object: 'value', sentence: 'Each sensor reports a value.' });
    expect(noVerb.verb).toBeNull();
    expect(subjectGap(noVerb)).toBeNull();
    expect(verbAfterClauseOpener(noVerb)).toBeNull();
  });

  it('a verb told inside another clause: a relative pronoun or a subordinator stands before it', () => {
    const inside = sentenceLayout({
      subject: 'queue',
      relation: 'is drained by',
      object: 'scheduler',
      sentence: 'The operator checks that the queue is drained by the scheduler.',
    });
    expect(verbAfterClauseOpener(inside)).toBe(true);
    const main = sentenceLayout({
      subject: 'scheduler',
      relation: 'drains',
      object: 'queue',
      sentence: 'The scheduler drains the queue that the operator filled.',
    });
    expect(verbAfterClauseOpener(main)).toBe(false);
  });

  it('the candidate features: logs of the gaps, the clause flag, a condition the sentence states and the triple does not carry', () => {
    const names = [
      'object gap after the relation verb (log)',
      'subject gap before the relation verb (log)',
      'relation verb after a clause opener',
      'condition in the sentence not carried',
    ];
    const shape = { subject: 'gateway', relation: 'forwards', object: 'frame', sentence: 'If the link is up, the gateway forwards every frame.' };
    const x = tripleFeatures(shape, 0.5, names);
    expect(x[0]).toBeCloseTo(Math.log(2), 10);
    expect(x[1]).toBe(0);
    expect(x[2]).toBe(1); // "if" before the verb
    expect(x[3]).toBe(1); // the condition is in the sentence, not on the triple
    expect(tripleFeatures({ ...shape, conditional: true }, 0.5, names)[3]).toBe(0);
    expect(tripleFeatures({ ...shape, sentence: 'The gateway forwards every frame.' }, 0.5, names).slice(2)).toEqual([0, 0]);
    expect(tripleFeatures({ ...shape, sentence: 'Nothing here says it.' }, 0.5, names).slice(0, 3)).toEqual([null, null, null]);
  });

  it('the subject opens the sentence: only function words, demonstratives or quantifiers before it, past a list marker', () => {
    const opens = (subject: string, sentence: string) => subjectOpensSentence({ subject, relation: 'holds', object: 'record', sentence });
    expect(opens('ledger', 'The ledger holds one record per account.')).toBe(true);
    expect(opens('ledger', 'Each ledger holds a record.')).toBe(true); // a quantifier
    expect(opens('ledger entry', '(b) Every ledger entry holds a record.')).toBe(true); // a list marker, a quantifier
    expect(opens('ledger', 'Ledgers hold records.')).toBe(true); // found by its stem
    // a noun phrase after an opening adverbial or a preceding clause, or from the sentence's tail, does not open it
    expect(opens('ledger', 'In most banks, the ledger holds a record.')).toBe(false);
    expect(opens('ledger', 'When the clerk closes the day, the ledger holds a record.')).toBe(false);
    // the first noun phrase, even a subordinate clause's: a word that opens a clause is a function word
    expect(opens('clerk', 'When the clerk closes the day, the ledger holds a record.')).toBe(true);
    expect(opens('account', 'The ledger holds a record for each account.')).toBe(false);
    // a subject the sentence does not hold as written (a resolved pronoun): unknown, and the feature reads 0
    expect(opens('ledger', 'It holds a record.')).toBeNull();
    const names = ['subject opens the sentence'];
    const shape = { subject: 'ledger', relation: 'holds', object: 'record', sentence: 'The ledger holds a record.' };
    expect(tripleFeatures(shape, 0.5, names)).toEqual([1]);
    expect(tripleFeatures({ ...shape, sentence: 'It holds a record.' }, 0.5, names)).toEqual([0]);
    expect(tripleFeatures({ ...shape, sentence: 'After the audit, the ledger holds a record.' }, 0.5, names)).toEqual([0]);
  });

  it('the subject runs on into a content word the triple drops: a post-modifier or an adverbial left out', () => {
    const runsOn = (subject: string, relation: string, object: string, sentence: string) => subjectRunsOnUnsaid({ subject, relation, object, sentence });
    // a participle narrowing the subject ("the valve fitted upstream") left out
    expect(runsOn('valve', 'closes', 'inlet', 'The valve fitted upstream closes the inlet.')).toBe(true);
    // an adverbial between the subject and its verb
    expect(runsOn('valve', 'closes', 'inlet', 'The valve usually closes the inlet.')).toBe(true);
    // the relation's verb, an auxiliary, a modal or a negation next: nothing dropped
    expect(runsOn('valve', 'closes', 'inlet', 'The valve closes the inlet.')).toBe(false);
    expect(runsOn('valve', 'is closed by', 'operator', 'The valve is closed by the operator.')).toBe(false);
    expect(runsOn('valve', 'must close', 'inlet', 'The valve must close the inlet.')).toBe(false);
    expect(runsOn('valve', 'closes', 'inlet', 'The valve not only closes the inlet.')).toBe(false);
    // a word the triple says (the relation's, by its stem) or a function word next
    expect(runsOn('valve', 'fitted upstream of', 'inlet', 'The valve fitted upstream of the inlet.')).toBe(false);
    expect(runsOn('valve', 'closes', 'inlet', 'The valve that the operator set closes the inlet.')).toBe(false);
    // the subject not held by the sentence as written (a resolved pronoun): unknown, the feature reads null
    expect(runsOn('valve', 'closes', 'inlet', 'It closes the inlet.')).toBeNull();
    const names = ['subject runs on into a word the triple drops'];
    const shape = { subject: 'valve', relation: 'closes', object: 'inlet', sentence: 'The valve fitted upstream closes the inlet.' };
    expect(tripleFeatures(shape, 0.5, names)).toEqual([1]);
    expect(tripleFeatures({ ...shape, sentence: 'The valve closes the inlet.' }, 0.5, names)).toEqual([0]);
    expect(tripleFeatures({ ...shape, sentence: 'It closes the inlet.' }, 0.5, names)).toEqual([null]);
  });

  it('the words the sentence holds after the object', () => {
    const shape = { subject: 'pump', relation: 'fills', object: 'tank', sentence: 'The pump fills the tank, and the float stops it.' };
    expect(wordsAfterObject(sentenceLayout(shape))).toBe(5); // "and the float stops it"
    const closes = { subject: 'pump', relation: 'fills', object: 'tank', sentence: 'The main pump slowly fills the storage tank.' };
    expect(wordsAfterObject(sentenceLayout(closes))).toBe(0);
    // the object not in the sentence: unknown
    const missing = { subject: 'pump', relation: 'fills', object: 'reservoir', sentence: 'The pump fills the tank.' };
    expect(wordsAfterObject(sentenceLayout(missing))).toBeNull();
    const names = ['sentence words after the object (log)'];
    expect(tripleFeatures(shape, 0.5, names)).toEqual([Math.log1p(5)]);
    expect(tripleFeatures(closes, 0.5, names)).toEqual([0]);
    expect(tripleFeatures(missing, 0.5, names)).toEqual([null]);
  });
});
