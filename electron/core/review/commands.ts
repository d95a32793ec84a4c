// The one command layer every edit of the graph goes through. Each command runs in one transaction
// that also writes the revision log: one revision per row touched, holding the whole row before and
// after (null when absent), all under one group id. Undo writes every `before` back in reverse
// order, redo every `after` in order, so both restore the rows exactly, across restarts. The pieces:
// recorder.ts (the revision log's writer), history.ts (undo, redo, history), rows.ts (row helpers).
import { ApiError } from '../../../shared/errors';
import type { EditNodeRef, EditResult, HistoryEntry, HistoryGroup, NodeRef, UndoResult } from '../../../shared/contract/review';
import type { EdgeStatus, Stage } from '../../../shared/schemas';
import type { Store } from '../store';
import { EditRepository, type Row } from '../store/edit';
import { normalizeLabel } from '../store/normalize';
import { Recorder, runCommand, type CommandOutcome } from './recorder';
import { ReviewHistory } from './history';
import { aliasesOf, cleanRelation, labelOf, now, plural, quote, stageFor, str, tripleTextOf } from './rows';

export { Recorder } from './recorder';

export const EDITOR = 'editor';

type Outcome = CommandOutcome;

interface CommandOptions {
  /** 'editor' (default) or 'engine:<name>'. Undo and redo work on one actor's edits. */
  actor?: string;
}

/** Every edit of the graph. Throws ApiError (bad_request, not_found, conflict) and then changes nothing. */
export class ReviewCommands {
  readonly repo: EditRepository;

  constructor(
    private readonly store: Store,
    private readonly onChange: (reason: string) => void = () => {},
  ) {
    this.repo = store.edits;
  }

  private run(command: string, options: CommandOptions, fn: (rec: Recorder) => Outcome): EditResult {
    return runCommand(this.store, this.repo, options.actor ?? EDITOR, command, fn, this.onChange);
  }

  // ---- helpers

  private mustEdges(ids: number[]): Row[] {
    const rows = this.repo.rows('edge', [...new Set(ids)]);
    if (rows.length !== new Set(ids).size) {
      const found = new Set(rows.map((r) => r.id));
      const missing = [...new Set(ids)].filter((id) => !found.has(id));
      throw new ApiError('not_found', `no triple ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`);
    }
    return rows;
  }

  private mustNode(id: number): Row {
    const n = this.repo.row('node', id);
    if (!n) throw new ApiError('not_found', `no node ${id}`);
    if (n.kind === 'passage') throw new ApiError('bad_request', `node ${id} is a passage, not an entity, event or concept`);
    return n;
  }

  /** A node by id, or by label (found or created) of the ref's kind, else `kind`. */
  private resolveNode(rec: Recorder, ref: NodeRef | EditNodeRef, kind: string = 'entity'): Row {
    if ('id' in ref) return this.mustNode(ref.id);
    const label = ref.label.trim();
    const norm = normalizeLabel(label);
    if (!norm) throw new ApiError('bad_request', `label ${JSON.stringify(ref.label)} is empty once normalised`);
    const k = ref.kind ?? kind;
    return this.repo.nodeByNorm(k, norm) ?? rec.insert('node', { kind: k, label, norm, type: null, aliases: '[]', meta: '{}' });
  }

  private label(id: unknown): string {
    return labelOf(this.repo, id);
  }

  private tripleText(e: Row): string {
    return tripleTextOf(this.repo, e);
  }

  /** Fold edge `from` into `into` (same subject, relation, object): evidence moves, the stronger status and confidence win. */
  private collapse(rec: Recorder, from: Row, into: Row): Row {
    for (const p of this.repo.provenanceOfEdges([from.id])) rec.update('provenance', p.id, { edge_id: into.id });
    // what a new edition flagged about it (to review again, stale) goes with the evidence
    for (const c of this.repo.editionChangesOfEdges([from.id])) rec.update('edition_change', c.id, { edge_id: into.id });
    const statuses = [from.status, into.status];
    const status: EdgeStatus = statuses.includes('accepted') ? 'accepted' : statuses.every((s) => s === 'rejected') ? 'rejected' : 'proposed';
    const merged = rec.update('edge', into.id, {
      status,
      confidence: Math.max(Number(from.confidence), Number(into.confidence)),
      edited: 1,
      updated_at: now(),
    });
    rec.remove('edge', from.id);
    return merged;
  }

