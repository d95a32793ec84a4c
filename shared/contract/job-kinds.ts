// The core's job kinds, named once, and the JobInfo schema of one kind. This module sits below every
// area of the contract: an area's start call (`extract.start`, `documents.ingest`, ...) answers
// `jobInfoOf(kind, <its result schema>)`, and jobs.ts gathers those schemas into TypedJobInfo. So
// jobs.ts imports the areas and no area imports jobs.ts (test/lint/cycles.test.ts checks shared/ too).
import { z } from 'zod';
import { JobInfo } from '../schemas';

/** Every job kind the core registers (electron/core/core.ts); each has its params and result schemas. */
export const JobKindName = z.enum(['ingest', 'extract', 'concepts', 'embeddings.index', 'graph.export', 'graph.publish', 'models.download', 'eval']);
export type JobKindName = z.infer<typeof JobKindName>;

export const jobKindNames: readonly JobKindName[] = JobKindName.options;

export const isJobKindName = (kind: string): kind is JobKindName => (JobKindName.options as readonly string[]).includes(kind);

/**
 * A job of one kind as the API gives it: the JSON of any job (`JobInfo` of shared/schemas.ts) with
 * `kind` the literal and `result`, once there is one, checked by the kind's schema.
 */
export const jobInfoOf = <K extends JobKindName, R extends z.ZodType>(kind: K, result: R) =>
  JobInfo.extend({ kind: z.literal(kind), result: result.optional() });
