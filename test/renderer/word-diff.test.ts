// The diff view's word-level difference: a changed number or word is marked in both texts, the rest
// is shown as it is, and whitespace alone is no change.
import { describe, expect, it } from 'vitest';
import { wordDiff, tokens } from '../../renderer/src/features/diff/wordDiff';

const marked = (parts: { text: string; kind: string }[], kind: string) => parts.filter((p) => p.kind === kind).map((p) => p.text);
const whole = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

describe('wordDiff', () => {
  it('marks a changed number in both texts and nothing else', () => {
    const a = 'The Framed-MTU attribute MUST be at most 4096 octets.';
    const b = 'The Framed-MTU attribute MUST be at most 65535 octets.';
    const d = wordDiff(a, b);
    expect(marked(d.older, 'removed')).toEqual(['4096']);
    expect(marked(d.newer, 'added')).toEqual(['65535']);
    expect(whole(d.older)).toBe(a);
    expect(whole(d.newer)).toBe(b);
  });

  it('marks inserted and deleted words, a run of them as one change', () => {
    const d = wordDiff('the session should terminate now', 'the session should be re-established now');
    expect(marked(d.older, 'removed')).toEqual(['terminate']);
    expect(marked(d.newer, 'added')).toEqual(['be re-established']);
  });

  it('whitespace alone is no change; identical texts have none', () => {
    const d = wordDiff('a  b\nc', 'a b c');
    expect(marked(d.older, 'removed')).toEqual([]);
    expect(marked(d.newer, 'added')).toEqual([]);
    expect(wordDiff('same text', 'same text').newer).toEqual([{ text: 'same text', kind: 'same' }]);
  });

  it('an added or removed text is wholly marked', () => {
    expect(wordDiff('', 'new clause').newer).toEqual([{ text: 'new clause', kind: 'added' }]);
    expect(wordDiff('old clause', '').older).toEqual([{ text: 'old clause', kind: 'removed' }]);
  });

  it('tokens are words, single marks and whitespace runs, in any script', () => {
    expect(tokens('값은 4096, 끝.')).toEqual(['값은', ' ', '4096', ',', ' ', '끝', '.']);
  });
});