  /** Point an edge at new ends (and relation); collapse it into an identical edge if there is one. Returns the surviving edge. */
  private repoint(rec: Recorder, e: Row, subjectId: number, relation: string, objectId: number, extra: Record<string, unknown> = {}): Row {
    const dup = this.repo.edgeByIdentity(subjectId, relation, objectId);
    if (dup && dup.id !== e.id) {
      const into = Object.keys(extra).length ? rec.update('edge', dup.id, extra) : dup;
      return this.collapse(rec, e, into);
    }
    const s = this.repo.row('node', subjectId);
    const o = this.repo.row('node', objectId);
    return rec.update('edge', e.id, {
      subject_id: subjectId,
      object_id: objectId,
      relation,
      stage: stageFor(e.stage as Stage, s?.kind, o?.kind),
      edited: 1,
      updated_at: now(),
      ...extra,
    });
  }

  // ---- triples

  setStatus(ids: number[], status: 'accepted' | 'rejected', options: CommandOptions = {}): EditResult {
    const command = status === 'accepted' ? 'triples.accept' : 'triples.reject';
    return this.run(command, options, (rec) => {
      const edges = this.mustEdges(ids);
      for (const e of edges) if (e.status !== status || e.edited !== 1) rec.update('edge', e.id, { status, edited: 1, updated_at: now() });
      const verb = status === 'accepted' ? 'Accept' : 'Reject';
      return {
        tripleIds: edges.map((e) => e.id),
        summary: edges.length === 1 ? `${verb} ${this.tripleText(edges[0])}` : `${verb} ${plural(edges.length, 'triple')}`,
      };
    });
  }

  edit(input: { id: number; subject?: EditNodeRef; relation?: string; object?: EditNodeRef; confidence?: number }, options: CommandOptions = {}): EditResult {
    return this.run('triples.edit', options, (rec) => {
      const [e] = this.mustEdges([input.id]);
      const before = this.tripleText(e);
      const oldSubject = this.repo.row('node', Number(e.subject_id))!;
      const oldObject = this.repo.row('node', Number(e.object_id))!;
      // A typed label takes the kind of the end it replaces, so the triple keeps its stage.
      const s = input.subject ? this.resolveNode(rec, input.subject, str(oldSubject.kind)) : oldSubject;
      const o = input.object ? this.resolveNode(rec, input.object, str(oldObject.kind)) : oldObject;
      const relation = input.relation !== undefined ? cleanRelation(input.relation) : str(e.relation);
      if (!relation) throw new ApiError('bad_request', 'relation is empty');
      if ((input.subject || input.object) && s.id === o.id) throw new ApiError('bad_request', 'subject and object would be the same node');
      const extra = input.confidence !== undefined ? { confidence: input.confidence } : {};
      const survivor = this.repoint(rec, e, s.id, relation, o.id, extra);
      return { tripleIds: [survivor.id], nodeIds: [s.id, o.id], summary: `Edit ${before} → ${this.tripleText(survivor)}` };
    });
  }

  add(
    input: {
      subject: NodeRef;
      relation: string;
      object: NodeRef;
      status: EdgeStatus;
      confidence: number;
      evidence?: { document: number; start: number; end: number };
    },
    options: CommandOptions = {},
  ): EditResult {
    return this.run('triples.add', options, (rec) => {
      const relation = cleanRelation(input.relation);
      if (!relation) throw new ApiError('bad_request', 'relation is empty');
      let evidence: { text: string; chunk: number | null } | undefined;
      if (input.evidence) {
        const text = this.repo.documentText(input.evidence.document);
        if (text === null) throw new ApiError('not_found', `no document ${input.evidence.document}`);
        const { start, end } = input.evidence;
        if (end <= start || end > text.length)
          throw new ApiError('bad_request', `evidence span [${start}, ${end}) is not inside the document (length ${text.length})`);
        evidence = { text: text.slice(start, end), chunk: this.repo.chunkAt(input.evidence.document, start, end) };
      }
      const s = this.resolveNode(rec, input.subject);
      const o = this.resolveNode(rec, input.object);
      if (s.id === o.id) throw new ApiError('bad_request', 'subject and object are the same node');
      const dup = this.repo.edgeByIdentity(s.id, relation, o.id);
      if (dup) throw new ApiError('conflict', `the triple already exists (#${dup.id})`);
      const e = rec.insert('edge', {
        subject_id: s.id,
        relation,
        object_id: o.id,
        stage: 'manual',
        status: input.status,
        confidence: input.confidence,
        engine: 'editor',
        model: null,
        edited: 1,
        meta: '{}',
      });
      if (input.evidence && evidence) {
        rec.insert('provenance', {
          edge_id: e.id,
          node_id: null,
          document_id: input.evidence.document,
          chunk_id: evidence.chunk,
          start: input.evidence.start,
          end: input.evidence.end,
          quote: evidence.text,
        });
      }
      return { tripleIds: [e.id], nodeIds: [s.id, o.id], summary: `Add ${this.tripleText(e)}` };
    });
  }

