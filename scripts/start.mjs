#!/usr/bin/env node
// npm start: the desktop app where Electron can start, the headless host (printed URL) otherwise.
// The logic lives in launch.ts (TypeScript through tsx, like the CLI).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./launch.ts');
process.exitCode = await main(process.argv.slice(2));
