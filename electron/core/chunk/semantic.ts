// Semantic chunking: embed every sentence, break where the distance between adjacent sentences
// is above its 95th percentile (and at headings); groups over the size are split recursively.
import type { Heading } from './headings';
import { splitSentences, type Span } from './sentences';
import { append, recursiveRange } from './recursive';
import { cosineDistance } from '../text/similarity';

/** Embeds texts; the LLM engine's `embed` (electron/core/llm/engine.ts) has this shape. */
export type EmbedFn = (texts: string[]) => Promise<number[][]>;

export class NoEmbedderError extends Error {
  constructor(detail?: string) {
    super(
      `semantic chunking needs an embedding model: choose one for the 'embedding' role, or use the recursive or fixed chunker${detail ? ` (${detail})` : ''}`,
    );
    this.name = 'NoEmbedderError';
  }
}

interface SemanticOptions {
  size: number;
  headings?: Heading[];
  embed?: EmbedFn;
  /** Breakpoint percentile of adjacent-sentence distances (default 95). */
  percentile?: number;
  batchSize?: number;
  signal?: AbortSignal;
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export async function semanticSpans(text: string, options: SemanticOptions): Promise<Span[]> {
  if (!options.embed) throw new NoEmbedderError();
  const size = Math.max(1, Math.floor(options.size));
  const sentences = splitSentences(text);
  if (sentences.length < 3) return recursiveRange(text, 0, text.length, { size, headings: options.headings });
  const batch = options.batchSize ?? 64;
  const vectors: number[][] = [];
  for (let i = 0; i < sentences.length; i += batch) {
    if (options.signal?.aborted) throw new Error('cancelled');
    const part = sentences.slice(i, i + batch).map((s) => text.slice(s.start, s.end));
    const got = await options.embed(part);
    if (!Array.isArray(got) || got.length !== part.length)
      throw new Error(`embedding model returned ${Array.isArray(got) ? got.length : 'no'} vectors for ${part.length} sentences`);
    append(vectors, got);
  }
  const distances = sentences.slice(1).map((_, i) => cosineDistance(vectors[i], vectors[i + 1]));
  const threshold = percentile(distances, options.percentile ?? 95);
  const headingStarts = (options.headings ?? []).map((h) => h.start).sort((a, b) => a - b);
  const headingBetween = (a: number, b: number) => headingStarts.some((h) => h > a && h <= b);
  const out: Span[] = [];
  let groupStart = sentences[0].start;
  for (let i = 0; i < sentences.length; i++) {
    const last = i === sentences.length - 1;
    const breakHere = last || distances[i] > threshold || headingBetween(sentences[i].start, sentences[i + 1].start);
    if (!breakHere) continue;
    const end = sentences[i].end;
    if (end - groupStart > size) append(out, recursiveRange(text, groupStart, end, { size, headings: options.headings }));
    else out.push({ start: groupStart, end });
    if (!last) groupStart = sentences[i + 1].start;
  }
  return out;
}
