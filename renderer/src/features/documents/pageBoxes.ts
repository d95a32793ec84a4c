// Where a span of the document text lies on a PDF's pages: the boxes ingest kept for each line's part
// of the text (documents.layout), cut to the span. Pure, so it is tested without a browser.

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  /** [start, end, x, y, w, h] per line part, flattened; viewport units at scale 1, top-left origin. */
  boxes: number[];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The rectangles of [start, end) on one page: each box the span overlaps, narrowed in proportion
 * to the characters of its line the span covers (a line's glyphs are about evenly wide).
 */
export function spanRects(page: PageLayout, start: number, end: number): Rect[] {
  const out: Rect[] = [];
  const b = page.boxes;
  for (let k = 0; k + 5 < b.length; k += 6) {
    const [s, e, x, y, w, h] = [b[k], b[k + 1], b[k + 2], b[k + 3], b[k + 4], b[k + 5]];
    if (e <= start || s >= end || e <= s) continue;
    const f0 = Math.max(0, (start - s) / (e - s));
    const f1 = Math.min(1, (end - s) / (e - s));
    out.push({ x: x + w * f0, y, w: Math.max(1, w * (f1 - f0)), h });
  }
  return out;
}

/** The pages a span lies on, in order, with its rectangles on each. */
export function spanPages(pages: PageLayout[], start: number, end: number): { index: number; rects: Rect[] }[] {
  const out: { index: number; rects: Rect[] }[] = [];
  pages.forEach((p, index) => {
    const rects = spanRects(p, start, end);
    if (rects.length) out.push({ index, rects });
  });
  return out;
}

/** Base64 to bytes (the document's file as documents.file hands it over). */
export function bytesOf(base64: string): Uint8Array {
  const bin = atob(base64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
