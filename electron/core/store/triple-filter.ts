// The one WHERE builder for filters over triples (edges aliased `e`): the Review table's
// triples.list (GraphRepository.listTriples) and the Graph view's neighbourhood (ReviewRepository)
// filter by the same columns with the same SQL.
import type { EdgeStatus, Stage } from '../../../shared/schemas';

interface TripleFilter {
  status?: EdgeStatus;
  /** Any of these statuses (an empty list matches nothing). */
  statuses?: readonly EdgeStatus[];
  stage?: Stage;
  /** Only triples with evidence in this document. */
  document?: number;
  engine?: string;
  relation?: string;
  /** Any of these relations (an empty list is no filter). */
  relations?: readonly string[];
  minConfidence?: number;
  maxConfidence?: number;
  /** Triples an editor likely keeps: precision at least this, or not estimated (the default view). */
  minPrecision?: number;
  /** Suggestions: triples whose estimated precision is below this. */
  belowPrecision?: number;
  /** Only triples with this node as subject or object. */
  node?: number;
  ids?: readonly number[];
  /** Also LLM triples marked unsupported (an end not in their chunk); hidden by default, unless asked for by id. */
  includeUnsupported?: boolean;
}

/** `text` escaped for LIKE ... ESCAPE '\\' (so % and _ match themselves). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern matching text that contains `text`. */
export const likeOf = (text: string) => `%${escapeLike(text)}%`;

/** SQL conditions over edges `e` (to be joined with AND) and their arguments, in order. */
export function tripleConditions(f: TripleFilter): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: string, ...a: unknown[]) => {
    where.push(sql);
    args.push(...a);
  };
  if (f.status) add('e.status = ?', f.status);
  if (f.statuses) add('e.status IN (SELECT value FROM json_each(?))', JSON.stringify(f.statuses));
  if (f.stage) add('e.stage = ?', f.stage);
  if (f.document) add('EXISTS (SELECT 1 FROM provenance p WHERE p.edge_id = e.id AND p.document_id = ?)', f.document);
  if (f.engine) add('e.engine = ?', f.engine);
  if (f.relation) add('e.relation = ?', f.relation);
  if (f.relations?.length) add('e.relation IN (SELECT value FROM json_each(?))', JSON.stringify(f.relations));
  if (f.minConfidence !== undefined) add('e.confidence >= ?', f.minConfidence);
  if (f.maxConfidence !== undefined) add('e.confidence <= ?', f.maxConfidence);
  if (f.minPrecision !== undefined) add('(e.precision IS NULL OR e.precision >= ?)', f.minPrecision);
  if (f.belowPrecision !== undefined) add('e.precision < ?', f.belowPrecision);
  if (f.node) add('(e.subject_id = ? OR e.object_id = ?)', f.node, f.node);
  if (f.ids) add('e.id IN (SELECT value FROM json_each(?))', JSON.stringify(f.ids));
  if (!f.includeUnsupported && !f.ids) add('e.unsupported = 0');
  return { where, args };
}
