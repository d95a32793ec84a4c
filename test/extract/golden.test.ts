// Golden files (test/extract/golden/<phenomenon>.json): sentences and the propositions the classic
// extractor must read from them, grouped by what they prove, not by the pass that reads them. A case
// names the rule that makes each triple; `absent` lists readings that must not appear, `exactly` the
// whole output; `meta` the qualifiers (modality, condition, only, the object a relation held, the
// words as written) the triple must carry. A document case is read with its structure, as ingest does.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { classicExtract } from '../../electron/core/extract/classic';
import { analyzeStructure } from '../../electron/core/document/structure';
import { ruleInfo } from '../../electron/core/extract/rules';
import type { CandidateTriple } from '../../electron/core/extract/types';

interface Expected {
  triple: string;
  rule?: string;
  meta?: Record<string, unknown>;
  noMeta?: string[];
}
interface GoldenCase {
  text: string;
  document?: boolean;
  expect?: Expected[];
  absent?: string[];
  exactly?: string[];
}
interface GoldenFile {
  phenomenon: string;
  about: string;
  cases: GoldenCase[];
}

const DIR = path.join(import.meta.dirname, 'golden');
const FILES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

const flat = (t: CandidateTriple) => `${t.head.text} | ${t.relation} | ${t.tail.text}`;

function read(c: GoldenCase): CandidateTriple[] {
  const structure = c.document ? analyzeStructure(c.text) : undefined;
  return classicExtract(c.text, { start: 0, end: c.text.length }, structure ? { structure } : {}).triples;
}

describe('golden files by phenomenon', () => {
  it('there is one file per phenomenon the extractor promises, each case naming a rule of the table', () => {
    const phenomena = FILES.map((f) => (JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as GoldenFile).phenomenon);
    expect(phenomena).toEqual(
      expect.arrayContaining(['coordination', 'relatives', 'passive', 'negation', 'conditions', 'apposition', 'reference', 'measurement', 'citation']),
    );
    for (const f of FILES) {
      const g = JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as GoldenFile;
      for (const c of g.cases) for (const e of c.expect ?? []) if (e.rule) expect(ruleInfo(e.rule), `${f}: ${e.rule}`).toBeTruthy();
    }
  });

  for (const file of FILES) {
    const g = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as GoldenFile;
    describe(g.phenomenon, () => {
      for (const c of g.cases) {
        it(c.text.length > 90 ? `${c.text.slice(0, 87).replace(/\s+/g, ' ')}...` : c.text, () => {
          const triples = read(c);
          const all = triples.map(flat);
          for (const e of c.expect ?? []) {
            const hits = triples.filter((t) => flat(t) === e.triple);
            expect(all, e.triple).toContain(e.triple);
            if (e.rule)
              expect(
                hits.some((t) => t.rules?.includes(e.rule!)),
                `${e.triple}: made by ${e.rule}`,
              ).toBe(true);
            if (e.meta)
              expect(
                hits.some((t) => Object.entries(e.meta!).every(([k, v]) => JSON.stringify(t.meta?.[k]) === JSON.stringify(v))),
                `${e.triple}: ${JSON.stringify(e.meta)}`,
              ).toBe(true);
            for (const k of e.noMeta ?? [])
              expect(
                hits.every((t) => t.meta?.[k] === undefined),
                `${e.triple}: no ${k}`,
              ).toBe(true);
          }
          for (const a of c.absent ?? []) expect(all).not.toContain(a);
          if (c.exactly) expect(all.sort()).toEqual([...c.exactly].sort());
        });
      }
    });
  }
});
