// The floors table of docs/ARCHITECTURE.md, generated from the boundary lint's CORE_FLOORS
// (eslint.config.js) so that the doc says what the lint enforces:
//
//   npx tsx scripts/docs/core-floors.ts          write the table between the markers
//   npx tsx scripts/docs/core-floors.ts --check  exit 1 when the doc's table is stale
//
// test/docs/architecture.test.ts fails when the doc and the lint differ.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withBlock, writeOrCheck } from './markers';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ARCHITECTURE_DOC = path.join(ROOT, 'docs', 'ARCHITECTURE.md');
const SCRIPT = 'scripts/docs/core-floors.ts';

export interface CoreFloor {
  floor: string;
  mayImport: string[];
  why: string;
}

/** The floors as the lint declares them. */
export async function coreFloors(): Promise<CoreFloor[]> {
  const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as { CORE_FLOORS: CoreFloor[] };
  return config.CORE_FLOORS;
}

const code = (entry: string) => `\`${entry}\``;

/** The generated table, markers excluded. */
export function floorsTable(floors: CoreFloor[]): string {
  const rows = floors.map((f) => `| ${code(f.floor)} | ${f.mayImport.length ? f.mayImport.map(code).join(', ') : 'nothing'} | ${f.why} |`);
  return ['| floor (under `electron/core/`) | may import of the core, besides itself | why |', '| --- | --- | --- |', ...rows, ''].join('\n');
}

export async function withFloorsTable(doc: string): Promise<string> {
  return withBlock(doc, ARCHITECTURE_DOC, 'core-floors', SCRIPT, floorsTable(await coreFloors()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = floorsTable(await coreFloors());
  writeOrCheck(ARCHITECTURE_DOC, (doc) => withBlock(doc, ARCHITECTURE_DOC, 'core-floors', SCRIPT, table), SCRIPT);
}
