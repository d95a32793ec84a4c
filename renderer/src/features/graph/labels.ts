// Node labels that never collide: shortened sensibly (the whole label is in the hover tooltip), and
// shown by rank (start nodes, the selection, then the best-connected) wherever the next one does not
// overlap a label already placed, at a constant size on screen: zooming in makes room, so more of
// them show. Typed without the DOM: unit-tested outside a browser.

/** Labels longer than this are shortened. */
const LABEL_CHARS = 28;

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
  /** Other places (or shorter texts) to try, in order, when this box does not fit. */
  alternatives?: Omit<LabelBox, 'id' | 'alternatives'>[];
}

/** The width of a label on screen at this font size: measured when a measure is given, else about 0.6 em a glyph; plus its outline. */
export const labelWidth = (text: string, fontPx: number, measure?: (text: string, fontPx: number) => number) =>
  (measure ? measure(text, fontPx) : text.length * fontPx * 0.6) + 6;

const CELL = 64;

/** A drawn node's box on screen: a label may cover its own node, never another. */
export interface Obstacle {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The labels to show: in the order given (best first), each one whose box (with `gap` around it)
 * overlaps no label placed before it and no other node's body. A spatial grid keeps it near-linear.
 */
export function placeLabels(candidates: LabelBox[], gap = 2, obstacles: Obstacle[] = []): Set<string> {
  return new Set(placeLabelsAt(candidates, gap, obstacles).keys());
}

/**
 * As placeLabels, trying each candidate's alternatives in turn when its own box does not fit: the
 * labels shown, each with the box that fits (0 its own, 1 its first alternative, ...).
 */
export function placeLabelsAt(candidates: LabelBox[], gap = 2, obstacles: Obstacle[] = []): Map<string, number> {
  type Rect = { id: string; x1: number; y1: number; x2: number; y2: number; label: boolean };
  const grid = new Map<string, Rect[]>();
  const shown = new Map<string, number>();
  const each = (r: Rect, f: (key: string) => boolean | void): boolean => {
    for (let i = Math.floor(r.x1 / CELL); i <= Math.floor(r.x2 / CELL); i++)
      for (let j = Math.floor(r.y1 / CELL); j <= Math.floor(r.y2 / CELL); j++) if (f(`${i},${j}`) === true) return true;
    return false;
  };
  const add = (r: Rect) =>
    each(r, (key) => {
      const list = grid.get(key);
      if (list) list.push(r);
      else grid.set(key, [r]);
    });
  for (const o of obstacles) add({ ...o, label: false });
  for (const c of candidates) {
    const boxes = [c, ...(c.alternatives ?? [])];
    for (let k = 0; k < boxes.length; k++) {
      const b = boxes[k];
      const r: Rect = { id: c.id, x1: b.x - b.w / 2 - gap, x2: b.x + b.w / 2 + gap, y1: b.y - gap, y2: b.y + b.h + gap, label: true };
      const hit = each(r, (key) => grid.get(key)?.some((o) => (o.label || o.id !== r.id) && r.x1 < o.x2 && o.x1 < r.x2 && r.y1 < o.y2 && o.y1 < r.y2));
      if (hit) continue;
      shown.set(c.id, k);
      add({ ...r, x1: r.x1 + gap, x2: r.x2 - gap, y1: r.y1 + gap, y2: r.y2 - gap });
      break;
    }
  }
  return shown;
}
