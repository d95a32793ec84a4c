// Pass 2, tag repairs read through `explain`: the tag a word ends with and the rule that gave it, where
// no triple shows the repair (a negated clause asserts none).
import { describe, expect, it } from 'vitest';
import { explainChunk } from '../../electron/core/extract/classic/explain';

const tagOf = (text: string, word: string) => {
  const tokens = explainChunk(text, { start: 0, end: text.length }).flatMap((s) => s.passes?.repaired ?? []);
  return tokens.find((t) => t.text === word);
};

describe('tag repairs', () => {
  it('a word after a modal and "not" is its verb (tag.verb-after-modal)', () => {
    const cache = tagOf('The relay MUST NOT cache stale replies for clients.', 'cache');
    expect(cache?.pos).toBe('VERB');
    expect(cache?.repairs).toContain('tag.verb-after-modal');
    expect(tagOf('A relay may not store the replies.', 'store')?.pos).toBe('VERB');
  });
});
