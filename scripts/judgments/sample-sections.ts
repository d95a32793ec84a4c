// Draw sections for editors to list the facts they want in the graph: a seeded random draw among
// the content sections (not boilerplate) of the split's documents whose own body (heading to the
// first subsection or the end) is 300–3,000 characters. Prints JSONL items with empty fact lists.
//
//   npx tsx scripts/judgments/sample-sections.ts --db /tmp/judge.db --seed 20261205 --training 20 --validation 10
//     [--fewest N (draw only from the N documents of each side that section-facts.jsonl lists fewest sections of,
//      ties by file name; sections already listed are skipped)] [--per-document K (at most K sections of a document)]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Store, openDb } from '../../electron/core/store';
import { isBoilerplate } from '../../electron/core/document/structure';
import { readSplit, ROOT, seededRandom, shuffled, splitDocuments, type Split } from './kit';
import { fewestJudged } from './sample';

export interface SectionItem {
  id: string;
  file: string;
  split: Split;
  section: string | null;
  heading: string;
  start: number;
  end: number;
}

/** How a draw of sections is restricted (sample-sections.ts --fewest, --per-document). */
export interface SectionDrawOptions {
  seed: number;
  totals: Record<Split, number>;
  /** Sections already listed (their ids and files): skipped, and with `fewest` the documents are chosen by how many each holds. */
  listed?: readonly { id: string; file: string }[];
  /** Draw only from the `fewest` documents of each side that `listed` holds fewest sections of (ties by file name). */
  fewest?: number;
  /** At most this many sections of one document. */
  perDocument?: number;
}

/**
 * The seeded draw among candidate sections (in document order), per side: a shuffle, then the first
 * `totals[side]` that the restrictions allow. Without `listed`, `fewest` and `perDocument` it is the draw
 * of before (the same shuffle, the first sections).
 */
export function drawSections(
  candidates: readonly SectionItem[],
  documents: readonly { file: string; split: Split }[],
  opts: SectionDrawOptions,
): SectionItem[] {
  const random = seededRandom(opts.seed);
  const listed = opts.listed ?? [];
  const listedIds = new Set(listed.map((s) => s.id));
  const allowed =
    opts.fewest === undefined
      ? undefined
      : new Set(
          (['training', 'validation'] as const).flatMap((side) =>
            fewestJudged(
              documents.filter((d) => d.split === side).map((d) => d.file),
              listed.map((s) => s.file),
              opts.fewest!,
            ),
          ),
        );
  return (['training', 'validation'] as const).flatMap((side) => {
    const pool = candidates.filter((c) => c.split === side && !listedIds.has(c.id) && (!allowed || allowed.has(c.file)));
    const perDocument = new Map<string, number>();
    const drawn: SectionItem[] = [];
    for (const item of shuffled(pool, random)) {
      if (drawn.length >= opts.totals[side]) break;
      const n = perDocument.get(item.file) ?? 0;
      if (opts.perDocument !== undefined && n >= opts.perDocument) continue;
      perDocument.set(item.file, n + 1);
      drawn.push(item);
    }
    return drawn;
  });
}

export function sampleSections(store: Store, opts: SectionDrawOptions & { minBody?: number; maxBody?: number }): SectionItem[] {
  const [minBody, maxBody] = [opts.minBody ?? 300, opts.maxBody ?? 3000];
  const candidates: SectionItem[] = [];
  const documents = splitDocuments(store, readSplit());
  for (const doc of documents) {
    const structure = store.documents.structure(doc.id);
    if (!structure) continue;
    for (const s of structure.sections) {
      const child = structure.sections.find((c) => c.start > s.start && c.start < s.end);
      const end = child ? child.start : s.end;
      const body = end - s.headingEnd;
      if (body < minBody || body > maxBody || isBoilerplate(structure, s.start, end)) continue;
      const id = `s-${doc.file.replace(/\.txt$/, '')}-${s.number ?? s.start}`;
      candidates.push({ id, file: doc.file, split: doc.split, section: s.number, heading: s.heading, start: s.start, end });
    }
  }
  return drawSections(candidates, documents, opts);
}

function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      seed: { type: 'string', default: '20261205' },
      training: { type: 'string', default: '20' },
      validation: { type: 'string', default: '10' },
      fewest: { type: 'string' },
      'per-document': { type: 'string' },
      listed: { type: 'string', default: path.join(ROOT, 'data', 'judgments', 'section-facts.jsonl') },
    },
  });
  if (!values.db) throw new Error('sample-sections: give --db FILE (a database with the split documents ingested)');
  const store = new Store(openDb(values.db, { readonly: true, migrate: false }));
  const totals = { training: Number(values.training), validation: Number(values.validation) };
  // (--fewest / --per-document: the sections section-facts.jsonl lists are skipped and count for their documents)
  const restricted = values.fewest !== undefined || values['per-document'] !== undefined;
  const listed = restricted
    ? fs
        .readFileSync(values.listed, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { id: string; file: string })
    : undefined;
  const options = {
    seed: Number(values.seed),
    totals,
    listed,
    fewest: values.fewest === undefined ? undefined : Number(values.fewest),
    perDocument: values['per-document'] === undefined ? undefined : Number(values['per-document']),
  };
  for (const item of sampleSections(store, options)) process.stdout.write(`${JSON.stringify(item)}\n`);
  store.db.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
