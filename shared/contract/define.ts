import { z } from 'zod';
import { JobInfo } from '../schemas';

/** One call of the API: a name (the key it is registered under), its input and output schemas. */
export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** One line for the docs and the CLI's help. */
  summary: string;
}

export function defineCall<I extends z.ZodType, O extends z.ZodType>(spec: CallSpec<I, O>): CallSpec<I, O> {
  return spec;
}

/**
 * One job kind of the core, declared in its area of the contract: its name, the schema of its
 * params (what `jobs.enqueue(kind, params)` takes and the jobs table stores; a start call's input
 * is derived from it, or it from the input), the schema of its result, and `info`: a job of this
 * kind as the API gives it (the JSON of any job, `JobInfo` of shared/schemas.ts, with `kind` the
 * literal and `result`, once there is one, checked by the result schema). jobs.ts gathers them.
 */
export function defineJobKind<K extends string, P extends z.ZodType, R extends z.ZodType>(kind: K, spec: { params: P; result: R }) {
  return { kind, params: spec.params, result: spec.result, info: JobInfo.extend({ kind: z.literal(kind), result: spec.result.optional() }) };
}
