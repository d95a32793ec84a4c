// Gold sets from the formats the field uses, read into one shape: texts with mentions (spans in the
// text) and triples, or questions with answers and quotes. Bad input is an error naming the file,
// the line and the problem. Nothing here is specific to one dataset: each reader follows its format.
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors';
import type { EvalMention, EvalTriple, GoldFormat, GoldItem, GoldKind, GoldQuestion } from '../../../shared/contract/eval';

interface ParsedGold {
  format: GoldFormat;
  kind: GoldKind;
  items: GoldItem[];
  questions: GoldQuestion[];
}

const fail = (file: string, where: string, problem: string): never => {
  throw new ApiError('bad_request', `${file}${where ? `: ${where}` : ''}: ${problem}`);
};

// ---- tokens to text

const NO_SPACE_BEFORE = /^(?:[.,;:!?%)\]}]|'s|'re|'ve|'ll|'d|n't|'m)$/i;
const NO_SPACE_AFTER = /^[([{]$/;

/** Join tokens into readable text (no space before closing punctuation, none around a lone hyphen); returns each token's span. */
export function joinTokens(tokens: string[]): { text: string; spans: { start: number; end: number }[] } {
  let text = '';
  const spans: { start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = i > 0 ? tokens[i - 1] : '';
    const next = tokens[i + 1] ?? '';
    const word = (x: string) => /[\p{L}\p{N}]/u.test(x);
    const glue =
      i === 0 ||
      NO_SPACE_BEFORE.test(t) ||
      NO_SPACE_AFTER.test(prev) ||
      (t === '-' && word(prev) && word(next)) ||
      (prev === '-' && i > 1 && word(tokens[i - 2]) && word(t));
    if (!glue) text += ' ';
    spans.push({ start: text.length, end: text.length + t.length });
    text += t;
  }
  return { text, spans };
}

const mention = (text: string, spans: { start: number; end: number }[], first: number, last: number, type: string | null): EvalMention => {
  const start = spans[first].start;
  const end = spans[last].end;
  return { text: text.slice(start, end), type, start, end };
};

// ---- WebNLG

/** A DBpedia-style entity or literal as words: underscores as spaces, quotes and datatype suffixes dropped. */
function webnlgLabel(raw: string): string {
  return raw
    .trim()
    .replace(/\^\^.*$/, '')
    .replace(/^"(.*)"$/, '$1')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function webnlgTriple(line: string, file: string, where: string): EvalTriple {
  const parts = line.split(' | ');
  if (parts.length !== 3) fail(file, where, `a triple must be "subject | property | object", got ${JSON.stringify(line)}`);
  const [s, p, o] = parts;
  return {
    subject: { text: webnlgLabel(s), type: null, start: null, end: null },
    relation: p.trim(),
    object: { text: webnlgLabel(o), type: null, start: null, end: null },
  };
}

function webnlgItems(entries: { key: string; triples: string[]; texts: string[] }[], file: string): GoldItem[] {
  const items: GoldItem[] = [];
  for (const e of entries) {
    const triples = e.triples.map((t, i) => webnlgTriple(t, file, `entry ${e.key}, triple ${i + 1}`));
    e.texts.forEach((text, i) => {
      if (text.trim()) items.push({ key: `${e.key}/${i + 1}`, text: text.trim(), mentions: [], triples });
    });
  }
  return items;
}

function readWebnlgJson(lines: string[], file: string): GoldItem[] {
  const entries: { key: string; triples: string[]; texts: string[] }[] = [];
  lines.forEach((line, n) => {
    if (!line.trim()) return;
    const o = parseLine(line, file, n);
    const triples = o.triples ?? o.modifiedtripleset;
    if (!Array.isArray(triples) || !Array.isArray(o.lexicalizations))
      fail(file, `line ${n + 1}`, 'a WebNLG entry needs "triples" and "lexicalizations" arrays');
    const key = [o.source_file, o.eid].filter((x) => typeof x === 'string').join('#') || `line${n + 1}`;
    const texts = (o.lexicalizations as { text?: unknown; comment?: unknown }[])
      .filter((l) => l && typeof l.text === 'string' && l.comment !== 'bad')
      .map((l) => l.text as string);
    entries.push({ key, triples: triples.map(String), texts });
  });
  return webnlgItems(entries, file);
}

const decodeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&amp;/g, '&');

function readWebnlgXml(text: string, file: string): GoldItem[] {
  if (!/<entry\b/.test(text)) fail(file, '', 'no <entry> element: not a WebNLG XML file');
  const entries: { key: string; triples: string[]; texts: string[] }[] = [];
  for (const m of text.matchAll(/<entry\b([^>]*)>([\s\S]*?)<\/entry>/g)) {
    const attrs = m[1];
    const body = m[2];
    const eid = /\beid="([^"]*)"/.exec(attrs)?.[1] ?? String(entries.length + 1);
    const cat = /\bcategory="([^"]*)"/.exec(attrs)?.[1];
    const set = /<modifiedtripleset>([\s\S]*?)<\/modifiedtripleset>/.exec(body)?.[1] ?? /<originaltripleset>([\s\S]*?)<\/originaltripleset>/.exec(body)?.[1];
    if (set === undefined) fail(file, `entry ${eid}`, 'no <modifiedtripleset>');
    const triples = [...set!.matchAll(/<[mo]triple>([\s\S]*?)<\/[mo]triple>/g)].map((t) => decodeXml(t[1]).trim());
    const texts: string[] = [];
    for (const lex of body.matchAll(/<lex\b([^>]*)>([\s\S]*?)<\/lex>/g)) {
      if (/\bcomment="bad"/.test(lex[1])) continue;
      const inner = /<text>([\s\S]*?)<\/text>/.exec(lex[2])?.[1] ?? lex[2].replace(/<[^>]+>[\s\S]*?<\/[^>]+>/g, '');
      texts.push(decodeXml(inner).replace(/\s+/g, ' ').trim());
    }
    entries.push({ key: [cat, eid].filter(Boolean).join('#'), triples, texts });
  }
  return webnlgItems(entries, file);
}

