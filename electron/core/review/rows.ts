// Small helpers over revision-log rows, shared by the command layer and its history.
import { ApiError } from '../../../shared/errors';
import type { Stage } from '../../../shared/schemas';
import type { EditRepository, Row } from '../store/edit';

export const now = () => new Date().toISOString();
export const str = (v: unknown) => String(v ?? '');
export const quote = (s: unknown) => `"${str(s)}"`;
export const aliasesOf = (n: Row): string[] => {
  try {
    const a = JSON.parse(str(n.aliases));
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    // aliases that are not a JSON list: none
    return [];
  }
};
export const cleanRelation = (r: string) => r.replace(/\s+/g, ' ').trim();
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function sameRow(a: Row | null, b: Row | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

/** The stage of a triple after its ends change (EE / EV / VV follow the kinds of the ends). */
export function stageFor(current: Stage, subjectKind: unknown, objectKind: unknown): Stage {
  if (current !== 'EE' && current !== 'EV' && current !== 'VV') return current;
  const ends = [subjectKind, objectKind];
  if (!ends.every((k) => k === 'entity' || k === 'event')) return current;
  if (ends.every((k) => k === 'entity')) return 'EE';
  if (ends.every((k) => k === 'event')) return 'VV';
  return 'EV';
}

/** A constraint failure of SQLite as a conflict the editor understands; anything else goes on. */
export function mapConstraint(err: unknown): never {
  if (err instanceof ApiError) throw err;
  const msg = err instanceof Error ? err.message : String(err);
  if (/constraint/i.test(msg)) throw new ApiError('conflict', `the graph changed in a way this edit cannot be applied to: ${msg}`);
  throw err;
}

/** A node's label, also after it was removed (from the revision log), else its id. */
export function labelOf(repo: EditRepository, id: unknown): string {
  const n = repo.row('node', Number(id)) ?? repo.lastKnownRow('node', Number(id));
  return str(n?.label ?? `#${id}`);
}

/** A triple as the history shows it: "subject" relation "object". */
export function tripleTextOf(repo: EditRepository, e: Row): string {
  return `${quote(labelOf(repo, e.subject_id))} ${str(e.relation)} ${quote(labelOf(repo, e.object_id))}`;
}
