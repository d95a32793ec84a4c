// The difference between two versions of a document: clauses added, removed and changed (by
// section number, or heading), and triples added (evidence only in the newer version), removed
// (evidence only in the older one: stale, kept) and changed (a reviewed triple whose evidence text
// changed, or one found again in an edited clause), each with its evidence in both versions. And
// accepting or rejecting that difference in bulk, as one undoable step of the editor's history.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store';
import { VersionRepository, type EditionChangeRow, type EvidenceRow, type VersionRow } from '../store/versions';
import { changedChunks, diffClauses, editionLabel, type MatchCounts } from '../document/editions';
import { clauseLabel, formatClause, type DocumentStructure } from '../document/structure';
import { EditionError, RevisionLog, staleBefore } from './apply';
import type { DiffClause, DiffTriple, DocumentVersion, EditionDiff, EditionInfo, VersionEvidence } from '../../../shared/contract/editions';

/** The editor, as the review command layer names it: a bulk accept is undone with the editor's other edits. */
const EDITOR = 'editor';
const CLAUSE_TEXT = 4000;

const emptyStructure: DocumentStructure = { standard: null, title: null, sections: [], boilerplate: [] };

/** Evidence items with the version of the document each lies in, its edition, and whether it is the current version. */
export function withVersions<T extends { document: { id: number } }>(
  store: Store,
  items: T[],
): (T & { document: T['document'] & { version: number; edition: string | null; current: boolean } })[] {
  const versions = store.versions;
  const cache = new Map<number, { version: number; edition: string | null; current: boolean }>();
  return items.map((item) => {
    let v = cache.get(item.document.id);
    if (!v) {
      const row = versions.version(item.document.id);
      v = { version: row?.version ?? 1, edition: editionLabel(row?.standard), current: !versions.superseded(item.document.id) };
      cache.set(item.document.id, v);
    }
    return { ...item, document: { ...item.document, ...v } };
  });
}

export function editionList(store: Store): EditionInfo[] {
  const versions = store.versions;
  return versions.versioned().map((v) => {
    const counts = v.previousId === null ? null : versions.matchCounts(v.id);
    return { ...v, changedChunks: counts ? changedChunks(counts) : 0, open: v.previousId === null ? 0 : versions.openChanges(v.id) };
  });
}

export function documentVersions(store: Store, id: number): DocumentVersion[] {
  const versions = store.versions;
  const chain = versions.chain(id);
  if (!chain.length) throw new EditionError('not_found', `no document ${id}`);
  return chain.map((v, i) => toVersion(versions, v, i === chain.length - 1));
}

function toVersion(versions: VersionRepository, v: VersionRow, current: boolean): DocumentVersion {
  const matched = v.previousId === null ? null : versions.matchCounts(v.id);
  return {
    id: v.id,
    version: v.version,
    previousId: v.previousId,
    title: v.title,
    path: v.path,
    edition: editionLabel(v.standard),
    createdAt: v.createdAt,
    chunks: v.chunks,
    current,
    matched,
    changedChunks: matched ? changedChunks(matched) : 0,
    open: v.previousId === null ? 0 : versions.openChanges(v.id),
  };
}

interface Pair {
  versions: VersionRepository;
  chain: VersionRow[];
  from: VersionRow;
  to: VersionRow;
  /** The versions after `from` up to `to`: whose chunk matches and changes lie between the two. */
  between: VersionRow[];
}

function pairOf(store: Store, input: { id: number; from?: number; to?: number }): Pair {
  const versions = store.versions;
  const chain = versions.chain(input.id);
  if (!chain.length) throw new EditionError('not_found', `no document ${input.id}`);
  if (chain.length < 2) throw new EditionError('bad_request', `document ${input.id} (${chain[0].title}) has one version only: nothing to compare`);
  const byVersion = (n: number, name: string) => {
    const v = chain.find((c) => c.version === n);
    if (!v)
      throw new EditionError('not_found', `document ${input.id} has no version ${n} (${name}); its versions are ${chain.map((c) => c.version).join(', ')}`);
    return v;
  };
  const to = byVersion(
    input.to ?? (input.from !== undefined ? Math.max(input.from + 1, chain[chain.length - 1].version) : chain[chain.length - 1].version),
    '--to',
  );
  const from = byVersion(input.from ?? chain[Math.max(0, chain.indexOf(to) - 1)].version, '--from');
  if (from.version >= to.version) throw new EditionError('bad_request', `--from (version ${from.version}) must be older than --to (version ${to.version})`);
  const between = chain.filter((v) => v.version > from.version && v.version <= to.version);
  return { versions, chain, from, to, between };
}

