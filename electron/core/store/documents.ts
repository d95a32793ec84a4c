import type Database from 'better-sqlite3';
import type { Db } from './db';
import { parseJson } from './db';
import type { Chunk, DocumentSummary } from '../../../shared/schemas';
import { analyzeStructure, type DocumentStructure, type RegionKind, type StandardId } from '../document/structure';
import type { Block } from '../document/blocks';

export interface NewChunk {
  ordinal: number;
  start: number;
  end: number;
  page: number | null;
  headingPath: string[];
  text: string;
  hash: string;
}

export interface NewDocument {
  title: string;
  sourcePath: string | null;
  format: string;
  language: string | null;
  pages: { number: number; start: number; end: number }[];
  contentHash: string;
  text: string;
  /** The extraction before repair; null when it is the text itself. Stored in pieces (document_text_pieces). */
  originalText: string | null;
  /**
   * In place of originalText: the original in pieces, read while the document is stored (a large
   * file's original, read again from its file rather than held in memory beside its text).
   */
  originalPieces?: () => Iterable<string>;
  meta?: Record<string, unknown>;
  previousId?: number | null;
  chunks: NewChunk[];
  annotations?: { start: number; end: number; label: string; text: string }[];
  /** The document's structure (document/structure.ts): stored as sections and regions. */
  structure?: DocumentStructure;
  /** A PDF's pages: each line's span in the text and its box on the page (the page view's highlight). */
  pageBoxes?: PageBoxes[];
}

/** One page's size and its boxes, flattened as [start, end, x, y, w, h] per line part (viewport units at scale 1, top-left origin). */
export interface PageBoxes {
  number: number;
  width: number;
  height: number;
  boxes: number[];
}

interface DocumentRow {
  id: number;
  title: string;
  source_path: string | null;
  format: string;
  language: string | null;
  pages: number | null;
  status: string;
  content_hash: string;
  created_at: string;
  version: number;
  previous_id: number | null;
  meta: string;
  chunks: number;
}

interface DocumentRecord extends DocumentSummary {
  contentHash: string;
  createdAt: string;
  version: number;
  previousId: number | null;
  meta: Record<string, unknown>;
}

/** Most characters in one stored piece of a text (document_text_pieces). */
export const TEXT_PIECE_CHARS = 1 << 20;

/**
 * A repaired text this long is stored in pieces, not in documents.text: bound as one value it
 * would be held three times over while it is written (its UTF-8 copy, SQLite's, the row's record).
 */
export const PIECED_TEXT_CHARS = 4 * TEXT_PIECE_CHARS;

type TextPart = 'text' | 'original';

/**
 * Cut texts into pieces of at most `size` characters, never between the two halves of a surrogate
 * pair (a lone half would not survive the conversion to UTF-8). The pieces join back into the texts.
 */
export function* textPieces(texts: Iterable<string>, size = TEXT_PIECE_CHARS): Generator<string> {
  const full = Math.max(2, size);
  let pending = '';
  for (const text of texts) {
    for (let at = 0; at < text.length;) {
      const end = Math.min(text.length, at + full - pending.length);
      pending = pending ? pending + text.slice(at, end) : text.slice(at, end);
      at = end;
      if (pending.length < full) continue;
      const last = pending.charCodeAt(pending.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        // a high surrogate waits for its low half, in the next piece
        yield pending.slice(0, -1);
        pending = pending.slice(-1);
      } else {
        yield pending;
        pending = '';
      }
    }
  }
  if (pending) yield pending;
}

/** A document with this many chunks fills its FTS rows in one statement (store/documents.ts insertChunks). */
const BULK_FTS_CHUNKS = 256;

const SUMMARY_SQL = `SELECT d.id, d.title, d.source_path, d.format, d.language, d.pages, d.status, d.content_hash,
  d.created_at, d.version, d.previous_id, d.meta, (SELECT COUNT(*) FROM chunks c WHERE c.document_id = d.id) AS chunks
  FROM documents d`;

function toRecord(r: DocumentRow): DocumentRecord {
  return {
    id: r.id,
    title: r.title,
    path: r.source_path,
    format: r.format,
    language: r.language,
    pages: r.pages,
    chunks: r.chunks,
    status: r.status,
    contentHash: r.content_hash,
    createdAt: r.created_at,
    version: r.version,
    previousId: r.previous_id,
    meta: parseJson(r.meta, {}),
  };
}

export class DocumentRepository {
  constructor(private readonly db: Db) {}

