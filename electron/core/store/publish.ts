// Publish state: targets (endpoint + named graph; the secret is never stored), the triples each
// target holds from us, and the runs. A batch the remote store accepted is recorded here in one
// transaction, so after a failure this table says exactly what the remote graph holds.
import type { Db } from './db';
import { parseJson } from './db';

import type { PublishAuth, PublishProtocol, PublishRunState } from '../../../shared/contract/publish';

export type { PublishAuth, PublishProtocol };

export interface PublishTargetRow {
  id: number;
  endpoint: string;
  graph: string;
  auth: PublishAuth;
  username: string | null;
  options: Record<string, unknown>;
  protocol: PublishProtocol;
  /** The Graph Store HTTP Protocol URL; null: derived from the endpoint. */
  graphStore: string | null;
  clearedAt: string | null;
  createdAt: string;
}

export interface PublishRunRow {
  id: number;
  targetId: number;
  state: PublishRunState;
  toAdd: number;
  toRemove: number;
  pushed: number;
  removed: number;
  batches: number;
  totalBatches: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

interface TargetSql {
  id: number;
  endpoint: string;
  graph: string;
  auth: PublishAuth;
  username: string | null;
  options: string;
  protocol: PublishProtocol;
  graph_store: string | null;
  cleared_at: string | null;
  created_at: string;
}

interface RunSql {
  id: number;
  target_id: number;
  state: PublishRunRow['state'];
  to_add: number;
  to_remove: number;
  pushed: number;
  removed: number;
  batches: number;
  total_batches: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

const target = (r: TargetSql): PublishTargetRow => ({
  id: r.id,
  endpoint: r.endpoint,
  graph: r.graph,
  auth: r.auth,
  username: r.username,
  options: parseJson<Record<string, unknown>>(r.options, {}),
  protocol: r.protocol ?? 'update',
  graphStore: r.graph_store ?? null,
  clearedAt: r.cleared_at,
  createdAt: r.created_at,
});

const run = (r: RunSql): PublishRunRow => ({
  id: r.id,
  targetId: r.target_id,
  state: r.state,
  toAdd: r.to_add,
  toRemove: r.to_remove,
  pushed: r.pushed,
  removed: r.removed,
  batches: r.batches,
  totalBatches: r.total_batches,
  error: r.error,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export class PublishRepository {
  constructor(private readonly db: Db) {}

  /** The target for (endpoint, graph), created or updated with these settings. */
  upsertTarget(t: {
    endpoint: string;
    graph: string;
    auth: PublishAuth;
    username: string | null;
    options: Record<string, unknown>;
    protocol?: PublishProtocol;
    graphStore?: string | null;
  }): PublishTargetRow {
    this.db
      .prepare(
        `INSERT INTO publish_targets (endpoint, graph, auth, username, options, protocol, graph_store) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(endpoint, graph) DO UPDATE SET auth = excluded.auth, username = excluded.username, options = excluded.options, protocol = excluded.protocol, graph_store = excluded.graph_store`,
      )
      .run(t.endpoint, t.graph, t.auth, t.username, JSON.stringify(t.options), t.protocol ?? 'update', t.graphStore ?? null);
    return this.findTarget(t.endpoint, t.graph)!;
  }

  findTarget(endpoint: string, graph: string): PublishTargetRow | null {
    const r = this.db.prepare('SELECT * FROM publish_targets WHERE endpoint = ? AND graph = ?').get(endpoint, graph) as TargetSql | undefined;
    return r ? target(r) : null;
  }

  getTarget(id: number): PublishTargetRow | null {
    const r = this.db.prepare('SELECT * FROM publish_targets WHERE id = ?').get(id) as TargetSql | undefined;
    return r ? target(r) : null;
  }

  listTargets(): PublishTargetRow[] {
    return (this.db.prepare('SELECT * FROM publish_targets ORDER BY id').all() as TargetSql[]).map(target);
  }

  /**
   * Before a full load: forget what the target holds and that it was ever cleared, in one
   * transaction, so a load killed before the remote graph is replaced starts over as a full one.
   */
  forget(targetId: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM publish_triples WHERE target_id = ?').run(targetId);
      this.db.prepare('UPDATE publish_targets SET cleared_at = NULL WHERE id = ?').run(targetId);
    })();
  }

  markCleared(targetId: number): void {
    this.db.prepare(`UPDATE publish_targets SET cleared_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`).run(targetId);
  }

  /** Every triple the target holds from us: hash → N-Triples line. */
  published(targetId: number): Map<string, string> {
    const out = new Map<string, string>();
    for (const r of this.db.prepare('SELECT hash, nt FROM publish_triples WHERE target_id = ?').iterate(targetId) as Iterable<{ hash: string; nt: string }>)
      out.set(r.hash, r.nt);
    return out;
  }

  /** Whether the target holds this triple (by its hash). */
  holds(targetId: number, hash: string): boolean {
    return this.db.prepare('SELECT 1 FROM publish_triples WHERE target_id = ? AND hash = ?').get(targetId, hash) !== undefined;
  }

  /** The target of the latest run that sent anything or completed: where a citation is looked up remotely. */
  lastPublished(): PublishTargetRow | null {
    const r = this.db
      .prepare(
        `SELECT t.* FROM publish_targets t JOIN publish_runs r ON r.target_id = t.id WHERE r.state = 'done' OR r.pushed + r.removed > 0 ORDER BY r.id DESC LIMIT 1`,
      )
      .get() as TargetSql | undefined;
    return r ? target(r) : null;
  }

  publishedCount(targetId: number): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM publish_triples WHERE target_id = ?').get(targetId) as { n: number }).n;
  }

