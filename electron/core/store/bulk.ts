// Write side of graph import: prepared statements reused for every row, meant to run inside one
// transaction (the caller's), so 35,000 triples land in well under a second and a bad file leaves
// nothing behind.
import type { Db } from './db';
import { parseJson } from './db';
import { normalizeLabel } from './normalize';
import type { EdgeStatus, NodeKind, Stage } from '../../../shared/schemas';

export interface BulkNode {
  kind: Exclude<NodeKind, 'passage'>;
  label: string;
  type?: string | null;
  aliases?: string[];
}

export interface BulkEdge {
  subjectId: number;
  relation: string;
  objectId: number;
  stage: Stage;
  status: EdgeStatus;
  confidence: number;
  engine: string;
  model?: string | null;
}

export interface BulkDocumentRef {
  title: string;
  contentHash: string | null;
  sourcePath?: string | null;
  format?: string | null;
}

export interface BulkChunkRef {
  ordinal: number;
  start: number;
  end: number;
  page: number | null;
}

export interface BulkProvenance {
  edgeId?: number;
  nodeId?: number;
  documentId: number;
  chunkId: number | null;
  start: number;
  end: number;
  quote: string;
}

/** Normalised relation text, as GraphRepository.upsertEdge stores it. */
export const normalizeRelation = (r: string) => r.replace(/\s+/g, ' ').trim();

export const PLACEHOLDER_FORMAT = 'placeholder';

