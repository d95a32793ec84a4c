// The consequent of a result connective (chat/candidates/clauses.ts, its markers in nlp/lexicon), on invented
// sentences with known answers.
import { describe, expect, it } from 'vitest';
import { purposeClauses } from '../../electron/core/chat/candidates/clauses';

describe('the consequent of a result connective', () => {
  const of = (s: string) => purposeClauses(s).map((c) => [c.kind, c.text]);

  it('"X, and therefore Y" and "X, so Y" give Y as a result', () => {
    expect(of('The token is bound to the session key and, therefore, a stolen token cannot be reused.')).toContainEqual([
      'result',
      'a stolen token cannot be reused',
    ]);
    expect(of('The hub drops stale frames, so the gadget must resend them.')).toContainEqual(['result', 'the gadget must resend them']);
  });

  it('"so that" is a purpose and "as a result of" a reason, not a result', () => {
    expect(of('The hub drops stale frames, so that the queue stays short.').filter(([k]) => k === 'result')).toEqual([]);
    expect(of('The hub resets its table as a result of a power loss.')).toContainEqual(['reason', 'as a result of a power loss']);
    expect(of('The hub resets its table as a result of a power loss.').filter(([k]) => k === 'result')).toEqual([]);
  });
});
