// The project's own question sets (data/qa/*.jsonl): every item has the kit's rfc-qa shape, sits on
// the split side its file names, and its quote and gold answer are really in the document it cites.
// Reads whatever JSONL files are there (training, validation, and validation-b, a second set over the
// validation documents). A quote of an item marked `"text": "repaired"` is checked against the text the
// product makes of the document (the real ingest job through a Core), not against the raw file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';
import { isHeldOutFile, splitQuestionsFile } from '../../scripts/qa-split';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const QA_DIR = path.join(ROOT, 'data', 'qa');
const SPLIT_FILE = path.join(ROOT, 'data', 'split.json');

/** How far (in characters of whitespace-normalised text) a gold answer may lie from its quote. */
const ANSWER_WINDOW = 300;
const TYPES = ['definition', 'value', 'normative', 'reference', 'relation', 'multi-hop', 'off-topic'] as const;
/** Which split each question file belongs to: the file's base name says it (`validation-b.jsonl` is a second, independent set over the validation documents). */
const SIDE_OF_FILE: Record<string, 'training' | 'validation'> = {
  'training.jsonl': 'training',
  'validation.jsonl': 'validation',
  'validation-b.jsonl': 'validation',
};

interface Split {
  kit: string;
  training: string[];
  validation: string[];
}

interface Item {
  id: string;
  question: string;
  answers: string[];
  file: string | null;
  quote: string | null;
  type: string;
  hops: number;
  quotes?: string[];
  files?: string[];
  text?: string;
}

interface Loaded {
  source: string;
  line: number;
  item: Item;
}

const ws = (s: string) => s.replace(/\s+/g, ' ').trim();
const isYesNo = (a: string) => /^(yes|no)$/i.test(a.trim());
const where = (l: Loaded) => `${l.source}:${l.line} (${l.item.id ?? 'no id'})`;

const split: Split = JSON.parse(fs.readFileSync(SPLIT_FILE, 'utf8'));
const kitPath = (rel: string) => path.resolve(ROOT, split.kit, rel);
/** Base name → kit-relative path, per side of the split. */
const sideFiles = (side: 'training' | 'validation') => new Map(split[side].map((rel) => [path.basename(rel), rel]));

const questionFiles = fs.existsSync(QA_DIR)
  ? fs
      .readdirSync(QA_DIR)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
  : [];

function loadAll(): Loaded[] {
  const out: Loaded[] = [];
  for (const name of questionFiles) {
    const lines = fs.readFileSync(path.join(QA_DIR, name), 'utf8').split('\n');
    lines.forEach((raw, i) => {
      if (!raw.trim()) return;
      let item: Item;
      try {
        item = JSON.parse(raw) as Item;
      } catch (e) {
        throw new Error(`${name}:${i + 1}: not a JSON object (${(e as Error).message})`);
      }
      out.push({ source: name, line: i + 1, item });
    });
  }
  return out;
}

const loaded = loadAll();
const itemFiles = (it: Item): string[] => it.files ?? (it.file ? [it.file] : []);
const itemQuotes = (it: Item): string[] => it.quotes ?? (it.quote ? [it.quote] : []);

/** Shape problems of one item, in words; empty when it is well formed. */
function shapeProblems(l: Loaded): string[] {
  const it = l.item;
  const p: string[] = [];
  const str = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
  if (!str(it.id)) p.push('id must be a non-empty string');
  if (!str(it.question)) p.push('question must be a non-empty string');
  if (!Array.isArray(it.answers) || !it.answers.every(str)) p.push('answers must be an array of non-empty strings');
  if (!(TYPES as readonly string[]).includes(it.type)) p.push(`type "${it.type}" is not one of ${TYPES.join(', ')}`);
  const allowed = new Set(['id', 'question', 'answers', 'file', 'quote', 'type', 'hops', 'quotes', 'files', 'text']);
  for (const k of Object.keys(it)) if (!allowed.has(k)) p.push(`unknown field "${k}"`);
  if (it.text !== undefined && it.text !== 'repaired') p.push(`text must be "repaired" when present, not "${it.text}"`);
  if (it.type === 'off-topic') {
    if (!Array.isArray(it.answers) || it.answers.length) p.push('an off-topic item has no answers');
    if (it.file !== null || it.quote !== null) p.push('an off-topic item has file and quote null');
    if (it.hops !== 0) p.push('an off-topic item has hops 0');
    if (it.quotes !== undefined || it.files !== undefined || it.text !== undefined) p.push('an off-topic item has no quotes, files or text');
    return p;
  }
  if (!Array.isArray(it.answers) || !it.answers.length) p.push('an answerable item needs at least one gold answer');
  else if (it.answers.some(isYesNo) && it.answers.every(isYesNo)) p.push('a yes/no item needs a short variant besides "Yes"/"No"');
  if (!str(it.file) || path.basename(it.file!) !== it.file) p.push('file must be a base name such as rfc4668.txt');
  if (!str(it.quote)) p.push('quote must be a non-empty string');
  if (it.type === 'multi-hop') {
    if (!Array.isArray(it.quotes) || !Array.isArray(it.files) || it.quotes.length < 2 || it.quotes.length !== it.files.length)
      p.push('a multi-hop item has quotes and files arrays of the same length, at least 2');
    else {
      if (it.quotes[0] !== it.quote || it.files[0] !== it.file) p.push('quote/file must equal quotes[0]/files[0]');
      if (it.hops !== it.quotes.length) p.push(`hops (${it.hops}) must equal the number of quotes (${it.quotes.length})`);
    }
  } else {
    if (it.hops !== 1) p.push('a single-hop item has hops 1');
    if (it.quotes !== undefined || it.files !== undefined) p.push('only multi-hop items carry quotes and files');
  }
  return p;
}

