// Job results typed per kind: every kind the core registers checks its result with the schema the
// contract lists for it (shared/contract/jobs.ts), the jobs calls, the job.progress event and every
// call that starts a job check a known kind's result at the boundary, and a stored result an older
// version wrote does not break them.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import path from 'node:path';
import { z } from 'zod';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import { isJobOf, jobKindNames, jobResult, jobResults, KnownJobInfo, TypedJobInfo, type JobInfoOf, type JobKindName } from '../../shared/contract/jobs';
import { calls, type CallName, type CallOutput } from '../../shared/contract';
import { JobInfo } from '../../shared/schemas';
import { dispatch } from '../../shared/dispatch';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir();
afterAll(() => t.cleanup());

const ingestResult = { imported: [{ id: 1, path: '/tmp/a.txt' }], skipped: [], failed: [{ path: '/tmp/b.pdf', error: 'b.pdf: truncated' }] };

describe('job results typed per kind', () => {
  let core: Core;
  beforeAll(() => {
    core = new Core({ dbPath: path.join(t.dir, 'kinds.db'), startJobs: false });
  });
  afterAll(() => core.close());

  it('every kind the core registers is in the contract, with the same result schema, and every contract kind is registered', () => {
    const registered = core.jobs.kindNames().sort();
    expect(registered).toEqual([...jobKindNames].sort());
    for (const kind of jobKindNames) expect(core.jobs.definition(kind)?.result, kind).toBe(jobResults[kind]);
    // the union's member of each kind reads its result with that same schema
    for (const member of KnownJobInfo.options) {
      const kind = member.shape.kind.value;
      expect(member.shape.result.unwrap(), kind).toBe(jobResults[kind]);
    }
  });

  it('jobs.get gives a stored result typed by its kind, and leaves out one that does not match (an older version wrote it)', async () => {
    const repo = core.jobs.repo;
    const good = repo.create('ingest', 'Import a', { paths: ['/tmp/a.txt'] });
    repo.setState(good.id, 'done', { result: ingestResult });
    const old = repo.create('extract', 'Extract', {});
    repo.setState(old.id, 'done', { result: { engine: 'classic', triples: 3 } });

    const a = await core.call('jobs.get', { id: good.id });
    expect(a.ok).toBe(true);
    const job = TypedJobInfo.parse(a.ok ? a.value : null);
    expect(isJobOf(job, 'ingest') && job.result).toEqual(ingestResult);
    expect(isJobOf(job, 'extract')).toBe(false);

    const b = await core.call('jobs.get', { id: old.id });
    expect(b.ok).toBe(true);
    expect(b.ok && (b.value as { result?: unknown }).result).toBeUndefined();
    const list = await core.call('jobs.list', { limit: 10 });
    expect(list.ok).toBe(true);
  });

  it('the boundary checks a known kind\u2019s result; another kind\u2019s result passes as it is', () => {
    const base = { id: 1, title: 'x', state: 'done', progress: { done: 1, total: 1 }, error: null, createdAt: '', updatedAt: '' };
    expect(TypedJobInfo.safeParse({ ...base, kind: 'ingest', result: ingestResult }).success).toBe(true);
    expect(TypedJobInfo.safeParse({ ...base, kind: 'ingest', result: { imported: 3 } }).success).toBe(false);
    expect(TypedJobInfo.safeParse({ ...base, kind: 'test.other', result: { imported: 3 } }).success).toBe(true);
    expect(() => core.bus.emit('job.progress', { ...base, kind: 'graph.export', result: { path: 1 } } as never)).toThrow();
    // plain JobInfo (a start call's answer): the result read through its kind's schema
    expect(jobResult({ kind: 'ingest', result: ingestResult }, 'ingest')).toEqual(ingestResult);
    expect(jobResult({ kind: 'ingest', result: { imported: 3 } }, 'ingest')).toBeUndefined();
    expect(jobResult({ kind: 'extract', result: ingestResult }, 'ingest')).toBeUndefined();
  });
});

/** The member of TypedJobInfo for a kind. */
const memberOf = (kind: JobKindName) => KnownJobInfo.options.find((m) => m.shape.kind.value === kind);

/** Every schema an output is made of (object fields, optional, nullable, arrays, unions), with where it is. */
function* parts(schema: z.ZodType, at: string): Generator<[z.ZodType, string]> {
  yield [schema, at];
  if (schema instanceof z.ZodObject) for (const [k, v] of Object.entries(schema.shape)) yield* parts(v as z.ZodType, `${at}.${k}`);
  else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) yield* parts(schema.unwrap() as z.ZodType, at);
  else if (schema instanceof z.ZodArray) yield* parts(schema.element as z.ZodType, `${at}[]`);
  else if (schema instanceof z.ZodUnion) for (const o of schema.options) yield* parts(o as z.ZodType, at);
}