// ---- SciERC (DyGIE JSON lines)

function readScierc(lines: string[], file: string): GoldItem[] {
  const items: GoldItem[] = [];
  lines.forEach((line, n) => {
    if (!line.trim()) return;
    const o = parseLine(line, file, n);
    if (!Array.isArray(o.sentences)) fail(file, `line ${n + 1}`, 'a SciERC document needs "sentences" (lists of tokens)');
    const sentences = o.sentences as unknown[];
    const tokens: string[] = [];
    for (const s of sentences) {
      if (!Array.isArray(s)) fail(file, `line ${n + 1}`, '"sentences" must hold lists of tokens');
      tokens.push(...(s as unknown[]).map(String));
    }
    const { text, spans } = joinTokens(tokens);
    const at = (a: unknown, b: unknown, what: string) => {
      const i = Number(a);
      const j = Number(b);
      if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < i || j >= tokens.length)
        fail(file, `line ${n + 1}`, `${what} token offsets [${a}, ${b}] outside the document's ${tokens.length} tokens`);
      return [i, j] as const;
    };
    const mentions: EvalMention[] = [];
    const byOffsets = new Map<string, EvalMention>();
    for (const sent of (o.ner as unknown[][] | undefined) ?? []) {
      for (const e of sent ?? []) {
        const [i, j] = at((e as unknown[])[0], (e as unknown[])[1], 'an entity');
        const m = mention(text, spans, i, j, String((e as unknown[])[2] ?? '') || null);
        mentions.push(m);
        byOffsets.set(`${i}:${j}`, m);
      }
    }
    const triples: EvalTriple[] = [];
    for (const sent of (o.relations as unknown[][] | undefined) ?? []) {
      for (const r of sent ?? []) {
        const a = r as unknown[];
        const [i1, j1] = at(a[0], a[1], 'a relation head');
        const [i2, j2] = at(a[2], a[3], 'a relation tail');
        triples.push({
          subject: byOffsets.get(`${i1}:${j1}`) ?? mention(text, spans, i1, j1, null),
          relation: String(a[4] ?? ''),
          object: byOffsets.get(`${i2}:${j2}`) ?? mention(text, spans, i2, j2, null),
        });
      }
    }
    items.push({ key: typeof o.doc_key === 'string' ? o.doc_key : `line${n + 1}`, text, mentions, triples });
  });
  return items;
}

