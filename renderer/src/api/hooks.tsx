import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput } from '../../../shared/contract';
import type { TypedJobInfo } from '../../../shared/contract/jobs';
import type { ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}

/** Which cached calls each event makes stale. */
const INVALIDATES: Record<string, CallName[]> = {
  'documents.changed': ['documents.list', 'documents.get', 'documents.chunks', 'app.status'],
  // (a diff of two editions lists triples: an extraction or an edit changes it)
  'graph.changed': ['triples.list', 'nodes.list', 'app.status', 'documents.diff', 'documents.editions'],
};

export function ApiProvider({ api, queryClient, children }: { api: ApiClient; queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      api.onAny((name, payload) => {
        for (const call of INVALIDATES[name] ?? []) void queryClient.invalidateQueries({ queryKey: [call] });
        // The documents' triple counts change with the graph: refetched at once while an extraction
        // runs (the Documents view watches it), else only when next shown (a review edit must not
        // recount every document's evidence for the filters' document list).
        if (name === 'graph.changed') {
          const reason = (payload as { reason?: string }).reason;
          void queryClient.invalidateQueries({ queryKey: ['documents.list'], refetchType: reason === 'extract' ? 'active' : 'none' });
        }
        if (name === 'job.progress') {
          const job = payload as TypedJobInfo;
          let was: TypedJobInfo['state'] | undefined;
          queryClient.setQueryData<TypedJobInfo[]>(['jobs.list', { limit: 50 }], (old) => {
            const list = old ? [...old] : [];
            const i = list.findIndex((j) => j.id === job.id);
            was = list[i]?.state;
            if (i >= 0) list[i] = job;
            else list.unshift(job);
            return list;
          });
          if (job.state !== 'running' && job.state !== 'queued') void queryClient.invalidateQueries({ queryKey: ['app.status'] });
          // A job that starts or ends changes the documents' extraction status ('extracting', 'failed').
          if (job.kind === 'extract' && job.state !== was) void queryClient.invalidateQueries({ queryKey: ['documents.list'] });
        }
      }),
    [api, queryClient],
  );
  // The host switched to another database (File → New/Open database): nothing cached holds any more.
  useEffect(() => api.on('app.database', () => void queryClient.resetQueries()), [api, queryClient]);
  // Back from a lost connection: everything shown may be stale.
  useEffect(() => {
    const c = api.connection;
    if (!c) return;
    let was = c.get().state;
    return c.subscribe(() => {
      const now = c.get().state;
      if (now === 'connected' && was !== 'connected') void queryClient.invalidateQueries();
      was = now;
    });
  }, [api, queryClient]);
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** A contract call as a TanStack query, keyed by [name, input]. */
export function useCall<N extends CallName>(name: N, input: CallInput<N>, options: Omit<UseQueryOptions<CallOutput<N>, Error>, 'queryKey' | 'queryFn'> = {}) {
  const api = useApi();
  return useQuery<CallOutput<N>, Error>({ queryKey: [name, input], queryFn: () => api.call(name, input), ...options });
}

/** A contract call as a mutation; invalidates the named queries when it succeeds. */
export function useCallMutation<N extends CallName>(name: N, invalidate: CallName[] = []) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation<CallOutput<N>, Error, CallInput<N>>({
    mutationFn: (input) => api.call(name, input),
    onSuccess: () => {
      for (const key of invalidate) void qc.invalidateQueries({ queryKey: [key] });
    },
  });
}