  list(): DocumentRecord[] {
    return (this.db.prepare(`${SUMMARY_SQL} ORDER BY d.id`).all() as DocumentRow[]).map(toRecord);
  }

  get(id: number): DocumentRecord | undefined {
    const row = this.stmt(`${SUMMARY_SQL} WHERE d.id = ?`).get(id) as DocumentRow | undefined;
    return row && toRecord(row);
  }

  findByHash(hash: string): DocumentRecord | undefined {
    const row = this.stmt(`${SUMMARY_SQL} WHERE d.content_hash = ? ORDER BY d.id DESC LIMIT 1`).get(hash) as DocumentRow | undefined;
    return row && toRecord(row);
  }

  /** The newest version of the document imported from this path, if any. */
  findLatestByPath(sourcePath: string): DocumentRecord | undefined {
    const row = this.db.prepare(`${SUMMARY_SQL} WHERE d.source_path = ? ORDER BY d.id DESC LIMIT 1`).get(sourcePath) as DocumentRow | undefined;
    return row && toRecord(row);
  }

  text(id: number, original = false): string | undefined {
    // an original is stored in pieces since migration 13 (none: the original is the text itself, or
    // documents.original_text of an older row)
    if (original) {
      const pieces = this.pieces(id, 'original');
      if (pieces !== undefined) return pieces;
    }
    // only the column asked for: a large document's text and original text are each as long as it
    const sql = original ? 'SELECT coalesce(original_text, text) AS text FROM documents WHERE id = ?' : 'SELECT text FROM documents WHERE id = ?';
    const row = this.stmt(sql).get(id) as { text: string } | undefined;
    // a large text is stored in pieces, documents.text '' then
    return row?.text === '' ? (this.pieces(id, 'text') ?? '') : row?.text;
  }

  /** One part of a document's texts joined from its pieces; undefined when it has none stored. */
  private pieces(id: number, part: TextPart): string | undefined {
    const row = this.stmt(
      "SELECT count(*) AS n, group_concat(text, '' ORDER BY ordinal) AS text FROM document_text_pieces WHERE document_id = ? AND part = ?",
    ).get(id, part) as { n: number; text: string | null };
    return row.n ? (row.text ?? '') : undefined;
  }

  /** Statements of the insert path, prepared once per connection (a corpus stores thousands of documents). */
  private readonly statements = new Map<string, Database.Statement>();

