// The params of each job kind the core registers, by the kind's name: what
// `jobs.enqueue(kind, params)` takes (`JobParams<K>`, the schema's input, checked at compile time;
// the runner still parses it at run time) and what that kind's definition must declare as its
// `params` (`defineJob<K, C>` in ./runner.ts). The schemas are declared with their kinds in the
// contract (shared/contract/jobs.ts gathers them), so jobs/ imports no stage: the stages import it.
import type { z } from 'zod';
import type { JobKindName, jobParams } from '../../../shared/contract/jobs';

export type { JobParams } from '../../../shared/contract/jobs';

export type JobParamSchemas = typeof jobParams;

/** What a kind's job sees as `ctx.params` and `title(params)`: the parsed params. */
export type CheckedJobParams<K extends JobKindName> = z.output<JobParamSchemas[K]>;
