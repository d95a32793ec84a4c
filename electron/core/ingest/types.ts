import type { Heading } from '../chunk/headings';
import type { PdfLayout } from './pdf/types';

export interface Annotation {
  start: number;
  end: number;
  label: string;
  text: string;
}

/** Raw extraction, page by page: repaired and given headings by the pipeline. */
interface RawDoc {
  kind: 'raw';
  title: string;
  format: string;
  pages: string[];
  /** The source has real pages (PDF): keep their numbers. */
  paged: boolean;
  mode: 'text' | 'pdf' | 'markdown';
  /** The extraction before repair (stored as original_text). */
  original: string;
  /** Tables read from the source's table elements (HTML, DOCX), written into the text one row a line. */
  tables?: { caption?: string; header: string[]; rows: string[][] }[];
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

/**
 * A document whose text the parser laid out itself from page positions (PDF): spans of pages,
 * headings, tables and page boxes already point into `text`.
 */
interface LayoutDoc {
  kind: 'layout';
  title: string;
  format: string;
  text: string;
  /** The extraction before layout: every line of every page, running heads included (stored as original_text). */
  original: string;
  pages: { number: number; start: number; end: number }[];
  layout: PdfLayout;
  meta?: Record<string, unknown>;
}

export type ParsedDoc = RawDoc | ExactDoc | LayoutDoc;

/** What a parser gives back for one file: one document, or several (corpora, multi-paper CoNLL). */
export interface ParsedFile {
  docs: ParsedDoc[];
  /** Several documents from one file: deduplicated one by one, never versioned. */
  multi: boolean;
  /** Records left out with skipBadRecords: where ("record 17 (line 18)") and why. */
  skippedRecords?: { index: string; error: string }[];
}
