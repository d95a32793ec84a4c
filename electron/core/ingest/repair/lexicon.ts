// A unigram word model over wordsninja's English frequency list (126k words, most frequent
// first), with a few technical words it lacks and simple suffix derivation (chunk -> chunking).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Technical vocabulary missing from the general list, ranked as fairly common words. */
const EXTRA_WORDS = [
  'chunking',
  'chunker',
  'chunkers',
  'embeddings',
  'tokenization',
  'tokenizer',
  'tokenizers',
  'tokenized',
  'preprocessing',
  'dataset',
  'datasets',
  'retriever',
  'retrievers',
  'reranking',
  'reranker',
  'multimodal',
  'metadata',
  'hyperparameter',
  'hyperparameters',
  'finetuning',
  'pretrained',
  'pretraining',
  'benchmark',
  'benchmarks',
  'workflow',
  'workflows',
  'pipeline',
  'pipelines',
  'subgraph',
  'subgraphs',
  'ontology',
  'ontologies',
  'multi',
  'hop',
  'llm',
  'llms',
  'rag',
  'saas',
  'api',
  'apis',
  'url',
  'urls',
  'json',
  'html',
  'pdf',
  'gpu',
  'gpus',
  'cpu',
  'cpus',
  'http',
  'https',
  'www',
  'github',
  'arxiv',
  'doi',
  'vectorized',
  'vectorization',
  'summarization',
  'contextual',
  'contextualized',
  'granularity',
  'granularities',
  'overlap',
  'overlaps',
  'overlapping',
  'recall',
  'precision',
  'relevance',
  'factuality',
  'conceptualization',
  'interpretability',
];

/** Suffixes tried on a word missing from the list: [suffix, what to add back to the stem]. */
const SUFFIXES: [string, string][] = [
  ['s', ''],
  ['es', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['ers', ''],
  ['ly', ''],
  ['ness', ''],
  ['ation', 'e'],
  ['ations', 'e'],
  ['ization', 'ize'],
  ['izations', 'ize'],
  ['ment', ''],
  ['ments', ''],
];
const SUFFIX_PENALTY = 3;

interface Lexicon {
  /** Cost (negative log probability) of a lowercase word, or undefined when it is not a word. */
  cost(word: string): number | undefined;
  has(word: string): boolean;
  readonly maxWordLength: number;
  /** Cost of a very rare but known word: a yardstick for unknown-word penalties. */
  readonly rareCost: number;
}

let cached: Lexicon | undefined;

export function lexicon(): Lexicon {
  if (cached) return cached;
  const words = require('wordsninja/words-en.json') as string[];
  const logN = Math.log(words.length);
  const base = new Map<string, number>();
  words.forEach((w, i) => {
    const k = w.toLowerCase();
    if (!base.has(k)) base.set(k, Math.log((i + 1) * logN));
  });
  const extraCost = Math.log(8000 * logN);
  for (const w of EXTRA_WORDS) if (!base.has(w)) base.set(w, extraCost);
  const derived = new Map<string, number | null>();
  let maxLen = 0;
  for (const k of base.keys()) if (k.length > maxLen) maxLen = k.length;
  const cost = (word: string): number | undefined => {
    const direct = base.get(word);
    if (direct !== undefined) return direct;
    if (word.length < 6) return undefined;
    const memo = derived.get(word);
    if (memo !== undefined) return memo ?? undefined;
    let best: number | null = null;
    for (const [suffix, add] of SUFFIXES) {
      if (!word.endsWith(suffix)) continue;
      const stem = word.slice(0, -suffix.length) + add;
      if (stem.length < 3) continue;
      const c = base.get(stem);
      if (c !== undefined && (best === null || c + SUFFIX_PENALTY < best)) best = c + SUFFIX_PENALTY;
    }
    if (derived.size > 200_000) derived.clear();
    derived.set(word, best);
    return best ?? undefined;
  };
  cached = {
    cost,
    has: (w) => cost(w.toLowerCase()) !== undefined,
    maxWordLength: Math.min(maxLen, 28),
    rareCost: Math.log(words.length * logN),
  };
  return cached;
}
