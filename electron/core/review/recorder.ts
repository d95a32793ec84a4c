// The revision log's writer: every row a command inserts, updates or removes goes through a Recorder,
// which logs its whole before and after under the command's group (review/commands.ts, editions).
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../shared/errors';
import type { EditResult } from '../../../shared/contract/review';
import type { Store } from '../store';
import { GROUP_MARKER, type EditRepository, type Row, type RowKind } from '../store/edit';
import { mapConstraint, sameRow } from './rows';

/** What a command's body returns: the rows it touched and the one-line summary of its undo group. */
export interface CommandOutcome {
  tripleIds?: number[];
  nodeIds?: number[];
  summary: string;
}

/**
 * Run one command: its rows and its revisions in one transaction, one undo group with its summary
 * (the redo stack dropped when it changed anything), constraint failures as conflicts; `onChange`
 * after the commit when rows changed. The review and concept commands both run through it.
 */
export function runCommand(
  store: Store,
  repo: EditRepository,
  actor: string,
  command: string,
  fn: (rec: Recorder) => CommandOutcome,
  onChange: (reason: string) => void,
): EditResult {
  const groupId = randomUUID();
  let out: CommandOutcome;
  let changes = 0;
  try {
    out = store.transaction(() => {
      const rec = new Recorder(repo, actor, command, groupId);
      const o = fn(rec);
      changes = rec.changes;
      if (changes > 0) {
        repo.discardRedo(actor);
        repo.addRevision({ actor, command, targetKind: GROUP_MARKER, targetId: null, before: null, after: { summary: o.summary }, groupId });
      }
      return o;
    });
  } catch (err) {
    mapConstraint(err);
  }
  if (changes > 0) onChange(command);
  return { groupId, command, changes, tripleIds: out.tripleIds ?? [], nodeIds: out.nodeIds ?? [] };
}

/** Writes rows through the repository and logs each change as a revision of the current group. */
export class Recorder {
  changes = 0;
  constructor(
    private readonly repo: EditRepository,
    readonly actor: string,
    readonly command: string,
    readonly groupId: string,
  ) {}

  private log(kind: RowKind, id: number, before: Row | null, after: Row | null): void {
    this.repo.addRevision({ actor: this.actor, command: this.command, targetKind: kind, targetId: id, before, after, groupId: this.groupId });
    this.changes++;
  }

  insert(kind: RowKind, values: Record<string, unknown>): Row {
    const id = this.repo.insert(kind, values);
    const after = this.repo.row(kind, id)!;
    this.log(kind, id, null, after);
    return after;
  }

  update(kind: RowKind, id: number, patch: Record<string, unknown>): Row {
    const before = this.repo.row(kind, id);
    if (!before) throw new ApiError('not_found', `no ${kind} ${id}`);
    this.repo.update(kind, id, patch);
    const after = this.repo.row(kind, id)!;
    if (!sameRow(before, after)) this.log(kind, id, before, after);
    return after;
  }

  /** Delete a row, first deleting (and logging) every row that would cascade with it. */
  remove(kind: RowKind, id: number): void {
    if (kind === 'edge') {
      for (const p of this.repo.provenanceOfEdges([id])) this.remove('provenance', p.id);
      for (const c of this.repo.editionChangesOfEdges([id])) this.remove('edition_change', c.id);
    } else if (kind === 'node') {
      for (const e of this.repo.edgesTouching([id])) this.remove('edge', e.id);
      for (const p of this.repo.provenanceOfNodes([id])) this.remove('provenance', p.id);
      for (const m of this.repo.mergeCandidatesTouching([id])) this.remove('merge_candidate', m.id);
      for (const c of this.repo.conceptLinksTouching([id])) this.remove('concept_link', c.id);
    }
    const before = this.repo.row(kind, id);
    if (!before) return;
    this.repo.delete(kind, id);
    this.log(kind, id, before, null);
  }
}
