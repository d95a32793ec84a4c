import { z } from 'zod';

/** Every failure that crosses a boundary (IPC, HTTP, CLI) has one of these codes. */
export const ErrorCode = z.enum([
  'bad_request', // input failed its schema
  'unknown_call',
  'unauthorized',
  'forbidden', // a path outside what the user granted (see docs/SECURITY.md)
  'not_found',
  'conflict',
  'unsupported',
  'too_large', // a request body over the host's limit
  'failed', // the operation ran and failed (bad file, engine error, ...)
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ApiErrorShape = z.object({
  code: ErrorCode,
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorShape = z.infer<typeof ApiErrorShape>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues?: { path: string; message: string }[];
  constructor(code: ErrorCode, message: string, issues?: { path: string; message: string }[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.issues = issues;
  }
  toJSON(): ApiErrorShape {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
  static from(shape: ApiErrorShape): ApiError {
    return new ApiError(shape.code, shape.message, shape.issues);
  }
}

export function zodIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(root)', message: i.message }));
}