export class BulkGraphWriter {
  private readonly nodeIds = new Map<string, number>();
  private readonly docIds = new Map<string, { id: number; placeholder: boolean }>();
  private readonly chunkIds = new Map<string, number | null>();
  private readonly placeholders = new Set<number>();
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      // `kind <> 'passage'` lets SQLite use the partial unique index nodes_identity (else: a scan per lookup).
      findNode: db.prepare("SELECT id, type, aliases FROM nodes WHERE kind = ? AND norm = ? AND kind <> 'passage'"),
      insertNode: db.prepare('INSERT INTO nodes (kind, label, norm, type, aliases) VALUES (?, ?, ?, ?, ?)'),
      updateNode: db.prepare('UPDATE nodes SET type = ?, aliases = ? WHERE id = ?'),
      insertEdge: db.prepare(
        `INSERT INTO edges (subject_id, relation, object_id, stage, status, confidence, engine, model) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (subject_id, relation, object_id) DO NOTHING`,
      ),
      findEdge: db.prepare('SELECT id FROM edges WHERE subject_id = ? AND relation = ? AND object_id = ?'),
      insertNodeLink: db.prepare(
        `INSERT INTO concept_links (concept_id, node_id, level, model, batch) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (concept_id, node_id) WHERE node_id IS NOT NULL DO NOTHING`,
      ),
      insertRelationLink: db.prepare(
        `INSERT INTO concept_links (concept_id, relation, level, model, batch) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (concept_id, relation) WHERE relation IS NOT NULL DO NOTHING`,
      ),
      docByHash: db.prepare(`SELECT id, format FROM documents WHERE content_hash = ? ORDER BY (format = '${PLACEHOLDER_FORMAT}'), id LIMIT 1`),
      insertDoc: db.prepare(
        `INSERT INTO documents (title, source_path, format, content_hash, text, status, meta) VALUES (?, ?, '${PLACEHOLDER_FORMAT}', ?, '', 'placeholder', ?)`,
      ),
      chunkByOrdinal: db.prepare('SELECT id, start, end FROM chunks WHERE document_id = ? AND ordinal = ?'),
      insertChunk: db.prepare("INSERT INTO chunks (document_id, ordinal, start, end, page, text, hash) VALUES (?, ?, ?, ?, ?, '', 'placeholder')"),
      dupEdgeProv: db.prepare('SELECT 1 FROM provenance WHERE edge_id = ? AND document_id = ? AND start = ? AND end = ?'),
      dupNodeProv: db.prepare('SELECT 1 FROM provenance WHERE node_id = ? AND document_id = ? AND start = ? AND end = ?'),
      insertProv: db.prepare('INSERT INTO provenance (edge_id, node_id, document_id, chunk_id, start, end, quote) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      docQuotes: db.prepare('SELECT start, quote FROM provenance WHERE document_id = ? ORDER BY start, id'),
      docChunks: db.prepare('SELECT id, start, end FROM chunks WHERE document_id = ?'),
      setDocText: db.prepare('UPDATE documents SET text = ? WHERE id = ?'),
      setChunkText: db.prepare('UPDATE chunks SET text = ? WHERE id = ?'),
    };
  }

  /** The node with this kind and normalised label, created if missing; new aliases and a missing type are added. */
  node(n: BulkNode): { id: number; created: boolean } {
    const label = n.label.trim();
    const norm = normalizeLabel(label);
    if (!norm) throw new Error(`empty node label: ${JSON.stringify(n.label)}`);
    const key = `${n.kind}\u0000${norm}`;
    const cached = this.nodeIds.get(key);
    if (cached !== undefined && !n.aliases?.length && !n.type) return { id: cached, created: false };
    const existing = this.s.findNode.get(n.kind, norm) as { id: number; type: string | null; aliases: string } | undefined;
    if (existing) {
      const aliases: string[] = parseJson(existing.aliases, []);
      const more = (n.aliases ?? []).filter((a) => a && !aliases.includes(a));
      const type = existing.type ?? n.type ?? null;
      if (more.length || type !== existing.type) this.s.updateNode.run(type, JSON.stringify([...aliases, ...more]), existing.id);
      this.nodeIds.set(key, existing.id);
      return { id: existing.id, created: false };
    }
    const info = this.s.insertNode.run(n.kind, label, norm, n.type ?? null, JSON.stringify(n.aliases ?? []));
    const id = Number(info.lastInsertRowid);
    this.nodeIds.set(key, id);
    return { id, created: true };
  }

  /** Add a triple; an existing one (same subject, relation, object) is kept as it is. */
  edge(e: BulkEdge): { id: number; created: boolean } {
    const relation = normalizeRelation(e.relation);
    if (!relation) throw new Error('empty relation');
    const info = this.s.insertEdge.run(e.subjectId, relation, e.objectId, e.stage, e.status, e.confidence, e.engine, e.model ?? null);
    if (info.changes) return { id: Number(info.lastInsertRowid), created: true };
    const row = this.s.findEdge.get(e.subjectId, relation, e.objectId) as { id: number };
    return { id: row.id, created: false };
  }

  conceptLink(l: { conceptId: number; nodeId?: number | null; relation?: string | null; level?: number; model?: string | null; batch?: string | null }): boolean {
    const args = [l.level ?? 0, l.model ?? null, l.batch ?? null];
    if (l.nodeId != null) return this.s.insertNodeLink.run(l.conceptId, l.nodeId, ...args).changes > 0;
    if (l.relation) return this.s.insertRelationLink.run(l.conceptId, normalizeRelation(l.relation), ...args).changes > 0;
    throw new Error('concept link without a node or a relation');
  }

  /**
   * The document evidence points into: the real one when this database holds a document with the
   * same content hash, else a placeholder record (format 'placeholder') created once and reused.
   */
  document(ref: BulkDocumentRef): { id: number; placeholder: boolean; created: boolean } {
    const hash = ref.contentHash || `title:${ref.title}`;
    const cached = this.docIds.get(hash);
    if (cached) return { ...cached, created: false };
    const real = ref.contentHash ? (this.s.docByHash.get(ref.contentHash) as { id: number; format: string } | undefined) : undefined;
    if (real && real.format !== PLACEHOLDER_FORMAT) {
      const v = { id: real.id, placeholder: false };
      this.docIds.set(hash, v);
      return { ...v, created: false };
    }
    const phHash = `placeholder:${hash}`;
    const prior = this.s.docByHash.get(phHash) as { id: number } | undefined;
    let id: number;
    let created = false;
    if (prior) id = prior.id;
    else {
      const meta = { placeholder: true, contentHash: ref.contentHash ?? null, format: ref.format ?? null };
      id = Number(this.s.insertDoc.run(ref.title || 'Imported document', ref.sourcePath ?? null, phHash, JSON.stringify(meta)).lastInsertRowid);
      created = true;
    }
    this.placeholders.add(id);
    const v = { id, placeholder: true };
    this.docIds.set(hash, v);
    return { ...v, created };
  }

  /** The chunk of a document with this ordinal: created in placeholders, looked up (or null) in real documents. */
  chunk(doc: { id: number; placeholder: boolean }, c: BulkChunkRef): number | null {
    const key = `${doc.id}:${c.ordinal}`;
    const cached = this.chunkIds.get(key);
    if (cached !== undefined) return cached;
    const row = this.s.chunkByOrdinal.get(doc.id, c.ordinal) as { id: number; start: number; end: number } | undefined;
    let id: number | null = null;
    if (row) id = row.id;
    else if (doc.placeholder) id = Number(this.s.insertChunk.run(doc.id, c.ordinal, c.start, c.end, c.page).lastInsertRowid);
    this.chunkIds.set(key, id);
    return id;
  }

  provenance(p: BulkProvenance): boolean {
    if ((p.edgeId == null) === (p.nodeId == null)) throw new Error('provenance needs exactly one of edge and node');
    const dup = p.edgeId != null ? this.s.dupEdgeProv.get(p.edgeId, p.documentId, p.start, p.end) : this.s.dupNodeProv.get(p.nodeId, p.documentId, p.start, p.end);
    if (dup) return false;
    this.s.insertProv.run(p.edgeId ?? null, p.nodeId ?? null, p.documentId, p.chunkId, p.start, Math.max(p.end, p.start), p.quote);
    return true;
  }

  /**
   * Give each placeholder document a text in which every quote sits at its own span (spaces in
   * between), and each placeholder chunk the slice of it: char spans stay valid.
   */
  finish(): { placeholders: number } {
    for (const docId of this.placeholders) {
      let text = '';
      for (const q of this.s.docQuotes.all(docId) as { start: number; quote: string }[]) {
        if (q.start > text.length) text += ' '.repeat(q.start - text.length);
        if (q.start + q.quote.length > text.length) text += q.quote.slice(text.length - q.start);
      }
      const chunks = this.s.docChunks.all(docId) as { id: number; start: number; end: number }[];
      const end = chunks.reduce((m, c) => Math.max(m, c.end), text.length);
      if (end > text.length) text += ' '.repeat(end - text.length);
      this.s.setDocText.run(text, docId);
      for (const c of chunks) this.s.setChunkText.run(text.slice(c.start, c.end), c.id);
    }
    return { placeholders: this.placeholders.size };
  }
}