const firstByEdge = (rows: EvidenceRow[]) => {
  const out = new Map<number, EvidenceRow>();
  for (const r of rows) if (!out.has(r.edgeId)) out.set(r.edgeId, r);
  return out;
};

export function editionDiff(store: Store, input: { id: number; from?: number; to?: number }): EditionDiff {
  const { versions, chain, from, to, between } = pairOf(store, input);
  const structures = new Map<number, DocumentStructure>();
  const structureOf = (id: number) => {
    let s = structures.get(id);
    if (!s) structures.set(id, (s = store.documents.structure(id) ?? emptyStructure));
    return s;
  };
  const evidence = (v: VersionRow, span: { start: number; end: number; quote: string; chunkId?: number | null }): VersionEvidence => ({
    document: v.id,
    version: v.version,
    chunk: span.chunkId ?? versions.chunkAt(v.id, span.start, span.end),
    start: span.start,
    end: span.end,
    quote: span.quote,
    clause: clauseLabel(structureOf(v.id), span.start),
  });

  const records = versions.changes(between.map((v) => v.id));
  const atTo = firstByEdge(versions.evidenceIn(to.id));
  const atFrom = firstByEdge(versions.evidenceIn(from.id));
  const movedOut = new Map<number, EditionChangeRow>();
  for (const r of records)
    if (r.previousId === from.id && (r.kind === 'moved' || r.kind === 'review') && r.old && !movedOut.has(r.edgeId)) movedOut.set(r.edgeId, r);
  const latest = (kind: 'review' | 'stale') => {
    const m = new Map<number, EditionChangeRow>();
    for (const r of records) if (r.kind === kind) m.set(r.edgeId, r);
    return m;
  };
  const reviews = latest('review');
  const stales = latest('stale');

  const inFrom = new Set([...atFrom.keys(), ...movedOut.keys()]);
  const inTo = new Set(atTo.keys());
  const addedIds = [...inTo].filter((e) => !inFrom.has(e));
  const removedIds = [...inFrom].filter((e) => !inTo.has(e));
  const both = [...inFrom].filter((e) => inTo.has(e));
  const changedIds = both.filter((e) => reviews.has(e) || (atFrom.has(e) && !movedOut.has(e)));

  const triples = new Map(versions.triples([...addedIds, ...removedIds, ...changedIds]).map((t) => [t.id, t]));
  const byStatus = (status: string) => (status === 'accepted' ? 'accepted' : status === 'rejected' ? 'rejected' : 'open');
  const item = (edgeId: number, kind: DiffTriple['kind']): DiffTriple | null => {
    const t = triples.get(edgeId);
    if (!t) return null;
    const record = reviews.get(edgeId) ?? stales.get(edgeId);
    const fromEv = atFrom.get(edgeId) ?? movedOut.get(edgeId)?.old ?? stales.get(edgeId)?.old ?? null;
    const toEv = atTo.get(edgeId) ?? null;
    let state: DiffTriple['state'];
    if (kind === 'added') state = byStatus(t.status);
    else if (record) state = record.state;
    else if (kind === 'removed') state = t.status === 'rejected' ? 'accepted' : 'open';
    else state = byStatus(t.status);
    return {
      id: t.id,
      subject: t.subject,
      relation: t.relation,
      object: t.object,
      status: t.status,
      kind,
      state,
      review: reviews.has(edgeId),
      from: fromEv ? evidence(from, fromEv) : null,
      to: toEv ? evidence(to, toEv) : null,
    };
  };
  const list = (ids: number[], kind: DiffTriple['kind']) =>
    ids
      .map((e) => item(e, kind))
      .filter((x): x is DiffTriple => x !== null)
      .sort((a, b) => (a.to?.start ?? a.from?.start ?? 0) - (b.to?.start ?? b.from?.start ?? 0) || a.id - b.id);

  const fromText = store.documents.text(from.id) ?? '';
  const toText = store.documents.text(to.id) ?? '';
  const fromStructure = structureOf(from.id);
  const toStructure = structureOf(to.id);
  const clauses = diffClauses(fromText, fromStructure.sections, toText, toStructure.sections);
  const standardId = toStructure.standard?.id ?? fromStructure.standard?.id ?? null;
  const clauseItems: DiffClause[] = clauses.items.map((c) => ({
    kind: c.kind,
    number: c.number,
    heading: c.heading,
    label: formatClause(standardId, c.number, c.heading),
    from: c.from && { document: from.id, ...c.from, text: fromText.slice(c.from.start, Math.min(c.from.end, c.from.start + CLAUSE_TEXT)) },
    to: c.to && { document: to.id, ...c.to, text: toText.slice(c.to.start, Math.min(c.to.end, c.to.start + CLAUSE_TEXT)) },
  }));

  const chunks: MatchCounts = { unchanged: 0, moved: 0, edited: 0, added: 0, removed: 0 };
  for (const v of between) {
    const c = versions.matchCounts(v.id);
    for (const k of Object.keys(chunks) as (keyof MatchCounts)[]) chunks[k] += c[k];
  }
  const last = chain[chain.length - 1];
  return {
    from: toVersion(versions, from, from.id === last.id),
    to: toVersion(versions, to, to.id === last.id),
    chunks,
    clauses: { unchanged: clauses.unchanged, items: clauseItems },
    triples: {
      unchanged: both.length - changedIds.length,
      added: list(addedIds, 'added'),
      removed: list(removedIds, 'removed'),
      changed: list(changedIds, 'changed'),
    },
  };
}

