// Running headers and footers: rows at the top or bottom edge of a page that are page furniture
// rather than text. Three signs, each about position and repetition, never about wording:
//  - the same text (digits masked) at the same height on most pages;
//  - a page number alone ("12", "Page 12", "12 of 40", "- 12 -", "xii");
//  - a number that counts with the page (page index + a constant) at the same height on most
//    pages, whatever the rest of the row says (a book's head: "5 1.1. TOPOLOGISCHE RÄUME").
import type { Row } from './rows';

/** How far from the page's top or bottom edge (as a share of its height) furniture sits. */
const EDGE_SHARE = 0.22;
/** Rows looked at from each edge of a page. */
const EDGE_ROWS = 2;

export const rowText = (row: Row) => row.runs.map((r) => r.str).join(' ');
const keyOf = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').replace(/\d+/g, '#').trim();

const PAGE_NUMBER = /^(?:page\s*)?#(?:\s*(?:of|\/)\s*#)?$|^[-–—]\s*#\s*[-–—]$|^[ivxlcdm]{1,7}$/i;

interface Edge {
  page: number;
  row: Row;
  top: boolean;
  key: string;
  /** Within the top or bottom share of the page where furniture sits. */
  zone: boolean;
}

/** The rows of each page that are running headers or footers (by page, as a set of rows). */
export function findFurniture(pages: { rows: Row[]; height: number; bottom: number }[]): Set<Row>[] {
  const out = pages.map(() => new Set<Row>());
  const edges: Edge[] = [];
  pages.forEach((p, i) => {
    const { rows } = p;
    const topLine = p.bottom + p.height * (1 - EDGE_SHARE);
    const bottomLine = p.bottom + p.height * EDGE_SHARE;
    for (let k = 0; k < Math.min(EDGE_ROWS, rows.length); k++)
      edges.push({ page: i, row: rows[k], top: true, key: keyOf(rowText(rows[k])), zone: rows[k].y >= topLine });
    for (let k = rows.length - 1; k >= Math.max(EDGE_ROWS, rows.length - EDGE_ROWS); k--)
      edges.push({ page: i, row: rows[k], top: false, key: keyOf(rowText(rows[k])), zone: rows[k].y <= bottomLine });
  });
  const withText = pages.filter((p) => p.rows.length).length;
  const most = Math.max(2, Math.ceil(withText / 2));
  // 1. a page number alone at an edge
  for (const e of edges) if (e.zone && PAGE_NUMBER.test(e.key)) out[e.page].add(e.row);
  if (withText < 2) return out;
  // 2. the same text at the same height on most pages, or as the very first or last line of most pages
  const outermost = (e: Edge) => {
    const rows = pages[e.page].rows;
    return e.row === rows[0] || e.row === rows[rows.length - 1];
  };
  const byKey = new Map<string, Edge[]>();
  for (const e of edges) {
    if (!/[\p{L}#]/u.test(e.key)) continue;
    const list = byKey.get(e.key);
    if (list) list.push(e);
    else byKey.set(e.key, [e]);
  }
  for (const list of byKey.values()) {
    for (const group of sameHeight(list)) if (new Set(group.map((e) => e.page)).size >= most) for (const e of group) out[e.page].add(e.row);
    // a text with no digits masked out and of some length: a running head wherever the page ends
    const ends = list.filter(outermost);
    if (ends[0] && ends[0].key.replace(/[#\s]/g, '').length >= 10 && new Set(ends.map((e) => e.page)).size >= most)
      for (const e of ends) out[e.page].add(e.row);
  }
  // 3. a number counting with the page, at the same height on most pages
  const byOffset = new Map<string, Edge[]>();
  for (const e of edges) {
    if (!e.zone) continue;
    // a page number stands apart in its row (a wide gap either side), unlike a section number before its title
    const runs = e.row.runs;
    const numbers = runs
      .filter((r, k) => {
        if (!/^\d{1,4}$/.test(r.str)) return false;
        const before = runs[k - 1];
        const after = runs[k + 1];
        return (!before || r.x - (before.x + before.w) >= r.size * 1.5) && (!after || after.x - (r.x + r.w) >= r.size * 1.5);
      })
      .map((r) => r.str);
    for (const n of new Set(numbers)) {
      const k = `${e.top ? 't' : 'b'}${Number(n) - e.page}`;
      const list = byOffset.get(k);
      if (list) list.push(e);
      else byOffset.set(k, [e]);
    }
  }
  const need = Math.max(3, Math.ceil(withText / 2));
  for (const list of byOffset.values()) {
    if (list.length < need) continue;
    for (const group of sameHeight(list)) if (new Set(group.map((e) => e.page)).size >= need) for (const e of group) out[e.page].add(e.row);
  }
  // never the body: when nothing would be left, what repeats is the text itself
  if (pages.every((p, i) => p.rows.every((r) => out[i].has(r)))) return pages.map(() => new Set<Row>());
  return out;
}

/** Edges grouped by height: within 3 points of the group's first. */
function sameHeight(list: Edge[]): Edge[][] {
  const sorted = [...list].sort((a, b) => a.row.y - b.row.y);
  const groups: Edge[][] = [];
  for (const e of sorted) {
    const g = groups[groups.length - 1];
    if (g && e.row.y - g[0].row.y <= 3) g.push(e);
    else groups.push([e]);
  }
  return groups;
}
