// The shapes a PDF page's text goes through: runs (pdfjs text items with positions and fonts), rows
// (runs on one baseline), lines (a row's part in one column, in reading order), and what the reader
// hands the pipeline (the text with its headings, tables and per-line page boxes).

/** One pdfjs text item: a string on a baseline, in PDF user space (y up). */
export interface Run {
  str: string;
  x: number;
  /** Baseline. */
  y: number;
  w: number;
  /** Font size (the glyph height of the item's transform). */
  size: number;
  /** pdfjs's name of the font resource: one per font of the PDF (a bold face is another font). */
  font: string;
  mono: boolean;
}

/** A line of text in one column: runs in x order on one baseline. */
export interface Line {
  page: number;
  runs: Run[];
  x0: number;
  x1: number;
  y: number;
  /** The size and font most of its characters have. */
  size: number;
  font: string;
  mono: boolean;
  /** 0: the whole page width (or a line crossing the column gutter); 1, 2: left, right column. */
  column: number;
  /** The column's (or page body's) left and right edge. */
  left: number;
  right: number;
}

/** A page read into lines in reading order, with its size (viewport at scale 1) and the transform to it. */
export interface PageLines {
  number: number;
  width: number;
  height: number;
  /** PDF user space -> viewport (top-left origin): [a, b, c, d, e, f]. */
  transform: number[];
  lines: Line[];
}

/** A heading the layout found: by the PDF's outline or by its font. */
export interface LayoutHeading {
  start: number;
  end: number;
  number: string | null;
  heading: string;
  level: number;
}

export interface LayoutTable {
  page: number;
  caption?: string;
  header: string[];
  rows: string[][];
  start: number;
  end: number;
  /** The span of each row's line in the text (the header's first). */
  rowSpans: { start: number; end: number }[];
}

/** A page's boxes: [start, end, x, y, w, h] per line part, flattened; x, y (top) in viewport units at scale 1. */
export interface PageBoxes {
  number: number;
  width: number;
  height: number;
  boxes: number[];
}

/** What the PDF reader found besides the text. */
export interface PdfLayout {
  headings: LayoutHeading[];
  tables: LayoutTable[];
  pages: PageBoxes[];
  /** The headings came from the PDF's outline (bookmarks). */
  fromOutline: boolean;
  /** The title in the PDF's metadata, if any. */
  metadataTitle?: string;
  /** The largest text on the first page (a cover's title), if any. */
  coverTitle?: string;
  /** Running header and footer lines left out of the text. */
  furniture: number;
}
