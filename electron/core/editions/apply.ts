// A new version of a document, applied to what was built from the one before it: the chunks are
// matched (unchanged, moved, edited, added, removed); what every engine read of an unchanged chunk
// counts for its copy (so only added and edited chunks are extracted again); evidence whose text is
// still there moves to the new version's spans; a reviewed triple whose evidence changed is flagged
// for re-review, with the old and the new text; any other triple whose evidence is gone is stale
// (kept, its evidence left in the older version, which stays readable). Runs inside the transaction
// that stored the new version and logs every row it touches in the revision log, as the command
// layer does (review/commands.ts), under its own actor. Reached through editionsOf(store): the store
// knows nothing of editions (no store <-> editions cycle).
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../shared/errors';
import type { Store } from '../store';
import { EditRepository, GROUP_MARKER, type Row, type RowKind } from '../store/edit';
import { Recorder } from '../review/recorder';
import { VersionRepository, type EditionChangeKind } from '../store/versions';
import {
  changedChunks,
  closestSentence,
  countMatches,
  diffClauses,
  editionKey,
  findQuote,
  matchChunks,
  type MatchCounts,
  type MatchableChunk,
} from '../document/editions';
import type { DocumentStructure } from '../document/structure';
import type { NewDocument } from '../store/documents';
import type { EdgeStatus } from '../../../shared/schemas';

/** The actor the revision log names for what a new edition did to the graph. */
const EDITIONS_ACTOR = 'engine:editions';

interface EditionOutcome {
  id: number;
  previousId: number;
  version: number;
  chunks: MatchCounts;
  /** Chunks to extract again: the added and the edited ones. */
  changedChunks: number;
  triples: { moved: number; stale: number; review: number };
}

/**
 * The stored document a new one is the next version of, by identity: the newest version imported
 * from the same path, else the newest version of the same standard (identifier and title, see
 * editionKey). Undefined for a document of its own.
 */
function previousEdition(store: Store, doc: Pick<NewDocument, 'sourcePath' | 'structure' | 'title'>): { id: number } | undefined {
  const versions = store.versions;
  const byPath = doc.sourcePath ? store.documents.findLatestByPath(doc.sourcePath) : undefined;
  // the newest version of that document (a later one may have come from another path)
  if (byPath) return versions.chain(byPath.id).at(-1);
  const key = editionKey(doc.structure?.standard, doc.structure?.title ?? doc.title);
  if (!key) return undefined;
  return versions.latestStandards().find((c) => editionKey(c.standard, c.title) === key);
}

/**
 * Row writes logged as revisions of one group: the command layer's Recorder, except that an update of
 * a row that is gone is skipped (editions touch rows an edit may have removed meanwhile), and the group
 * closes with its marker row.
 */
export class RevisionLog {
  private readonly rec: Recorder;
  constructor(
    private readonly repo: EditRepository,
    readonly actor: string,
    readonly command: string,
    readonly groupId: string,
  ) {
    this.rec = new Recorder(repo, actor, command, groupId);
  }

  get changes(): number {
    return this.rec.changes;
  }

  insert(kind: RowKind, values: Record<string, unknown>): Row {
    return this.rec.insert(kind, values);
  }

  update(kind: RowKind, id: number, patch: Record<string, unknown>): void {
    if (this.repo.row(kind, id)) this.rec.update(kind, id, patch);
  }

  /** Close the group: its marker row, with the summary the history shows. */
  finish(summary: string): void {
    if (this.changes > 0)
      this.repo.addRevision({
        actor: this.actor,
        command: this.command,
        targetKind: GROUP_MARKER,
        targetId: null,
        before: null,
        after: { summary },
        groupId: this.groupId,
      });
  }
}

const reviewed = (e: Row) => e.status === 'accepted' || (e.edited === 1 && e.status !== 'rejected');

