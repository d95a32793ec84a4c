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
