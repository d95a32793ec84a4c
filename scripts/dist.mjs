#!/usr/bin/env node
// npm run dist [-- electron-builder args]: build the renderer and the Electron bundles, package
// with electron-builder (electron-builder.yml), then restore Node's build of better-sqlite3.
// electron-builder rebuilds native modules for Electron's ABI inside node_modules; the CLI, the
// headless host and the tests need Node's ABI, so the last step always rebuilds it for Node.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const shell = process.platform === 'win32';

function step(cmd, args) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', shell }).status ?? 1;
}

let code = step(npm, ['run', 'build:renderer']);
if (code === 0) code = step(npm, ['run', 'build:electron']);
if (code === 0) {
  code = step(npx, ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
  const restored = step(npm, ['rebuild', 'better-sqlite3']);
  if (restored !== 0) console.error('warning: npm rebuild better-sqlite3 failed; run it before npm test');
}
process.exitCode = code;
