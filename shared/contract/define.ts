import type { z } from 'zod';

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
