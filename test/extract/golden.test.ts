// Golden files (test/extract/golden/<phenomenon>.json): sentences and the propositions the classic
// extractor must read from them, grouped by what they prove, not by the pass that reads them. A case
// names the rule that makes each triple; `absent` lists readings that must not appear, `exactly` the
// whole output, `absentMatching` patterns no triple may match; `meta` the qualifiers (modality,
// condition, only, the object a relation held, the words as written) the triple must carry. A case that
// proves a rule making no triple names it in `rule`. A document case is read with its structure, as
// ingest does; with `labels: "canonical"` the ends are compared as the document's resolver labels them.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { classicExtract } from '../../electron/core/extract/classic';
import { explainChunk } from '../../electron/core/extract/classic/explain';
import { analyzeStructure } from '../../electron/core/document/structure';
import { ruleInfo } from '../../electron/core/extract/rules';
import { DocumentResolver } from '../../electron/core/extract/resolve';
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
  labels?: 'canonical';
  /** The rule the case proves when it makes no triple (a clause that asserts nothing). */
  rule?: string;
  expect?: Expected[];
  absent?: string[];
  absentMatching?: string[];
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

/** The case's reading of a triple: its ends as written, or as the document's resolver labels them. */
function flatOf(c: GoldenCase): (t: CandidateTriple) => string {
  if (c.labels !== 'canonical') return flat;
  const resolver = new DocumentResolver(c.text);
  const label = (s: string) => resolver.canonical(s, 'entity')?.label ?? s;
  return (t) => `${label(t.head.text)} | ${t.relation} | ${label(t.tail.text)}`;
}

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
      for (const c of g.cases) {
        for (const e of c.expect ?? []) if (e.rule) expect(ruleInfo(e.rule), `${f}: ${e.rule}`).toBeTruthy();
        if (c.rule) expect(ruleInfo(c.rule), `${f}: ${c.rule}`).toBeTruthy();
        expect(c.rule ?? c.expect?.some((e) => e.rule), `${f}: "${c.text.slice(0, 40)}" names its rule`).toBeTruthy();
      }
    }
  });

  for (const file of FILES) {
    const g = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as GoldenFile;
    describe(g.phenomenon, () => {
      for (const c of g.cases) {
        it(c.text.length > 90 ? `${c.text.slice(0, 87).replace(/\s+/g, ' ')}...` : c.text, () => {
          const triples = read(c);
          const flatten = flatOf(c);
          const all = triples.map(flatten);
          for (const e of c.expect ?? []) {
            const hits = triples.filter((t) => flatten(t) === e.triple);
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
          // `explain` shows the sentence's triples as the extractor emits them: what must be absent is absent there too
          if (!c.document && c.labels !== 'canonical') {
            const explained = explainChunk(c.text, { start: 0, end: c.text.length })
              .flatMap((x) => x.passes?.triples ?? [])
              .map((t) => `${t.head} | ${t.relation} | ${t.tail}`);
            for (const a of c.absent ?? []) expect(explained, `explain: ${a}`).not.toContain(a);
          }
          for (const p of c.absentMatching ?? []) expect(all.filter((x) => new RegExp(p).test(x))).toEqual([]);
          if (c.exactly) expect(all.sort()).toEqual([...c.exactly].sort());
        });
      }
    });
  }
});