// ---- BIO tags (CoNLL columns and token tables)

/** Mentions from BIO (or IOB1/IOBES) tags over tokens: B- starts, I- continues the same type, O and a new type end. */
function bioMentions(tokens: string[], tags: string[], where: (i: number) => string, file: string): { text: string; mentions: EvalMention[] } {
  const { text, spans } = joinTokens(tokens);
  const mentions: EvalMention[] = [];
  let open: { first: number; type: string } | null = null;
  const close = (last: number) => {
    if (open) mentions.push(mention(text, spans, open.first, last, open.type));
    open = null;
  };
  tags.forEach((raw, i) => {
    const tag = raw.trim();
    if (tag === 'O' || tag === '') return close(i - 1);
    const m = /^([BIESLU])[-_](.+)$/.exec(tag);
    if (!m) fail(file, where(i), `tag ${JSON.stringify(tag)} is not O, B-TYPE or I-TYPE`);
    const [, prefix, type] = m!;
    if (prefix === 'B' || prefix === 'S' || prefix === 'U' || !open || (open as { type: string }).type !== type) {
      close(i - 1);
      open = { first: i, type };
    }
    if (prefix === 'E' || prefix === 'S' || prefix === 'L' || prefix === 'U') close(i);
  });
  close(tags.length - 1);
  return { text, mentions };
}

function readConll(lines: string[], file: string): GoldItem[] {
  const items: GoldItem[] = [];
  let tokens: string[] = [];
  let tags: string[] = [];
  let lineOf: number[] = [];
  let key: string | null = null;
  const flush = () => {
    if (tokens.length) {
      const { text, mentions } = bioMentions(tokens, tags, (i) => `line ${lineOf[i] + 1}`, file);
      items.push({ key: key ?? `block${items.length + 1}`, text, mentions, triples: [] });
    }
    tokens = [];
    tags = [];
    lineOf = [];
    key = null;
  };
  lines.forEach((line, n) => {
    const t = line.trim();
    if (!t) return flush();
    if (t.startsWith('-DOCSTART-')) return flush();
    if (t.startsWith('#')) {
      if (!tokens.length) key = t.replace(/^#\s*/, '').slice(0, 200) || key;
      return;
    }
    const cols = t.split(/\s+/);
    if (cols.length < 2) fail(file, `line ${n + 1}`, `expected "token ... TAG" columns, got ${JSON.stringify(t.slice(0, 80))}`);
    const tag = cols[cols.length - 1];
    // a paper's file name as its first token line (tag O) names the block
    if (!tokens.length && tag === 'O' && /^\S+\.(txt|pdf|xml|json)$/i.test(cols[0])) {
      key = cols[0];
      return;
    }
    tokens.push(cols[0]);
    tags.push(tag);
    lineOf.push(n);
  });
  flush();
  if (!items.length) fail(file, '', 'no token lines');
  return items;
}

/** Token tables: lines that are JSON arrays, a list of tokens followed by the list of its tags (other lines ignored). */
function readTokenTable(lines: string[], file: string): GoldItem[] {
  const arrays: { n: number; value: string[] }[] = [];
  lines.forEach((line, n) => {
    const t = line.trim();
    if (!t.startsWith('[')) return;
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      return; // a truncated row: skipped with its pair below
    }
    if (Array.isArray(v)) arrays.push({ n, value: v.map(String) });
  });
  const items: GoldItem[] = [];
  for (let i = 0; i + 1 < arrays.length; i++) {
    const toks = arrays[i];
    const tags = arrays[i + 1];
    const isTags = (a: string[]) => a.length > 0 && a.every((x) => /^(O|[BIESLU][-_].+)$/.test(x));
    if (isTags(toks.value) || !isTags(tags.value)) continue;
    if (toks.value.length !== tags.value.length)
      fail(file, `line ${tags.n + 1}`, `${tags.value.length} tags for ${toks.value.length} tokens (line ${toks.n + 1})`);
    const { text, mentions } = bioMentions(toks.value, tags.value, () => `line ${tags.n + 1}`, file);
    items.push({ key: `line${toks.n + 1}`, text, mentions, triples: [] });
    i++;
  }
  if (!items.length) fail(file, '', 'no pair of token and tag rows (JSON arrays)');
  return items;
}

