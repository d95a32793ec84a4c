// Jobs with their results typed per kind. The kind names and the JobInfo schema of one kind live
// below the areas (job-kinds.ts); each area declares its kind's result schema and JobInfo (its start
// call answers it); this module gathers them: the job definitions in electron/core use the same
// result schemas as their `result`, the renderer and the CLI read `job.result` typed by `job.kind`,
// and every transport checks it.
import { z } from 'zod';
import { JobInfo as AnyKindJobInfo } from '../schemas';
import { isJobKindName, type JobKindName } from './job-kinds';
import { IngestJobInfo, IngestJobResult } from './ingest';
import { ExtractJobInfo, ExtractSummary } from './extract';
import { ConceptsJobInfo, ConceptsSummary } from './concepts';
import { EmbeddingsJobInfo, EmbeddingsJobResult } from './vectors';
import { ExportJobInfo, ExportJobResult } from './export';
import { PublishJobInfo, PublishResult } from './publish';
import { DownloadJobInfo, DownloadResult } from './models';
import { EvalJobInfo, EvalJobResult } from './eval';

export { JobKindName, jobKindNames, isJobKindName, jobInfoOf } from './job-kinds';

/** Every job kind of the core and the schema of its result. */
export const jobResults = {
  ingest: IngestJobResult,
  extract: ExtractSummary,
  concepts: ConceptsSummary,
  'embeddings.index': EmbeddingsJobResult,
  'graph.export': ExportJobResult,
  'graph.publish': PublishResult,
  'models.download': DownloadResult,
  eval: EvalJobResult,
} as const satisfies Record<JobKindName, z.ZodType>;

export type JobResult<K extends JobKindName> = z.output<(typeof jobResults)[K]>;

/** A job of one of the core's kinds, its result checked by the kind's schema (each member is its area's, the one its start call answers). */
export const KnownJobInfo = z.discriminatedUnion('kind', [
  IngestJobInfo,
  ExtractJobInfo,
  ConceptsJobInfo,
  EmbeddingsJobInfo,
  ExportJobInfo,
  PublishJobInfo,
  DownloadJobInfo,
  EvalJobInfo,
]);
export type KnownJobInfo = z.output<typeof KnownJobInfo>;

/** A job of a kind this contract does not know (a test's, another version's): its result is not read. */
export const OtherJobInfo = AnyKindJobInfo.extend({
  kind: z.string().refine((k) => !isJobKindName(k), { message: 'a known job kind needs its own result' }),
});

/**
 * A job as `jobs.get`, `jobs.list`, `jobs.cancel`, `jobs.resume` and the `job.progress` event give
 * it. The JSON is the same as for any job (`JobInfo` of shared/schemas.ts); a known kind's result
 * is checked by its schema. Read a typed result with `isJobOf(job, 'extract') && job.result`.
 */
export const TypedJobInfo = z.union([KnownJobInfo, OtherJobInfo]);
export type TypedJobInfo = z.output<typeof TypedJobInfo>;

/** The job of one kind, with its result typed. */
export type JobInfoOf<K extends JobKindName> = Extract<KnownJobInfo, { kind: K }>;

/** Narrows a checked job (TypedJobInfo) to its kind, and so its result. */
export function isJobOf<K extends JobKindName>(job: TypedJobInfo, kind: K): job is JobInfoOf<K> {
  return job.kind === kind;
}

/**
 * The result of a job given as plain `JobInfo` (a row read without the contract, a test's job),
 * checked by its kind's schema: undefined when the job is of another kind, has no result yet, or
 * its result does not match (a row an older version wrote).
 */
export function jobResult<K extends JobKindName>(job: { kind: string; result?: unknown }, kind: K): JobResult<K> | undefined {
  if (job.kind !== kind || job.result === undefined) return undefined;
  const parsed = jobResults[kind].safeParse(job.result);
  return parsed.success ? (parsed.data as JobResult<K>) : undefined;
}
