// Extraction quality of the classic extractor on the kit's dev slices (a measurement, not a test):
//  - WebNLG (../shared/data/webnlg): entity-pair F1 and triple F1 per text;
//  - SciERC (../shared/data/scierc/dev.json): mention F1 by head word, relation (entity pair) F1;
//  - sci-ner-anlp (../shared/data/sci-ner-anlp/*.conll): mention F1 by head word.
// Each set is scored on its first half (A, where changes are tuned) and second half (B, the check that
// they generalise) and whole. Labels are scored as they land in the graph (DocumentResolver.canonical).
//   npm run bench -- extraction-quality
//   GRAPHWRIGHT_BENCH_JSON=out.json npx tsx bench/extraction-quality.ts
//
// Matching rules (kept small on purpose; the evaluation feature has its own):
//  - entity (WebNLG): both sides normalised (NFKD without diacritics, lower case, "_" as space,
//    parentheses and punctuation dropped, leading "the" dropped); strict = equal, relaxed = one is a
//    whole-word run of the other. The reported F1 uses relaxed; strict is printed beside it.
//  - entity pair: unordered {head, tail}; triple: ordered (head, tail) and the relations share a content
//    word stem (camelCase split, lower case, function words dropped, wink-nlp Porter stem).
//  - mention by head word (SciERC, sci-ner): the head is the last word before the first preposition or
//    relative word ("reconstruction of surfaces" -> "reconstruction"), else the last word; a predicted
//    mention (a triple end, or a typed mention) is right when its head word is at the same char span.
//  - relation (SciERC): a triple whose two ends' head words are a gold relation's two ends, either order,
//    type ignored (the classic extractor names relations by their verbs, not SciERC's seven types).
//  - precision = predictions that match some gold item / predictions (deduplicated per text); recall =
//    gold items matched by some prediction / gold items; micro-averaged.
import fs from 'node:fs';
import path from 'node:path';
import { classicExtract } from '../electron/core/extract/classic';
import { englishNlp } from '../electron/core/nlp/english';
import { DocumentResolver } from '../electron/core/extract/resolve';
import { splitSentences, type Span } from '../electron/core/extract/sentences';
import { parseConll, parseSciErc } from '../electron/core/ingest/parsers/tokens';
import type { ExactDoc } from '../electron/core/ingest/types';

const DATA = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');

interface Predicted {
  head: { label: string; span: Span | null };
  relation: string;
  tail: { label: string; span: Span | null };
}

/** The classic extractor over a whole text, in chunks of about 2000 chars cut at sentence ends. */
function extract(text: string): { triples: Predicted[]; mentions: Span[] } {
  const resolver = new DocumentResolver(text);
  const chunks: Span[] = [];
  let cur: Span | null = null;
  for (const s of splitSentences(text)) {
    if (cur && s.end - cur.start > 2000) {
      chunks.push(cur);
      cur = null;
    }
    cur = cur ? { start: cur.start, end: s.end } : { ...s };
  }
  if (cur) chunks.push(cur);
  const triples: Predicted[] = [];
  const mentions: Span[] = [];
  for (const c of chunks) {
    const r = classicExtract(text, c, { acronyms: resolver.acronyms });
    for (const t of r.triples) {
      const h = resolver.canonical(t.head.text, 'entity');
      const tl = resolver.canonical(t.tail.text, 'entity');
      if (!h || !tl) continue; // the job drops these too
      triples.push({ head: { label: h.label, span: t.head.span ?? null }, relation: t.relation, tail: { label: tl.label, span: t.tail.span ?? null } });
      if (t.head.span) mentions.push(t.head.span);
      if (t.tail.span) mentions.push(t.tail.span);
    }
    for (const m of r.mentions) mentions.push(m.span);
  }
  return { triples, mentions };
}

// ---- scoring

class Score {
  predicted = 0;
  correct = 0;
  gold = 0;
  found = 0;
  add(o: { predicted: number; correct: number; gold: number; found: number }) {
    this.predicted += o.predicted;
    this.correct += o.correct;
    this.gold += o.gold;
    this.found += o.found;
  }
  get p() {
    return this.predicted ? this.correct / this.predicted : 0;
  }
  get r() {
    return this.gold ? this.found / this.gold : 0;
  }
  get f1() {
    return this.p + this.r ? (2 * this.p * this.r) / (this.p + this.r) : 0;
  }
  json() {
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    return { p: r3(this.p), r: r3(this.r), f1: r3(this.f1), predicted: this.predicted, gold: this.gold };
  }
}