/** The smallest chunk holding [start, end), else one holding start. `chunks` in text order (ordinal, so start). */
function chunkAtOffset(chunks: MatchableChunk[], start: number, end: number): MatchableChunk | undefined {
  // the first chunk starting after `start`; the candidates start at or before it (overlap: a few back)
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (chunks[mid].start <= start) lo = mid + 1;
    else hi = mid;
  }
  let best: MatchableChunk | undefined;
  let any: MatchableChunk | undefined;
  for (let i = lo - 1; i >= 0 && i >= lo - 8; i--) {
    const c = chunks[i];
    if (c.end > start) any ??= c;
    if (c.start <= start && c.end >= end && (!best || c.end - c.start < best.end - best.start)) best = c;
  }
  return best ?? any;
}

/**
 * Apply the version `id` to the graph built from its previous version (documents.previous_id).
 * Idempotent: a version already applied is only summarised. Null when `id` has no previous version.
 * Call inside a transaction (the ingest's, or the one "new edition of…" runs in).
 */
function applyEdition(store: Store, id: number): EditionOutcome | null {
  const versions = store.versions;
  const doc = versions.version(id);
  if (!doc || doc.previousId === null) return null;
  const previousId = doc.previousId;
  if (versions.hasMatches(id)) return summarize(versions, id, previousId, doc.version);

  const oldChunks = versions.matchableChunks(previousId);
  const newChunks = versions.matchableChunks(id);
  const matches = matchChunks(oldChunks, newChunks);
  versions.insertMatches(id, previousId, matches);
  for (const m of matches) if ((m.kind === 'unchanged' || m.kind === 'moved') && m.chunk && m.previous) versions.copyExtractions(m.previous.id, m.chunk.id);
  const byOld = new Map(matches.filter((m) => m.previous).map((m) => [m.previous!.id, m]));
  const oldById = new Map(oldChunks.map((c) => [c.id, c]));

  const oldText = store.documents.text(previousId) ?? '';
  const newText = store.documents.text(id) ?? '';
  const empty: DocumentStructure = { standard: null, title: null, sections: [], boilerplate: [] };
  const oldStructure = store.documents.structure(previousId) ?? empty;
  const newStructure = store.documents.structure(id) ?? empty;
  const removedClauses = diffClauses(oldText, oldStructure.sections, newText, newStructure.sections).items.filter((c) => c.kind === 'removed' && c.from);
  const inRemovedClause = (pos: number) => removedClauses.some((c) => c.from!.start <= pos && pos < c.from!.end);

  const repo = store.edits;
  const rec = new RevisionLog(repo, EDITIONS_ACTOR, 'editions.apply', randomUUID());
  const moved = new Map<number, { old: { start: number; end: number; quote: string }; new: { start: number; end: number; quote: string } }>();
  const lost = new Map<number, { chunk: MatchableChunk | undefined; start: number; end: number; quote: string; provenance: number }[]>();

  for (const pid of versions.provenanceIds(previousId)) {
    const p = repo.row('provenance', pid);
    if (!p) continue;
    const start = Number(p.start);
    const end = Number(p.end);
    const quote = String(p.quote ?? '');
    const oldChunk = (p.chunk_id !== null ? oldById.get(Number(p.chunk_id)) : undefined) ?? chunkAtOffset(oldChunks, start, end);
    const m = oldChunk ? byOld.get(oldChunk.id) : undefined;
    let target: { start: number; end: number } | null = null;
    if (m?.chunk && (m.kind === 'unchanged' || m.kind === 'moved')) {
      const delta = m.chunk.start - m.previous!.start;
      if (newText.slice(start + delta, end + delta) === quote) target = { start: start + delta, end: end + delta };
    }
    if (!target && !inRemovedClause(start)) {
      const near = m?.chunk ? m.chunk.start + (start - m.previous!.start) : start;
      target = findQuote(newText, quote, m?.chunk ?? null, near);
    }
    if (target) {
      const chunk = chunkAtOffset(newChunks, target.start, target.end);
      rec.update('provenance', pid, { document_id: id, chunk_id: chunk?.id ?? null, start: target.start, end: target.end });
      if (p.edge_id !== null && !moved.has(Number(p.edge_id))) moved.set(Number(p.edge_id), { old: { start, end, quote }, new: { ...target, quote } });
    } else if (p.edge_id !== null) {
      const list = lost.get(Number(p.edge_id)) ?? [];
      list.push({ chunk: oldChunk, start, end, quote, provenance: pid });
      lost.set(Number(p.edge_id), list);
    }
  }

  const counts = { moved: 0, stale: 0, review: 0 };
  const change = (
    edgeId: number,
    kind: EditionChangeKind,
    old: { start: number; end: number; quote: string } | null,
    now: { start: number; end: number; quote: string } | null,
    statusBefore: string | null = null,
  ) => {
    rec.insert('edition_change', {
      document_id: id,
      previous_id: previousId,
      edge_id: edgeId,
      kind,
      old_start: old?.start ?? null,
      old_end: old?.end ?? null,
      old_quote: old?.quote ?? null,
      new_start: now?.start ?? null,
      new_end: now?.end ?? null,
      new_quote: now?.quote ?? null,
      status_before: statusBefore,
    });
    counts[kind]++;
  };
  for (const [edgeId, ev] of moved) change(edgeId, 'moved', ev.old, ev.new);
  for (const [edgeId, rows] of lost) {
    if (moved.has(edgeId)) continue; // some of its evidence is still there
    const edge = repo.row('edge', edgeId);
    if (!edge) continue;
    const first = rows[0];
    const m = first.chunk ? byOld.get(first.chunk.id) : undefined;
    if (reviewed(edge) && m?.kind === 'edited' && m.chunk && !inRemovedClause(first.start)) {
      const span = closestSentence(newText, first.quote, m.chunk);
      if (span) {
        const quote = newText.slice(span.start, span.end);
        rec.update('provenance', first.provenance, { document_id: id, chunk_id: m.chunk.id, start: span.start, end: span.end, quote });
        change(edgeId, 'review', { start: first.start, end: first.end, quote: first.quote }, { ...span, quote });
        continue;
      }
    }
    if (edge.status === 'rejected') continue;
    // kept, marked: its status says so everywhere (Review, the graph, triples --json) until it is
    // kept, rejected or found again; what it was before stays with the change
    const before = edge.status === 'stale' ? staleBefore(versions, edgeId) : String(edge.status);
    change(edgeId, 'stale', { start: first.start, end: first.end, quote: first.quote }, null, before);
    if (edge.status !== 'stale') rec.update('edge', edgeId, { status: 'stale', updated_at: new Date().toISOString() });
  }
  const title = store.documents.get(id)?.title ?? `document ${id}`;
  rec.finish(`New edition: ${title} v${doc.version} (evidence of ${counts.moved} triples moved, ${counts.review} to review again, ${counts.stale} stale)`);
  const chunks = countMatches(matches);
  return { id, previousId, version: doc.version, chunks, changedChunks: changedChunks(chunks), triples: counts };
}

