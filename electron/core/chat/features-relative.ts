// List-relative candidate features: how a candidate stands against the other candidates of its question on
// a few of its own features (chat/features.ts). A candidate's feature vector describes it alone, and the
// fitted table compares the candidates of a question only through their linear scores; whether a candidate
// holds the list's highest value of a feature, or where it ranks on it, is what a per-candidate feature
// cannot say. (The gap to the list's maximum is left out on purpose: over one question's candidates it is
// the feature itself less a constant, which a softmax over the candidates cannot tell from the feature.)
//
// The list is the one the candidate was gathered with (chat/candidates gatherCandidates), or the one it is
// first ranked in (chat/ranker.ts rank, chat/fit-model.ts): a candidate belongs to one list, its relative
// values are computed once for the whole list, and the ranker and the fit read the same values.
import type { Candidate } from './candidates/types';

/** The candidate features whose standing in the list is measured (overlap with the question, place of its passage and sentence). */
export const RELATIVE_BASES = ['match', 'clauseMatch', 'near', 'local', 'passageRank', 'sentenceRank', 'hostMatch', 'boundAsked'] as const;

export type RelativeBase = (typeof RELATIVE_BASES)[number];

/**
 * The list-relative features, for each base feature B:
 * `B:best`: B is above 0 and no candidate of the list has more (ties share it);
 * `B:rank`: 1 / (1 + the number of distinct values of B above its own in the list) when B is above 0, else 0.
 */
export const RELATIVE_FEATURES = RELATIVE_BASES.flatMap((b) => [`${b}:best`, `${b}:rank`] as const);

/**
 * The relative features of a list of candidates from their base values (rows: one per candidate, columns in
 * the order of RELATIVE_BASES), in the order of RELATIVE_FEATURES.
 */
export function relativeTransform(rows: readonly (readonly number[])[]): number[][] {
  const out = rows.map(() => new Array<number>(RELATIVE_FEATURES.length).fill(0));
  for (let j = 0; j < RELATIVE_BASES.length; j++) {
    // the distinct positive values of the column, highest first
    const distinct = [...new Set(rows.map((r) => r[j]).filter((v) => v > 0))].sort((a, b) => b - a);
    if (!distinct.length) continue;
    const place = new Map(distinct.map((v, i) => [v, i]));
    rows.forEach((r, i) => {
      const at = place.get(r[j]);
      if (at === undefined) return;
      out[i][2 * j] = at === 0 ? 1 : 0;
      out[i][2 * j + 1] = 1 / (1 + at);
    });
  }
  return out;
}

const lists = new WeakMap<Candidate, readonly Candidate[]>();
/** Registers a question's candidates as one list (a candidate already in a list keeps it). */
export function registerList(candidates: readonly Candidate[]): void {
  for (const c of candidates) if (!lists.has(c)) lists.set(c, candidates);
}

const values = new WeakMap<Candidate, number[]>();
/**
 * A candidate's relative features (RELATIVE_FEATURES) against its list, reading each member's base values
 * with `read` (columns in the order of RELATIVE_BASES); computed once for the whole list. A candidate in no
 * list reads 0 throughout.
 */
export function relativeOf(c: Candidate, read: (x: Candidate) => readonly number[]): number[] {
  let got = values.get(c);
  if (got) return got;
  const list = lists.get(c);
  if (!list) return new Array<number>(RELATIVE_FEATURES.length).fill(0);
  const members = list.filter((x) => lists.get(x) === list);
  const rel = relativeTransform(members.map(read));
  members.forEach((x, i) => values.set(x, rel[i]));
  got = values.get(c)!;
  return got;
}
