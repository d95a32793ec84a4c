import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Build the renderer once so the host serves the current UI. */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '..');
  // Built here once: the hosts the specs start serve it as it is (no rebuild when a source changes mid-run).
  process.env.GRAPHWRIGHT_NO_AUTOBUILD = '1';
  if (process.env.GRAPHWRIGHT_SKIP_BUILD && fs.existsSync(path.join(root, 'dist/renderer/index.html'))) return;
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
