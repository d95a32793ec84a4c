import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temporary folder, removed by the returned cleanup. */
export function tmpDir(prefix = 'gw-test-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The kit beside the repository (../shared): seeds and dev datasets, used by path. */
export const KIT = path.resolve(import.meta.dirname, '..', '..', '..', 'shared');
export const seed = (name: string) => path.join(KIT, 'samples', 'seeds', name);
export const data = (...parts: string[]) => path.join(KIT, 'data', ...parts);
