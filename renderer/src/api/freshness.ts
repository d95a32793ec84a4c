// The renderer's one freshness policy. The core pushes an event when what it holds changes; each
// event makes the cached calls it names stale, from one table (EVENT_INVALIDATES), read by the
// ApiProvider; job.progress writes the job into the shared jobs list (JOBS_LIST) and makes what a
// job's start or end changes stale. Nothing polls what an event reports: the two polls left watch
// what has no event here (the jobs another process runs, an engine's load state: POLLS).
import type { QueryClient } from '@tanstack/react-query';
import type { CallName, EventName, EventPayload } from '../../../shared/contract';
import type { TypedJobInfo } from '../../../shared/contract/jobs';

/** The jobs list every view reads (the status bar, Documents, Export, Publish, Models, Evaluation): one query, kept current by job.progress. */
export const JOBS_LIST = { limit: 50 } as const;
export const JOBS_LIST_KEY = ['jobs.list', JOBS_LIST] as const;

/** Every query the review and graph views read; all are stale after any edit. */
export const REVIEW_QUERIES: CallName[] = [
  'triples.list',
  'triples.evidence',
  'graph.neighbourhood',
  'nodes.search',
  'nodes.list',
  'history.list',
  'history.forTriple',
  'entities.get',
  'relations.list',
  'merge.candidates',
  'app.status',
];

/** Asked again only after the rest: an entity an undo deleted leaves the panels that showed it first. */
export const LAST_REFRESHED: CallName[] = ['entities.get'];

/** What the concept layer's edits and jobs make stale. */
export const CONCEPT_QUERIES: CallName[] = ['concepts.list', 'concepts.instances', 'concepts.coverage', 'concepts.of', 'schema.mismatches', 'history.list'];

interface Stale<E extends EventName> {
  calls: CallName[];
  /** Refetch what is shown now ('active', the default), or only mark stale for when it is next shown ('none'). */
  refetch?: (payload: EventPayload<E>) => 'active' | 'none';
}

/** Which cached calls each event makes stale. */
export const EVENT_INVALIDATES: { [E in EventName]?: Stale<E>[] } = {
  'documents.changed': [{ calls: ['documents.list', 'documents.get', 'documents.chunks', 'app.status'] }],
  'graph.changed': [
    // (a diff of two editions lists triples: an extraction or an edit changes it)
    { calls: [...new Set([...REVIEW_QUERIES, ...CONCEPT_QUERIES, 'documents.diff', 'documents.editions'] as CallName[])] },
    // The documents' triple counts change with the graph: refetched at once while an extraction
    // runs (the Documents view watches it), else only when next shown (a review edit must not
    // recount every document's evidence for the filters' document list).
    { calls: ['documents.list'], refetch: (p) => (p.reason === 'extract' ? 'active' : 'none') },
  ],
};

/** Polls where no event reaches this renderer, in ms. */
export const POLLS = {
  /** Jobs another process (a CLI on the same database) runs: their progress is not pushed here. */
  otherProcessesJobs: 5000,
  /** An engine's load state (loaded on first use, unloaded when idle): no event says so. */
  engineStatus: 5000,
} as const;

/** Make the queries an event names stale (the review queries LAST_REFRESHED a macrotask after the rest). */
export async function invalidateFor<E extends EventName>(qc: QueryClient, name: E, payload: EventPayload<E>): Promise<void> {
  const table = (EVENT_INVALIDATES[name] ?? []) as Stale<E>[];
  const first: Promise<void>[] = [];
  const last: CallName[] = [];
  for (const { calls, refetch } of table) {
    const refetchType = refetch?.(payload) ?? 'active';
    for (const call of calls) {
      if (LAST_REFRESHED.includes(call) && refetchType === 'active') last.push(call);
      else first.push(qc.invalidateQueries({ queryKey: [call], refetchType }));
    }
  }
  if (!last.length) return void (await Promise.all(first));
  await Promise.all(first);
  // one macrotask: the views re-render from the new triples and neighbourhoods, unmounting cards of deleted nodes
  await new Promise((resolve) => setTimeout(resolve, 0));
  await Promise.all(last.map((call) => qc.invalidateQueries({ queryKey: [call] })));
}

/** A job's progress pushed: written into the jobs list; its start or end makes what it changes stale. */
export function onJobProgress(qc: QueryClient, job: TypedJobInfo): void {
  let was: TypedJobInfo['state'] | undefined;
  qc.setQueryData<TypedJobInfo[]>(JOBS_LIST_KEY, (old) => {
    const list = old ? [...old] : [];
    const i = list.findIndex((j) => j.id === job.id);
    was = list[i]?.state;
    if (i >= 0) list[i] = job;
    else list.unshift(job);
    return list;
  });
  const ended = job.state !== 'running' && job.state !== 'queued';
  const changed = job.state !== was;
  if (ended) void qc.invalidateQueries({ queryKey: ['app.status'] });
  // A job that starts or ends changes the documents' extraction status ('extracting', 'failed').
  if (job.kind === 'extract' && changed) void qc.invalidateQueries({ queryKey: ['documents.list'] });
  // An evaluation job that starts or ends: its run's state in the list, and its scores once it ended.
  if (job.kind === 'eval' && changed) {
    void qc.invalidateQueries({ queryKey: ['eval.run.list'] });
    if (ended) void qc.invalidateQueries({ queryKey: ['eval.run.get'] });
  }
}
