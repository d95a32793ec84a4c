// Draw sections for editors to list the facts they want in the graph: a seeded random draw among
// the content sections (not boilerplate) of the split's documents whose own body (heading to the
// first subsection or the end) is 300–3,000 characters. Prints JSONL items with empty fact lists.
//
//   npx tsx scripts/judgments/sample-sections.ts --db /tmp/judge.db --seed 20261205 --training 20 --validation 10
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Store, openDb } from '../../electron/core/store';
import { isBoilerplate } from '../../electron/core/document/structure';
import { readSplit, seededRandom, shuffled, splitDocuments, type Split } from './kit';

export interface SectionItem {
  id: string;
  file: string;
  split: Split;
  section: string | null;
  heading: string;
  start: number;
  end: number;
}

export function sampleSections(store: Store, opts: { seed: number; totals: Record<Split, number>; minBody?: number; maxBody?: number }): SectionItem[] {
  const random = seededRandom(opts.seed);
  const [minBody, maxBody] = [opts.minBody ?? 300, opts.maxBody ?? 3000];
  const pools: Record<Split, SectionItem[]> = { training: [], validation: [] };
  for (const doc of splitDocuments(store, readSplit())) {
    const structure = store.documents.structure(doc.id);
    if (!structure) continue;
    for (const s of structure.sections) {
      const child = structure.sections.find((c) => c.start > s.start && c.start < s.end);
      const end = child ? child.start : s.end;
      const body = end - s.headingEnd;
      if (body < minBody || body > maxBody || isBoilerplate(structure, s.start, end)) continue;
      const id = `s-${doc.file.replace(/\.txt$/, '')}-${s.number ?? s.start}`;
      pools[doc.split].push({ id, file: doc.file, split: doc.split, section: s.number, heading: s.heading, start: s.start, end });
    }
  }
  return (['training', 'validation'] as const).flatMap((side) => shuffled(pools[side], random).slice(0, opts.totals[side]));
}

function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seed: { type: 'string', default: '20261205' },
      training: { type: 'string', default: '20' },
      validation: { type: 'string', default: '10' },
    },
  });
  if (!values.db) throw new Error('sample-sections: give --db FILE (a database with the split documents ingested)');
  const store = new Store(openDb(values.db, { readonly: true, migrate: false }));
  const totals = { training: Number(values.training), validation: Number(values.validation) };
  for (const item of sampleSections(store, { seed: Number(values.seed), totals })) process.stdout.write(`${JSON.stringify(item)}\n`);
  store.db.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