interface ResolveResult {
  groupId: string;
  command: string;
  changes: number;
  tripleIds: number[];
  nodeIds: number[];
}

/**
 * Accept or reject the triple changes of a version pair in bulk. accept: added and changed triples
 * accepted, removed (stale) ones rejected; reject: added and changed ones rejected, removed ones
 * kept (a stale one back to the status it had before it went stale). Either way the changes are closed (their state). One group of the editor's
 * revision log: history.undo takes it back like any other edit.
 */
export function resolveDiff(store: Store, input: { id: number; from?: number; to?: number; action: 'accept' | 'reject'; triples?: number[] }): ResolveResult {
  const command = input.action === 'accept' ? 'editions.accept' : 'editions.reject';
  const groupId = randomUUID();
  return store.transaction(() => {
    const diff = editionDiff(store, input);
    const wanted = input.triples ? new Set(input.triples) : null;
    const all = [...diff.triples.added, ...diff.triples.changed, ...diff.triples.removed];
    if (wanted) {
      const known = new Set(all.map((t) => t.id));
      const missing = [...wanted].filter((id) => !known.has(id));
      if (missing.length)
        throw new EditionError(
          'bad_request',
          `triple ${missing.slice(0, 10).join(', ')} is not in the difference between versions ${diff.from.version} and ${diff.to.version}`,
        );
    }
    const picked = all.filter((t) => (wanted ? wanted.has(t.id) : t.state === 'open'));
    const repo = store.edits;
    const log = new RevisionLog(repo, EDITOR, command, groupId);
    const now = new Date().toISOString();
    const pairIds = store.versions
      .chain(input.id)
      .filter((v) => v.version > diff.from.version && v.version <= diff.to.version)
      .map((v) => v.id);
    const records = store.versions.changes(pairIds).filter((r) => r.kind !== 'moved' && r.state === 'open');
    const state = input.action === 'accept' ? 'accepted' : 'rejected';
    for (const t of picked) {
      // removed (stale): accept the removal = reject the triple; reject it = keep the triple as it was before
      let status: string | null;
      if (t.kind === 'removed') status = input.action === 'accept' ? 'rejected' : t.status === 'stale' ? staleBefore(store.versions, t.id) : null;
      else status = input.action === 'accept' ? 'accepted' : 'rejected';
      if (status) log.update('edge', t.id, { status, edited: 1, updated_at: now });
      for (const r of records) if (r.edgeId === t.id) log.update('edition_change', r.id, { state });
    }
    if (log.changes > 0) {
      repo.discardRedo(EDITOR);
      const verb = input.action === 'accept' ? 'Accept' : 'Reject';
      log.finish(`${verb} ${picked.length} triple change${picked.length === 1 ? '' : 's'} of ${diff.to.title} v${diff.from.version} → v${diff.to.version}`);
    }
    return { groupId, command, changes: log.changes, tripleIds: picked.map((t) => t.id), nodeIds: [] };
  });
}
