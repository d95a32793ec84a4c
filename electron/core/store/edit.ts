// SQL of the review command layer: whole-row snapshots of the graph tables (what the revision log
// stores as before/after), writing a snapshot back exactly (undo/redo), the revision log itself, and
// the lookups the commands need. The commands (electron/core/review/) decide; this file only reads
// and writes rows.
import type { Db } from './db';
import { parseJson } from './db';
import { DocumentRepository } from './documents';

/** Row kinds the command layer edits, and their tables. */
export const ROW_TABLES = {
  node: 'nodes',
  edge: 'edges',
  provenance: 'provenance',
  merge_candidate: 'merge_candidates',
  concept_link: 'concept_links',
  edition_change: 'edition_changes',
} as const;
export type RowKind = keyof typeof ROW_TABLES;

/** A whole row, every column (as SQLite returns it), `id` included. */
export type Row = Record<string, unknown> & { id: number };

export function isRowKind(kind: string): kind is RowKind {
  return Object.prototype.hasOwnProperty.call(ROW_TABLES, kind);
}

type RevisionState = 'done' | 'undone' | 'discarded';

interface RevisionRow {
  id: number;
  at: string;
  actor: string;
  command: string;
  targetKind: string;
  targetId: number | null;
  before: Row | null;
  after: Row | null;
  groupId: string;
  state: RevisionState;
}

export interface RevisionGroupRow {
  groupId: string;
  command: string;
  actor: string;
  at: string;
  changes: number;
  summary: string;
  state: RevisionState;
}

interface NewRevision {
  actor: string;
  command: string;
  targetKind: string;
  targetId: number | null;
  before: unknown;
  after: unknown;
  groupId: string;
}

interface RawRevision {
  id: number;
  at: string;
  actor: string;
  command: string;
  target_kind: string;
  target_id: number | null;
  before: string | null;
  after: string | null;
  group_id: string;
  undone: number;
}

// `revisions.undone`: 0 = done; n > 0 = undone, n-th undo (the highest is redone first); -1 = undone
// and then discarded by a newer edit (no longer redoable).
const stateOf = (undone: number): RevisionState => (undone === 0 ? 'done' : undone > 0 ? 'undone' : 'discarded');

const toRevision = (r: RawRevision): RevisionRow => ({
  id: r.id,
  at: r.at,
  actor: r.actor,
  command: r.command,
  targetKind: r.target_kind,
  targetId: r.target_id,
  before: parseJson<Row | null>(r.before, null),
  after: parseJson<Row | null>(r.after, null),
  groupId: r.group_id,
  state: stateOf(r.undone),
});

/** The target kind of the one marker row each group starts with (its summary); never replayed. */
export const GROUP_MARKER = 'group';

export class EditRepository {
  private readonly columns = new Map<RowKind, string[]>();

  constructor(private readonly db: Db) {}

  private cols(kind: RowKind): string[] {
    let c = this.columns.get(kind);
    if (!c) {
      c = (this.db.prepare(`SELECT name FROM pragma_table_info(?)`).all(ROW_TABLES[kind]) as { name: string }[]).map((r) => r.name);
      this.columns.set(kind, c);
    }
    return c;
  }

  // ---- rows

  row(kind: RowKind, id: number): Row | null {
    return (this.db.prepare(`SELECT * FROM ${ROW_TABLES[kind]} WHERE id = ?`).get(id) as Row | undefined) ?? null;
  }

