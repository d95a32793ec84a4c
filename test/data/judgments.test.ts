// The editor judgments in data/judgments/ keep their shape: every triple judgment and section fact list
// has the fields and enum values data/judgments/README.md documents, sits on the side of data/split.json
// its file is on, and quotes the kit file it names. Precision is fitted and reported from these files,
// so a malformed line would skew a figure without failing anything else.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Stage } from '../../shared/schemas';
import { judgmentKey } from '../../scripts/judgments/sample';
import { currentJudgments } from '../../scripts/judgments/kit';
import { readDrawModels } from '../../scripts/judgments/draws';
import { KIT } from '../helpers/tmp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const split = JSON.parse(fs.readFileSync(path.join(ROOT, 'data', 'split.json'), 'utf8')) as { training: string[]; validation: string[] };
const readJsonl = (name: string): unknown[] =>
  fs
    .readFileSync(path.join(ROOT, 'data', 'judgments', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as unknown);

const Split = z.enum(['training', 'validation']);
const Reason = z.enum([
  'garbled',
  'truncated',
  'condition-dropped',
  'negation-dropped',
  'only-dropped',
  'generic-end',
  'narrative',
  'wrong-relation',
  'inverted',
  'not-stated',
  'measurement-as-relation',
  'wrong-reference',
  'label-form',
  'other',
]);
const Label = z.string().trim().min(1);
const TripleLabels = z.strictObject({ subject: Label, relation: Label, object: Label });

const TripleJudgment = z
  .strictObject({
    id: z.string().min(1),
    file: z.string().min(1),
    split: Split,
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    quote: Label,
    subject: Label,
    relation: Label,
    object: Label,
    stage: Stage,
    confidence: z.number().min(0).max(1),
    verdict: z.enum(['keep', 'edit', 'wrong']),
    reason: Reason.optional(),
    edit: TripleLabels.optional(),
    note: z.string().min(1).optional(),
    // how it was drawn (data/judgments/README.md, "How the sample was drawn"; scripts/judgments/draws.ts weights by it)
    draw: z.strictObject({
      seed: z.number().int(),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      extractor: z.string().min(1),
      pool: z.enum(['uniform', 'shown', 'band']),
      share: z.number().gt(0).max(1).optional(),
      band: z.tuple([z.number(), z.number()]).optional(),
      model: z.string().min(1).optional(),
      population: z.literal('sentence').optional(),
      // (a draw from named documents only: sample.ts --fewest)
      documents: z.array(z.string().min(1)).min(1).optional(),
    }),
    // judged again under a later standard ('qualifiers': in place, with the verdict it replaced), or appended after the
    // extractor changed the triple of an earlier line ('extraction': `rejudges` names that line, which it replaces)
    rejudged: z.enum(['qualifiers', 'extraction']).optional(),
    rejudges: z.string().min(1).optional(),
    earlier: z
      .strictObject({
        verdict: z.enum(['keep', 'edit', 'wrong']),
        reason: Reason.optional(),
        edit: TripleLabels.optional(),
        note: z.string().min(1).optional(),
      })
      .optional(),
  })
  .refine((j) => j.start < j.end, 'start must be before end')
  .refine(
    (j) => (j.draw.pool === 'uniform') === (j.draw.model === undefined && j.draw.share === undefined),
    'a stratified draw names its share and model, a uniform one neither',
  )
  .refine((j) => (j.draw.pool === 'band') === (j.draw.band !== undefined), 'a band draw names its band, and only it')
  .refine((j) => (j.rejudged === 'qualifiers') === (j.earlier !== undefined), 'a line re-judged in place carries its earlier verdict, and only it')
  .refine((j) => (j.rejudged === 'extraction') === (j.rejudges !== undefined), 'an appended re-judgment names the line it replaces, and only it')
  .refine((j) => (j.verdict === 'edit') === (j.edit !== undefined), 'an edit verdict carries an edit, and only it')
  .refine((j) => (j.verdict === 'keep') === (j.reason === undefined), 'edit and wrong verdicts carry a reason, keep none');

const SectionFacts = z
  .strictObject({
    id: z.string().min(1),
    file: z.string().min(1),
    split: Split,
    section: z.string().min(1).nullable(),
    heading: z.string(),
    start: z.number().int().nonnegative(),
    end: z.number().int().positive(),
    facts: z.array(z.strictObject({ subject: Label, relation: Label, object: Label, quote: Label })).min(1),
    baseline: z.array(
      z.strictObject({
        fact: z.number().int().nonnegative(),
        coverage: z.enum(['full', 'partial', 'missing']),
        triple: z
          .string()
          .regex(/^.+ \| .+ \| .+$/, '"subject | relation | object"')
          .nullable(),
      }),
    ),
  })
  .refine((s) => s.baseline.every((b) => b.fact < s.facts.length), 'baseline fact indices are in range')
  .refine((s) => s.baseline.map((b) => b.fact).join() === s.facts.map((_, i) => i).join(), 'one baseline entry per fact, in order')
  .refine((s) => s.baseline.every((b) => (b.coverage === 'missing') === (b.triple === null)), 'a missing fact names no triple, a held one names it');

/** The kit file of a base name, and its side of the split. */
const kitFiles = new Map<string, { file: string; split: z.infer<typeof Split> }>(
  (['training', 'validation'] as const).flatMap((side) => split[side].map((p) => [path.basename(p), { file: path.join(KIT, p), split: side }] as const)),
);

/**
 * The kit file as a reader reads it, without whitespace: a token table by its token column; line
 * breaks, indentation and hyphenated line ends vanish with the whitespace.
 */
function readerText(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const [header, ...rows] = text.split('\n');
  const column = header.split('\t').indexOf('token');
  const read = column >= 0 ? rows.map((row) => row.split('\t')[column] ?? '').join(' ') : text;
  return read.replace(/\s+/g, '');
}

/**
 * Does `quote` occur in the reader text? The database holds the repaired text, which drops page
 * furniture (a footer and the next page's running header), so a quote may be found as up to three
 * runs in order with at most 200 characters between them; tried from both ends, since a short
 * first or last run may also occur earlier in the text.
 */
function occursIn(reader: string, quote: string, maxRuns = 3, maxGap = 200): boolean {
  const runs = (text: string, q: string): number => {
    let at = -1;
    let n = 0;
    for (let rest = q; rest; n++) {
      const window = at < 0 ? text : text.slice(at, at + maxGap + rest.length);
      let lo = 0;
      let hi = rest.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (window.includes(rest.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      if (!lo) return Infinity;
      at = (at < 0 ? 0 : at) + window.indexOf(rest.slice(0, lo)) + lo;
      rest = rest.slice(lo);
    }
    return n;
  };
  const q = quote.replace(/\s+/g, '');
  return runs(reader, q) <= maxRuns || runs(reversed(reader), reversed(q)) <= maxRuns;
}

const reversedTexts = new Map<string, string>();
/** A text backwards (cached: the kit files are read backwards once each). */
function reversed(text: string): string {
  if (text.length < 10_000) return [...text].reverse().join('');
  if (!reversedTexts.has(text)) reversedTexts.set(text, [...text].reverse().join(''));
  return reversedTexts.get(text)!;
}

const readers = new Map<string, string>();
const readerOf = (file: string) => {
  const kit = kitFiles.get(file);
  if (!kit) throw new Error(`${file} is not a document of data/split.json`);
  if (!readers.has(file)) readers.set(file, readerText(kit.file));
  return readers.get(file)!;
};

describe('quotes are matched against the kit file as a reader reads it', () => {
  const rfc3580 = readerOf('rfc3580.txt');
  it('a sentence broken over a hyphenated line end occurs', () => {
    expect(occursIn(rfc3580, 'SHOULD be at least as large and unguessable as a well-chosen password.')).toBe(true);
  });
  it('a sentence running over a page break occurs, the footer and running header left out', () => {
    const rfc4669 = readerOf('rfc4669.txt');
    expect(occursIn(rfc4669, 'The purpose of these added MIB objects is to support version-neutral IP addressing formats.')).toBe(true);
  });
  it('a sentence with two words swapped does not occur', () => {
    expect(occursIn(rfc3580, 'SHOULD be at least as unguessable and large as a well-chosen password.')).toBe(false);
  });
  it('a token table is read by its token column', () => {
    expect(occursIn(readerOf('000_d8841f6ce609635c.txt'), 'semantic parsing techniques transform queries into logical representations')).toBe(true);
  });
});

describe('data/judgments/triples.jsonl', () => {
  const judgments = readJsonl('triples.jsonl').map((line, i) => {
    const parsed = TripleJudgment.safeParse(line);
    if (!parsed.success) throw new Error(`triples.jsonl line ${i + 1}: ${parsed.error.message}`);
    return parsed.data;
  });

  it('holds at least 230 training and 100 validation judgments', () => {
    expect(judgments.filter((j) => j.split === 'training').length).toBeGreaterThanOrEqual(230);
    expect(judgments.filter((j) => j.split === 'validation').length).toBeGreaterThanOrEqual(100);
  });

  it('judges each triple once, under one id (the judgments that stand: a re-judgment replaces the line it names)', () => {
    expect(new Set(judgments.map((j) => j.id)).size).toBe(judgments.length);
    // (two draws' lines may describe one triple today, when the extractor has since merged two triples of a span: then
    // they agree; one draw never judges a triple twice)
    const byKey = new Map<string, (typeof judgments)[number][]>();
    for (const j of currentJudgments(judgments)) byKey.set(judgmentKey(j), [...(byKey.get(judgmentKey(j)) ?? []), j]);
    const twice = [...byKey.values()].filter((js) => js.length > 1);
    for (const js of twice) {
      expect(new Set(js.map((j) => j.draw.seed)).size, js.map((j) => j.id).join(' ')).toBe(js.length);
      expect(new Set(js.map((j) => j.verdict)).size, js.map((j) => j.id).join(' ')).toBe(1);
    }
  });

  it('appends each re-judgment after the line it replaces, of the same file and evidence span', () => {
    const current = currentJudgments(judgments);
    const rejudged = judgments.filter((j) => j.rejudges !== undefined);
    expect(rejudged.length).toBeGreaterThan(0);
    for (const j of rejudged) expect(current.some((c) => c.id === j.rejudges)).toBe(false);
    expect(current.length).toBe(judgments.length - rejudged.length);
  });

  it("records each judgment's draw: one seed is one draw, and a stratified draw's model is in draw-models.json", () => {
    const models = readDrawModels();
    const bySeed = new Map<number, string>();
    for (const j of judgments) {
      const d = JSON.stringify(j.draw);
      expect(bySeed.get(j.draw.seed) ?? d, `${j.id}: seed ${j.draw.seed} names two draws`).toBe(d);
      bySeed.set(j.draw.seed, d);
      if (j.draw.model !== undefined) expect(models[j.draw.model], `${j.id}: draw model ${j.draw.model}`).toBeDefined();
    }
  });

  it('puts each judgment on the side of data/split.json its file is on', () => {
    const wrongSide = judgments.filter((j) => kitFiles.get(j.file)?.split !== j.split).map((j) => `${j.id} ${j.file} ${j.split}`);
    expect(wrongSide).toEqual([]);
  });

  it('quotes evidence that occurs in the kit file', () => {
    const absent = judgments.filter((j) => !occursIn(readerOf(j.file), j.quote)).map((j) => `${j.id} ${j.file}: ${j.quote.slice(0, 80)}`);
    expect(absent).toEqual([]);
  });
});

describe('data/judgments/section-facts.jsonl', () => {
  const sections = readJsonl('section-facts.jsonl').map((line, i) => {
    const parsed = SectionFacts.safeParse(line);
    if (!parsed.success) throw new Error(`section-facts.jsonl line ${i + 1}: ${parsed.error.message}`);
    return parsed.data;
  });

  // Lists are only appended (later draws add sections), so the counts are floors: the first draw's 20 and
  // 10, the 12 validation sections of the second validation draw (seed 20261211) and the 6 training
  // sections of seed 20261208.
  it('lists at least 26 training and 22 validation sections, each once', () => {
    expect(sections.filter((s) => s.split === 'training').length).toBeGreaterThanOrEqual(26);
    expect(sections.filter((s) => s.split === 'validation').length).toBeGreaterThanOrEqual(22);
    expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
  });

  it('puts each section on the side of data/split.json its file is on', () => {
    expect(sections.filter((s) => kitFiles.get(s.file)?.split !== s.split).map((s) => s.id)).toEqual([]);
  });

  it("quotes each fact verbatim from its section's kit file", () => {
    const absent = sections.flatMap((s) => s.facts.filter((f) => !occursIn(readerOf(s.file), f.quote)).map((f) => `${s.id}: ${f.quote.slice(0, 80)}`));
    expect(absent).toEqual([]);
  });
});
