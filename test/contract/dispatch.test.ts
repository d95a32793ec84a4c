// dispatch(): validation in and out, typed errors, unknown calls. That every call has exactly one
// handler is test/contract/handlers.test.ts.
import { describe, expect, it } from 'vitest';
import { dispatch, unwrap } from '../../shared/dispatch';
import { ApiError } from '../../shared/errors';

describe('contract dispatch', () => {
  const handlers = {
    'settings.get': ({ key }: { key: string }) => ({ key, value: key === 'boom' ? undefined : 1 }),
    'jobs.get': () => {
      throw new ApiError('not_found', 'no job 7');
    },
    'app.status': () => ({ documents: 'many' }),
  };

  it('validates input and reports each issue with its path', async () => {
    const r = await dispatch(handlers as never, 'settings.get', { key: '' });
    expect(r).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'invalid input for settings.get', issues: [expect.objectContaining({ path: 'key' })] },
    });
  });

  it('refuses unknown calls without touching a handler', async () => {
    expect(await dispatch(handlers as never, '__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    expect(await dispatch(handlers as never, 'constructor', {})).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
  });

  it('passes typed errors through and catches invalid outputs', async () => {
    expect(await dispatch(handlers as never, 'jobs.get', { id: 7 })).toEqual({ ok: false, error: { code: 'not_found', message: 'no job 7' } });
    expect(await dispatch(handlers as never, 'app.status', {})).toMatchObject({
      ok: false,
      error: { code: 'internal', message: 'app.status returned an invalid result' },
    });
    expect(await dispatch({}, 'app.status', {})).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('unwrap throws the ApiError a failed result carries', () => {
    expect(() => unwrap('jobs.get', { ok: false, error: { code: 'not_found', message: 'no job 7' } })).toThrow(ApiError);
  });
});
