// Job results typed per kind: every kind the core registers checks its result with the schema the
// contract lists for it (shared/contract/jobs.ts), the jobs calls and the job.progress event check
// a known kind's result at the boundary, and a stored result an older version wrote does not break them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { z } from 'zod';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import { isJobOf, jobKindNames, jobResult, jobResults, KnownJobInfo, TypedJobInfo } from '../../shared/contract/jobs';
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
