// The one English pipeline of the project (wink-nlp with its lite web model: sentence boundaries,
// part-of-speech tags, lemmas), loaded once on first use; the model ships in node_modules. The
// classic extractor reads sentences with it, retrieval tags and lemmatises questions with it.
//
// Every read starts from the model as shipped. wink-nlp adds each word it has not seen to its lexicon
// and keeps it: how the next text is split into tokens ("is this a known word?") and the category,
// shape and affixes its tagger reads for that word come from the first text that held it. So the tags
// of a sentence depended on every text read before it in the process (a number tagged PROPN in one
// document and NUM after another document had written it alone), and with them a document's triples
// depended on its batch-mates and on where a resumed job restarted. `forgetReadWords` takes back what
// the previous read added before each new one.
import { createRequire } from 'node:module';
import type winkNLPModule from 'wink-nlp';
import type modelModule from 'wink-eng-lite-web-model';

export type Nlp = ReturnType<typeof winkNLPModule>;

// Required on first use, not imported: the model costs ~40 MB resident once read, and a process
// that never reads English (the core storing a text ingest, a CLI export) should not carry it.
const require = createRequire(import.meta.url);

/** One of the model's growing feature tables (wink-nlp's core model: `features.<name>`). */
interface FeatureTable {
  list: string[];
  hash: Record<string, number>;
  index: number;
  intrinsicSize: number;
}

/** The tables wink-nlp grows while reading: the lexicon and the affix and shape values packed into it. */
interface GrowingTables {
  lexeme: FeatureTable;
  packed: FeatureTable[];
}

/**
 * Words added past the model's own lexicon before the pipeline is built afresh: their rows stay (see
 * `forgetReadWords`), about 60 bytes each, so a long job would grow without bound.
 */
const REBUILD_AFTER_WORDS = 500_000;

let inner: { nlp: Nlp; tables: GrowingTables; forgottenUpTo: number } | null = null;
let facade: Nlp | null = null;
/**
 * The model's pattern machines, loaded once: its loader turns them into a string in place, so each
 * further call would stringify that string again (it doubles, and a dozen builds exhaust memory).
 */
let metaPatterns: unknown;

function build(): NonNullable<typeof inner> {
  const winkNLP = require('wink-nlp') as typeof winkNLPModule;
  const model = require('wink-eng-lite-web-model') as typeof modelModule;
  let core: { features: Record<string, FeatureTable> } | null = null;
  const source = model as unknown as Record<string, unknown> & { core: () => typeof core };
  // the same model, its core kept in hand: the tables below are the ones the pipeline writes to
  const metaCER = source.metaCER as () => unknown;
  const nlp = winkNLP({ ...source, core: () => (core = source.core()), metaCER: () => (metaPatterns ??= metaCER()) } as unknown as typeof model, [
    'sbd',
    'pos',
  ]);
  const features = (core as { features: Record<string, FeatureTable> } | null)?.features;
  if (!features?.lexeme?.hash || !Array.isArray(features.lexeme.list))
    throw new Error('wink-nlp: the model has no lexicon table (its layout changed): the English pipeline cannot start clean');
  const packed = ['prefix', 'suffix', 'shape'].map((name) => features[name]).filter((t): t is FeatureTable => Array.isArray(t?.list) && !!t.hash);
  return { nlp, tables: { lexeme: features.lexeme, packed }, forgottenUpTo: features.lexeme.intrinsicSize };
}

/**
 * Take back what earlier reads added, so the next one reads as the first read of a fresh pipeline:
 * - the affix and shape tables go back to the model's own size (their new values get the same
 *   numbers as in a fresh pipeline, and the packed bits never overflow);
 * - words added to the lexicon are no longer found by their text, so the next text that holds one
 *   adds it again from its own context. Their rows stay: wink-nlp keeps each word's packed
 *   features in a list of its own, by position, which cannot be cut back from outside.
 */
function forgetReadWords(p: NonNullable<typeof inner>): void {
  const { lexeme, packed } = p.tables;
  for (let i = p.forgottenUpTo; i < lexeme.list.length; i++) {
    const word = lexeme.list[i];
    if (lexeme.hash[word] === i) delete lexeme.hash[word];
  }
  p.forgottenUpTo = lexeme.list.length;
  for (const t of packed) {
    for (let i = t.intrinsicSize; i < t.list.length; i++) delete t.hash[t.list[i]];
    t.list.length = t.intrinsicSize;
    t.index = t.intrinsicSize;
  }
}

/** The pipeline for the next read: built on first use, and again once its kept rows grow large. */
function pipeline(): NonNullable<typeof inner> {
  if (!inner || inner.tables.lexeme.list.length - inner.tables.lexeme.intrinsicSize > REBUILD_AFTER_WORDS) inner = build();
  else forgetReadWords(inner);
  return inner;
}

/**
 * The English pipeline (sentence boundaries + POS), created on first use. Its `readDoc` reads each
 * text as a fresh pipeline would: the answer depends on that text alone. A document read earlier is
 * read with what it added until the next `readDoc`.
 */
export function englishNlp(): Nlp {
  if (!facade) {
    const first = pipeline().nlp;
    facade = { ...first, readDoc: (text: string) => pipeline().nlp.readDoc(text) };
  }
  return facade;
}