function match<P, G>(pred: P[], gold: G[], same: (p: P, g: G) => boolean) {
  return {
    predicted: pred.length,
    correct: pred.filter((p) => gold.some((g) => same(p, g))).length,
    gold: gold.length,
    found: gold.filter((g) => pred.some((p) => same(p, g))).length,
  };
}

const uniqueBy = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];

// ---- WebNLG

function normEntity(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/^\s*the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function sameEntity(a: string, b: string, strict: boolean): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  if (strict) return false;
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  return ` ${l} `.includes(` ${s} `);
}

const FUNCTION_WORDS = new Set([
  'is',
  'was',
  'are',
  'were',
  'be',
  'been',
  'being',
  'the',
  'a',
  'an',
  'of',
  'in',
  'on',
  'at',
  'to',
  'by',
  'for',
  'from',
  'with',
  'as',
  'has',
  'have',
  'had',
  'its',
  'it',
  'and',
  'or',
  'that',
  'which',
  'who',
  'also',
  'number',
  'name',
]);

function relationStems(rel: string): Set<string> {
  const words = rel
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/[_()\s]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter((w) => w && !FUNCTION_WORDS.has(w));
  if (!words.length) return new Set();
  const nlp = englishNlp();
  return new Set(
    nlp
      .readDoc(words.join(' '))
      .tokens()
      .out(nlp.its.stem as never) as unknown as string[],
  );
}

function sameRelation(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

interface WebNlgEntry {
  triples: string[];
  lexicalizations: { text: string }[];
}

function benchWebNlg() {
  const file = path.join(DATA, 'webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl');
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as WebNlgEntry);
  const half = Math.ceil(entries.length / 2);
  const parts = { A: entries.slice(0, half), B: entries.slice(half), all: entries };
  const results: Record<string, Record<string, unknown>> = {};
  const cache = new Map<string, Predicted[]>();
  let texts = 0;
  let ofShare = [0, 0];
  for (const [name, list] of Object.entries(parts)) {
    const pair = new Score();
    const pairStrict = new Score();
    const triple = new Score();
    const tripleStrict = new Score();
    for (const e of list) {
      const gold = e.triples.map((t) => {
        const [s, p, o] = t.split(' | ');
        return { h: normEntity(s), r: relationStems(p), t: normEntity(o.replace(/^"|"$/g, '')) };
      });
      const goldPairs = uniqueBy(gold, (g) => [g.h, g.t].sort().join('\u0000'));
      for (const lex of e.lexicalizations) {
        let triples = cache.get(lex.text);
        if (!triples) {
          triples = extract(lex.text).triples;
          cache.set(lex.text, triples);
          texts++;
          ofShare = [ofShare[0] + triples.filter((t) => t.relation === 'of').length, ofShare[1] + triples.length];
        }
        const pred = uniqueBy(
          triples.map((t) => ({ h: normEntity(t.head.label), r: relationStems(t.relation), t: normEntity(t.tail.label), rel: t.relation })),
          (x) => `${x.h}\u0000${x.rel}\u0000${x.t}`,
        );
        const predPairs = uniqueBy(pred, (x) => [x.h, x.t].sort().join('\u0000'));
        for (const [score, strict] of [
          [pair, false],
          [pairStrict, true],
        ] as const) {
          score.add(
            match(
              predPairs,
              goldPairs,
              (p, g) => (sameEntity(p.h, g.h, strict) && sameEntity(p.t, g.t, strict)) || (sameEntity(p.h, g.t, strict) && sameEntity(p.t, g.h, strict)),
            ),
          );
        }
        for (const [score, strict] of [
          [triple, false],
          [tripleStrict, true],
        ] as const) {
          score.add(match(pred, gold, (p, g) => sameEntity(p.h, g.h, strict) && sameEntity(p.t, g.t, strict) && sameRelation(p.r, g.r)));
        }
      }
    }
    results[name] = { entityPair: pair.json(), entityPairStrict: pairStrict.json(), triple: triple.json(), tripleStrict: tripleStrict.json() };
  }
  return { texts, ofRelationShare: ofShare[1] ? Math.round((ofShare[0] / ofShare[1]) * 1000) / 1000 : 0, ...results };
}

// ---- head words (SciERC, sci-ner-anlp)

const HEAD_STOP = new Set([
  'of',
  'for',
  'in',
  'on',
  'with',
  'from',
  'by',
  'to',
  'at',
  'over',
  'between',
  'under',
  'via',
  'through',
  'into',
  'that',
  'which',
  'who',
  'using',
  'based',
]);

