// Editor commands on the concept layer: rename, merge, detach. They go through the review command
// layer's Recorder (one revision per row, one group per command, actor 'editor'), so history.undo /
// history.redo undo and redo them like any other edit, across restarts.
import { ApiError } from '../../../shared/errors';
import type { EditResult } from '../../../shared/contract/review';
import type { Store } from '../store';
import { ConceptRepository } from '../store/concepts';
import { EditRepository, type Row } from '../store/edit';
import { normalizeLabel } from '../store/normalize';
import { EDITOR, Recorder, ReviewCommands } from '../review/commands';
import { runCommand } from '../review/recorder';

interface Outcome {
  nodeIds: number[];
  summary: string;
}

const quote = (s: unknown) => `"${String(s ?? '')}"`;
const aliasesOf = (n: Row): string[] => {
  try {
    const a = JSON.parse(String(n.aliases ?? '[]'));
    return Array.isArray(a) ? a.map(String) : [];
  } catch {
    // aliases that are not a JSON list: none
    return [];
  }
};

export class ConceptCommands {
  private readonly repo: EditRepository;
  private readonly concepts: ConceptRepository;
  private readonly review: ReviewCommands;

  constructor(
    private readonly store: Store,
    private readonly onChange: (reason: string) => void = () => {},
  ) {
    this.repo = store.edits;
    this.concepts = store.concepts;
    this.review = new ReviewCommands(store, onChange);
  }

  /** One command: its rows and its revisions in one transaction, one undo group (review/recorder.ts runCommand). */
  private run(command: string, fn: (rec: Recorder) => Outcome): EditResult {
    return runCommand(this.store, this.repo, EDITOR, command, fn, this.onChange);
  }

  private mustConcept(id: number): Row {
    const n = this.repo.row('node', id);
    if (!n) throw new ApiError('not_found', `no concept ${id}`);
    if (n.kind !== 'concept') throw new ApiError('bad_request', `node ${id} is an ${n.kind}, not a concept`);
    return n;
  }

  rename(input: { conceptId: number; label: string }): EditResult {
    return this.run('concepts.rename', (rec) => {
      const c = this.mustConcept(input.conceptId);
      const label = input.label.replace(/\s+/g, ' ').trim();
      const norm = normalizeLabel(label);
      if (!norm) throw new ApiError('bad_request', `label ${JSON.stringify(input.label)} is empty once normalised`);
      const clash = this.repo.nodeByNorm('concept', norm);
      if (clash && clash.id !== c.id)
        throw new ApiError('conflict', `another concept is already labelled ${quote(clash.label)} (#${clash.id}): merge the two instead`);
      if (label === c.label) return { nodeIds: [c.id], summary: `Rename concept ${quote(label)}` };
      // The old label stays as an alias: a later run that proposes it again finds this concept.
      const aliases = aliasesOf(c).filter((a) => normalizeLabel(a) !== norm);
      if (normalizeLabel(String(c.label)) !== norm && !aliases.some((a) => normalizeLabel(a) === c.norm)) aliases.push(String(c.label));
      rec.update('node', c.id, { label, norm, aliases: JSON.stringify(aliases) });
      return { nodeIds: [c.id], summary: `Rename concept ${quote(c.label)} → ${quote(label)}` };
    });
  }

  merge(input: { ids: number[]; survivor?: number; label?: string }): EditResult {
    const ids = [...new Set(input.ids)];
    if (ids.length < 2) throw new ApiError('bad_request', 'merge needs at least two different concepts');
    for (const id of ids) this.mustConcept(id);
    let survivor = input.survivor;
    if (survivor === undefined) {
      // the concept covering most instances survives (ties: the older one)
      survivor = ids.map((id) => ({ id, n: this.concepts.concept(id)?.instances ?? 0 })).sort((a, b) => b.n - a.n || a.id - b.id)[0].id;
    }
    return this.review.merge({ ids, survivor, label: input.label }, {}, 'concepts.merge');
  }

  detach(input: { conceptId: number; nodeId?: number; relation?: string }): EditResult {
    return this.run('concepts.detach', (rec) => {
      const c = this.mustConcept(input.conceptId);
      const relation = input.relation?.replace(/\s+/g, ' ').trim() ?? null;
      const link = this.repo.conceptLinkFor(c.id, input.nodeId ?? null, relation);
      const what = input.nodeId !== undefined ? quote(this.repo.row('node', input.nodeId)?.label ?? `#${input.nodeId}`) : `relation ${quote(relation)}`;
      if (!link) throw new ApiError('not_found', `${what} is not an instance of concept ${quote(c.label)}`);
      rec.remove('concept_link', link.id);
      return { nodeIds: [c.id, ...(input.nodeId !== undefined ? [input.nodeId] : [])], summary: `Detach ${what} from concept ${quote(c.label)}` };
    });
  }
}