  rows(kind: RowKind, ids: number[]): Row[] {
    if (!ids.length) return [];
    return this.db.prepare(`SELECT * FROM ${ROW_TABLES[kind]} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids)) as Row[];
  }

  insert(kind: RowKind, values: Record<string, unknown>): number {
    const cols = Object.keys(values).filter((c) => this.cols(kind).includes(c));
    const info = this.db
      .prepare(`INSERT INTO ${ROW_TABLES[kind]} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
      .run(...cols.map((c) => values[c] as never));
    return Number(info.lastInsertRowid);
  }

  update(kind: RowKind, id: number, patch: Record<string, unknown>): void {
    const cols = Object.keys(patch).filter((c) => c !== 'id' && this.cols(kind).includes(c));
    if (!cols.length) return;
    this.db.prepare(`UPDATE ${ROW_TABLES[kind]} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...cols.map((c) => patch[c] as never), id);
  }

  delete(kind: RowKind, id: number): void {
    this.db.prepare(`DELETE FROM ${ROW_TABLES[kind]} WHERE id = ?`).run(id);
  }

  /** Make the row with this id exactly `row` (every column), or absent when `row` is null. */
  put(kind: RowKind, id: number, row: Row | null): void {
    if (row === null) return this.delete(kind, id);
    const cols = this.cols(kind).filter((c) => c in row);
    if (this.db.prepare(`SELECT 1 FROM ${ROW_TABLES[kind]} WHERE id = ?`).get(id)) {
      const set = cols.filter((c) => c !== 'id');
      this.db.prepare(`UPDATE ${ROW_TABLES[kind]} SET ${set.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`).run(...set.map((c) => row[c] as never), id);
    } else {
      this.db
        .prepare(`INSERT INTO ${ROW_TABLES[kind]} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
        .run(...cols.map((c) => row[c] as never));
    }
  }

  /**
   * Undo or redo one revision: make the row `target` again. When the row exists on both sides of
   * the revision (an update), only the columns the revision changed are written back, so what
   * changed the row since in other columns stays (evidence a new edition moved to its spans stays
   * there when an older edit of the same row is undone). Inserts and deletes restore the whole row.
   */
  revert(kind: RowKind, id: number, target: Row | null, other: Row | null): void {
    if (target === null || other === null) return this.put(kind, id, target);
    const current = this.row(kind, id);
    if (!current) return this.put(kind, id, target);
    const patch: Record<string, unknown> = {};
    for (const c of Object.keys(target)) if (c !== 'id' && target[c] !== other[c]) patch[c] = target[c];
    // a status set before a newer edition made the triple stale: undoing or redoing it leaves it stale
    if (kind === 'edge' && current.status === 'stale' && target.status !== 'stale' && other.status !== 'stale') delete patch.status;
    this.update(kind, id, patch);
  }

  // ---- lookups for the commands

  nodeByNorm(kind: string, norm: string): Row | null {
    return (this.db.prepare(`SELECT * FROM nodes WHERE kind = ? AND norm = ? AND kind <> 'passage'`).get(kind, norm) as Row | undefined) ?? null;
  }

  edgeByIdentity(subjectId: number, relation: string, objectId: number): Row | null {
    return (
      (this.db.prepare('SELECT * FROM edges WHERE subject_id = ? AND relation = ? AND object_id = ?').get(subjectId, relation, objectId) as Row | undefined) ??
      null
    );
  }

  edgesTouching(nodeIds: number[]): Row[] {
    const j = JSON.stringify(nodeIds);
    return this.db
      .prepare('SELECT * FROM edges WHERE subject_id IN (SELECT value FROM json_each(?)) OR object_id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .all(j, j) as Row[];
  }

  edgesWithRelation(relation: string): Row[] {
    return this.db.prepare('SELECT * FROM edges WHERE relation = ? ORDER BY id').all(relation) as Row[];
  }

  provenanceOfEdges(edgeIds: number[]): Row[] {
    if (!edgeIds.length) return [];
    return this.db.prepare('SELECT * FROM provenance WHERE edge_id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(edgeIds)) as Row[];
  }

  /** What new editions recorded about these edges (edition_changes: moved, stale, to review again). */
  editionChangesOfEdges(edgeIds: number[]): Row[] {
    if (!edgeIds.length) return [];
    return this.db.prepare('SELECT * FROM edition_changes WHERE edge_id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(edgeIds)) as Row[];
  }

  provenanceOfNodes(nodeIds: number[]): Row[] {
    if (!nodeIds.length) return [];
    return this.db.prepare('SELECT * FROM provenance WHERE node_id IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(nodeIds)) as Row[];
  }

  mergeCandidatesTouching(nodeIds: number[]): Row[] {
    const j = JSON.stringify(nodeIds);
    return this.db
      .prepare('SELECT * FROM merge_candidates WHERE a_id IN (SELECT value FROM json_each(?)) OR b_id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .all(j, j) as Row[];
  }

  mergeCandidatePair(aId: number, bId: number): Row | null {
    return (this.db.prepare('SELECT * FROM merge_candidates WHERE a_id = ? AND b_id = ?').get(aId, bId) as Row | undefined) ?? null;
  }

  conceptLinksTouching(nodeIds: number[]): Row[] {
    const j = JSON.stringify(nodeIds);
    return this.db
      .prepare('SELECT * FROM concept_links WHERE concept_id IN (SELECT value FROM json_each(?)) OR node_id IN (SELECT value FROM json_each(?)) ORDER BY id')
      .all(j, j) as Row[];
  }

  conceptLinksWithRelation(relation: string): Row[] {
    return this.db.prepare('SELECT * FROM concept_links WHERE relation = ? ORDER BY id').all(relation) as Row[];
  }

  conceptLinkFor(conceptId: number, nodeId: number | null, relation: string | null): Row | null {
    const r =
      nodeId !== null
        ? this.db.prepare('SELECT * FROM concept_links WHERE concept_id = ? AND node_id = ?').get(conceptId, nodeId)
        : this.db.prepare('SELECT * FROM concept_links WHERE concept_id = ? AND relation = ?').get(conceptId, relation);
    return (r as Row | undefined) ?? null;
  }

  /** Edge count of each node. */
  degrees(nodeIds: number[]): Map<number, number> {
    const out = new Map<number, number>(nodeIds.map((id) => [id, 0]));
    if (!nodeIds.length) return out;
    const j = JSON.stringify(nodeIds);
    const rows = this.db
      .prepare(
        `SELECT n, COUNT(*) AS c FROM (
           SELECT subject_id AS n FROM edges WHERE subject_id IN (SELECT value FROM json_each(?))
           UNION ALL SELECT object_id FROM edges WHERE object_id IN (SELECT value FROM json_each(?))) GROUP BY n`,
      )
      .all(j, j) as { n: number; c: number }[];
    for (const r of rows) out.set(r.n, r.c);
    return out;
  }

  documentText(id: number): string | null {
    // (a large document's text is stored in pieces: read through the repository)
    return new DocumentRepository(this.db).text(id) ?? null;
  }

  chunkAt(documentId: number, start: number, end: number): number | null {
    const r = this.db
      .prepare('SELECT id FROM chunks WHERE document_id = ? AND start <= ? AND end >= ? ORDER BY (end - start) LIMIT 1')
      .get(documentId, start, end) as { id: number } | undefined;
    return r?.id ?? null;
  }

  // ---- the revision log

  addRevision(r: NewRevision): void {
    this.db
      .prepare('INSERT INTO revisions (actor, command, target_kind, target_id, before, after, group_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(
        r.actor,
        r.command,
        r.targetKind,
        r.targetId,
        r.before === null || r.before === undefined ? null : JSON.stringify(r.before),
        r.after === null || r.after === undefined ? null : JSON.stringify(r.after),
        r.groupId,
      );
  }

  /** Every revision of a group, in the order they were written. */
  groupRevisions(groupId: string): RevisionRow[] {
    return (this.db.prepare('SELECT * FROM revisions WHERE group_id = ? ORDER BY id').all(groupId) as RawRevision[]).map(toRevision);
  }

  /** The newest group of this actor that is done (what undo undoes). */
  lastDoneGroup(actor: string): string | null {
    const r = this.db.prepare('SELECT group_id FROM revisions WHERE actor = ? AND undone = 0 ORDER BY id DESC LIMIT 1').get(actor) as
      { group_id: string } | undefined;
    return r?.group_id ?? null;
  }

  /** The group of this actor undone last and not discarded since (what redo redoes). */
  lastUndoneGroup(actor: string): string | null {
    const r = this.db.prepare('SELECT group_id FROM revisions WHERE actor = ? AND undone > 0 ORDER BY undone DESC, id DESC LIMIT 1').get(actor) as
      { group_id: string } | undefined;
    return r?.group_id ?? null;
  }

  markUndone(groupId: string): void {
    const next = (this.db.prepare('SELECT COALESCE(MAX(undone), 0) + 1 AS n FROM revisions').get() as { n: number }).n;
    this.db.prepare('UPDATE revisions SET undone = ? WHERE group_id = ?').run(next, groupId);
  }

  markDone(groupId: string): void {
    this.db.prepare('UPDATE revisions SET undone = 0 WHERE group_id = ?').run(groupId);
  }

  /** A new edit by this actor: what it had undone can no longer be redone. */
  discardRedo(actor: string): void {
    this.db.prepare('UPDATE revisions SET undone = -1 WHERE actor = ? AND undone > 0').run(actor);
  }

  group(groupId: string): RevisionGroupRow | null {
    return this.groups({ groupId, limit: 1 })[0] ?? null;
  }

  /** Groups newest first, with their summary (from the group's marker row). */
  groups(q: { actor?: string; groupId?: string; limit: number }): RevisionGroupRow[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.actor) {
      where.push('actor = ?');
      args.push(q.actor);
    }
    if (q.groupId) {
      where.push('group_id = ?');
      args.push(q.groupId);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.db
      .prepare(
        `SELECT group_id, MIN(id) AS first, MIN(at) AS at, actor, command, MAX(undone) AS undone, MIN(undone) AS minUndone,
           SUM(target_kind <> '${GROUP_MARKER}') AS changes,
           (SELECT json_extract(r2.after, '$.summary') FROM revisions r2 WHERE r2.group_id = r.group_id AND r2.target_kind = '${GROUP_MARKER}' LIMIT 1) AS summary
         FROM revisions r ${w} GROUP BY group_id ORDER BY first DESC LIMIT ?`,
      )
      .all(...args, q.limit) as {
      group_id: string;
      at: string;
      actor: string;
      command: string;
      undone: number;
      minUndone: number;
      changes: number;
      summary: string | null;
    }[];
    return rows.map((r) => ({
      groupId: r.group_id,
      command: r.command,
      actor: r.actor,
      at: r.at,
      changes: r.changes,
      summary: r.summary ?? r.command,
      state: stateOf(r.minUndone < 0 ? -1 : r.undone),
    }));
  }

  /** The row as the log last saw it (for rows since deleted). */
  lastKnownRow(kind: RowKind, id: number): Row | null {
    const r = this.db
      .prepare('SELECT COALESCE(after, before) AS row FROM revisions WHERE target_kind = ? AND target_id = ? ORDER BY id DESC LIMIT 1')
      .get(kind, id) as { row: string | null } | undefined;
    return parseJson<Row | null>(r?.row, null);
  }

  /** Revisions of one row, oldest first. */
  targetRevisions(kind: RowKind, id: number): RevisionRow[] {
    return (this.db.prepare('SELECT * FROM revisions WHERE target_kind = ? AND target_id = ? ORDER BY id').all(kind, id) as RawRevision[]).map(toRevision);
  }
}
