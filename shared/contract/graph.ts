import { z } from 'zod';
import { defineCall } from './define';
import { EdgeStatus, GraphNode, Id, NodeKind, Stage, Triple } from '../schemas';

/** Columns triples.list can sort by ('document': the title of the first evidence's document). */
export const TripleSortColumn = z.enum(['id', 'subject', 'relation', 'object', 'stage', 'status', 'confidence', 'document', 'engine']);
export type TripleSortColumn = z.infer<typeof TripleSortColumn>;

export const TripleQuery = z.object({
  document: Id.optional(),
  status: EdgeStatus.optional(),
  stage: Stage.optional(),
  /** Words matched against subject, relation and object labels (and the nodes' aliases). */
  search: z.string().max(500).optional(),
  engine: z.string().max(100).optional(),
  relation: z.string().max(200).optional(),
  minConfidence: z.number().min(0).max(1).optional(),
  maxConfidence: z.number().min(0).max(1).optional(),
  /** Only triples an editor likely keeps: estimated precision at least this, or not estimated (Review's and Graph's default view). */
  minPrecision: z.number().min(0).max(1).optional(),
  /** Only the suggestions: estimated precision below this. */
  belowPrecision: z.number().min(0).max(1).optional(),
  /** Only triples with this node as subject or object. */
  node: Id.optional(),
  /** Only these triples. */
  ids: z.array(Id).max(5000).optional(),
  /** Also LLM triples marked unsupported (an end not found in their chunk), hidden otherwise. */
  includeUnsupported: z.boolean().optional(),
  sort: TripleSortColumn.default('id'),
  desc: z.boolean().default(false),
  limit: z.number().int().min(1).max(5000).default(200),
  offset: z.number().int().min(0).default(0),
});
export type TripleQuery = z.infer<typeof TripleQuery>;

/** A row of triples.list: the triple plus what the Review table shows. */
export const TripleListItem = Triple.extend({
  /** Title of the document of the first evidence span (null without evidence). */
  documentTitle: z.string().nullable(),
  /** An editor touched it: re-extraction never overwrites it. */
  edited: z.boolean(),
});
export type TripleListItem = z.infer<typeof TripleListItem>;

export const graphCalls = {
  'nodes.list': defineCall({
    input: z.object({
      kind: NodeKind.optional(),
      search: z.string().max(500).optional(),
      limit: z.number().int().min(1).max(5000).default(500),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({ items: z.array(GraphNode), total: z.number().int() }),
    summary: 'Nodes, optionally of one kind or matching a search',
  }),
  'triples.list': defineCall({
    input: TripleQuery,
    output: z.object({ items: z.array(TripleListItem), total: z.number().int() }),
    summary: 'Triples with provenance, filtered, sorted by any column, paged',
  }),
};
