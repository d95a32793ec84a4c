import type { Heading } from '../chunk/headings';

export interface Annotation {
  start: number;
  end: number;
  label: string;
  text: string;
}

/** Raw extraction, page by page: repaired and given headings by the pipeline. */
export interface RawDoc {
  kind: 'raw';
  title: string;
  format: string;
  pages: string[];
  /** The source has real pages (PDF): keep their numbers. */
  paged: boolean;
  mode: 'text' | 'pdf' | 'markdown';
  /** The extraction before repair (stored as original_text). */
  original: string;
  meta?: Record<string, unknown>;
}

/** Final text built by the parser (token formats, passages): spans already point into it. */
export interface ExactDoc {
  kind: 'exact';
  title: string;
  format: string;
  text: string;
  original: string;
  annotations?: Annotation[];
  headings?: Heading[];
  meta?: Record<string, unknown>;
}

export type ParsedDoc = RawDoc | ExactDoc;

/** What a parser gives back for one file: one document, or several (corpora, multi-paper CoNLL). */
export interface ParsedFile {
  docs: ParsedDoc[];
  /** Several documents from one file: deduplicated one by one, never versioned. */
  multi: boolean;
  /** Records left out with skipBadRecords: where ("record 17 (line 18)") and why. */
  skippedRecords?: { index: string; error: string }[];
}
