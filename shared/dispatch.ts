// Validation at the boundary: every transport funnels through these two functions.
import { ApiError, type ApiErrorShape, zodIssues } from './errors';
import { calls, isCallName, type CallArgs, type CallName, type CallOutput } from './contract';

export type Handlers = { [N in CallName]: (input: CallArgs<N>) => Promise<CallOutput<N>> | CallOutput<N> };

/**
 * Exactly the handlers of one area's calls (`HandlersOf<typeof extractCalls>`): a handler factory typed
 * so fails to compile when it leaves a call of its area out or answers a call of another area.
 */
export type HandlersOf<Area> = Pick<Handlers, Extract<keyof Area, CallName>>;

export type CallResult = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

/**
 * Validate a raw payload against the contract, run the handler, validate its output. Never throws.
 * `mapError` lets the host turn its own failures (storage errors) into clear ApiErrors first.
 */
export async function dispatch(handlers: Partial<Handlers>, name: unknown, raw: unknown, mapError?: (err: unknown) => unknown): Promise<CallResult> {
  if (!isCallName(name)) return { ok: false, error: { code: 'unknown_call', message: `unknown call: ${String(name)}` } };
  const spec = calls[name];
  const parsed = spec.input.safeParse(raw ?? {});
  if (!parsed.success) {
    return { ok: false, error: { code: 'bad_request', message: `invalid input for ${name}`, issues: zodIssues(parsed.error) } };
  }
  const handler = handlers[name] as ((input: unknown) => unknown) | undefined;
  if (!handler) return { ok: false, error: { code: 'unsupported', message: `${name} is not available in this host` } };
  try {
    const value = await handler(parsed.data);
    const out = spec.output.safeParse(value);
    if (!out.success) {
      return { ok: false, error: { code: 'internal', message: `${name} returned an invalid result`, issues: zodIssues(out.error) } };
    }
    return { ok: true, value: out.data };
  } catch (err) {
    return { ok: false, error: toErrorShape(mapError ? mapError(err) : err) };
  }
}

function toErrorShape(err: unknown): ApiErrorShape {
  if (err instanceof ApiError) return err.toJSON();
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

/** Client side: check a result against the output schema and unwrap it, or throw an ApiError. */
export function unwrap<N extends CallName>(name: N, result: CallResult): CallOutput<N> {
  if (!result.ok) throw ApiError.from(result.error);
  return calls[name].output.parse(result.value) as CallOutput<N>;
}
