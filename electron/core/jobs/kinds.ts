// The params schema of each job kind the core registers, by the kind's name: what
// `jobs.enqueue(kind, params)` takes (`JobParams<K>`, the schema's input, checked at compile time;
// the runner still parses it at run time) and what that kind's definition must declare as its
// `params` (`defineJob<K, C>` in ./runner.ts). The schemas live with their jobs; this module only
// names them, through type-only imports, so it adds no runtime edge (the stages import ./runner).
import type { z } from 'zod';
import type { JobKindName } from '../../../shared/contract/jobs';
import type { IngestParams } from '../ingest/job';
import type { ExtractJobParams } from '../extract/job';
import type { ConceptJobParams } from '../concepts/induce';
import type { EmbeddingsJobParams } from '../retrieve/embed-job';
import type { ExportJobParams } from '../export/job';
import type { PublishJobParams } from '../publish/job';
import type { ModelDownloadParams } from '../llm/models';
import type { EvalJobParams } from '../eval/run';

/** T, when it names a zod schema for every job kind of the contract and for nothing else. */
type OnePerKind<T extends Record<JobKindName, z.ZodType> & Record<Exclude<keyof T, JobKindName>, never>> = T;

export type JobParamSchemas = OnePerKind<{
  ingest: typeof IngestParams;
  extract: typeof ExtractJobParams;
  concepts: typeof ConceptJobParams;
  'embeddings.index': typeof EmbeddingsJobParams;
  'graph.export': typeof ExportJobParams;
  'graph.publish': typeof PublishJobParams;
  'models.download': typeof ModelDownloadParams;
  eval: typeof EvalJobParams;
}>;

/** What `enqueue(kind, params)` takes for a kind: the input of its params schema (defaults may be left out). */
export type JobParams<K extends JobKindName> = z.input<JobParamSchemas[K]>;

/** What a kind's job sees as `ctx.params` and `title(params)`: the parsed params. */
export type CheckedJobParams<K extends JobKindName> = z.output<JobParamSchemas[K]>;