/** What a stale triple was before it went stale (its latest stale change says), else proposed. */
export function staleBefore(versions: VersionRepository, edgeId: number): EdgeStatus {
  const before = versions.statusBefore(edgeId);
  return before === 'accepted' || before === 'proposed' ? before : 'proposed';
}

function summarize(versions: VersionRepository, id: number, previousId: number, version: number): EditionOutcome {
  const chunks = versions.matchCounts(id);
  const triples = { moved: 0, stale: 0, review: 0 };
  for (const c of versions.changes([id])) triples[c.kind]++;
  return { id, previousId, version, chunks, changedChunks: changedChunks(chunks), triples };
}

/** What `ingest --json` reports as `updated` for an imported document that is a new version; null for a new document. */
export function updatedEntry(store: Store, id: number): { id: number; version: number; changedChunks: number } | null {
  const versions = store.versions;
  const doc = versions.version(id);
  if (!doc || doc.previousId === null) return null;
  return { id, version: doc.version, changedChunks: changedChunks(versions.matchCounts(id)) };
}

/**
 * "New edition of…": make the imported document `id` the next version of `of` (or of the newest
 * version of its document), then apply it. Refuses a document that already is a version of
 * something, or one of the same document.
 */
function linkEdition(store: Store, id: number, of: number): EditionOutcome {
  return store.transaction(() => {
    const versions = store.versions;
    const doc = versions.version(id);
    if (!doc) throw new EditionError('not_found', `no document ${id}`);
    const target = versions.version(of);
    if (!target) throw new EditionError('not_found', `no document ${of}`);
    const chain = versions.chain(of);
    if (chain.some((v) => v.id === id)) throw new EditionError('bad_request', `document ${id} is already a version of ${JSON.stringify(target.title)}`);
    if (doc.previousId !== null) throw new EditionError('conflict', `document ${id} is already version ${doc.version} of another document (${doc.previousId})`);
    if (versions.superseded(id)) throw new EditionError('conflict', `document ${id} already has a newer version`);
    const latest = chain[chain.length - 1];
    versions.link(id, latest.id, latest.version + 1);
    return applyEdition(store, id)!;
  });
}

