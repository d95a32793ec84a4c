// Text with spans marked (an evidence span in its sentence, a cited sentence), shown as Markdown
// formatting when asked (markdownRuns.ts keeps every character's offset, so the marks stay exact).
import type { ReactNode, Ref } from 'react';
import { markdownRuns, type MarkdownRun } from './markdownRuns';

export interface TextMark {
  /** Offsets in the text, [start, end). */
  start: number;
  end: number;
  /** 'mark' for the span itself, 'span' for its surroundings (a sentence). */
  tag: 'mark' | 'span';
  className?: string;
  testId?: string;
  /** Given to the mark's element (to scroll it into view). */
  ref?: Ref<HTMLElement>;
}

/** The runs' pieces of [s, e), styled. */
function styledPieces(text: string, runs: MarkdownRun[], s: number, e: number): ReactNode[] {
  const out: ReactNode[] = [];
  for (const run of runs) {
    const a = Math.max(s, run.start);
    const b = Math.min(e, run.end);
    if (b <= a || run.hidden) continue;
    let node: ReactNode = text.slice(a, b);
    if (run.code) node = <code>{node}</code>;
    if (run.bold) node = <strong>{node}</strong>;
    if (run.italic) node = <em>{node}</em>;
    if (run.heading) node = <span className={`md-h md-h${run.heading}`}>{node}</span>;
    out.push(typeof node === 'string' ? node : <span key={`r${a}`}>{node}</span>);
  }
  return out;
}

/**
 * The text from `from` on with its marks, nested as given (a sentence, then the span inside it): each
 * mark is one element around what it covers.
 */
export function MarkedText({ text, marks = [], markdown = false, from = 0 }: { text: string; marks?: TextMark[]; markdown?: boolean; from?: number }) {
  const runs: MarkdownRun[] = markdown ? markdownRuns(text) : [{ start: 0, end: text.length }];
  const render = (s: number, e: number, k: number): ReactNode[] => {
    if (e <= s) return [];
    if (k >= marks.length) return styledPieces(text, runs, s, e);
    const m = marks[k];
    const a = Math.max(s, m.start);
    const b = Math.min(e, m.end);
    if (b <= a) return render(s, e, k + 1);
    const Tag = m.tag;
    return [
      ...render(s, a, k + 1),
      <Tag key={`m${k}-${a}`} className={m.className} data-testid={m.testId} ref={m.ref as Ref<never>}>
        {render(a, b, k + 1)}
      </Tag>,
      ...render(b, e, k + 1),
    ];
  };
  return <>{render(from, text.length, 0)}</>;
}
