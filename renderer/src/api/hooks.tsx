import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput, EventName, EventPayload } from '../../../shared/contract';
import type { TypedJobInfo } from '../../../shared/contract/jobs';
import type { ApiClient } from './client';
import { invalidateFor, JOBS_LIST, onJobProgress, POLLS } from './freshness';

const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}

export function ApiProvider({ api, queryClient, children }: { api: ApiClient; queryClient: QueryClient; children: ReactNode }) {
  // The one freshness policy (./freshness.ts): each event makes stale what its table names.
  useEffect(
    () =>
      api.onAny((name, payload) => {
        if (name === 'job.progress') onJobProgress(queryClient, payload as TypedJobInfo);
        else void invalidateFor(queryClient, name as EventName, payload as EventPayload<EventName>);
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

/** The jobs list every view shares (one query, one cache entry, kept current by job.progress; polled for other processes' jobs). */
export function useJobs() {
  return useCall('jobs.list', JOBS_LIST, { refetchInterval: POLLS.otherProcessesJobs });
}