/** A refused edition request (no such document or version, not a pair to compare, already linked). */
export class EditionError extends ApiError {
  constructor(code: 'not_found' | 'bad_request' | 'conflict', message: string) {
    super(code, message);
  }
}

/** Editions over one store: what the ingest pipeline calls when it stores a document. */
export function editionsOf(store: Store): Editions {
  return new Editions(store);
}

export class Editions {
  constructor(private readonly store: Store) {}

  /** The stored document this new one is the next version of (previousEdition). */
  previous(doc: Pick<NewDocument, 'sourcePath' | 'structure' | 'title'>): { id: number } | undefined {
    return previousEdition(this.store, doc);
  }

  /** Apply a newly stored version to the graph (applyEdition). */
  apply(id: number): EditionOutcome | null {
    return applyEdition(this.store, id);
  }

  link(id: number, of: number): EditionOutcome {
    return linkEdition(this.store, id, of);
  }

  /**
   * Before a version is removed: the evidence its edition moved into it goes back to the version
   * before (as it was there), so removing a new edition loses no evidence of the older one, and the
   * triples it made stale get their status back. Returns how many rows changed. Call in the
   * transaction that removes the document.
   */
  beforeRemove(id: number): number {
    const versions = this.store.versions;
    const doc = versions.version(id);
    if (!doc || doc.previousId === null || !versions.version(doc.previousId)) return 0;
    const repo = this.store.edits;
    const log = new RevisionLog(repo, EDITIONS_ACTOR, 'editions.remove', randomUUID());
    for (const { id: pid, before } of versions.movedInto(id, EDITIONS_ACTOR)) {
      const row = repo.row('provenance', pid);
      if (!row || row.document_id !== id || before.document_id !== doc.previousId) continue;
      log.update('provenance', pid, { document_id: before.document_id, chunk_id: before.chunk_id, start: before.start, end: before.end, quote: before.quote });
    }
    // the version before is current again: a triple this edition made stale, with its evidence there, is no longer
    const backInForce = new Set(versions.evidenceIn(doc.previousId).map((e) => e.edgeId));
    for (const c of versions.changes([id])) {
      if (c.kind !== 'stale' || !backInForce.has(c.edgeId) || repo.row('edge', c.edgeId)?.status !== 'stale') continue;
      log.update('edge', c.edgeId, { status: staleBefore(versions, c.edgeId), updated_at: new Date().toISOString() });
    }
    log.finish(`Remove version ${doc.version} of ${doc.title}: evidence back in version ${doc.version - 1}`);
    return log.changes;
  }
}