  private stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  /** Store a document with its pages, chunks and annotations, all or nothing. */
  insert(doc: NewDocument): number {
    const pieced = doc.text.length >= PIECED_TEXT_CHARS;
    return this.db.transaction(() => {
      const prev = doc.previousId ? this.get(doc.previousId) : undefined;
      const info = this.stmt(
        `INSERT INTO documents (title, source_path, format, language, pages, content_hash, text, original_text, meta, version, previous_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        doc.title,
        doc.sourcePath,
        doc.format,
        doc.language,
        doc.pages.length || null,
        doc.contentHash,
        pieced ? '' : doc.text,
        null,
        JSON.stringify(doc.meta ?? {}),
        prev ? prev.version + 1 : 1,
        prev ? prev.id : null,
      );
      const id = Number(info.lastInsertRowid);
      if (pieced) this.writePieces(id, 'text', [doc.text]);
      const original = doc.originalPieces?.() ?? (doc.originalText === null ? null : [doc.originalText]);
      if (original) this.writePieces(id, 'original', original);
      const page = this.stmt('INSERT INTO pages (document_id, number, start, end) VALUES (?, ?, ?, ?)');
      for (const p of doc.pages) page.run(id, p.number, p.start, p.end);
      this.insertChunks(id, doc.chunks);
      const ann = this.stmt('INSERT INTO annotations (document_id, start, end, label, text) VALUES (?, ?, ?, ?, ?)');
      for (const a of doc.annotations ?? []) ann.run(id, a.start, a.end, a.label, a.text);
      if (doc.structure) this.writeStructure(id, doc.structure);
      if (doc.pageBoxes?.length) this.writePageBoxes(id, doc.pageBoxes);
      return id;
    })();
  }

  /**
   * The chunks of a new document. Many chunks: without the FTS trigger (chunks_ai, one FTS insert
   * per row), then the document's rows into chunks_fts with one INSERT ... SELECT (in ordinal
   * order, as the trigger would) and the trigger back as it was, inside the caller's transaction
   * (about three times faster for a large text; the same index contents).
   */
  private insertChunks(id: number, chunks: NewChunk[]): void {
    const chunk = this.stmt('INSERT INTO chunks (document_id, ordinal, start, end, page, heading_path, text, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const trigger =
      chunks.length >= BULK_FTS_CHUNKS
        ? (this.stmt("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'chunks_ai' AND tbl_name = 'chunks'").get() as
            { sql: string } | undefined)
        : undefined;
    if (trigger) this.db.exec('DROP TRIGGER chunks_ai');
    for (const c of chunks) chunk.run(id, c.ordinal, c.start, c.end, c.page, JSON.stringify(c.headingPath), c.text, c.hash);
    if (trigger) {
      this.db.prepare('INSERT INTO chunks_fts(rowid, text) SELECT id, text FROM chunks WHERE document_id = ? ORDER BY ordinal').run(id);
      this.db.exec(trigger.sql);
    }
  }

  /** A text one piece a row (TEXT_PIECE_CHARS each), never bound as one value. An empty text is one empty piece. */
  private writePieces(id: number, part: TextPart, source: Iterable<string>): void {
    const put = this.stmt('INSERT INTO document_text_pieces (document_id, part, ordinal, text) VALUES (?, ?, ?, ?)');
    let ordinal = 0;
    for (const piece of textPieces(source)) put.run(id, part, ordinal++, piece);
    if (!ordinal) put.run(id, part, 0, '');
  }

  private writeStructure(id: number, st: DocumentStructure): void {
    this.stmt('INSERT INTO document_structure (document_id, standard, title) VALUES (?, ?, ?)').run(
      id,
      st.standard ? JSON.stringify(st.standard) : null,
      st.title,
    );
    const sec = this.stmt(
      'INSERT INTO sections (document_id, ordinal, number, heading, level, start, heading_end, end, annex) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    st.sections.forEach((s, i) => sec.run(id, i, s.number, s.heading, s.level, s.start, s.headingEnd, s.end, s.annex ?? null));
    const reg = this.stmt('INSERT INTO regions (document_id, kind, start, end) VALUES (?, ?, ?, ?)');
    for (const r of st.boilerplate) reg.run(id, r.kind, r.start, r.end);
    const table = this.stmt(
      'INSERT INTO document_tables (document_id, ordinal, page, caption, header, rows, row_spans, start, end) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    (st.tables ?? []).forEach((t, i) =>
      table.run(
        id,
        i,
        t.page,
        t.caption ?? null,
        JSON.stringify(t.header),
        JSON.stringify(t.rows),
        JSON.stringify(t.rowSpans.map((r) => [r.start, r.end])),
        t.start,
        t.end,
      ),
    );
    const block = this.stmt('INSERT INTO document_blocks (document_id, kind, start, end, label) VALUES (?, ?, ?, ?, ?)');
    for (const b of st.blocks ?? []) block.run(id, b.kind, b.start, b.end, b.label);
  }

  private writePageBoxes(id: number, pages: PageBoxes[]): void {
    const page = this.stmt('INSERT INTO page_boxes (document_id, number, width, height, boxes) VALUES (?, ?, ?, ?, ?)');
    for (const p of pages) page.run(id, p.number, p.width, p.height, JSON.stringify(p.boxes));
  }

  /** A PDF's pages with the boxes of its text (empty for a document without page layout). */
  pageBoxes(id: number): PageBoxes[] {
    return (
      this.db.prepare('SELECT number, width, height, boxes FROM page_boxes WHERE document_id = ? ORDER BY number').all(id) as {
        number: number;
        width: number;
        height: number;
        boxes: string;
      }[]
    ).map((r) => ({ number: r.number, width: r.width, height: r.height, boxes: parseJson<number[]>(r.boxes, []) }));
  }

  /**
   * The structure of a document: its standard, sections and boilerplate regions, as stored at
   * ingest; for a document imported before structure was stored, computed from its text now.
   * Undefined when there is no such document. Use with sectionAt / isBoilerplate / clauseLabel.
   */
  structure(id: number): DocumentStructure | undefined {
    const head = this.db.prepare('SELECT standard, title FROM document_structure WHERE document_id = ?').get(id) as
      { standard: string | null; title: string | null } | undefined;
    if (!head) {
      const text = this.text(id);
      return text === undefined ? undefined : analyzeStructure(text);
    }
    const sections = (
      this.db.prepare('SELECT number, heading, level, start, heading_end, end, annex FROM sections WHERE document_id = ? ORDER BY ordinal').all(id) as {
        number: string | null;
        heading: string;
        level: number;
        start: number;
        heading_end: number;
        end: number;
        annex: string | null;
      }[]
    ).map((r) => ({
      number: r.number,
      heading: r.heading,
      level: r.level,
      start: r.start,
      end: r.end,
      headingEnd: r.heading_end,
      ...(r.annex === 'normative' || r.annex === 'informative' ? { annex: r.annex as 'normative' | 'informative' } : {}),
    }));
    const boilerplate = this.db.prepare('SELECT kind, start, end FROM regions WHERE document_id = ? ORDER BY start, end DESC').all(id) as {
      kind: RegionKind;
      start: number;
      end: number;
    }[];
    const tables = (
      this.db.prepare('SELECT page, caption, header, rows, row_spans, start, end FROM document_tables WHERE document_id = ? ORDER BY ordinal').all(id) as {
        page: number | null;
        caption: string | null;
        header: string;
        rows: string;
        row_spans: string;
        start: number;
        end: number;
      }[]
    ).map((r) => ({
      page: r.page,
      ...(r.caption !== null ? { caption: r.caption } : {}),
      header: parseJson<string[]>(r.header, []),
      rows: parseJson<string[][]>(r.rows, []),
      start: r.start,
      end: r.end,
      rowSpans: parseJson<[number, number][]>(r.row_spans, []).map(([start, end]) => ({ start, end })),
    }));
    const blocks = this.db.prepare('SELECT kind, start, end, label FROM document_blocks WHERE document_id = ? ORDER BY start').all(id) as Block[];
    return {
      standard: head.standard ? parseJson<StandardId | null>(head.standard, null) : null,
      title: head.title,
      sections,
      boilerplate,
      ...(tables.length ? { tables } : {}),
      ...(blocks.length ? { blocks } : {}),
    };
  }

  setStatus(id: number, status: string): void {
    this.db.prepare('UPDATE documents SET status = ? WHERE id = ?').run(status, id);
  }

  remove(id: number): boolean {
    return this.db.prepare('DELETE FROM documents WHERE id = ?').run(id).changes > 0;
  }

  chunks(documentId: number): Chunk[] {
    const rows = this.db
      .prepare('SELECT id, ordinal, start, end, page, heading_path, text FROM chunks WHERE document_id = ? ORDER BY ordinal')
      .all(documentId) as { id: number; ordinal: number; start: number; end: number; page: number | null; heading_path: string; text: string }[];
    return rows.map((r) => ({
      id: r.id,
      ordinal: r.ordinal,
      start: r.start,
      end: r.end,
      page: r.page,
      headingPath: parseJson(r.heading_path, []),
      text: r.text,
    }));
  }

  chunk(id: number): (Chunk & { documentId: number; hash: string }) | undefined {
    const r = this.db.prepare('SELECT id, document_id, ordinal, start, end, page, heading_path, text, hash FROM chunks WHERE id = ?').get(id) as
      | { id: number; document_id: number; ordinal: number; start: number; end: number; page: number | null; heading_path: string; text: string; hash: string }
      | undefined;
    if (!r) return undefined;
    return {
      id: r.id,
      documentId: r.document_id,
      ordinal: r.ordinal,
      start: r.start,
      end: r.end,
      page: r.page,
      headingPath: parseJson(r.heading_path, []),
      text: r.text,
      hash: r.hash,
    };
  }

  pages(documentId: number): { number: number; start: number; end: number }[] {
    return this.db.prepare('SELECT number, start, end FROM pages WHERE document_id = ? ORDER BY number').all(documentId) as {
      number: number;
      start: number;
      end: number;
    }[];
  }

  annotations(documentId: number): { start: number; end: number; label: string; text: string }[] {
    return this.db.prepare('SELECT start, end, label, text FROM annotations WHERE document_id = ? ORDER BY start').all(documentId) as {
      start: number;
      end: number;
      label: string;
      text: string;
    }[];
  }

  /** Full-text search over chunks (FTS5, bm25: lower is better). */
  searchChunks(query: string, limit = 20): { id: number; documentId: number; score: number; text: string }[] {
    const q = toFtsQuery(query);
    if (!q) return [];
    return (
      this.db
        .prepare(
          `SELECT c.id, c.document_id, bm25(chunks_fts) AS score, c.text FROM chunks_fts
           JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ? ORDER BY score LIMIT ?`,
        )
        .all(q, limit) as { id: number; document_id: number; score: number; text: string }[]
    ).map((r) => ({ id: r.id, documentId: r.document_id, score: r.score, text: r.text }));
  }
}

/** Turn free text into a safe FTS5 OR-query of quoted terms. */
export function toFtsQuery(text: string): string {
  const terms = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(terms.map((t) => t.toLowerCase()))].map((t) => `"${t}"`).join(' OR ');
}
