// SQL of the LLM stage cache (migration 0014): a stage's answer by the hash of everything it
// depended on (extract/stage-cache.ts makes the key).
import type { Db } from './db';
import { parseJson } from './db';

export interface StageCacheRow {
  key: string;
  stage: string;
  model: string;
  promptVersion: string;
  /** The answer's text, as the model wrote it. */
  answer: string;
  tokens: number;
  /** What else the answer came with (its confidence, its tokens' probabilities). */
  meta: Record<string, unknown>;
}

export class StageCacheRepository {
  private readonly getStmt;
  private readonly putStmt;

  constructor(private readonly db: Db) {
    this.getStmt = db.prepare('SELECT key, stage, model, prompt_version, answer, tokens, meta FROM llm_stage_cache WHERE key = ?');
    this.putStmt = db.prepare(
      `INSERT INTO llm_stage_cache (key, stage, model, prompt_version, answer, tokens, meta) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(key) DO UPDATE SET answer = excluded.answer, tokens = excluded.tokens, meta = excluded.meta,
         created_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
    );
  }

  get(key: string): StageCacheRow | undefined {
    const r = this.getStmt.get(key) as
      { key: string; stage: string; model: string; prompt_version: string; answer: string; tokens: number; meta: string } | undefined;
    if (!r) return undefined;
    return { key: r.key, stage: r.stage, model: r.model, promptVersion: r.prompt_version, answer: r.answer, tokens: r.tokens, meta: parseJson(r.meta, {}) };
  }

  put(row: StageCacheRow): void {
    this.putStmt.run(row.key, row.stage, row.model, row.promptVersion, row.answer, row.tokens, JSON.stringify(row.meta));
  }

  /** Rows of one model (all models when absent): for tests and a future "clear the cache". */
  count(model?: string): number {
    const r = (
      model
        ? this.db.prepare('SELECT COUNT(*) AS n FROM llm_stage_cache WHERE model = ?').get(model)
        : this.db.prepare('SELECT COUNT(*) AS n FROM llm_stage_cache').get()
    ) as { n: number };
    return r.n;
  }
}