  // ---- entities

  setType(ids: number[], type: string | null, options: CommandOptions = {}): EditResult {
    return this.run('entities.setType', options, (rec) => {
      const t = type?.trim() || null;
      const nodes = [...new Set(ids)].map((id) => this.mustNode(id));
      for (const n of nodes) if (n.type !== t) rec.update('node', n.id, { type: t });
      const what = nodes.length === 1 ? quote(nodes[0].label) : plural(nodes.length, 'node');
      return { nodeIds: nodes.map((n) => n.id), summary: t ? `Set type of ${what} to ${t}` : `Clear type of ${what}` };
    });
  }

  merge(input: { ids: number[]; survivor: number; label?: string }, options: CommandOptions = {}, command = 'entities.merge'): EditResult {
    return this.run(command, options, (rec) => this.mergeIn(rec, input));
  }

  private mergeIn(rec: Recorder, input: { ids: number[]; survivor: number; label?: string }): Outcome {
    const ids = [...new Set(input.ids)];
    if (ids.length < 2) throw new ApiError('bad_request', 'merge needs at least two different nodes');
    if (!ids.includes(input.survivor)) throw new ApiError('bad_request', `the survivor ${input.survivor} is not among the nodes merged`);
    const nodes = ids.map((id) => this.mustNode(id));
    const kinds = new Set(nodes.map((n) => n.kind));
    if (kinds.size > 1) throw new ApiError('bad_request', `cannot merge nodes of different kinds (${[...kinds].join(', ')})`);
    const survivor = nodes.find((n) => n.id === input.survivor)!;
    const label = (input.label ?? str(survivor.label)).trim();
    const norm = normalizeLabel(label);
    if (!norm) throw new ApiError('bad_request', `label ${JSON.stringify(input.label)} is empty once normalised`);
    const clash = this.repo.nodeByNorm(str(survivor.kind), norm);
    if (clash && !ids.includes(clash.id))
      throw new ApiError('conflict', `another ${survivor.kind} is already labelled ${quote(clash.label)} (#${clash.id}): merge it too`);
    const others = nodes.filter((n) => n.id !== survivor.id);
    const gone = new Set(others.map((n) => n.id));
    const map = (id: number) => (gone.has(id) ? survivor.id : id);

    for (const { id } of this.repo.edgesTouching([...gone])) {
      const e = this.repo.row('edge', id);
      if (!e) continue;
      this.repoint(rec, e, map(Number(e.subject_id)), str(e.relation), map(Number(e.object_id)));
    }
    for (const p of this.repo.provenanceOfNodes([...gone])) rec.update('provenance', p.id, { node_id: survivor.id });
    for (const m of this.repo.mergeCandidatesTouching([...gone])) {
      const a = map(Number(m.a_id));
      const b = map(Number(m.b_id));
      if (a === b) {
        rec.remove('merge_candidate', m.id);
        continue;
      }
      const [x, y] = a < b ? [a, b] : [b, a];
      const existing = this.repo.mergeCandidatePair(x, y);
      if (existing && existing.id !== m.id) rec.remove('merge_candidate', m.id);
      else rec.update('merge_candidate', m.id, { a_id: x, b_id: y });
    }
    for (const c of this.repo.conceptLinksTouching([...gone])) {
      const concept = map(Number(c.concept_id));
      const node = c.node_id === null ? null : map(Number(c.node_id));
      const existing = this.repo.conceptLinkFor(concept, node, (c.relation as string | null) ?? null);
      if (node === concept || (existing && existing.id !== c.id)) rec.remove('concept_link', c.id);
      else rec.update('concept_link', c.id, { concept_id: concept, node_id: node });
    }
    for (const n of others) rec.remove('node', n.id);

    const seen = new Set([norm]);
    const aliases: string[] = [];
    for (const a of [...aliasesOf(survivor), str(survivor.label), ...others.flatMap((n) => [str(n.label), ...aliasesOf(n)])]) {
      const k = normalizeLabel(a);
      if (!k || seen.has(k)) continue;
      seen.add(k);
      aliases.push(a);
    }
    const type = survivor.type ?? others.find((n) => n.type)?.type ?? null;
    rec.update('node', survivor.id, { label, norm, aliases: JSON.stringify(aliases), type });
    return { nodeIds: [survivor.id], summary: `Merge ${others.map((n) => quote(n.label)).join(', ')} into ${quote(label)}` };
  }

