// Node labels that never collide: shortened sensibly (the whole label is in the hover tooltip), and
// shown by rank (start nodes, the selection, then the best-connected) wherever the next one does not
// overlap a label already placed, at a constant size on screen: zooming in makes room, so more of
// them show. Typed without the DOM: unit-tested outside a browser.

/** Labels longer than this are shortened. */
export const LABEL_CHARS = 28;

/**
 * A label of at most `max` characters: whole when it fits; else without its parenthetical parts
 * when that fits; else cut at the last word boundary before the limit, with "…".
 */
export function shortLabel(label: string, max = LABEL_CHARS): string {
  const text = label.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const bare = text
    .replace(/\s*[([][^)\]]*[)\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (bare.length >= 3 && bare.length <= max) return bare;
  const room = bare.slice(0, max - 1);
  const cut = room.lastIndexOf(' ');
  // a word boundary not too far back, else the word is cut
  const kept = cut >= max * 0.5 ? room.slice(0, cut) : room;
  return `${kept.replace(/[\s,;:.\-–—/]+$/, '')}…`;
}

/** A label's box on screen: centred on x, its top at y. */
export interface LabelBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The width of a label on screen at this font size (an average glyph of 0.58 em, plus its outline). */
export const labelWidth = (text: string, fontPx: number) => text.length * fontPx * 0.58 + 6;

const CELL = 64;

/**
 * The labels to show: in the order given (best first), each one whose box (with `gap` around it)
 * overlaps none placed before it. A spatial grid keeps it near-linear.
 */
export function placeLabels(candidates: LabelBox[], gap = 2): Set<string> {
  const grid = new Map<string, LabelBox[]>();
  const shown = new Set<string>();
  const cells = (b: LabelBox, f: (key: string) => boolean | void): boolean => {
    const x0 = Math.floor((b.x - b.w / 2 - gap) / CELL);
    const x1 = Math.floor((b.x + b.w / 2 + gap) / CELL);
    const y0 = Math.floor((b.y - gap) / CELL);
    const y1 = Math.floor((b.y + b.h + gap) / CELL);
    for (let i = x0; i <= x1; i++) for (let j = y0; j <= y1; j++) if (f(`${i},${j}`) === true) return true;
    return false;
  };
  const overlaps = (a: LabelBox, b: LabelBox) => Math.abs(a.x - b.x) * 2 < a.w + b.w + 2 * gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
  for (const b of candidates) {
    const hit = cells(b, (key) => grid.get(key)?.some((o) => overlaps(b, o)));
    if (hit) continue;
    shown.add(b.id);
    cells(b, (key) => {
      const list = grid.get(key);
      if (list) list.push(b);
      else grid.set(key, [b]);
    });
  }
  return shown;
}
