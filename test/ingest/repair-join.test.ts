// A large repaired text is joined through a buffer, its pages let go as they are copied
// (repair/index.ts joinLettingGo): the same text and page spans as the one join of its pages.
import { describe, expect, it } from 'vitest';
import { joinLettingGo, repair } from '../../electron/core/ingest/repair';

/** Pages of a hard-wrapped text with running headers, a paragraph and a word broken over page breaks. */
function pages(n: number, extra = ''): string[] {
  const out: string[] = [];
  for (let p = 1; p <= n; p++) {
    const lines = ['Memo 1234              A Made-up Title              May 2020', ''];
    for (let i = 0; i < 30; i++) lines.push(`   line ${i} of page ${p}${extra} carries enough words to be wrapped prose that goes on`);
    lines.push(p % 3 ? '   and the paragraph continues over the page break into the next inter-' : '   This paragraph ends here.');
    lines.push('', `Someone                  Informational                  [Page ${p}]`);
    out.push(lines.join('\n'));
  }
  return out;
}

describe('the releasing join of a repaired text', () => {
  it('gives the same string as a join, one-byte and UTF-16 parts, and empties the parts', () => {
    for (const parts of [
      ['abc', '', 'd\u00e9f', 'x'.repeat(5000)],
      ['abc', 'd\u2014f', '\ud83d\ude00', 'caf\u00e9'],
      ['\ud83d', '\ude00 lone halves kept as they are \udc00'],
    ]) {
      const joined = parts.join('');
      const copy = [...parts];
      let steps = 0;
      expect(joinLettingGo(copy, () => steps++)).toBe(joined);
      expect(copy).toEqual([]);
    }
  });

  it('repair gives the same text, page spans and repairs through it as through one join', () => {
    for (const extra of ['', ' \u2014 \u00e9t\u00e9']) {
      const whole = repair(pages(40, extra), { mode: 'text', cutAtFormFeeds: true });
      let steps = 0;
      const released = repair(pages(40, extra), { mode: 'text', cutAtFormFeeds: true, releasingJoinChars: 1, betweenSteps: () => steps++ });
      expect(steps).toBeGreaterThan(0);
      expect(released.text).toBe(whole.text);
      expect(released.pages).toEqual(whole.pages);
      expect(released.repairs).toEqual(whole.repairs);
      expect(whole.pages.length).toBe(40);
    }
  });
});
