// What the judgment samplers share: the project's split of the kit's documents, a seeded random
// generator, and the stored documents matched to their kit file.
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../../electron/core/store';

export type Split = 'training' | 'validation';

export interface SplitFile {
  kit: string;
  training: string[];
  validation: string[];
}

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function readSplit(file = path.join(ROOT, 'data', 'split.json')): SplitFile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SplitFile;
}

/** The split a kit file's base name belongs to, or undefined for a file outside the split. */
export function splitOf(split: SplitFile, file: string): Split | undefined {
  const base = (p: string) => path.basename(p);
  if (split.training.some((p) => base(p) === file)) return 'training';
  if (split.validation.some((p) => base(p) === file)) return 'validation';
  return undefined;
}

/** A seeded generator, so a draw can be repeated exactly. */
export { mulberry32 as seededRandom } from '../../electron/core/learn/random';

/** Fisher–Yates on a copy: every order equally likely. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export interface KitDocument {
  id: number;
  file: string;
  split: Split;
}

/** The stored documents that are kit files of the split (the newest version of each path). */
export function splitDocuments(store: Store, split: SplitFile): KitDocument[] {
  const byFile = new Map<string, KitDocument>();
  for (const d of store.documents.list()) {
    const file = path.basename(d.path ?? '');
    const side = splitOf(split, file);
    if (side) byFile.set(file, { id: d.id, file, split: side });
  }
  return [...byFile.values()];
}

/** What a re-judgment names of the line it replaces (data/judgments/README.md, "Re-judged on today's extraction"). */
export interface Rejudging {
  id: string;
  file: string;
  start: number;
  end: number;
  /** The id of the earlier line of the same evidence span this line judges again (its triple's text changed since). */
  rejudges?: string;
}

/**
 * The judgments that stand: the file is append-only, and a line that re-judges an earlier one (the same
 * evidence span, its triple as the extractor gives it now) replaces it, so the newest verdict for a span
 * wins. A re-judgment must follow the line it names and share its file and span.
 */
export function currentJudgments<T extends Rejudging>(lines: readonly T[]): T[] {
  const seen = new Map<string, T>();
  const replaced = new Set<string>();
  for (const line of lines) {
    if (line.rejudges !== undefined) {
      const earlier = seen.get(line.rejudges);
      if (!earlier) throw new Error(`${line.id} re-judges ${line.rejudges}, which is not an earlier line`);
      if (earlier.file !== line.file || earlier.start !== line.start || earlier.end !== line.end)
        throw new Error(`${line.id} re-judges ${line.rejudges} of another evidence span`);
      if (replaced.has(line.rejudges)) throw new Error(`${line.rejudges} is re-judged twice (re-judge the newest line)`);
      replaced.add(line.rejudges);
    }
    seen.set(line.id, line);
  }
  return lines.filter((l) => !replaced.has(l.id));
}

const labelWords = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * Of candidate triples (those of a judged span with the judged relation), the one whose subject and object
 * share most words with the judged one's (the first on a tie): a span often gives several triples with one
 * relation, and the judged one, its ends made whole since, is the one most like it.
 */
export function mostAlike<T extends { subject: string; object: string }>(judged: { subject: string; object: string }, candidates: readonly T[]): T | undefined {
  const shared = (a: string, b: string) => {
    const other = labelWords(b);
    return [...labelWords(a)].filter((w) => other.has(w)).length;
  };
  let best: T | undefined;
  let bestScore = -1;
  for (const t of candidates) {
    const score = shared(judged.subject, t.subject) + shared(judged.object, t.object);
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}
