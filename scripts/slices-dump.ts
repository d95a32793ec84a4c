// Every classic triple the extraction-quality bench reads from the kit's dev slices (WebNLG texts,
// SciERC abstracts, sci-ner-anlp papers), one JSON line each in reading order: with
// scripts/extraction-dump.ts, the byte-identity check for refactoring the sentence extractor (the
// slices exercise constructions the RFCs do not). Labels as they land in the graph.
//
//   npx tsx scripts/slices-dump.ts OUT.jsonl
import fs from 'node:fs';
import path from 'node:path';
import { classicExtract } from '../electron/core/extract/classic';
import { DocumentResolver } from '../electron/core/extract/resolve';
import { splitSentences, type Span } from '../electron/core/extract/sentences';
import { parseConll, parseSciErc } from '../electron/core/ingest/parsers/tokens';
import type { ExactDoc } from '../electron/core/ingest/types';

const DATA = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const out = process.argv[2];
if (!out) {
  console.error('usage: npx tsx scripts/slices-dump.ts OUT.jsonl');
  process.exit(2);
}

/** The bench's reading: chunks of about 2000 chars cut at sentence ends, labels canonical per text. */
function triplesOf(text: string): string[] {
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
  const lines: string[] = [];
  for (const c of chunks) {
    for (const t of classicExtract(text, c, { acronyms: resolver.acronyms }).triples) {
      const h = resolver.canonical(t.head.text, 'entity');
      const tl = resolver.canonical(t.tail.text, 'entity');
      lines.push(JSON.stringify([h?.label ?? null, t.head.span, t.relation, tl?.label ?? null, t.tail.span, t.confidence]));
    }
  }
  return lines;
}

const texts: [string, string][] = [];
const webnlg = fs
  .readFileSync(path.join(DATA, 'webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim());
webnlg.forEach((l, i) =>
  (JSON.parse(l) as { lexicalizations: { text: string }[] }).lexicalizations.forEach((x, k) => texts.push([`webnlg:${i}:${k}`, x.text])),
);
const scierc = path.join(DATA, 'scierc', 'dev.json');
(parseSciErc(scierc, fs.readFileSync(scierc, 'utf8')).docs as ExactDoc[]).forEach((d, i) => texts.push([`scierc:${i}`, d.text]));
const ner = path.join(DATA, 'sci-ner-anlp');
for (const f of fs
  .readdirSync(ner)
  .filter((x) => x.endsWith('.conll'))
  .sort())
  (parseConll(path.join(ner, f), fs.readFileSync(path.join(ner, f), 'utf8')).docs as ExactDoc[]).forEach((d, i) => texts.push([`sci-ner:${f}:${i}`, d.text]));
const lines: string[] = [];
for (const [key, text] of texts) for (const t of triplesOf(text)) lines.push(`${key}\t${t}`);
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} triples from ${texts.length} texts -> ${out}`);
