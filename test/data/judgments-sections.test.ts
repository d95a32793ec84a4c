// The section draw (scripts/judgments/sample-sections.ts drawSections): without restrictions it is the
// seeded shuffle of before; --fewest draws only from the documents the listed sections cover least,
// skipping sections already listed, and --per-document caps how many sections one document gives.
import { describe, expect, it } from 'vitest';
import { drawSections, type SectionItem } from '../../scripts/judgments/sample-sections';
import { seededRandom, shuffled } from '../../scripts/judgments/kit';

const documents = [
  { file: 'a.txt', split: 'training' as const },
  { file: 'b.txt', split: 'training' as const },
  { file: 'c.txt', split: 'training' as const },
  { file: 'v.txt', split: 'validation' as const },
];
const candidates: SectionItem[] = documents.flatMap((d) =>
  [1, 2, 3, 4].map((n) => ({
    id: `s-${d.file.replace('.txt', '')}-${n}`,
    file: d.file,
    split: d.split,
    section: String(n),
    heading: `H${n}`,
    start: 100 * n,
    end: 100 * n + 50,
  })),
);

describe('drawSections', () => {
  it('draws the seeded shuffle of each side when nothing restricts it', () => {
    const drawn = drawSections(candidates, documents, { seed: 7, totals: { training: 5, validation: 2 } });
    const random = seededRandom(7);
    const training = shuffled(
      candidates.filter((c) => c.split === 'training'),
      random,
    ).slice(0, 5);
    const validation = shuffled(
      candidates.filter((c) => c.split === 'validation'),
      random,
    ).slice(0, 2);
    expect(drawn).toEqual([...training, ...validation]);
  });

  it('with fewest, draws only from the documents the listed sections cover least, and skips the listed ones', () => {
    const listed = [
      { id: 's-a-1', file: 'a.txt' },
      { id: 's-a-2', file: 'a.txt' },
      { id: 's-b-1', file: 'b.txt' },
    ];
    const drawn = drawSections(candidates, documents, { seed: 3, totals: { training: 10, validation: 0 }, listed, fewest: 2 });
    // c (none listed) and b (one listed) are the two covered least; a is left out, b's listed section skipped
    expect(new Set(drawn.map((s) => s.file))).toEqual(new Set(['b.txt', 'c.txt']));
    expect(drawn.map((s) => s.id)).not.toContain('s-b-1');
    expect(drawn).toHaveLength(7);
  });

  it('with perDocument, takes at most that many sections of one document', () => {
    const drawn = drawSections(candidates, documents, { seed: 11, totals: { training: 10, validation: 10 }, perDocument: 2 });
    const counts = new Map<string, number>();
    for (const s of drawn) counts.set(s.file, (counts.get(s.file) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
    expect(counts.size).toBe(4);
  });
});
