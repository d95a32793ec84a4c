import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../electron/core/chunk';

const sentences = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe('splitSentences', () => {
  it('does not break on et al., Fig., e.g., i.e., decimals or initials', () => {
    const text =
      'As shown by Smith et al. (2020), recall rises. See Fig. 3 for details. Some methods, e.g. BM25, are strong; i.e. they are hard to beat. ' +
      'The score was 0.95 on average. J. Smith wrote it. Results are in Table 2. The end!';
    expect(sentences(text)).toEqual([
      'As shown by Smith et al. (2020), recall rises.',
      'See Fig. 3 for details.',
      'Some methods, e.g. BM25, are strong; i.e. they are hard to beat.',
      'The score was 0.95 on average.',
      'J. Smith wrote it.',
      'Results are in Table 2.',
      'The end!',
    ]);
  });

  it('breaks at CJK sentence ends and at Korean full stops', () => {
    expect(sentences('这是第一句。这是第二句！第三句？')).toEqual(['这是第一句。', '这是第二句！', '第三句？']);
    expect(sentences('본 논문은 프레임워크를 제시한다. 이 시스템은 LLM을 활용한다.')).toEqual([
      '본 논문은 프레임워크를 제시한다.',
      '이 시스템은 LLM을 활용한다.',
    ]);
  });

  it('breaks at blank lines and before list items, keeps quotes with their sentence', () => {
    expect(sentences('A heading\n\nHe said "stop." Then left.\n- item one\n- item two')).toEqual([
      'A heading',
      'He said "stop."',
      'Then left.',
      '- item one',
      '- item two',
    ]);
  });

  it('returns spans that index the text exactly, within a sub-range', () => {
    const text = 'xx First one. Second one. yy';
    const spans = splitSentences(text, 3, 25);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['First one.', 'Second one.']);
  });
});
