import { z } from 'zod';
import { defineCall } from './define';
import { JobInfo } from '../schemas';
import { ExportOptions, ImportResult } from './export';

/** A SPARQL 1.1 endpoint (queries and updates as form POSTs) and a named graph in it. No secret: the core resolves it (keychain, GRAPHWRIGHT_SPARQL_PASSWORD). */
export const PublishTargetInput = z.object({
  endpoint: z.string().regex(/^https?:\/\/\S+$/i, 'an http(s) URL'),
  graph: z.string().regex(/^[a-z][a-z0-9+.-]*:[^\s<>"{}|^`\\]+$/i, 'an absolute IRI'),
  auth: z.enum(['none', 'basic', 'digest']).optional(),
  username: z.string().min(1).nullable().optional(),
});
export type PublishTargetInput = z.infer<typeof PublishTargetInput>;

export const PublishOptions = ExportOptions.pick({ acceptedOnly: true, documentId: true, concepts: true, provenance: true, base: true });

export const PublishRun = z.object({
  id: z.number().int(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  toAdd: z.number().int(),
  toRemove: z.number().int(),
  pushed: z.number().int(),
  removed: z.number().int(),
  batches: z.number().int(),
  totalBatches: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const PublishTarget = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  graph: z.string(),
  auth: z.enum(['none', 'basic', 'digest']),
  username: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  /** Triples the remote graph holds from this database. */
  published: z.number().int(),
  lastRun: PublishRun.nullable(),
});
export type PublishTarget = z.infer<typeof PublishTarget>;

export const PublishCheck = z.object({
  graph: z.string(),
  endpoint: z.string(),
  local: z.number().int(),
  remote: z.number().int(),
  published: z.number().int(),
  pending: z.object({ add: z.number().int(), remove: z.number().int() }),
  sample: z.number().int(),
  missing: z.array(z.string()),
  equal: z.boolean(),
});
export type PublishCheck = z.infer<typeof PublishCheck>;

/** What a pull brought in: an import's tallies, for a named graph instead of a file. */
export const PullResult = z.object({
  graph: z.string(),
  endpoint: z.string(),
  triples: z.number().int(),
  ...ImportResult.omit({ format: true }).shape,
});
export type PullResult = z.infer<typeof PullResult>;

export const publishCalls = {
  'publish.targets': defineCall({ input: z.object({}), output: z.array(PublishTarget), summary: 'SPARQL publish targets of this database, with what each holds and its last run' }),
  'publish.start': defineCall({
    input: PublishTargetInput.extend({
      options: PublishOptions.prefault({}),
      batchSize: z.number().int().min(1).max(100_000).optional(),
      /** Clear the remote graph and load everything again. */
      full: z.boolean().optional(),
    }),
    output: z.object({ job: JobInfo }),
    summary: 'Publish the graph into a named graph of a SPARQL store as a job (incremental after the first load; resumable, cancellable)',
  }),
  'publish.check': defineCall({
    input: PublishTargetInput.extend({ sample: z.number().int().min(0).max(1000).optional() }),
    output: PublishCheck,
    summary: 'Compare the local graph with a published named graph: counts, pending changes, a sample of triples',
  }),
  'publish.pull': defineCall({
    input: PublishTargetInput,
    output: PullResult,
    summary: 'Import a named graph from a SPARQL store in one transaction (all or nothing); emits graph.changed',
  }),
};
