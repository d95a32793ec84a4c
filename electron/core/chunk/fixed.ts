// Fixed-size windows with overlap, ends moved back to a word boundary when one is near.
import type { Span } from './sentences';
import { trimSpan } from './recursive';

export function fixedSpans(text: string, size: number, overlap: number): Span[] {
  size = Math.max(1, Math.floor(size));
  overlap = Math.max(0, Math.min(Math.floor(overlap), size - 1));
  const out: Span[] = [];
  const n = text.length;
  let pos = 0;
  while (pos < n) {
    while (pos < n && /\s/.test(text[pos])) pos++;
    if (pos >= n) break;
    let end = Math.min(n, pos + size);
    if (end < n) {
      const floor = pos + Math.floor(size * 0.8);
      let b = end;
      while (b > floor && !/\s/.test(text[b - 1])) b--;
      if (b > floor) end = b;
      else if (/[\uDC00-\uDFFF]/.test(text[end])) end--;
    }
    const sp = trimSpan(text, pos, end);
    if (sp.end > sp.start) out.push(sp);
    if (end >= n) break;
    let next = end - overlap;
    if (next <= pos) next = end;
    // Start the next window at a word boundary.
    if (next < end && next > 0 && !/\s/.test(text[next - 1])) {
      let k = next;
      while (k < end && !/\s/.test(text[k])) k++;
      next = k < end ? k : next;
    }
    pos = next;
  }
  return out;
}