// ---- question sets

/**
 * One line of a question set: the gold question with what the fitting and the CLI also read. Every
 * reader of questions (eval qa, eval fit, ask and retrieve --questions, the project's scripts) reads
 * through `readQuestionLines`, so a set that one accepts the others accept too.
 */
interface QuestionLine extends GoldQuestion {
  /** The document it asks about, when given (a fold keeps one document's questions together). */
  file: string | null;
  /** A question the documents do not answer: `"type": "off-topic"`, no answers. */
  offTopic: boolean;
  /** Its line in the file (1-based). */
  line: number;
}

interface QuestionReadOptions {
  /** Whether an answerable line must give answers (eval qa, eval fit) or may give only the question (ask, retrieve). */
  answers?: 'required' | 'optional';
  /** Plain text lines are questions too (a TSV line gives its first column; a blank line between questions is an empty question). */
  textLines?: boolean;
}

const OFF_TOPIC = 'off-topic';

/** Question lines: JSON objects `{id, question, answers, quote(s), file, type}` (and text lines when asked). */
export function readQuestionLines(lines: string[], file: string, options: QuestionReadOptions = {}): QuestionLine[] {
  const required = (options.answers ?? 'required') === 'required';
  const last = lines.findLastIndex((l) => l.trim());
  const out: QuestionLine[] = [];
  lines.slice(0, last + 1).forEach((raw, n) => {
    const line = raw.trim();
    if (options.textLines && !line.startsWith('{')) {
      out.push({ key: `q${n + 1}`, question: line.split('\t')[0].trim(), answers: [], quotes: [], type: null, file: null, offTopic: false, line: n + 1 });
      return;
    }
    if (!line) return;
    const o = parseLine(line, file, n);
    if (typeof o.question !== 'string' || !o.question.trim()) fail(file, `line ${n + 1}`, 'each line needs a "question" string');
    const offTopic = o.type === OFF_TOPIC;
    const given = o.answers ?? (o.answer !== undefined ? [o.answer] : undefined);
    if (given !== undefined && !Array.isArray(given)) fail(file, `line ${n + 1}`, '"answers" must be a list of strings');
    const answers = ((given ?? []) as unknown[]).map(String).filter((a) => a.trim());
    if (offTopic && answers.length) fail(file, `line ${n + 1}`, `a question of type "${OFF_TOPIC}" has no answers (give "answers": [])`);
    if (required && !offTopic && !answers.length)
      fail(
        file,
        `line ${n + 1}`,
        `each line needs "answers": a non-empty list of strings (or "type": "${OFF_TOPIC}" with "answers": [] for a question the documents do not answer)`,
      );
    const quotes = Array.isArray(o.quotes) ? o.quotes.map(String) : typeof o.quote === 'string' ? [o.quote] : [];
    out.push({
      key: typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : `q${n + 1}`,
      question: o.question.trim(),
      answers,
      quotes: quotes.filter((q: string) => q.trim()),
      type: typeof o.type === 'string' ? o.type : null,
      file: typeof o.file === 'string' && o.file.trim() ? o.file : null,
      offTopic,
      line: n + 1,
    });
  });
  if (!out.length) fail(file, '', 'no questions');
  return out;
}

