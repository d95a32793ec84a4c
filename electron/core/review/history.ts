// Undo, redo and history over the revision log the command layer writes (review/commands.ts): undo
// writes every `before` of the last group back in reverse order, redo every `after` in order.
import { ApiError } from '../../../shared/errors';
import type { HistoryEntry, HistoryGroup, UndoResult } from '../../../shared/contract/review';
import type { Store } from '../store';
import { isRowKind, type EditRepository, type RevisionGroupRow, type Row, type RowKind } from '../store/edit';
import { labelOf, mapConstraint, quote, str, tripleTextOf } from './rows';

export class ReviewHistory {
  constructor(
    private readonly store: Store,
    private readonly repo: EditRepository,
    private readonly onChange: (reason: string) => void,
  ) {}

  private toGroup(g: RevisionGroupRow): HistoryGroup {
    return { groupId: g.groupId, command: g.command, actor: g.actor, summary: g.summary, at: g.at, changes: g.changes, state: g.state };
  }

  private replay(direction: 'undo' | 'redo', actor: string): UndoResult {
    const groupId = direction === 'undo' ? this.repo.lastDoneGroup(actor) : this.repo.lastUndoneGroup(actor);
    if (groupId) {
      try {
        this.store.transaction(() => {
          const revs = this.repo.groupRevisions(groupId).filter((r) => isRowKind(r.targetKind) && r.targetId !== null);
          if (direction === 'undo') {
            for (const r of [...revs].reverse()) this.repo.revert(r.targetKind as RowKind, r.targetId!, r.before, r.after);
            this.repo.markUndone(groupId);
          } else {
            for (const r of revs) this.repo.revert(r.targetKind as RowKind, r.targetId!, r.after, r.before);
            this.repo.markDone(groupId);
          }
        });
      } catch (err) {
        mapConstraint(err);
      }
      this.onChange(`history.${direction}`);
    }
    const group = groupId ? this.repo.group(groupId) : null;
    return { group: group && this.toGroup(group), ...this.can(actor) };
  }

  undo(actor: string): UndoResult {
    return this.replay('undo', actor);
  }

  redo(actor: string): UndoResult {
    return this.replay('redo', actor);
  }

  can(actor: string): { canUndo: boolean; canRedo: boolean } {
    return { canUndo: this.repo.lastDoneGroup(actor) !== null, canRedo: this.repo.lastUndoneGroup(actor) !== null };
  }

  history(limit: number, actor: string): { items: HistoryGroup[]; canUndo: boolean; canRedo: boolean } {
    return { items: this.repo.groups({ limit }).map((g) => this.toGroup(g)), ...this.can(actor) };
  }

  /** A triple's history, oldest first: how it came to be (engine or editor), then every revision. */
  tripleHistory(id: number, editor: string): HistoryEntry[] {
    const revs = this.repo.targetRevisions('edge', id);
    const current = this.repo.row('edge', id);
    if (!revs.length && !current) throw new ApiError('not_found', `no triple ${id}`);
    const out: HistoryEntry[] = [];
    const origin = revs[0]?.before ?? current;
    if (origin && revs[0]?.before !== null) {
      const engine = str(origin.engine);
      out.push({
        revision: 0,
        groupId: '',
        at: str(origin.created_at),
        actor: engine === 'editor' ? editor : `engine:${engine}`,
        command: engine === 'editor' ? 'triples.add' : 'extract',
        summary: `proposed by ${engine}${origin.model ? ` (${origin.model})` : ''} with confidence ${Number(origin.confidence).toFixed(2)}`,
        state: 'done',
        before: null,
        after: origin,
      });
    }
    for (const r of revs) {
      out.push({
        revision: r.id,
        groupId: r.groupId,
        at: r.at,
        actor: r.actor,
        command: r.command,
        summary: this.describe(r.command, r.before, r.after),
        state: r.state,
        before: r.before,
        after: r.after,
      });
    }
    return out;
  }

  private describe(command: string, before: Row | null, after: Row | null): string {
    if (!before && after) return `created: ${tripleTextOf(this.repo, after)} (${after.status})`;
    if (before && !after) return command === 'triples.add' ? 'removed' : 'folded into an identical triple';
    if (!before || !after) return command;
    const parts: string[] = [];
    if (before.status !== after.status) parts.push(`status ${before.status} → ${after.status}`);
    if (before.relation !== after.relation) parts.push(`relation ${quote(before.relation)} → ${quote(after.relation)}`);
    if (before.subject_id !== after.subject_id)
      parts.push(`subject ${quote(labelOf(this.repo, before.subject_id))} → ${quote(labelOf(this.repo, after.subject_id))}`);
    if (before.object_id !== after.object_id)
      parts.push(`object ${quote(labelOf(this.repo, before.object_id))} → ${quote(labelOf(this.repo, after.object_id))}`);
    if (before.confidence !== after.confidence) parts.push(`confidence ${Number(before.confidence).toFixed(2)} → ${Number(after.confidence).toFixed(2)}`);
    if (!parts.length && before.edited !== after.edited) parts.push('marked as edited');
    return parts.join('; ') || command;
  }
}
