// The revision log's writer: every row a command inserts, updates or removes goes through a Recorder,
// which logs its whole before and after under the command's group (review/commands.ts, editions).
import { ApiError } from '../../../shared/errors';
import type { EditRepository, Row, RowKind } from '../store/edit';
import { sameRow } from './rows';

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