/** A question set from a file (JSON lines, or one JSON list); errors name the file and the line. */
export function readQuestionFile(file: string, options: QuestionReadOptions = {}): QuestionLine[] {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new ApiError('not_found', `${abs}: file not found`);
  if (!fs.statSync(abs).isFile()) throw new ApiError('bad_request', `${abs}: not a file`);
  return readQuestionLines(jsonLines(fs.readFileSync(abs, 'utf8').replace(/^\uFEFF/, '')), abs, options);
}

/** The gold shape of a question line (what eval qa stores). */
const goldQuestion = (q: QuestionLine): GoldQuestion => ({ key: q.key, question: q.question, answers: q.answers, quotes: q.quotes, type: q.type });

// ---- detection

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parseLine(line: string, file: string, n: number): any {
  try {
    const v = JSON.parse(line);
    if (!v || typeof v !== 'object' || Array.isArray(v)) fail(file, `line ${n + 1}`, 'expected one JSON object a line');
    return v;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return fail(file, `line ${n + 1}`, `not JSON (${(err as Error).message})`);
  }
}

/** The format of a gold file from its name and first lines. */
export function detectFormat(file: string, text: string): GoldFormat {
  const head = text.slice(0, 20_000);
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xml' || /^\s*<\?xml|<benchmark\b|<entries\b/.test(head)) return 'webnlg-xml';
  const first = head.split(/\r?\n/).find((l) => l.trim()) ?? '';
  if (first.trim().startsWith('{')) {
    if (/"lexicalizations"\s*:/.test(first)) return 'webnlg-json';
    if (/"sentences"\s*:/.test(first) && /"ner"\s*:/.test(first)) return 'scierc';
    if (/"question"\s*:/.test(first)) return 'questions';
    if (/"sentences"\s*:/.test(first)) return 'scierc';
  }
  const lines = head
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.filter((l) => l.startsWith('[')).length >= 2 && lines.some((l) => /^\[\s*"(O|[BI]-)/.test(l))) return 'tokens';
  if (lines.some((l) => /^\S+(\s+\S+)*\s+(O|[BIESLU][-_]\S+)$/.test(l))) return 'conll';
  return fail(
    file,
    '',
    'unknown gold format (expected WebNLG JSON/XML, SciERC JSON lines, BIO/CoNLL columns, a token table or question JSON lines); give the format',
  );
}

/** A text's lines; one JSON document holding a list (instead of JSON lines) is read as its items, one a line. */
function jsonLines(text: string): string[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    try {
      const v = JSON.parse(t);
      if (Array.isArray(v)) return v.map((x) => JSON.stringify(x));
    } catch {
      /* JSON lines after all */
    }
  }
  return text.split(/\r?\n/);
}

/** Read a gold file. */
export function readGold(file: string, format?: GoldFormat): ParsedGold {
  const abs = path.resolve(file);
  if (!fs.existsSync(abs)) throw new ApiError('not_found', `gold file not found: ${abs}`);
  if (!fs.statSync(abs).isFile()) throw new ApiError('bad_request', `${abs}: not a file`);
  const text = fs.readFileSync(abs, 'utf8').replace(/^\uFEFF/, '');
  return parseGold(text, abs, format);
}

export function parseGold(text: string, file: string, format?: GoldFormat): ParsedGold {
  const f = format ?? detectFormat(file, text);
  const lines = text.split(/\r?\n/);
  const asLines = (): string[] => (f === 'tokens' ? lines : jsonLines(text));
  const out = (kind: GoldKind, items: GoldItem[], questions: GoldQuestion[] = []): ParsedGold => {
    if (kind === 'extraction' && !items.length) fail(file, '', 'no gold texts');
    return { format: f, kind, items, questions };
  };
  switch (f) {
    case 'webnlg-json':
      return out('extraction', readWebnlgJson(asLines(), file));
    case 'webnlg-xml':
      return out('extraction', readWebnlgXml(text, file));
    case 'scierc':
      return out('extraction', readScierc(asLines(), file));
    case 'conll':
      return out('extraction', readConll(lines, file));
    case 'tokens':
      return out('extraction', readTokenTable(lines, file));
    case 'questions':
      return out('qa', [], readQuestionLines(asLines(), file).map(goldQuestion));
  }
}
