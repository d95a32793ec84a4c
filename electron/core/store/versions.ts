// SQL of editions: the versions of a document (documents.version / previous_id), the chunk matches
// of each version pair (chunk_matches), what a new version did to each triple (edition_changes),
// and the reads the diff needs. The logic lives in electron/core/editions/; this file only reads
// and writes rows. Row changes the review history must be able to undo go through the command
// layer's Recorder (review/commands.ts), not through here.
import type { Db } from './db';
import { parseJson } from './db';
import type { ChunkMatch, ChunkMatchKind, MatchableChunk } from '../document/editions';
import type { StandardId } from '../document/structure';

export interface VersionRow {
  id: number;
  version: number;
  previousId: number | null;
  title: string;
  path: string | null;
  contentHash: string;
  createdAt: string;
  chunks: number;
  standard: StandardId | null;
}

interface ChunkMatchRow {
  chunkId: number | null;
  previousChunkId: number | null;
  kind: ChunkMatchKind;
  similarity: number;
}

export type EditionChangeKind = 'moved' | 'stale' | 'review';
type EditionChangeState = 'open' | 'accepted' | 'rejected';

export interface EditionChangeRow {
  id: number;
  documentId: number;
  previousId: number;
  edgeId: number;
  kind: EditionChangeKind;
  old: { start: number; end: number; quote: string } | null;
  new: { start: number; end: number; quote: string } | null;
  state: EditionChangeState;
}

export interface EvidenceRow {
  edgeId: number;
  documentId: number;
  chunkId: number | null;
  start: number;
  end: number;
  quote: string;
}

export interface TripleRow {
  id: number;
  subject: string;
  relation: string;
  object: string;
  status: string;
  edited: boolean;
}

const VERSION_SQL = `SELECT d.id, d.version, d.previous_id, d.title, d.source_path, d.content_hash, d.created_at,
  (SELECT COUNT(*) FROM chunks c WHERE c.document_id = d.id) AS chunks, s.standard
  FROM documents d LEFT JOIN document_structure s ON s.document_id = d.id`;

interface RawVersion {
  id: number;
  version: number;
  previous_id: number | null;
  title: string;
  source_path: string | null;
  content_hash: string;
  created_at: string;
  chunks: number;
  standard: string | null;
}

const toVersion = (r: RawVersion): VersionRow => ({
  id: r.id,
  version: r.version,
  previousId: r.previous_id,
  title: r.title,
  path: r.source_path,
  contentHash: r.content_hash,
  createdAt: r.created_at,
  chunks: r.chunks,
  standard: parseJson<StandardId | null>(r.standard, null),
});

interface RawChange {
  id: number;
  document_id: number;
  previous_id: number;
  edge_id: number;
  kind: EditionChangeKind;
  old_start: number | null;
  old_end: number | null;
  old_quote: string | null;
  new_start: number | null;
  new_end: number | null;
  new_quote: string | null;
  state: EditionChangeState;
}

const toChange = (r: RawChange): EditionChangeRow => ({
  id: r.id,
  documentId: r.document_id,
  previousId: r.previous_id,
  edgeId: r.edge_id,
  kind: r.kind,
  old: r.old_start === null ? null : { start: r.old_start, end: r.old_end ?? r.old_start, quote: r.old_quote ?? '' },
  new: r.new_start === null ? null : { start: r.new_start, end: r.new_end ?? r.new_start, quote: r.new_quote ?? '' },
  state: r.state,
});

const ids = (list: number[]) => JSON.stringify(list);

export class VersionRepository {
  constructor(private readonly db: Db) {}

  version(id: number): VersionRow | undefined {
    const r = this.db.prepare(`${VERSION_SQL} WHERE d.id = ?`).get(id) as RawVersion | undefined;
    return r && toVersion(r);
  }

  /** Every version of the document `id` is one of, oldest first (following previous_id both ways). */
  chain(id: number): VersionRow[] {
    const first = this.version(id);
    if (!first) return [];
    const out: VersionRow[] = [first];
    const seen = new Set([first.id]);
    for (let v = first; v.previousId !== null && !seen.has(v.previousId);) {
      const p = this.version(v.previousId);
      if (!p) break;
      out.unshift(p);
      seen.add(p.id);
      v = p;
    }
    for (let v = out[out.length - 1]; ;) {
      const r = this.db.prepare(`${VERSION_SQL} WHERE d.previous_id = ? ORDER BY d.id LIMIT 1`).get(v.id) as RawVersion | undefined;
      if (!r || seen.has(r.id)) break;
      const n = toVersion(r);
      out.push(n);
      seen.add(n.id);
      v = n;
    }
    return out;
  }