describe('project question sets (data/qa/*.jsonl)', () => {
  it('exist and are named for a side of the split', () => {
    expect(questionFiles.length).toBeGreaterThan(0);
    for (const name of questionFiles) expect(SIDE_OF_FILE[name], `${name}: expected training.jsonl, validation.jsonl or validation-b.jsonl`).toBeDefined();
  });

  it('both validation sets are held out (eval-answers refuses --misses for them), by name or by path', () => {
    expect(splitQuestionsFile('validation-b')).toBe(path.join(QA_DIR, 'validation-b.jsonl'));
    for (const part of ['validation', 'validation-b'] as const) {
      expect(isHeldOutFile(splitQuestionsFile(part))).toBe(true);
      expect(isHeldOutFile(path.relative(process.cwd(), path.join(QA_DIR, `${part}.jsonl`)))).toBe(true);
    }
    expect(isHeldOutFile(splitQuestionsFile('training'))).toBe(false);
  });

  it('every item has the rfc-qa shape', () => {
    const problems = loaded.flatMap((l) => shapeProblems(l).map((p) => `${where(l)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('ids are unique across all files', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const l of loaded) {
      const first = seen.get(l.item.id);
      if (first) problems.push(`${where(l)}: id also used at ${first}`);
      else seen.set(l.item.id, `${l.source}:${l.line}`);
    }
    expect(problems).toEqual([]);
  });

  it('no question is asked twice in one file (case and spacing aside)', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const l of loaded) {
      const key = `${l.source}\u0000${ws(String(l.item.question ?? '')).toLowerCase()}`;
      const first = seen.get(key);
      if (first) problems.push(`${where(l)}: same question as ${first}`);
      else seen.set(key, `${l.source}:${l.line}`);
    }
    expect(problems).toEqual([]);
  });

  it("each answerable item cites documents of its own file's side of the split", () => {
    const problems: string[] = [];
    for (const l of loaded) {
      if (l.item.type === 'off-topic') continue;
      const side = SIDE_OF_FILE[l.source];
      const onSide = sideFiles(side);
      for (const f of itemFiles(l.item)) if (!onSide.has(f)) problems.push(`${where(l)}: ${f} is not a ${side} document of data/split.json`);
    }
    expect(problems).toEqual([]);
  });

  describe('quotes and answers against the documents', () => {
    const t = tmpDir('gw-qa-');
    /** Whitespace-normalised text per base name: the raw kit file, or the product's repaired text. */
    const raw = new Map<string, string>();
    const repaired = new Map<string, string>();

    beforeAll(async () => {
      const docs = new Map([...sideFiles('training'), ...sideFiles('validation')]);
      const wantRepaired = new Set(loaded.filter((l) => l.item.text === 'repaired').flatMap((l) => itemFiles(l.item)));
      for (const [base, rel] of docs) if (fs.existsSync(kitPath(rel))) raw.set(base, ws(fs.readFileSync(kitPath(rel), 'utf8')));
      if (!wantRepaired.size) return;
      const core = new Core({ dbPath: path.join(t.dir, 'qa.db') });
      try {
        const paths = [...wantRepaired].filter((b) => docs.has(b)).map((b) => kitPath(docs.get(b)!));
        const job = unwrap('documents.ingest', await core.call('documents.ingest', { paths }));
        const done = await core.jobs.wait(job.id);
        expect(done.state).toBe('done');
        for (const d of unwrap('documents.list', await core.call('documents.list', {}))) {
          const detail = unwrap('documents.get', await core.call('documents.get', { id: d.id }));
          if (d.path) repaired.set(path.basename(d.path), ws(detail.text));
        }
      } finally {
        await core.close();
      }
    });
    afterAll(() => t.cleanup());

    const textOf = (it: Item, file: string) => (it.text === 'repaired' ? repaired.get(file) : raw.get(file));

    it('each quote occurs (whitespace-normalised, case-sensitive) in its document', () => {
      const problems: string[] = [];
      for (const l of loaded) {
        const quotes = itemQuotes(l.item);
        itemFiles(l.item).forEach((file, i) => {
          const text = textOf(l.item, file);
          if (text === undefined) problems.push(`${where(l)}: no text for ${file}`);
          else if (!text.includes(ws(quotes[i] ?? ''))) problems.push(`${where(l)}: quote not found in ${file}: "${quotes[i]}"`);
        });
      }
      expect(problems).toEqual([]);
    });

    it(`a gold answer lies within ${ANSWER_WINDOW} characters of a quote (yes/no items: their short variant)`, () => {
      const problems: string[] = [];
      for (const l of loaded) {
        if (l.item.type === 'off-topic') continue;
        const golds = l.item.answers.filter((a) => !isYesNo(a)).map((a) => a.toLowerCase());
        const quotes = itemQuotes(l.item);
        const near = itemFiles(l.item).some((file, i) => {
          const text = textOf(l.item, file);
          const q = ws(quotes[i] ?? '');
          if (!text || !q) return false;
          for (let at = text.indexOf(q); at >= 0; at = text.indexOf(q, at + 1)) {
            const window = text.slice(Math.max(0, at - ANSWER_WINDOW), at + q.length + ANSWER_WINDOW).toLowerCase();
            if (golds.some((g) => window.includes(g))) return true;
          }
          return false;
        });
        if (!near) problems.push(`${where(l)}: none of ${JSON.stringify(l.item.answers)} near its quote`);
      }
      expect(problems).toEqual([]);
    });
  });
});
