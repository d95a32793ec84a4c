// Jobs with their results typed per kind. Each kind the core registers declares its result schema
// here (the job definition in electron/core uses the same object as its `result`), so the renderer
// and the CLI read `job.result` typed by `job.kind`, and every transport checks it.
import { z } from 'zod';
import { JobInfo as AnyKindJobInfo } from '../schemas';
import { IngestJobResult } from './ingest';
import { ExtractSummary } from './extract';
import { ConceptsSummary } from './concepts';
import { EmbeddingsJobResult } from './vectors';
import { ExportJobResult } from './export';
import { PublishResult } from './publish';
import { DownloadResult } from './models';
import { EvalJobResult } from './eval';

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
} as const;

export type JobKindName = keyof typeof jobResults;
export type JobResult<K extends JobKindName> = z.output<(typeof jobResults)[K]>;

export const jobKindNames = Object.keys(jobResults) as JobKindName[];

export const isJobKindName = (kind: string): kind is JobKindName => Object.hasOwn(jobResults, kind);

const jobOf = <K extends JobKindName, R extends z.ZodType>(kind: K, result: R) => AnyKindJobInfo.extend({ kind: z.literal(kind), result: result.optional() });

/** A job of one of the core's kinds, its result checked by the kind's schema. */
export const KnownJobInfo = z.discriminatedUnion('kind', [
  jobOf('ingest', jobResults.ingest),
  jobOf('extract', jobResults.extract),
  jobOf('concepts', jobResults.concepts),
  jobOf('embeddings.index', jobResults['embeddings.index']),
  jobOf('graph.export', jobResults['graph.export']),
  jobOf('graph.publish', jobResults['graph.publish']),
  jobOf('models.download', jobResults['models.download']),
  jobOf('eval', jobResults.eval),
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
 * The result of a job given as plain `JobInfo` (a start call's answer, the runner inside the CLI),
 * checked by its kind's schema: undefined when the job is of another kind, has no result yet, or
 * its result does not match (a row an older version wrote).
 */
export function jobResult<K extends JobKindName>(job: { kind: string; result?: unknown }, kind: K): JobResult<K> | undefined {
  if (job.kind !== kind || job.result === undefined) return undefined;
  const parsed = jobResults[kind].safeParse(job.result);
  return parsed.success ? (parsed.data as JobResult<K>) : undefined;
}