  split(input: { id: number; alias: string; edgeIds?: number[] }, options: CommandOptions = {}): EditResult {
    return this.run('entities.split', options, (rec) => {
      const node = this.mustNode(input.id);
      const aliases = aliasesOf(node);
      const wanted = input.alias.trim();
      let i = aliases.indexOf(wanted);
      if (i < 0) i = aliases.findIndex((a) => normalizeLabel(a) === normalizeLabel(wanted));
      if (i < 0)
        throw new ApiError('bad_request', `${quote(wanted)} is not an alias of ${quote(node.label)} (aliases: ${aliases.map(quote).join(', ') || 'none'})`);
      const alias = aliases[i];
      const norm = normalizeLabel(alias);
      if (!norm || norm === node.norm) throw new ApiError('bad_request', `${quote(alias)} is the same label as ${quote(node.label)} once normalised`);
      const clash = this.repo.nodeByNorm(str(node.kind), norm);
      if (clash) throw new ApiError('conflict', `a ${node.kind} labelled ${quote(clash.label)} already exists (#${clash.id})`);

      const touching = this.repo.edgesTouching([node.id]);
      let moving: Row[];
      const lower = (s: unknown) => str(s).toLowerCase();
      const namesAlias = (q: unknown) => lower(q).includes(lower(alias)) && !lower(q).includes(lower(node.label));
      if (input.edgeIds) {
        const byId = new Map(touching.map((e) => [e.id, e]));
        const bad = input.edgeIds.filter((id) => !byId.has(id));
        if (bad.length) throw new ApiError('bad_request', `triple ${bad.slice(0, 10).join(', ')} does not involve ${quote(node.label)}`);
        moving = [...new Set(input.edgeIds)].map((id) => byId.get(id)!);
      } else {
        const prov = this.repo.provenanceOfEdges(touching.map((e) => e.id));
        moving = touching.filter((e) => {
          const quotes = prov.filter((p) => p.edge_id === e.id).map((p) => p.quote);
          return quotes.length > 0 && quotes.every(namesAlias);
        });
      }
      rec.update('node', node.id, { aliases: JSON.stringify(aliases.filter((_, j) => j !== i)) });
      const created = rec.insert('node', { kind: node.kind, label: alias, norm, type: node.type, aliases: '[]', meta: '{}' });
      for (const { id } of moving) {
        const e = this.repo.row('edge', id);
        if (!e) continue;
        const s = e.subject_id === node.id ? created.id : Number(e.subject_id);
        const o = e.object_id === node.id ? created.id : Number(e.object_id);
        this.repoint(rec, e, s, str(e.relation), o);
      }
      for (const p of this.repo.provenanceOfNodes([node.id])) if (namesAlias(p.quote)) rec.update('provenance', p.id, { node_id: created.id });
      return { nodeIds: [created.id, node.id], tripleIds: moving.map((e) => e.id), summary: `Split ${quote(alias)} out of ${quote(node.label)}` };
    });
  }

  renameRelation(input: { from: string; to: string }, options: CommandOptions = {}): EditResult {
    return this.run('relations.rename', options, (rec) => {
      const from = cleanRelation(input.from);
      const to = cleanRelation(input.to);
      if (!to) throw new ApiError('bad_request', 'the new relation is empty');
      if (from === to) throw new ApiError('bad_request', `the relation is already ${quote(to)}`);
      const edges = this.repo.edgesWithRelation(from);
      if (!edges.length) throw new ApiError('not_found', `no triple has the relation ${quote(from)}`);
      const ids: number[] = [];
      for (const { id } of edges) {
        const e = this.repo.row('edge', id);
        if (e) ids.push(this.repoint(rec, e, Number(e.subject_id), to, Number(e.object_id)).id);
      }
      // The relation label's concepts follow it.
      for (const c of this.repo.conceptLinksWithRelation(from)) {
        const existing = this.repo.conceptLinkFor(Number(c.concept_id), null, to);
        if (existing) rec.remove('concept_link', c.id);
        else rec.update('concept_link', c.id, { relation: to });
      }
      return { tripleIds: [...new Set(ids)], summary: `Rename relation ${quote(from)} → ${quote(to)} (${plural(edges.length, 'triple')})` };
    });
  }

  // ---- merge candidates

