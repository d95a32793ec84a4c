// The rank table of the recall@5 misses (scripts/eval-answers.ts --ranks): each missed gold passage counted
// per type and ranking at ranks 1-5 / 6-10 / 11-20 / 21+ / not in that ranking.
import { describe, expect, it } from 'vitest';
import { printMissRanks, type AnsweredQuestion, type MissRanks } from '../../scripts/eval-answers';

const row = (type: string, missRanks?: MissRanks[]): AnsweredQuestion => ({
  item: { id: type, question: '?', answers: ['x'], file: null, type },
  first: '',
  answers: [],
  outcome: 'found',
  confidence: 0.5,
  correct: false,
  recalled: !missRanks,
  bm25: false,
  ...(missRanks ? { missRanks } : {}),
});
const ranks = (type: string, r: MissRanks['ranks']): MissRanks => ({ type, ranks: r });

describe('the rank table of the recall@5 misses', () => {
  it('counts each gold passage in its bin for every ranking, per type, and only the missed questions', () => {
    const lines: string[] = [];
    printMissRanks(
      [
        row('value'),
        row('multi-hop', [
          ranks('multi-hop', { bm25: 3, dense: null, graph: 1, secondHop: null, table: 2 }),
          ranks('multi-hop', { bm25: 40, dense: null, graph: null, secondHop: 2, table: 12 }),
        ]),
        row('definition', [ranks('definition', { bm25: 6, dense: 10, graph: 21, secondHop: null, table: 7 })]),
      ],
      (s) => lines.push(s),
    );
    expect(lines[0]).toMatch(/^recall@5 misses: 2 questions, 3 gold passages/);
    expect(lines[1]).toBe('  definition (1): bm25 0/1/0/0/0; dense 0/1/0/0/0; graph 0/0/0/1/0; secondHop 0/0/0/0/1; table 0/1/0/0/0');
    expect(lines[2]).toBe('  multi-hop (2): bm25 1/0/0/1/0; dense 0/0/0/0/2; graph 1/0/0/0/1; secondHop 1/0/0/0/1; table 1/0/1/0/0');
  });
});
