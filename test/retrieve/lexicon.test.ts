// No dataset vocabulary in retrieval and answering: the lexicon, stopwords and answer typing are
// general English. This test reads the sources and fails if film / QA-set words come back.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { stem } from '../../electron/core/nlp/morphology';
import { STOPWORDS } from '../../electron/core/nlp/stopwords';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SOURCES = [
  'electron/core/retrieve/text.ts',
  'electron/core/nlp/wordnet.ts',
  'electron/core/nlp/morphology.ts',
  'electron/core/nlp/lexicon/function-words.json',
  'electron/core/nlp/lexicon/query-words.json',
  'electron/core/retrieve/paths.ts',
  'electron/core/retrieve/link.ts',
  'electron/core/retrieve/sentences.ts',
  'electron/core/retrieve/answers.ts',
  'electron/core/retrieve/question.ts',
  'electron/core/chat/extractive.ts',
  'electron/core/chat/answer.ts',
];
const DATASET_WORDS = [
  'movie',
  'movies',
  'film',
  'films',
  'starring',
  'starred',
  'actor',
  'actors',
  'actress',
  'actresses',
  'screenwriter',
  'screenplay',
  'costar',
  'imdb',
  'rating',
  'ratings',
  'votes',
  'spouse',
  'birth',
  'birthplace',
  'award',
  'awards',
];

describe('no dataset vocabulary', () => {
  it('the lexicon, stopword and answer-typing sources hold none of the film / QA-set words', () => {
    const found: string[] = [];
    for (const rel of SOURCES) {
      const text = fs.readFileSync(path.join(ROOT, rel), 'utf8').toLowerCase();
      for (const w of DATASET_WORDS) if (new RegExp(`\\b${w}\\b`).test(text)) found.push(`${rel}: ${w}`);
    }
    expect(found).toEqual([]);
    for (const w of DATASET_WORDS) expect(STOPWORDS.has(w)).toBe(false);
  });

  it('relation words meet through general morphology (lemmas, then suffixes)', () => {
    expect(stem('wrote')).toBe(stem('written'));
    expect(stem('writer')).toBe(stem('writes'));
    expect(stem('wrote')).toBe(stem('writer'));
    expect(stem('directed')).toBe(stem('director'));
    expect(stem('spoken')).toBe(stem('speaks'));
    expect(stem('released')).toBe(stem('release'));
    expect(stem('transmitted')).toBe(stem('transmits'));
    expect(stem('port')).not.toBe(stem('part'));
  });
});
