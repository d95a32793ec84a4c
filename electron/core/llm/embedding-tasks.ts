// Embedding models trained with task prefixes want them at use: a question embedded as a passage
// (or the other way round) lands off its neighbours. The families and their prefixes as their model
// cards give them; the family is read from the model's name (a GGUF's general.name or file name, an
// endpoint's model name). A model of no known family gets the texts as they are.

export type EmbeddingTask = 'query' | 'document';

export interface EmbeddingPrefixes {
  /** The family's name, part of the vector index's identity (vectors with and without prefixes do not mix). */
  family: string;
  query: string;
  document: string;
}

const RETRIEVAL_INSTRUCTION = 'Represent this sentence for searching relevant passages: ';

const FAMILIES: { family: string; test: RegExp; query: string; document: string }[] = [
  // nomic-embed-text v1 / v1.5 / v2
  { family: 'nomic', test: /nomic[-_ ]?(embed|bert)/i, query: 'search_query: ', document: 'search_document: ' },
  // e5 (intfloat e5-*, multilingual-e5-*); the instruct variant takes an instruction instead
  { family: 'e5-instruct', test: /\be5[-_].*instruct/i, query: 'Instruct: Given a question, retrieve passages that answer it\nQuery: ', document: '' },
  { family: 'e5', test: /(^|[^a-z])e5[-_ ]/i, query: 'query: ', document: 'passage: ' },
  // BAAI bge (English v1.5 and the zh/en v1 models; bge-m3 uses none)
  { family: 'bge', test: /\bbge[-_ ](?!m3)/i, query: RETRIEVAL_INSTRUCTION, document: '' },
  { family: 'mxbai', test: /mxbai[-_ ]embed/i, query: RETRIEVAL_INSTRUCTION, document: '' },
  { family: 'arctic', test: /arctic[-_ ]embed/i, query: RETRIEVAL_INSTRUCTION, document: '' },
  // Qwen3-Embedding and gte-Qwen: an instruction on the query side only
  {
    family: 'qwen-embedding',
    test: /qwen\d*[-_ ]?embedding|gte[-_ ]qwen/i,
    query: 'Instruct: Given a question, retrieve passages that answer it\nQuery: ',
    document: '',
  },
  { family: 'embeddinggemma', test: /embedding[-_ ]?gemma/i, query: 'task: search result | query: ', document: 'title: none | text: ' },
];

/** The task prefixes of the model's family, or null for a model that takes its texts as they are. */
export function embeddingPrefixes(...names: (string | null | undefined)[]): EmbeddingPrefixes | null {
  const text = names.filter(Boolean).join(' ');
  if (!text) return null;
  const f = FAMILIES.find((x) => x.test.test(text));
  return f ? { family: f.family, query: f.query, document: f.document } : null;
}

/** The texts with the task's prefix (a text that already carries it keeps it). */
export function withTaskPrefix(texts: string[], prefixes: EmbeddingPrefixes | null, task: EmbeddingTask = 'document'): string[] {
  const prefix = prefixes ? prefixes[task] : '';
  if (!prefix) return texts;
  return texts.map((t) => (t.startsWith(prefix) ? t : prefix + t));
}