describe('calls that start a job answer it typed by its kind', () => {
  it('each start call\u2019s job is the TypedJobInfo member of its kind (the same schema object), and every kind has one', () => {
    expect(calls['documents.ingest'].output).toBe(memberOf('ingest'));
    expect(calls['extract.start'].output).toBe(memberOf('extract'));
    expect(calls['concepts.start'].output).toBe(memberOf('concepts'));
    expect(calls['retrieve.index.start'].output).toBe(memberOf('embeddings.index'));
    expect(calls['models.download'].output).toBe(memberOf('models.download'));
    expect(calls['eval.run.start'].output.shape.job).toBe(memberOf('eval'));
    expect(calls['publish.start'].output.shape.job).toBe(memberOf('graph.publish'));
    expect(calls['graph.export'].output.shape.job.unwrap()).toBe(memberOf('graph.export'));
    expect(KnownJobInfo.options.map((m) => m.shape.kind.value).sort()).toEqual([...jobKindNames].sort());
  });

  it('no call answers a plain JobInfo (a new start call typed so fails here)', () => {
    const plain = (Object.keys(calls) as CallName[]).flatMap((name) => [...parts(calls[name].output, name)].filter(([s]) => s === JobInfo).map(([, at]) => at));
    expect(plain).toEqual([]);
    // the check sees one when there is one
    expect([...parts(z.object({ job: JobInfo.optional() }), 'x')].filter(([s]) => s === JobInfo).map(([, at]) => at)).toEqual(['x.job']);
  });

  it('the types follow: a start call\u2019s output is its kind\u2019s job', () => {
    expectTypeOf<CallOutput<'documents.ingest'>>().toEqualTypeOf<JobInfoOf<'ingest'>>();
    expectTypeOf<CallOutput<'extract.start'>>().toEqualTypeOf<JobInfoOf<'extract'>>();
    expectTypeOf<CallOutput<'concepts.start'>>().toEqualTypeOf<JobInfoOf<'concepts'>>();
    expectTypeOf<CallOutput<'retrieve.index.start'>>().toEqualTypeOf<JobInfoOf<'embeddings.index'>>();
    expectTypeOf<CallOutput<'models.download'>>().toEqualTypeOf<JobInfoOf<'models.download'>>();
    expectTypeOf<CallOutput<'eval.run.start'>['job']>().toEqualTypeOf<JobInfoOf<'eval'>>();
    expectTypeOf<CallOutput<'publish.start'>['job']>().toEqualTypeOf<JobInfoOf<'graph.publish'>>();
    expectTypeOf<CallOutput<'graph.export'>['job']>().toEqualTypeOf<JobInfoOf<'graph.export'> | undefined>();
    expectTypeOf<NonNullable<CallOutput<'extract.start'>['result']>>().toEqualTypeOf<z.output<typeof jobResults.extract>>();
  });

  it('the boundary checks a start call\u2019s answer: its kind, and its result when it has one', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'start.db'), startJobs: false });
    try {
      const started = await core.call('extract.start', { engine: 'classic' });
      expect(started.ok && started.value).toMatchObject({ kind: 'extract', state: 'queued' });
      const job = started.ok ? (started.value as JobInfoOf<'extract'>) : null;
      const answering = (value: unknown) => dispatch({ 'extract.start': () => value as never }, 'extract.start', { engine: 'classic' });
      expect(await answering(job)).toMatchObject({ ok: true });
      expect(await answering({ ...job, kind: 'ingest' })).toMatchObject({
        ok: false,
        error: { code: 'internal', message: 'extract.start returned an invalid result' },
      });
      expect(await answering({ ...job, state: 'done', result: { engine: 'classic', triples: 'many' } })).toMatchObject({
        ok: false,
        error: { code: 'internal' },
      });
    } finally {
      await core.close();
    }
  });
});

describe('a result its schema refuses', () => {
  it('fails the job with the reason instead of storing it', async () => {
    const liar = defineJob<Record<string, never>, null, { n: number }>({
      kind: 'test.liar',
      params: z.object({}),
      result: z.object({ n: z.number() }),
      title: () => 'liar',
      run: async () => ({ n: 'three' }) as unknown as { n: number },
    });
    const core = new Core({ dbPath: path.join(t.dir, 'liar.db'), jobKinds: [liar] });
    try {
      const job = core.jobs.enqueue(liar, {});
      const done = await core.jobs.wait(job.id);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/n/);
      expect(done.result).toBeUndefined();
    } finally {
      await core.close();
    }
  });
});
