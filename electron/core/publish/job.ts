// The publish job: one publish run with progress (batches) and cancel. Its params are persisted
// in the jobs table, so they never hold the secret: the host hands in a resolver (the OS keychain
// under Electron, GRAPHWRIGHT_SPARQL_PASSWORD for the CLI and host). Cancelled, stopped or failed,
// the remote graph holds every complete batch; resumed (or run again), the job sends the rest.
import { defineJob } from '../jobs/runner';
import type { Store } from '../store';
import { openExportSnapshot } from '../store/export';
import { publish } from './index';
import { jobResults, type JobKindName } from '../../../shared/contract/jobs';
import { PublishStartInput } from '../../../shared/contract/publish';

interface PublishJobCheckpoint {
  run: number;
}

/** The password of a target, or null for none; never stored by Graphwright. */
export type SecretResolver = (target: { endpoint: string; graph: string; username: string | null }) => string | null;

const PUBLISH_JOB = 'graph.publish' satisfies JobKindName;

export const envSecret: SecretResolver = () => process.env.GRAPHWRIGHT_SPARQL_PASSWORD ?? null;

export const publishJob = (store: Store, dbPath: string, secret: SecretResolver = envSecret) =>
  defineJob<typeof PUBLISH_JOB, PublishJobCheckpoint>({
    kind: PUBLISH_JOB,
    params: PublishStartInput,
    result: jobResults[PUBLISH_JOB],
    title: (p) => `Publish to <${p.graph}>`,
    async run(ctx) {
      const p = ctx.params;
      const username = p.username ?? null;
      const auth = p.auth ?? (username ? 'digest' : 'none');
      const password = auth === 'none' ? null : secret({ endpoint: p.endpoint, graph: p.graph, username });
      const snap = openExportSnapshot(dbPath);
      try {
        return await publish(
          store,
          { endpoint: p.endpoint, graph: p.graph, auth, username, password, protocol: p.protocol, graphStore: p.graphStore },
          p.options,
          {
            batchSize: p.batchSize,
            // A resumed job continues its run: never clear the remote graph again.
            full: ctx.checkpoint ? false : p.full,
            runId: ctx.checkpoint?.run,
            signal: ctx.signal,
            onRun: (run) => ctx.save({ run: run.id }, run.batches, run.totalBatches, `batch ${run.batches} of ${run.totalBatches}`),
            onProgress: (done, total, message) => ctx.progress(done, total, message),
          },
          snap.db,
        );
      } finally {
        snap.close();
      }
    },
  });