  acceptCandidate(input: { id: number; survivor?: number; label?: string }, options: CommandOptions = {}): EditResult {
    const c = this.repo.row('merge_candidate', input.id);
    if (!c) throw new ApiError('not_found', `no merge candidate ${input.id}`);
    if (c.status !== 'open') throw new ApiError('conflict', `merge candidate ${input.id} is already ${c.status}`);
    const a = Number(c.a_id);
    const b = Number(c.b_id);
    let survivor = input.survivor;
    if (survivor !== undefined && survivor !== a && survivor !== b) throw new ApiError('bad_request', `the survivor must be node ${a} or ${b}`);
    if (survivor === undefined) {
      const d = this.repo.degrees([a, b]);
      survivor = (d.get(b) ?? 0) > (d.get(a) ?? 0) ? b : a;
    }
    return this.merge({ ids: [a, b], survivor, label: input.label }, options, 'merge.accept');
  }

  /**
   * Accept many merge candidates as one edit (one undo step), best score first. Each merge keeps the
   * better connected node of its pair at that moment; a candidate an earlier merge of the batch
   * already settled (its two nodes now one) is gone, and one whose nodes are of different kinds is
   * left open.
   */
  acceptCandidates(ids: number[], options: CommandOptions = {}): EditResult {
    return this.run('merge.acceptMany', options, (rec) => {
      const wanted = [...new Set(ids)];
      const rows = this.repo.rows('merge_candidate', wanted);
      if (rows.length !== wanted.length) {
        const found = new Set(rows.map((r) => r.id));
        const missing = wanted.filter((id) => !found.has(id));
        throw new ApiError('not_found', `no merge candidate ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''}`);
      }
      const open = rows.filter((r) => r.status === 'open').sort((x, y) => Number(y.score) - Number(x.score) || x.id - y.id);
      if (!open.length) throw new ApiError('conflict', `none of these ${plural(rows.length, 'merge candidate')} is open`);
      let merged = 0;
      let differentKinds = 0;
      const survivors = new Set<number>();
      for (const c of open) {
        const now = this.repo.row('merge_candidate', c.id);
        if (!now || now.status !== 'open') continue;
        const a = this.mustNode(Number(now.a_id));
        const b = this.mustNode(Number(now.b_id));
        if (a.kind !== b.kind) {
          differentKinds++;
          continue;
        }
        const d = this.repo.degrees([a.id, b.id]);
        const survivor = (d.get(b.id) ?? 0) > (d.get(a.id) ?? 0) ? b.id : a.id;
        this.mergeIn(rec, { ids: [a.id, b.id], survivor });
        survivors.delete(survivor === a.id ? b.id : a.id);
        survivors.add(survivor);
        merged++;
      }
      const left = differentKinds ? ` (${plural(differentKinds, 'candidate')} of different kinds left open)` : '';
      return { nodeIds: [...survivors], summary: `Merge ${plural(merged, 'candidate')}${left}` };
    });
  }

  skipCandidates(ids: number[], options: CommandOptions = {}): EditResult {
    return this.run('merge.skip', options, (rec) => {
      const rows = this.repo.rows('merge_candidate', [...new Set(ids)]);
      if (rows.length !== new Set(ids).size) {
        const found = new Set(rows.map((r) => r.id));
        throw new ApiError('not_found', `no merge candidate ${ids.filter((id) => !found.has(id)).join(', ')}`);
      }
      for (const r of rows) if (r.status === 'open') rec.update('merge_candidate', r.id, { status: 'skipped' });
      return { nodeIds: [], summary: `Skip ${plural(rows.length, 'merge candidate')}` };
    });
  }

  // ---- undo, redo, history (review/history.ts)

  private get timeline(): ReviewHistory {
    return new ReviewHistory(this.store, this.repo, this.onChange);
  }

  undo(options: CommandOptions = {}): UndoResult {
    return this.timeline.undo(options.actor ?? EDITOR);
  }

  redo(options: CommandOptions = {}): UndoResult {
    return this.timeline.redo(options.actor ?? EDITOR);
  }

  can(actor = EDITOR): { canUndo: boolean; canRedo: boolean } {
    return this.timeline.can(actor);
  }

  history(limit: number): { items: HistoryGroup[]; canUndo: boolean; canRedo: boolean } {
    return this.timeline.history(limit, EDITOR);
  }

  /** A triple's history, oldest first: how it came to be (engine or editor), then every revision. */
  tripleHistory(id: number): HistoryEntry[] {
    return this.timeline.tripleHistory(id, EDITOR);
  }
}