  /** True when a newer version of this document exists. */
  superseded(id: number): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM documents WHERE previous_id = ?').get(id));
  }

  /** The newest versions of standards (documents with a stored standard and no successor), for edition identity. */
  latestStandards(): { id: number; standard: StandardId; title: string | null }[] {
    const rows = this.db
      .prepare(
        `SELECT d.id, s.standard, s.title FROM documents d JOIN document_structure s ON s.document_id = d.id
         WHERE s.standard IS NOT NULL AND d.format <> 'placeholder' AND NOT EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = d.id)
         ORDER BY d.id DESC`,
      )
      .all() as { id: number; standard: string; title: string | null }[];
    return rows.flatMap((r) => {
      const standard = parseJson<StandardId | null>(r.standard, null);
      return standard ? [{ id: r.id, standard, title: r.title }] : [];
    });
  }

  /** Make `id` the next version of `previousId` ("new edition of…" on drop). */
  link(id: number, previousId: number, version: number): void {
    this.db.prepare('UPDATE documents SET previous_id = ?, version = ? WHERE id = ?').run(previousId, version, id);
  }

  matchableChunks(documentId: number): MatchableChunk[] {
    return this.db.prepare('SELECT id, ordinal, start, end, text, hash FROM chunks WHERE document_id = ? ORDER BY ordinal').all(documentId) as MatchableChunk[];
  }

  hasMatches(documentId: number): boolean {
    return Boolean(this.db.prepare('SELECT 1 FROM chunk_matches WHERE document_id = ? LIMIT 1').get(documentId));
  }

  insertMatches(documentId: number, previousId: number, matches: ChunkMatch[]): void {
    const ins = this.db.prepare(
      'INSERT INTO chunk_matches (document_id, previous_id, chunk_id, previous_chunk_id, kind, similarity) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const m of matches) ins.run(documentId, previousId, m.chunk?.id ?? null, m.previous?.id ?? null, m.kind, m.similarity);
  }

  matches(documentId: number): ChunkMatchRow[] {
    return (
      this.db.prepare('SELECT chunk_id, previous_chunk_id, kind, similarity FROM chunk_matches WHERE document_id = ? ORDER BY id').all(documentId) as {
        chunk_id: number | null;
        previous_chunk_id: number | null;
        kind: ChunkMatchKind;
        similarity: number;
      }[]
    ).map((r) => ({ chunkId: r.chunk_id, previousChunkId: r.previous_chunk_id, kind: r.kind, similarity: r.similarity }));
  }

  /**
   * What every engine recorded for an unchanged chunk counts for its copy in the new version (same
   * content hash), so extraction skips it: only added and edited chunks are read again.
   */
  copyExtractions(fromChunk: number, toChunk: number): number {
    return this.db
      .prepare(
        `INSERT INTO chunk_extractions (chunk_id, engine, hash, triples, failures, tokens, job_id, updated_at)
         SELECT ?, x.engine, x.hash, x.triples, x.failures, x.tokens, x.job_id, x.updated_at FROM chunk_extractions x
         JOIN chunks c ON c.id = ? WHERE x.chunk_id = ? AND x.hash = c.hash
         ON CONFLICT (chunk_id, engine) DO NOTHING`,
      )
      .run(toChunk, toChunk, fromChunk).changes;
  }

  /** Ids of every evidence row (of triples and of nodes) in a document, in text order. */
  provenanceIds(documentId: number): number[] {
    return (this.db.prepare('SELECT id FROM provenance WHERE document_id = ? ORDER BY start, id').all(documentId) as { id: number }[]).map((r) => r.id);
  }

  evidenceIn(documentId: number): EvidenceRow[] {
    return (
      this.db
        .prepare('SELECT edge_id, document_id, chunk_id, start, end, quote FROM provenance WHERE document_id = ? AND edge_id IS NOT NULL ORDER BY start, id')
        .all(documentId) as {
        edge_id: number;
        document_id: number;
        chunk_id: number | null;
        start: number;
        end: number;
        quote: string;
      }[]
    ).map((r) => ({ edgeId: r.edge_id, documentId: r.document_id, chunkId: r.chunk_id, start: r.start, end: r.end, quote: r.quote }));
  }

  changes(documentIds: number[]): EditionChangeRow[] {
    if (!documentIds.length) return [];
    return (
      this.db.prepare('SELECT * FROM edition_changes WHERE document_id IN (SELECT value FROM json_each(?)) ORDER BY id').all(ids(documentIds)) as RawChange[]
    ).map(toChange);
  }

  triples(edgeIds: number[]): TripleRow[] {
    if (!edgeIds.length) return [];
    return (
      this.db
        .prepare(
          `SELECT e.id, s.label AS subject, e.relation, o.label AS object, e.status, e.edited FROM edges e
           JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id
           WHERE e.id IN (SELECT value FROM json_each(?)) ORDER BY e.id`,
        )
        .all(ids(edgeIds)) as { id: number; subject: string; relation: string; object: string; status: string; edited: number }[]
    ).map((r) => ({ ...r, edited: r.edited === 1 }));
  }

  /**
   * Triples that are stale: they have evidence, and all of it lies in versions a newer version
   * replaced (their clause was removed or reworded and nothing found them again). Never deleted.
   */
  staleEdges(edgeIds?: number[]): number[] {
    const filter = edgeIds ? 'AND p.edge_id IN (SELECT value FROM json_each(?))' : '';
    const rows = this.db
      .prepare(
        `SELECT p.edge_id AS id FROM provenance p WHERE p.edge_id IS NOT NULL ${filter}
         GROUP BY p.edge_id
         HAVING SUM(NOT EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = p.document_id)) = 0`,
      )
      .all(...(edgeIds ? [ids(edgeIds)] : [])) as { id: number }[];
    return rows.map((r) => r.id);
  }

  /** Per document version: how many of its chunk matches are of each kind (for the Documents view and ingest's `updated`). */
  matchCounts(documentId: number): Record<ChunkMatchKind, number> {
    const out: Record<ChunkMatchKind, number> = { unchanged: 0, moved: 0, edited: 0, added: 0, removed: 0 };
    for (const r of this.db.prepare('SELECT kind, COUNT(*) AS n FROM chunk_matches WHERE document_id = ? GROUP BY kind').all(documentId) as {
      kind: ChunkMatchKind;
      n: number;
    }[])
      out[r.kind] = r.n;
    return out;
  }

  /** Every document that has a previous version or a newer one: id, version, previous id, and whether a newer one exists. */
  versioned(): { id: number; version: number; previousId: number | null; current: boolean }[] {
    return (
      this.db
        .prepare(
          `SELECT d.id, d.version, d.previous_id, NOT EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = d.id) AS current FROM documents d
           WHERE d.previous_id IS NOT NULL OR EXISTS (SELECT 1 FROM documents n WHERE n.previous_id = d.id) ORDER BY d.id`,
        )
        .all() as { id: number; version: number; previous_id: number | null; current: number }[]
    ).map((r) => ({ id: r.id, version: r.version, previousId: r.previous_id, current: r.current === 1 }));
  }

  /** The smallest chunk of a document holding [start, end). */
  chunkAt(documentId: number, start: number, end: number): number | null {
    const r = this.db
      .prepare('SELECT id FROM chunks WHERE document_id = ? AND start <= ? AND end >= ? ORDER BY (end - start) LIMIT 1')
      .get(documentId, start, end) as { id: number } | undefined;
    return r?.id ?? null;
  }

  /**
   * Evidence rows an edition moved into `documentId`, newest first, with the row as it was before
   * (from the revision log of actor `actor`): what removing that version puts back.
   */
  movedInto(documentId: number, actor: string): { id: number; before: Record<string, unknown> }[] {
    return (
      this.db
        .prepare(
          `SELECT target_id, before FROM revisions WHERE actor = ? AND command = 'editions.apply' AND target_kind = 'provenance'
           AND json_extract(after, '$.document_id') = ? AND undone = 0 ORDER BY id DESC`,
        )
        .all(actor, documentId) as { target_id: number; before: string | null }[]
    ).flatMap((r) => {
      const before = parseJson<Record<string, unknown> | null>(r.before, null);
      return before ? [{ id: r.target_id, before }] : [];
    });
  }

  /** The status a triple had before it last went stale (edition_changes.status_before), or null. */
  statusBefore(edgeId: number): string | null {
    const r = this.db
      .prepare("SELECT status_before FROM edition_changes WHERE edge_id = ? AND kind = 'stale' AND status_before IS NOT NULL ORDER BY id DESC LIMIT 1")
      .get(edgeId) as { status_before: string } | undefined;
    return r?.status_before ?? null;
  }

  /** Open review and stale changes of a version (what the diff still asks the editor about). */
  openChanges(documentId: number): number {
    return (
      this.db.prepare("SELECT COUNT(*) AS n FROM edition_changes WHERE document_id = ? AND state = 'open' AND kind <> 'moved'").get(documentId) as { n: number }
    ).n;
  }
}
