import { describe, expect, it } from 'vitest';
import { looksLikeMarkdown, markdownRuns, shownText } from '../../renderer/src/components/markdownRuns';

const styled = (text: string, style: 'bold' | 'italic' | 'code' | 'heading') =>
  markdownRuns(text)
    .filter((r) => !r.hidden && r[style])
    .map((r) => text.slice(r.start, r.end));

describe('Markdown as text formatting', () => {
  it('hides the marks of headings, bold, italic, code and links, and keeps every other character at its offset', () => {
    const text = '## Station levels ##\nThe **station level** holds the *gateway*, see `PTOC` and [the notes](notes.md).';
    const runs = markdownRuns(text);
    expect(shownText(text, runs)).toBe('Station levels\nThe station level holds the gateway, see PTOC and the notes.');
    // runs cover the text in order, without gaps or overlaps
    let at = 0;
    for (const r of runs) {
      expect(r.start).toBe(at);
      at = r.end;
    }
    expect(at).toBe(text.length);
    expect(styled(text, 'heading')).toEqual(['Station levels']);
    expect(styled(text, 'bold')).toEqual(['station level']);
    expect(styled(text, 'italic')).toEqual(['gateway']);
    expect(styled(text, 'code')).toEqual(['PTOC']);
    expect(markdownRuns(text).find((r) => r.heading)).toMatchObject({ heading: 2 });
  });

  it('leaves identifiers, arithmetic and lone marks alone', () => {
    const text = 'Set snake_case_name to 2 * 3 * 4; a * marks a footnote, and __init__ stays.';
    expect(shownText(text, markdownRuns(text))).toBe('Set snake_case_name to 2 * 3 * 4; a * marks a footnote, and init stays.');
    expect(styled('Set snake_case_name.', 'italic')).toEqual([]);
  });

  it('shows a fenced block as code without its fences', () => {
    const text = 'Before\n```\nx = 1\n```\nAfter';
    expect(shownText(text, markdownRuns(text))).toBe('Before\n\nx = 1\n\nAfter');
    expect(styled(text, 'code')).toEqual(['x = 1']);
  });

  it('tells Markdown from plain and RFC-style text', () => {
    expect(looksLikeMarkdown('# Field notes\n\nText.')).toBe(true);
    expect(looksLikeMarkdown('The **bay level** holds relays.')).toBe(true);
    expect(looksLikeMarkdown('3.1.  User-Name\n\n   The User-Name attribute is used.\n   #define X 1')).toBe(false);
    expect(looksLikeMarkdown('a * b * c')).toBe(false);
  });
});
