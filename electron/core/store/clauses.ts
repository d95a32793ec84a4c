// The clause (section number, heading, label) a document offset lies in, from the sections stored
// at ingest (migration 0005): what provenance carries to the CLI, Review and exports.
import type { Db } from './db';
import { parseJson } from './db';
import { formatClause, type StandardId } from '../document/structure';

export interface Clause {
  /** '3.1'; null for an unnumbered section. */
  section: string | null;
  heading: string;
  /** 'RFC 3580 §3.1 User-Name'. */
  clause: string;
}

/** Looks clauses up one span at a time (one indexed query each; a document's standard read once). */
export class ClauseLookup {
  private readonly stmt;
  private readonly standardStmt;
  private readonly ids = new Map<number, string | null>();
  private withinStmt: { all(...params: unknown[]): unknown[] } | undefined;

  constructor(private readonly db: Db) {
    // The innermost section holding the offset is the one holding it that starts last.
    this.stmt = db.prepare('SELECT number, heading FROM sections WHERE document_id = ? AND start <= ? AND end > ? ORDER BY start DESC LIMIT 1');
    this.standardStmt = db.prepare('SELECT standard FROM document_structure WHERE document_id = ?');
  }

  private standardId(documentId: number): string | null {
    let id = this.ids.get(documentId);
    if (id === undefined) {
      const row = this.standardStmt.get(documentId) as { standard: string | null } | undefined;
      id = parseJson<StandardId | null>(row?.standard, null)?.id ?? null;
      this.ids.set(documentId, id);
    }
    return id;
  }

  at(documentId: number, offset: number): Clause | null {
    const row = this.stmt.get(documentId, offset, offset) as { number: string | null; heading: string } | undefined;
    if (!row) return null;
    return { section: row.number, heading: row.heading, clause: formatClause(this.standardId(documentId), row.number, row.heading) };
  }

  /** The sections overlapping [start, end) of a document, by start, with offsets relative to `start` (innermost last among those holding an offset). */
  within(documentId: number, start: number, end: number): { start: number; end: number; clause: string }[] {
    this.withinStmt ??= this.db.prepare(
      'SELECT number, heading, start, end FROM sections WHERE document_id = ? AND start < ? AND end > ? ORDER BY start, end DESC',
    );
    const rows = this.withinStmt.all(documentId, end, start) as { number: string | null; heading: string; start: number; end: number }[];
    const id = this.standardId(documentId);
    return rows.map((r) => ({ start: r.start - start, end: r.end - start, clause: formatClause(id, r.number, r.heading) }));
  }

  /** The sections whose heading is one of `headings` (case-insensitive, as written otherwise): "4.1. Acct-Tunnel-Connection" for "acct-tunnel-connection". */
  headed(headings: string[]): { documentId: number; start: number; end: number; heading: string }[] {
    const wanted = [...new Set(headings.map((h) => h.trim().toLowerCase()).filter(Boolean))].slice(0, 50);
    if (!wanted.length) return [];
    return this.db
      .prepare(
        `SELECT document_id AS documentId, start, end, heading FROM sections WHERE lower(heading) IN (${wanted.map(() => '?').join(', ')}) ORDER BY document_id, start`,
      )
      .all(...wanted) as { documentId: number; start: number; end: number; heading: string }[];
  }

  /** Every document that is a recognised standard, with its identification and its first chunk (the header). */
  standards(): { documentId: number; chunkId: number | null; standard: StandardId }[] {
    const rows = this.db
      .prepare(
        `SELECT ds.document_id AS documentId, ds.standard AS standard,
                (SELECT c.id FROM chunks c WHERE c.document_id = ds.document_id ORDER BY c.ordinal LIMIT 1) AS chunkId
         FROM document_structure ds WHERE ds.standard IS NOT NULL`,
      )
      .all() as { documentId: number; chunkId: number | null; standard: string }[];
    return rows
      .map((r) => ({ documentId: r.documentId, chunkId: r.chunkId, standard: parseJson<StandardId | null>(r.standard, null) }))
      .filter((r): r is { documentId: number; chunkId: number | null; standard: StandardId } => !!r.standard?.id);
  }
}
