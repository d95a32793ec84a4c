// Jobs by kind name: `enqueue(kind, params)` is typed by the kind's params schema (an unknown kind or
// wrong params do not compile: the `@ts-expect-error` lines below fail `npm run typecheck` when they
// stop being errors) and still checked at run time; every kind the core registers declares a params
// schema, the publish job's included.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import path from 'node:path';
import type { z } from 'zod';
import { Core } from '../../electron/core/core';
import { defineJob } from '../../electron/core/jobs/runner';
import type { JobParams } from '../../electron/core/jobs/kinds';
import { jobKindNames, jobParams, jobResults, type JobInfoOf } from '../../shared/contract/jobs';
import { ExtractJobParams, ExtractStartInput, type ExtractSummary } from '../../shared/contract/extract';
import { ConceptsJobParams, ConceptsStartInput } from '../../shared/contract/concepts';
import { PublishStartInput } from '../../shared/contract/publish';
import { IngestJobParams } from '../../shared/contract/ingest';
import { calls } from '../../shared/contract';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir();
afterAll(() => t.cleanup());

const target = { endpoint: 'http://127.0.0.1:9/sparql', graph: 'urn:graphwright:test', options: {} };

describe('enqueue by kind name', () => {
  let core: Core;
  beforeAll(() => {
    // jobs are queued, never run
    core = new Core({ dbPath: path.join(t.dir, 'kinds.db'), startJobs: false });
  });
  afterAll(() => core.close());

  it('takes the input of the kind\u2019s params schema and answers the kind\u2019s job, its result typed', () => {
    expectTypeOf<JobParams<'extract'>>().toEqualTypeOf<z.input<typeof ExtractJobParams>>();
    expectTypeOf<JobParams<'graph.publish'>>().toEqualTypeOf<z.input<typeof PublishStartInput>>();
    const job = core.jobs.enqueue('extract', { engine: 'classic' });
    expectTypeOf(job).toEqualTypeOf<JobInfoOf<'extract'>>();
    expectTypeOf(job.result).toEqualTypeOf<ExtractSummary | undefined>();
    expect(job).toMatchObject({ kind: 'extract', state: 'queued' });
  });

  it('refuses an unknown kind and wrong params at compile time, and still at run time', () => {
    // @ts-expect-error not a job kind (a call's name)
    expect(() => core.jobs.enqueue('extract.start', {})).toThrow(/unknown job kind: extract\.start/);
    // @ts-expect-error engine is classic, llama or openai
    expect(() => core.jobs.enqueue('extract', { engine: 'gpt' })).toThrow(/job extract: bad params: engine/);
    // @ts-expect-error an import needs its paths
    expect(() => core.jobs.enqueue('ingest', { chunkSize: 500 })).toThrow(/job ingest: bad params: paths/);
    // @ts-expect-error an evaluation job names its run by id
    expect(() => core.jobs.enqueue('eval', { run: 'latest' })).toThrow(/job eval: bad params: run/);
    // @ts-expect-error a publish job needs its named graph
    expect(() => core.jobs.enqueue('graph.publish', { endpoint: target.endpoint, options: {} })).toThrow(/job graph\.publish: bad params: graph/);
  });

  it('every kind the core registers declares a params schema, the one its definition is typed with', () => {
    for (const kind of jobKindNames) expect(core.jobs.definition(kind)?.params, kind).toBeDefined();
    // a contract kind's definition must give the kind's params and result schemas (defineJob<K, C>)
    const withoutParams = {
      kind: 'graph.publish' as const,
      result: jobResults['graph.publish'],
      title: () => 'x',
      run: () => Promise.reject(new Error('never run')),
    };
    // @ts-expect-error no params schema
    expect(defineJob<'graph.publish', null>(withoutParams)).toBe(withoutParams);
  });

  it("a start call's input is its kind's params (or picked from them): one set of rules, the model's and the endpoint's included", () => {
    for (const [start, params] of [
      [ExtractStartInput, ExtractJobParams],
      [ConceptsStartInput, ConceptsJobParams],
    ] as const) {
      for (const [key, field] of Object.entries(start.shape)) expect(params.shape[key as keyof typeof params.shape], key).toBe(field);
    }
    expect(calls['extract.start'].input).toBe(ExtractStartInput);
    expect(calls['documents.ingest'].input).toBe(IngestJobParams);
    expect(calls['publish.start'].input).toBe(jobParams['graph.publish']);
    // rules the start call had and the job's params lacked: now the job's too
    expect(() => core.jobs.enqueue('extract', { engine: 'openai', endpoint: 'not a url' })).toThrow(/job extract: bad params: endpoint/);
    expect(() => core.jobs.enqueue('extract', { engine: 'llama', model: '' })).toThrow(/job extract: bad params: model/);
    expect(() => core.jobs.enqueue('concepts', { engine: 'openai', endpoint: 'an endpoint' })).toThrow(/job concepts: bad params: endpoint/);
    expect(() => core.jobs.enqueue('extract', { engine: 'llama', model: 'x'.repeat(5000) })).toThrow(/job extract: bad params: model/);
  });

  it('graph.publish checks its params: the endpoint and graph, the options, and never stores what is not in them (a password)', () => {
    expect(() => core.jobs.enqueue('graph.publish', { ...target, endpoint: 'ftp://example.org/sparql' })).toThrow(/job graph\.publish: bad params: endpoint/);
    expect(() => core.jobs.enqueue('graph.publish', { ...target, batchSize: 0 })).toThrow(/job graph\.publish: bad params: batchSize/);
    // @ts-expect-error options.acceptedOnly is a boolean
    expect(() => core.jobs.enqueue('graph.publish', { ...target, options: { acceptedOnly: 'yes' } })).toThrow(/bad params: options\.acceptedOnly/);
    // @ts-expect-error not a param: the secret never reaches the jobs table
    const job = core.jobs.enqueue('graph.publish', { ...target, auth: 'basic', username: 'u', password: 'secret' });
    expectTypeOf(job).toEqualTypeOf<JobInfoOf<'graph.publish'>>();
    const stored = core.store.jobs.get(job.id)!.params as Record<string, unknown>;
    expect(stored).not.toHaveProperty('password');
    // stored parsed: the options' defaults filled in
    expect(stored).toMatchObject({
      endpoint: target.endpoint,
      graph: target.graph,
      auth: 'basic',
      username: 'u',
      options: { acceptedOnly: false, provenance: true },
    });
  });
});
