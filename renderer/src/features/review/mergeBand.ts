// The preview of a bulk merge of merge candidates: the groups of entities the candidates of a score
// band join (a chain of pairs, A–B and B–C, makes one group of three). Typed without the DOM.

interface BandCandidate {
  a: { id: number; label: string };
  b: { id: number; label: string };
  score: number;
}

interface MergeGroup {
  ids: number[];
  labels: string[];
}

/** The candidates whose score lies in [from, to]. */
export const inBand = <C extends { score: number }>(items: C[], from: number, to: number): C[] =>
  items.filter((c) => c.score >= from - 1e-9 && c.score <= to + 1e-9);

/** The groups the pairs join, the largest first (then by their first label). */
export function mergeGroups(pairs: BandCandidate[]): MergeGroup[] {
  const parent = new Map<number, number>();
  const label = new Map<number, string>();
  const root = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    while (parent.get(x) !== r) {
      const next = parent.get(x)!;
      parent.set(x, r);
      x = next;
    }
    return r;
  };
  for (const { a, b } of pairs) {
    for (const n of [a, b]) {
      if (!parent.has(n.id)) parent.set(n.id, n.id);
      label.set(n.id, n.label);
    }
    const [ra, rb] = [root(a.id), root(b.id)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const groups = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const r = root(id);
    groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  return [...groups.values()]
    .map((ids) => {
      const sorted = ids.sort((x, y) => x - y);
      return { ids: sorted, labels: sorted.map((id) => label.get(id)!) };
    })
    .sort((x, y) => y.ids.length - x.ids.length || x.labels[0].localeCompare(y.labels[0]));
}