/** The char span of the head word of text[start, end). */
function headWord(text: string, s: Span): string {
  const words = [...text.slice(s.start, s.end).matchAll(/[\p{L}\p{N}][\p{L}\p{N}\-_.'/]*/gu)].map((m) => ({
    start: s.start + m.index!,
    end: s.start + m.index! + m[0].length,
    w: m[0].toLowerCase(),
  }));
  if (!words.length) return `${s.start}:${s.end}`;
  let last = words.length - 1;
  const stop = words.findIndex((w, i) => i > 0 && HEAD_STOP.has(w.w));
  if (stop > 0) last = stop - 1;
  const h = words[last];
  return `${h.start}:${h.end}`;
}

function mentionScore(text: string, predicted: Span[], gold: Span[]) {
  const p = [...new Set(predicted.map((m) => headWord(text, m)))];
  const g = [...new Set(gold.map((m) => headWord(text, m)))];
  return match(p, g, (a, b) => a === b);
}

/** What stands before a gold mention no end covers: a preposition, a conjunction or comma, a verb-ish word. */
function uncoveredKind(text: string, g: Span): string {
  const before = text
    .slice(Math.max(0, g.start - 40), g.start)
    .toLowerCase()
    .replace(/\b(?:the|a|an|our|its|their|this|these|both|each)\s*$/, '')
    .trim();
  const w = /([\p{L}\p{N}]+|[,;:(])$/u.exec(before)?.[1] ?? '';
  if (HEAD_STOP.has(w) || ['as', 'against', 'than', 'like', 'during', 'among', 'without', 'within', 'across', 'onto', 'about', 'under'].includes(w))
    return 'after-preposition';
  if (['and', 'or', ',', 'but', ';', ':', '('].includes(w)) return 'after-conjunction';
  return 'after-other';
}

/**
 * `--misses [A|B]`: per SciERC abstract of that half, each sentence with its gold mentions ([x] found by
 * head word, [ ] missed), the predicted ends that match no gold head, and the triples read from it.
 * For reading where the extractor fails; prints nothing else.
 */
function dumpSciErcMisses(part: string) {
  const file = path.join(DATA, 'scierc', 'dev.json');
  const docs = parseSciErc(file, fs.readFileSync(file, 'utf8')).docs as ExactDoc[];
  const half = Math.ceil(docs.length / 2);
  const list = part === 'B' ? docs.slice(half) : docs.slice(0, half);
  let missed = 0;
  let wrong = 0;
  const causes = new Map<string, number>();
  for (const d of list) {
    const r = extract(d.text);
    const predHeads = new Set(r.mentions.map((m) => headWord(d.text, m)));
    const gold = d.annotations ?? [];
    const goldHeads = new Set(gold.map((m) => headWord(d.text, m)));
    for (const s of splitSentences(d.text)) {
      const inS = (x: Span) => x.start >= s.start && x.end <= s.end;
      console.log(`\n# ${d.text.slice(s.start, s.end).replace(/\s+/g, ' ')}`);
      const ends = r.mentions.filter(inS);
      for (const g of gold.filter(inS)) {
        const hit = predHeads.has(headWord(d.text, g));
        let why = '';
        if (!hit) {
          missed++;
          // inside a predicted end, overlapping one (another head), or in a sentence with no end at all
          why = ends.some((m) => m.start <= g.start && g.end <= m.end)
            ? 'inside'
            : ends.some((m) => m.start < g.end && g.start < m.end)
              ? 'overlap'
              : ends.length
                ? `uncovered ${uncoveredKind(d.text, g)}`
                : 'no-triple';
          causes.set(why, (causes.get(why) ?? 0) + 1);
        }
        console.log(`  ${hit ? '[x]' : '[ ]'} ${d.text.slice(g.start, g.end)}${why ? `  (${why})` : ''}`);
      }
      const fp = uniqueBy(
        r.mentions.filter((m) => inS(m) && !goldHeads.has(headWord(d.text, m))),
        (m) => `${m.start}:${m.end}`,
      );
      wrong += fp.length;
      if (fp.length) console.log(`  wrong: ${fp.map((m) => JSON.stringify(d.text.slice(m.start, m.end))).join(', ')}`);
      for (const t of r.triples.filter((t) => t.head.span && inS(t.head.span))) console.log(`  -> ${t.head.label} | ${t.relation} | ${t.tail.label}`);
    }
  }
  console.log(
    `\n${missed} gold mentions missed (${[...causes].map(([k, v]) => `${k} ${v}`).join(', ')}), ${wrong} predicted mentions wrong (by span, before head dedup)`,
  );
}

function benchSciErc() {
  const file = path.join(DATA, 'scierc', 'dev.json');
  const docs = parseSciErc(file, fs.readFileSync(file, 'utf8')).docs as ExactDoc[];
  const half = Math.ceil(docs.length / 2);
  const parts = { A: docs.slice(0, half), B: docs.slice(half), all: docs };
  const cache = new Map<string, ReturnType<typeof extract>>();
  const results: Record<string, unknown> = { abstracts: docs.length };
  for (const [name, list] of Object.entries(parts)) {
    const mention = new Score();
    const relation = new Score();
    for (const d of list) {
      const r = cache.get(d.text) ?? extract(d.text);
      cache.set(d.text, r);
      mention.add(mentionScore(d.text, r.mentions, d.annotations ?? []));
      const rels = (d.meta?.relations ?? []) as { head: Span; tail: Span }[];
      const gold = uniqueBy(
        rels.map((x) => [headWord(d.text, x.head), headWord(d.text, x.tail)].sort()),
        (x) => x.join('|'),
      );
      const pred = uniqueBy(
        r.triples.filter((t) => t.head.span && t.tail.span).map((t) => [headWord(d.text, t.head.span!), headWord(d.text, t.tail.span!)].sort()),
        (x) => x.join('|'),
      );
      relation.add(match(pred, gold, (a, b) => a[0] === b[0] && a[1] === b[1]));
    }
    results[name] = { mentionHead: mention.json(), relation: relation.json() };
  }
  return results;
}

function benchSciNer() {
  const dir = path.join(DATA, 'sci-ner-anlp');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.conll'))
    .sort();
  const docs = files.flatMap((f) => parseConll(path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8')).docs as ExactDoc[]);
  const half = Math.ceil(docs.length / 2);
  const parts = { A: docs.slice(0, half), B: docs.slice(half), all: docs };
  const cache = new Map<string, ReturnType<typeof extract>>();
  const results: Record<string, unknown> = { papers: docs.length };
  for (const [name, list] of Object.entries(parts)) {
    const mention = new Score();
    for (const d of list) {
      const r = cache.get(d.text) ?? extract(d.text);
      cache.set(d.text, r);
      mention.add(mentionScore(d.text, r.mentions, d.annotations ?? []));
    }
    results[name] = { mentionHead: mention.json() };
  }
  return results;
}

/** The dev RFCs: how many classic triples use the relation "of" or a bare "is" (the issue's noise measures). */
function benchRfcs() {
  const dir = path.join(DATA, 'rfc-radius-eap');
  let triples = 0;
  let of = 0;
  let is = 0;
  for (const f of fs
    .readdirSync(dir)
    .filter((x) => x.endsWith('.txt'))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, f), 'latin1');
    for (const t of extract(text).triples) {
      triples++;
      if (t.relation === 'of') of++;
      if (t.relation === 'is') is++;
    }
  }
  const share = (x: number) => (triples ? Math.round((x / triples) * 1000) / 1000 : 0);
  return { triples, ofShare: share(of), bareIsShare: share(is) };
}

const missesAt = process.argv.indexOf('--misses');
if (missesAt >= 0) {
  dumpSciErcMisses(process.argv[missesAt + 1] ?? 'A');
  process.exit(0);
}

const t0 = performance.now();
const out = { webnlg: benchWebNlg(), scierc: benchSciErc(), sciNer: benchSciNer(), rfc: benchRfcs(), seconds: 0 };
out.seconds = Math.round((performance.now() - t0) / 100) / 10;

const f = (s: unknown) => {
  const x = s as { p: number; r: number; f1: number };
  return `F1 ${x.f1.toFixed(3)} (P ${x.p.toFixed(3)} R ${x.r.toFixed(3)})`;
};
for (const part of ['A', 'B', 'all'] as const) {
  const w = (out.webnlg as unknown as Record<string, Record<string, unknown>>)[part];
  const s = (out.scierc as Record<string, unknown>)[part] as Record<string, unknown>;
  const n = (out.sciNer as Record<string, unknown>)[part] as Record<string, unknown>;
  console.log(`[${part}] webnlg entity pair ${f(w.entityPair)}  strict ${f(w.entityPairStrict)}`);
  console.log(`[${part}] webnlg triple      ${f(w.triple)}  strict ${f(w.tripleStrict)}`);
  console.log(`[${part}] scierc mention (head) ${f(s.mentionHead)}   relation ${f(s.relation)}`);
  console.log(`[${part}] sci-ner mention (head) ${f(n.mentionHead)}`);
}
console.log(`webnlg: ${out.webnlg.texts} texts, share of "of" relations ${out.webnlg.ofRelationShare}`);
console.log(`dev RFCs: ${out.rfc.triples} triples, share of "of" relations ${out.rfc.ofShare}, of bare "is" ${out.rfc.bareIsShare}; ${out.seconds} s`);
if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify(out, null, 2));
