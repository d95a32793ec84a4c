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
}

/** The rows of each page that are running headers or footers (by page, as a set of rows). */
export function findFurniture(pages: { rows: Row[]; height: number; bottom: number }[]): Set<Row>[] {
  const out = pages.map(() => new Set<Row>());
  const edges: Edge[] = [];
  pages.forEach((p, i) => {
    const { rows } = p;
    const topLine = p.bottom + p.height * (1 - EDGE_SHARE);
    const bottomLine = p.bottom + p.height * EDGE_SHARE;
    for (let k = 0; k < Math.min(EDGE_ROWS, rows.length); k++) {
      if (rows[k].y < topLine) break;
      edges.push({ page: i, row: rows[k], top: true, key: keyOf(rowText(rows[k])) });
    }
    for (let k = rows.length - 1; k >= Math.max(0, rows.length - EDGE_ROWS); k--) {
      if (rows[k].y > bottomLine || (k < EDGE_ROWS && rows[k].y >= topLine)) break;
      edges.push({ page: i, row: rows[k], top: false, key: keyOf(rowText(rows[k])) });
    }
  });
  const withText = pages.filter((p) => p.rows.length).length;
  const most = Math.max(2, Math.ceil(withText / 2));
  // 1. a page number alone at an edge
  for (const e of edges) if (PAGE_NUMBER.test(e.key)) out[e.page].add(e.row);
  if (withText < 2) return out;
  // 2. the same text at the same height on most pages
  const byKey = new Map<string, Edge[]>();
  for (const e of edges) {
    if (!/[\p{L}#]/u.test(e.key)) continue;
    const list = byKey.get(e.key);
    if (list) list.push(e);
    else byKey.set(e.key, [e]);
  }
  for (const list of byKey.values()) for (const group of sameHeight(list)) if (new Set(group.map((e) => e.page)).size >= most) for (const e of group) out[e.page].add(e.row);
  // 3. a number counting with the page, at the same height on most pages
  const byOffset = new Map<string, Edge[]>();
  for (const e of edges) {
    const numbers = rowText(e.row).match(/(?<![\d.,])\d{1,4}(?![\d.,]*\d)/g) ?? [];
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
