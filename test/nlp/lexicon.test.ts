// The English floor (electron/core/nlp): word lists are data with their source, one singular, one
// stemmer, one stop-word list, one month list; and no other folder of the core defines its own.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LEXICON } from '../../electron/core/nlp/lexicon';
import { isMonthWord, MONTH_NAMES } from '../../electron/core/nlp/months';
import { familyStem, lemma, pluralByEnding, singular, singularPhrase, stem } from '../../electron/core/nlp/morphology';
import { FUNCTION_WORDS, STOPWORDS } from '../../electron/core/nlp/stopwords';

const CORE = path.resolve(import.meta.dirname, '..', '..', 'electron', 'core');
const LISTS = path.join(CORE, 'nlp', 'lexicon');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('word lists', () => {
  it('every file of nlp/lexicon is registered and says what it holds and where it comes from', () => {
    const files = fs
      .readdirSync(LISTS)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(Object.keys(LEXICON).sort()).toEqual(files);
    for (const [name, list] of Object.entries(LEXICON)) {
      expect(list.about.length, name).toBeGreaterThan(20);
      expect(list.source.length, name).toBeGreaterThan(5);
      const words = Array.isArray(list.words) ? list.words : Object.keys(list.words as object);
      expect(words.length, name).toBeGreaterThan(0);
      const keys = words.map((w) => JSON.stringify(w));
      expect(new Set(keys).size, `${name} has no duplicates`).toBe(keys.length);
    }
  });

  it('the stop-word list is the function words; retrieval adds the words of asking', () => {
    for (const w of ['the', 'of', 'which', 'should', 'not']) expect(FUNCTION_WORDS.has(w)).toBe(true);
    for (const w of ['list', 'tell', 'name']) {
      expect(FUNCTION_WORDS.has(w)).toBe(false);
      expect(STOPWORDS.has(w)).toBe(true);
    }
    for (const w of FUNCTION_WORDS) expect(STOPWORDS.has(w)).toBe(true);
  });
});

describe('morphology', () => {
  it('one singular: endings, irregular and invariant nouns, names and acronyms as written', () => {
    expect(singular('values')).toBe('values'.slice(0, -1));
    expect(singular('properties')).toBe('property');
    expect(singular('addresses')).toBe('address');
    expect(singular('analyses')).toBe('analysis');
    expect(singular('children')).toBe('child');
    expect(singular('Caches')).toBe('Cache');
    for (const w of ['status', 'series', 'data', 'access', 'RADIUS', 'IPs', 'kbps']) expect(singular(w)).toBe(w);
    expect(singularPhrase('retransmissions of RADIUS packets')).toBe('retransmission of RADIUS packets');
    expect(singularPhrase('twelve columns')).toBe('twelve columns');
    // the head of "X of Y" is X; a count keeps its plural
    expect(singularPhrase('number of seconds')).toBe('number of seconds');
    expect(singularPhrase('two types of EAP keying material')).toBe('two types of EAP keying material');
    expect(pluralByEnding('systems')).toBe(true);
    expect(['class', 'corpus', 'analysis'].some(pluralByEnding)).toBe(false);
  });

  it('one stemmer: lemma first, then derivational suffixes', () => {
    expect(lemma('wrote')).toBe('write');
    expect(stem('wrote')).toBe(stem('writer'));
    expect(stem('directed')).toBe(stem('director'));
    expect(stem('locate')).toBe(stem('located'));
    // a relation label's family joins an -ate verb and its -ation noun; the stem keeps them apart
    expect(familyStem('location')).toBe(familyStem('located'));
    expect(familyStem('authenticated')).toBe(familyStem('authentication'));
    expect(stem('authenticator')).not.toBe(stem('authentication'));
  });

  it('one month list: names and abbreviations', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    for (const w of ['November', 'nov', 'Nov.', 'Sept', 'may']) expect(isMonthWord(w)).toBe(true);
    for (const w of ['Novel', 'mayor', 'Decimal']) expect(isMonthWord(w)).toBe(false);
  });
});

describe('one home', () => {
  it('no folder of the core but nlp/ defines a singular, a stemmer, a month list or a stop-word list', () => {
    const found: string[] = [];
    const own = [
      /function\s+singular(?:Noun|Word|Phrase)?\s*\(/,
      /function\s+(?:stem|suffixStem)\s*\(/,
      /const\s+\w*STOP\w*\s*=\s*new Set/,
      /January\|February\|March/,
    ];
    for (const file of sources(CORE)) {
      const rel = path.relative(CORE, file);
      if (rel.startsWith(`nlp${path.sep}`)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const re of own) if (re.test(text)) found.push(`${rel}: ${re.source}`);
    }
    expect(found).toEqual([]);
  });
});