  /** Record one batch the remote store accepted, and the run's progress, in one transaction. */
  recordBatch(runId: number, targetId: number, added: [hash: string, nt: string][], removed: string[]): void {
    const ins = this.db.prepare('INSERT OR REPLACE INTO publish_triples (target_id, hash, nt) VALUES (?, ?, ?)');
    const del = this.db.prepare('DELETE FROM publish_triples WHERE target_id = ? AND hash = ?');
    this.db.transaction(() => {
      for (const h of removed) del.run(targetId, h);
      for (const [h, nt] of added) ins.run(targetId, h, nt);
      this.db
        .prepare('UPDATE publish_runs SET pushed = pushed + ?, removed = removed + ?, batches = batches + 1 WHERE id = ?')
        .run(added.length, removed.length, runId);
    })();
  }

  /** A resumed run: its batch total grows by the batches still to do. */
  addBatches(runId: number, batches: number): void {
    this.db.prepare('UPDATE publish_runs SET total_batches = batches + ? WHERE id = ?').run(batches, runId);
  }

  startRun(targetId: number, toAdd: number, toRemove: number, totalBatches: number): PublishRunRow {
    const r = this.db
      .prepare('INSERT INTO publish_runs (target_id, to_add, to_remove, total_batches) VALUES (?, ?, ?, ?)')
      .run(targetId, toAdd, toRemove, totalBatches);
    return this.getRun(Number(r.lastInsertRowid))!;
  }

  finishRun(runId: number, state: Exclude<PublishRunRow['state'], 'running'>, error: string | null = null): PublishRunRow {
    this.db.prepare(`UPDATE publish_runs SET state = ?, error = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`).run(state, error, runId);
    return this.getRun(runId)!;
  }

  getRun(id: number): PublishRunRow | null {
    const r = this.db.prepare('SELECT * FROM publish_runs WHERE id = ?').get(id) as RunSql | undefined;
    return r ? run(r) : null;
  }

  lastRun(targetId: number): PublishRunRow | null {
    const r = this.db.prepare('SELECT * FROM publish_runs WHERE target_id = ? ORDER BY id DESC LIMIT 1').get(targetId) as RunSql | undefined;
    return r ? run(r) : null;
  }
}
