// The renderer's one freshness policy (renderer/src/api/freshness.ts), on a real QueryClient: what
// each event makes stale, the jobs list job.progress keeps, and that no view keeps a table of its own.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { CONCEPT_QUERIES, EVENT_INVALIDATES, invalidateFor, JOBS_LIST_KEY, onJobProgress, REVIEW_QUERIES } from '../../renderer/src/api/freshness';
import type { TypedJobInfo } from '../../shared/contract/jobs';

const RENDERER = path.resolve(import.meta.dirname, '..', '..', 'renderer', 'src');

/** A client holding one cached (fresh) answer for each call named. */
function cached(calls: string[]): QueryClient {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const call of calls) qc.setQueryData([call, {}], { cached: call });
  return qc;
}
const stale = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => q.queryKey[0] as string)
    .sort();

const job = (over: Partial<TypedJobInfo>): TypedJobInfo =>
  ({
    id: 1,
    kind: 'extract',
    state: 'running',
    title: 'x',
    progress: { done: 0, total: 1 },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  }) as TypedJobInfo;

describe('events make stale what the one table names', () => {
  it('graph.changed: the review, graph and concept queries, the editions and their diff, and documents.list', async () => {
    const qc = cached([...REVIEW_QUERIES, ...CONCEPT_QUERIES, 'documents.diff', 'documents.list', 'models.list', 'chat.sessions.list']);
    await invalidateFor(qc, 'graph.changed', { reason: 'edit' });
    const expected = [...new Set([...REVIEW_QUERIES, ...CONCEPT_QUERIES, 'documents.diff', 'documents.list'])].sort();
    expect(stale(qc)).toEqual(expected);
  });

  it('documents.changed: the documents, not the graph', async () => {
    const qc = cached(['documents.list', 'documents.chunks', 'triples.list']);
    await invalidateFor(qc, 'documents.changed', { reason: 'ingest' });
    expect(stale(qc)).toEqual(['documents.chunks', 'documents.list']);
  });

  it('an event without an entry makes nothing stale', async () => {
    const qc = cached(['triples.list', 'documents.list']);
    await invalidateFor(qc, 'chat.token', { sessionId: 1, messageId: 'm', token: 'a', done: false });
    expect(stale(qc)).toEqual([]);
  });

  it('every event in the table is one the core pushes', async () => {
    const { events } = await import('../../shared/contract/events');
    for (const name of Object.keys(EVENT_INVALIDATES)) expect(Object.keys(events)).toContain(name);
  });
});

describe('job.progress keeps the shared jobs list', () => {
  it('writes the job into the list (new ones first, known ones in place)', () => {
    const qc = cached([]);
    onJobProgress(qc, job({ id: 1 }));
    onJobProgress(qc, job({ id: 2, kind: 'ingest' }));
    onJobProgress(qc, job({ id: 1, state: 'done' }));
    expect(qc.getQueryData<TypedJobInfo[]>(JOBS_LIST_KEY)!.map((j) => [j.id, j.state])).toEqual([
      [2, 'running'],
      [1, 'done'],
    ]);
  });

  it("an evaluation job's start and end make the runs stale (no polling), its scores once it ended; a progress tick does not", () => {
    const qc = cached(['eval.run.list', 'eval.run.get']);
    onJobProgress(qc, job({ kind: 'eval', state: 'running' }));
    expect(stale(qc)).toEqual(['eval.run.list']);
    const next = cached(['eval.run.list', 'eval.run.get']);
    next.setQueryData(JOBS_LIST_KEY, [job({ kind: 'eval', state: 'running' })]);
    onJobProgress(next, job({ kind: 'eval', state: 'running', progress: { done: 1, total: 2 } }));
    expect(stale(next).filter((k) => k !== 'jobs.list')).toEqual([]);
    onJobProgress(next, job({ kind: 'eval', state: 'done' }));
    expect(stale(next).filter((k) => k !== 'jobs.list')).toEqual(['eval.run.get', 'eval.run.list']);
  });
});

describe('one table, one jobs query', () => {
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
    });
  const files = sources(RENDERER).map((f) => ({ f: path.relative(RENDERER, f), text: fs.readFileSync(f, 'utf8') }));

  it('no view subscribes to graph.changed or documents.changed itself', () => {
    expect(files.filter(({ text }) => /on\(\s*'(graph|documents)\.changed'|name === '(graph|documents)\.changed'/.test(text)).map(({ f }) => f)).toEqual([]);
  });

  it('jobs.list is written once (api/freshness.ts), every view reads it through useJobs', () => {
    expect(files.filter(({ text }) => /'jobs\.list',\s*\{/.test(text)).map(({ f }) => f)).toEqual([]);
  });
});
