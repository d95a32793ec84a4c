import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The per-user data folder, where Electron's app.getPath('userData') would put it. GRAPHWRIGHT_DATA_DIR overrides. */
export function defaultDataDir(): string {
  if (process.env.GRAPHWRIGHT_DATA_DIR) return path.resolve(process.env.GRAPHWRIGHT_DATA_DIR);
  const home = os.homedir();
  switch (process.platform) {
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Graphwright');
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Graphwright');
    default:
      return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Graphwright');
  }
}

export function defaultDbPath(dataDir = defaultDataDir()): string {
  return path.join(dataDir, 'graphwright.db');
}

/** The repository root (where models/ and assets/ live), found from this file's location. */
export function repoRoot(): string {
  return path.resolve(import.meta.dirname, '..', '..');
}

/** Whether the path is a folder (false when it is missing or cannot be read). */
export function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    // the probe itself: missing or unreadable is not a folder
    return false;
  }
}
