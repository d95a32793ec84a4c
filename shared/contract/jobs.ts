// The core's job kinds, gathered. Each is declared once in its area of the contract
// (`defineJobKind(name, {params, result})` beside the area's start call, whose input is derived from
// the params or they from it); this module names them, so the kind names, the params and result
// schemas and the typed JobInfo all come from those declarations. The job definitions in
// electron/core take their `params` and `result` from here, the runner types `enqueue(kind, params)`
// by them, the renderer and the CLI read `job.result` typed by `job.kind`, and every transport
// checks it. The areas do not import this module (test/lint/cycles.test.ts checks shared/ too).
import { z } from 'zod';
import { JobInfo as AnyKindJobInfo } from '../schemas';
import { ingestJob } from './ingest';
import { extractJob } from './extract';
import { conceptsJob } from './concepts';
import { embeddingsJob } from './vectors';
import { exportJob } from './export';
import { publishJob } from './publish';
import { downloadJob } from './models';
import { evalJob } from './eval';

/** Each kind under its own name (checked: a key that is not its declaration's kind fails to compile). */
const byName = <T extends { [K in keyof T]: { kind: K } }>(kinds: T) => kinds;

/** Every job kind the core registers (electron/core/core.ts), by name. */
export const jobKinds = byName({
  ingest: ingestJob,
  extract: extractJob,
  concepts: conceptsJob,
  'embeddings.index': embeddingsJob,
  'graph.export': exportJob,
  'graph.publish': publishJob,
  'models.download': downloadJob,
  eval: evalJob,
});

export type JobKindName = keyof typeof jobKinds;
export const jobKindNames = Object.keys(jobKinds) as JobKindName[];
export const JobKindName = z.enum(jobKindNames as [JobKindName, ...JobKindName[]]);

export const isJobKindName = (kind: string): kind is JobKindName => Object.hasOwn(jobKinds, kind);

type Each<F extends 'params' | 'result'> = { [K in JobKindName]: (typeof jobKinds)[K][F] };
const each = <F extends 'params' | 'result'>(field: F) => Object.fromEntries(jobKindNames.map((k) => [k, jobKinds[k][field]])) as Each<F>;

/** The schema of each kind's params: what `jobs.enqueue(kind, params)` takes and the jobs table stores. */
export const jobParams = each('params');
export type JobParams<K extends JobKindName> = z.input<Each<'params'>[K]>;

/** The schema of each kind's result. */
export const jobResults = each('result');
export type JobResult<K extends JobKindName> = z.output<Each<'result'>[K]>;

/** A job of one of the core's kinds, its result checked by the kind's schema (each member is its area's, the one its start call answers). */
export const KnownJobInfo = z.discriminatedUnion(
  'kind',
  jobKindNames.map((k) => jobKinds[k].info) as [(typeof jobKinds)[JobKindName]['info'], ...(typeof jobKinds)[JobKindName]['info'][]],
);
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
