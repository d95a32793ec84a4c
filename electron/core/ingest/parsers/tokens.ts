// Token formats: a TSV token table (the kit's sample ../shared/samples/seeds/000_*.txt), CoNLL BIO
// (sci-ner-anlp) and token/tag JSON arrays (the kit's sample 003_*.txt). Tokens are rejoined into
// readable text; BIO tags become gold annotations whose spans point into that text.
import path from 'node:path';
import { IngestError } from '../errors';
import { locateJsonError, readJsonRecords } from './json-records';
import { positionOf } from '../../text/position';
import type { Annotation, ExactDoc, ParsedFile } from '../types';
import { lexicon } from '../repair/lexicon';

export interface Sentence {
  tokens: string[];
  tags?: string[];
}

const NO_SPACE_BEFORE = /^(?:[,.;:!?%)\]}»”’…]+|'(?:s|re|ve|ll|d|m|t)|’(?:s|re|ve|ll|d|m|t)|n't|n’t)$/i;
const NO_SPACE_AFTER = /^[([{«“‘$#]$/;
const GLUE = /^[-/‐‑]$/;
/** Penn Treebank escapes for brackets (SciERC, CoNLL and token tables from PTB-style tokenisers). */
const PTB_BRACKETS: Record<string, string> = { '-lrb-': '(', '-rrb-': ')', '-lsb-': '[', '-rsb-': ']', '-lcb-': '{', '-rcb-': '}' };

/** One token as it is written in text: NFKC, whitespace collapsed, "-LRB-" back to "(". */
export function restoreToken(raw: string): string {
  const tok = raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
  return PTB_BRACKETS[tok.toLowerCase()] ?? tok;
}

/** Rebuild text from tokens; returns the text and each token's span in it. */
export function detokenize(sentences: Sentence[]): { text: string; spans: { start: number; end: number }[][] } {
  let text = '';
  const spans: { start: number; end: number }[][] = [];
  let prev = '';
  let glueNext = false;
  let quoteOpen = false;
  const lex = lexicon();
  const alnumEnd = /[\p{L}\p{N}]$/u;
  const alnumStart = /^[\p{L}\p{N}]/u;
  for (const sentence of sentences) {
    const sp: { start: number; end: number }[] = [];
    sentence.tokens.forEach((raw, i) => {
      const tok = restoreToken(raw);
      if (!tok) {
        sp.push({ start: text.length, end: text.length });
        return;
      }
      const next = restoreToken(sentence.tokens[i + 1] ?? '');
      let space = text.length > 0 && !glueNext;
      if (NO_SPACE_BEFORE.test(tok) || NO_SPACE_AFTER.test(prev)) space = false;
      // A hyphen or slash between two words glues both sides: "rag - based" -> "rag-based".
      const glue = GLUE.test(tok) && alnumEnd.test(prev) && alnumStart.test(next);
      if (glue) {
        space = false;
        // "cog - nitive": a word the PDF broke at a line end, the hyphen a token of its own.
        if (tok === '-' && /^\p{Ll}/u.test(next) && lex.has(prev + next) && (!lex.has(next) || !lex.has(prev))) {
          sp.push({ start: text.length, end: text.length });
          glueNext = true;
          prev = tok;
          return;
        }
      }
      if (tok === '"') {
        if (quoteOpen) space = false;
        quoteOpen = !quoteOpen;
      } else if (prev === '"' && quoteOpen) space = false;
      // "ineffi-" + "cient": a word broken by a line-end hyphen.
      if (/\p{L}-$/u.test(prev) && prev.length > 1 && /^\p{Ll}/u.test(tok) && text.endsWith('-')) {
        const stem = /(\p{L}+)-$/u.exec(prev)![1];
        if (lex.has(stem + tok) || !lex.has(stem) || !lex.has(tok)) {
          text = text.slice(0, -1);
          const last = sp[sp.length - 1];
          if (last && last.end > text.length) last.end = text.length;
          space = false;
        }
      }
      if (space) text += ' ';
      const start = text.length;
      text += tok;
      sp.push({ start, end: text.length });
      glueNext = glue;
      prev = tok;
    });
    spans.push(sp);
  }
  return { text, spans };
}

/** Gold entity spans from BIO / BIOES tags. */
function bioAnnotations(text: string, sentences: Sentence[], spans: { start: number; end: number }[][]): Annotation[] {
  const out: Annotation[] = [];
  sentences.forEach((s, si) => {
    if (!s.tags) return;
    let open: { label: string; start: number; end: number } | null = null;
    const close = () => {
      if (open && open.end > open.start) out.push({ ...open, text: text.slice(open.start, open.end) });
      open = null;
    };
    s.tags.forEach((tag, ti) => {
      const span = spans[si][ti];
      if (!span) return;
      const m = /^([BIESLU])-(.+)$/.exec(tag);
      if (!m) {
        close();
        return;
      }
      const [, prefix, label] = m;
      const current = open as { label: string; start: number; end: number } | null;
      if (prefix === 'B' || prefix === 'S' || prefix === 'U' || !current || current.label !== label) {
        close();
        open = { label, start: span.start, end: span.end };
      } else {
        current.end = Math.max(current.end, span.end);
      }
      if (prefix === 'E' || prefix === 'S' || prefix === 'U' || prefix === 'L') close();
    });
    close();
  });
  return out;
}

function exactDoc(title: string, format: string, sentences: Sentence[], original: string, meta: Record<string, unknown>): ExactDoc {
  const { text, spans } = detokenize(sentences);
  const annotations = bioAnnotations(text, sentences, spans);
  const tokens = sentences.reduce((n, s) => n + s.tokens.length, 0);
  return { kind: 'exact', title, format, text, original, annotations, meta: { ...meta, sentences: sentences.length, tokens } };
}

/** A TSV with a header naming a token column (the kit's sample 000_*.txt: id sid tid token lemma pos). */
export function parseTokenTable(file: string, text: string): ParsedFile {
  const lines = text.split('\n');
  const header = lines[0].split('\t').map((h) => h.trim().toLowerCase());
  const tokenCol = header.findIndex((h) => h === 'token' || h === 'word' || h === 'form');
  if (tokenCol < 0) throw new IngestError('token table without a token column');
  const docCol = header.findIndex((h) => h === 'id' || h === 'doc' || h === 'doc_id' || h === 'document');
  const sentCol = header.findIndex((h) => h === 'sid' || h === 'sentence' || h === 'sent_id' || h === 'sentence_id');
  const tagCol = header.findIndex((h) => h === 'tag' || h === 'ner' || h === 'label' || h === 'bio');
  const docs = new Map<string, Sentence[]>();
  let lastKey = '';
  for (const line of lines.slice(1)) {
    if (!line.trim()) {
      lastKey = '';
      continue;
    }
    const cols = line.replace(/\r$/, '').split('\t');
    const doc = docCol >= 0 ? (cols[docCol] ?? '') : '';
    const sent = sentCol >= 0 ? (cols[sentCol] ?? '') : '';
    const key = `${doc}\u0000${sent}`;
    const list = docs.get(doc) ?? [];
    if (!docs.has(doc)) docs.set(doc, list);
    if (key !== lastKey || !list.length) list.push({ tokens: [], ...(tagCol >= 0 ? { tags: [] } : {}) });
    lastKey = key;
    const s = list[list.length - 1];
    s.tokens.push(cols[tokenCol] ?? '');
    s.tags?.push(cols[tagCol] ?? 'O');
  }
  const base = path.basename(file);
  const multi = docs.size > 1;
  const out = [...docs].map(([id, sentences]) =>
    exactDoc(multi ? `${base} — ${id}` : base, 'token-table', sentences, multi ? '' : text, { sourceId: id || null, columns: header }),
  );
  if (!out.length || !out.some((d) => d.text.trim())) throw new IngestError('token table has no tokens');
  if (!multi) out[0].original = text;
  return { docs: out, multi };
}

const FILE_NAME_TOKEN = /^[\w.-]+\.(?:txt|pdf|xml|json|conll|tsv)$/i;

/** CoNLL: token first, tag last, blank lines between sentences, -DOCSTART- and paper-name lines between documents. */
export function parseConll(file: string, text: string): ParsedFile {
  const docs: { title: string | null; sentences: Sentence[] }[] = [];
  let doc: { title: string | null; sentences: Sentence[] } | null = null;
  let sentence: Sentence | null = null;
  const newDoc = (title: string | null) => {
    doc = { title, sentences: [] };
    docs.push(doc);
    sentence = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) {
      sentence = null;
      continue;
    }
    const cols = line.split(/\s+/);
    if (cols[0] === '-DOCSTART-') {
      newDoc(null);
      continue;
    }
    const token = cols[0];
    const tag = cols.length >= 2 ? cols[cols.length - 1] : 'O';
    if (!sentence && FILE_NAME_TOKEN.test(token) && tag === 'O') {
      // The first token of a paper is its file name (sci-ner-anlp).
      if (!doc || (doc as { sentences: Sentence[] }).sentences.length) newDoc(token);
      else (doc as { title: string | null }).title = token;
      continue;
    }
    if (!doc) newDoc(null);
    if (!sentence) {
      sentence = { tokens: [], tags: [] };
      (doc as unknown as { sentences: Sentence[] }).sentences.push(sentence);
    }
    const s = sentence as Sentence;
    s.tokens.push(token);
    s.tags!.push(tag);
  }
  const nonEmpty = docs.filter((d) => d.sentences.some((s) => s.tokens.length));
  if (!nonEmpty.length) throw new IngestError('CoNLL file has no tokens');
  const base = path.basename(file);
  const multi = nonEmpty.length > 1;
  return {
    multi,
    docs: nonEmpty.map((d, i) =>
      exactDoc(d.title ?? (multi ? `${base} #${i + 1}` : base), 'conll', d.sentences, multi ? '' : text, { paper: d.title, part: i }),
    ),
  };
}

/** Token arrays each followed by a tag array of the same length (the kit's sample 003_*.txt); other lines are a header. */
export function parseBioJson(file: string, text: string): ParsedFile {
  const sentences: Sentence[] = [];
  const header: string[] = [];
  let pending: string[] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (!(line.startsWith('[') && line.endsWith(']'))) {
      if (!sentences.length && !pending) header.push(line);
      continue;
    }
    let arr: unknown;
    try {
      arr = JSON.parse(line);
    } catch {
      // The first line equal to this one is this one: an identical earlier line would have failed first.
      const at = positionOf(text, text.indexOf(raw));
      throw new IngestError(
        `malformed token array on line ${at.line}, ${(locateJsonError(line) ?? 'not JSON').replace(/^line 1, /, '')} (${line.slice(0, 60)})`,
      );
    }
    if (!Array.isArray(arr) || !arr.every((x) => typeof x === 'string'))
      throw new IngestError(`token arrays must hold strings (line ${positionOf(text, text.indexOf(raw)).line}: ${line.slice(0, 60)})`);
    const strings = arr as string[];
    if (pending && pending.length === strings.length && strings.every((t) => /^(?:O|[BIESLU]-\S+)$/.test(t))) {
      sentences.push({ tokens: pending, tags: strings });
      pending = null;
    } else {
      if (pending) sentences.push({ tokens: pending });
      pending = strings;
    }
  }
  if (pending) sentences.push({ tokens: pending });
  if (!sentences.length) throw new IngestError('no token arrays found');
  return { multi: false, docs: [exactDoc(path.basename(file), 'bio-json', sentences, text, { header: header.join(' ').slice(0, 200) })] };
}

/**
 * SciERC / DyGIE JSON lines: one abstract per record, token arrays per sentence, entities as
 * [first, last] token indexes over the whole document (inclusive) with a label, relations between
 * two entity spans (kept in the document's meta with char spans).
 */
export function parseSciErc(file: string, text: string): ParsedFile {
  let records: unknown[];
  try {
    const whole = JSON.parse(text) as unknown;
    records = Array.isArray(whole) ? whole : [whole];
  } catch {
    // Record by record, so the error names the record, its line and column.
    const read = readJsonRecords(text);
    if (read.bad.length)
      throw new IngestError(`malformed JSON: ${read.bad[0].error}${read.bad.length > 1 ? ` (and ${read.bad.length - 1} more bad records)` : ''}`);
    records = read.records.map((r) => r.value);
  }
  const base = path.basename(file);
  const docs: ExactDoc[] = records.map((r, i) => {
    const rec = r as { doc_key?: unknown; sentences: string[][]; ner?: [number, number, string][][]; relations?: [number, number, number, number, string][][] };
    if (!rec || !Array.isArray(rec.sentences) || !rec.sentences.every((s) => Array.isArray(s)))
      throw new IngestError(`record ${i + 1} has no "sentences" token arrays`);
    const sentences: Sentence[] = rec.sentences.map((tokens) => ({ tokens: tokens.map(String) }));
    const { text: body, spans } = detokenize(sentences);
    // Global token index -> char span.
    const flat = spans.flat();
    const span = (a: number, b: number) => {
      const s = flat[a];
      const e = flat[b];
      return s && e ? { start: s.start, end: e.end } : null;
    };
    const annotations: Annotation[] = [];
    for (const sentence of rec.ner ?? []) {
      for (const [a, b, label] of sentence) {
        const sp = span(a, b);
        if (sp && sp.end > sp.start) annotations.push({ ...sp, label: String(label), text: body.slice(sp.start, sp.end) });
      }
    }
    const relations: { head: { start: number; end: number; text: string }; tail: { start: number; end: number; text: string }; label: string }[] = [];
    for (const sentence of rec.relations ?? []) {
      for (const [a, b, c, d, label] of sentence) {
        const h = span(a, b);
        const t = span(c, d);
        if (h && t)
          relations.push({ head: { ...h, text: body.slice(h.start, h.end) }, tail: { ...t, text: body.slice(t.start, t.end) }, label: String(label) });
      }
    }
    const title = typeof rec.doc_key === 'string' && rec.doc_key ? rec.doc_key : `${base} #${i + 1}`;
    return {
      kind: 'exact' as const,
      title,
      format: 'scierc',
      text: body,
      original: '',
      annotations,
      meta: { docKey: rec.doc_key ?? null, index: i, relations },
    };
  });
  if (!docs.some((d) => d.text.trim())) throw new IngestError('no tokens in the records');
  return { docs, multi: true };
}
