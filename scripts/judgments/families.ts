// Families of documents for the folds of the precision fit: editions of one standard and companion
// documents written from one template (a MIB for the client and one for the server) share whole
// sentences, and a model fitted on one and scored on its sibling scores a sentence it has seen. Documents
// whose text overlaps by FAMILY_SHARE or more (and every document linked to them so) are one family, and a
// fold holds whole families (scripts/judgments/select-features.ts). Read from the texts alone, never from
// the judgments.

/** Word sequences of this length are compared. */
export const SHINGLE_WORDS = 5;
/**
 * Two documents are siblings when this share of the smaller's word sequences are the other's too.
 * Documents of one protocol written apart share about a tenth of them (common phrases, boilerplate);
 * a template's siblings share a third or more.
 */
export const FAMILY_SHARE = 0.3;

function shingles(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) out.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  return out;
}

/** The share of the smaller set's members that the larger holds (0 when either is empty). */
export function containment(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (!small.size) return 0;
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / small.size;
}

/**
 * Each document's family: the name of its family's first document (in name order), linked by
 * containment of FAMILY_SHARE or more, transitively (a single-link cluster).
 */
export function documentFamilies(texts: ReadonlyMap<string, string>, share = FAMILY_SHARE): Map<string, string> {
  const names = [...texts.keys()].sort((a, b) => a.localeCompare(b));
  const sets = new Map(names.map((n) => [n, shingles(texts.get(n)!)]));
  const parent = new Map(names.map((n) => [n, n]));
  const root = (n: string): string => {
    let r = n;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      if (containment(sets.get(names[i])!, sets.get(names[j])!) < share) continue;
      const [a, b] = [root(names[i]), root(names[j])].sort((x, y) => x.localeCompare(y));
      parent.set(b, a);
    }
  return new Map(names.map((n) => [n, root(n)]));
}
