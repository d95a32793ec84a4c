import { z } from 'zod';
import { defineCall } from './define';
import { EdgeStatus, GraphNode, Id, NodeKind, Stage, Triple } from '../schemas';

export const TripleQuery = z.object({
  document: Id.optional(),
  status: EdgeStatus.optional(),
  stage: Stage.optional(),
  search: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(5000).default(200),
  offset: z.number().int().min(0).default(0),
});
export type TripleQuery = z.infer<typeof TripleQuery>;

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
    output: z.object({ items: z.array(Triple), total: z.number().int() }),
    summary: 'Triples with provenance, paged',
  }),
};
