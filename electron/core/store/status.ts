import type { Db } from './db';
import type { StoreStatus } from '../../../shared/schemas';

export function storeStatus(db: Db): StoreStatus {
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const grouped = (sql: string) => new Map((db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]));
  const nodes = grouped('SELECT kind AS k, COUNT(*) AS n FROM nodes GROUP BY kind');
  const edges = grouped('SELECT status AS k, COUNT(*) AS n FROM edges GROUP BY status');
  const jobs = grouped('SELECT state AS k, COUNT(*) AS n FROM jobs GROUP BY state');
  return {
    documents: count('SELECT COUNT(*) AS n FROM documents'),
    chunks: count('SELECT COUNT(*) AS n FROM chunks'),
    nodes: { entity: nodes.get('entity') ?? 0, event: nodes.get('event') ?? 0, concept: nodes.get('concept') ?? 0, passage: nodes.get('passage') ?? 0 },
    triples: {
      proposed: edges.get('proposed') ?? 0,
      accepted: edges.get('accepted') ?? 0,
      rejected: edges.get('rejected') ?? 0,
      stale: edges.get('stale') ?? 0,
    },
    jobs: {
      queued: jobs.get('queued') ?? 0,
      running: jobs.get('running') ?? 0,
      done: jobs.get('done') ?? 0,
      failed: jobs.get('failed') ?? 0,
      cancelled: jobs.get('cancelled') ?? 0,
    },
  };
}
