// The one answer grader (eval/qa.ts answerCorrect), shared by eval qa, scripts/eval-answers.ts and
// the rfc-qa bench: a yes/no gold is the answer's first word, other golds are matched as whole words.
import { describe, expect, it } from 'vitest';
import { answerCorrect, scoreQa } from '../../electron/core/eval/qa';
import type { GoldQuestion } from '../../shared/contract/eval';

describe('a yes/no gold answer is the first word of the answer (or the whole answer)', () => {
  it.each([
    ['No', 'No.', true],
    ['No', 'no', true],
    ['No', 'No, the relay never rewrites the field.', true],
    ['Yes', '  yes  ', true],
    ['Yes', 'Yes: both ends keep a copy.', true],
    ['No', 'Not found in the graph.', false],
    ['No', 'None of the passages says so.', false],
    ['No', 'The server sends no reply.', false],
    ['Yes', 'Yesterday the draft was revised.', false],
    ['Yes', 'The eyes of the beholder.', false],
    ['Yes', 'It is not stated; yes and no are both possible.', false],
    ['No', 'Yes, but no second copy is kept.', false],
    ['Yes', 'Yes, but no second copy is kept.', true],
  ])('gold %j, answer %j -> %s', (gold, answer, expected) => {
    expect(answerCorrect([gold], answer)).toBe(expected);
  });
});

describe('other gold answers are matched as whole words', () => {
  it.each([
    ['4', 'It waits 4 seconds.', true],
    ['4', 'Port 1400 is used.', false],
    ['UDP', 'over UDP.', true],
    ['UDP', 'over UDPv6 only', false],
    ['TLS or IPsec', 'Use  TLS or\nIPsec first.', true],
    ['reset(2)', 'the value reset(2) clears it', true],
    ['3799/tcp', 'port 3799/tcp', true],
    ['4669', 'see RFC4669', true],
    ['2', 'as RFC 2621 says', false],
    ['14274', '142744 octets', false],
    ['v6', 'over UDPv6 only', false],
  ])('gold %j, answer %j -> %s', (gold, answer, expected) => {
    expect(answerCorrect([gold], answer)).toBe(expected);
  });

  it('an empty answer or an empty gold is never correct', () => {
    expect(answerCorrect(['No'], '')).toBe(false);
    expect(answerCorrect([''], 'anything')).toBe(false);
  });
});

describe('scoreQa grades with the same rule', () => {
  it('counts "Not found" as wrong for a "No" gold and "No." as right', () => {
    const q = (key: string): GoldQuestion => ({ key, question: 'Does the relay rewrite the field?', answers: ['No'], quotes: [], type: null });
    const scores = scoreQa(
      [q('a'), q('b')],
      [
        { passages: [], answer: 'Not found.', mode: 'extractive', outcome: 'found' },
        { passages: [], answer: 'No.', mode: 'extractive', outcome: 'found' },
      ],
    );
    expect(scores.answerAccuracy.hits).toBe(1);
    expect(scores.errors.filter((e) => e.kind === 'wrong_answer').map((e) => e.item)).toEqual(['a']);
  });
});
