// SQL of evaluation: gold sets and items (their own tables, apart from the graph), runs with their
// settings, predictions and scores, and the editor's accept/reject decisions for live precision.
import type { Db } from './db';
import { parseJson } from './db';
import type { EvalRunInfo, EvalScores, EvalSettings, GoldFormat, GoldItem, GoldKind, GoldQuestion, GoldSetInfo } from '../../../shared/contract/eval';

interface SetRow {
  id: number;
  name: string;
  format: GoldFormat;
  kind: GoldKind;
  source_path: string | null;
  content_hash: string;
  items: number;
  mentions: number;
  triples: number;
  created_at: string;
}

interface RunRow {
  id: number;
  set_id: number;
  kind: GoldKind;
  label: string;
  settings: string;
  state: EvalRunInfo['state'];
  job_id: number | null;
  scores: string | null;
  created_at: string;
  finished_at: string | null;
  gold_name: string;
  items: number;
  predictions: number;
}

const toSet = (r: SetRow): GoldSetInfo => ({
  id: r.id,
  name: r.name,
  format: r.format,
  kind: r.kind,
  path: r.source_path,
  items: r.items,
  mentions: r.mentions,
  triples: r.triples,
  createdAt: r.created_at,
});

/** The two or three numbers a run is compared by at a glance. */
export function headline(scores: EvalScores | null): Record<string, number> {
  if (!scores) return {};
  if (scores.kind === 'extraction') {
    return { tripleF1: scores.triples.f1, pairF1: scores.pairs.f1, mentionF1: scores.mentions[scores.mentionMode].f1 };
  }
  return { passageRecall: scores.passageRecall.value, answerAccuracy: scores.answerAccuracy.value, abstention: scores.abstention.value };
}

const RUN_SELECT = `SELECT r.*, s.name AS gold_name, s.items AS items,
  (SELECT COUNT(*) FROM eval_predictions p WHERE p.run_id = r.id) AS predictions
  FROM eval_runs r JOIN eval_gold_sets s ON s.id = r.set_id`;

export interface GoldItemRow {
  id: number;
  ordinal: number;
  key: string;
  gold: GoldItem | GoldQuestion;
}

export interface DecisionRow {
  edge: number;
  status: 'accepted' | 'rejected';
  at: string;
  engine: string;
  relation: string;
  type: string | null;
  document: string | null;
}

export class EvalRepository {
  constructor(private readonly db: Db) {}

  // ---- gold

  findSetByHash(hash: string): GoldSetInfo | null {
    const r = this.db.prepare('SELECT * FROM eval_gold_sets WHERE content_hash = ? ORDER BY id DESC LIMIT 1').get(hash) as SetRow | undefined;
    return r ? toSet(r) : null;
  }

  insertSet(input: {
    name: string;
    format: GoldFormat;
    kind: GoldKind;
    path: string | null;
    hash: string;
    items: (GoldItem | GoldQuestion)[];
    mentions: number;
    triples: number;
  }): GoldSetInfo {
    return this.db.transaction(() => {
      const { mentions, triples } = input;
      const id = Number(
        this.db
          .prepare('INSERT INTO eval_gold_sets (name, format, kind, source_path, content_hash, items, mentions, triples) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
          .run(input.name, input.format, input.kind, input.path, input.hash, input.items.length, mentions, triples).lastInsertRowid,
      );
      const ins = this.db.prepare('INSERT INTO eval_gold_items (set_id, ordinal, key, gold) VALUES (?, ?, ?, ?)');
      input.items.forEach((it, i) => ins.run(id, i, it.key, JSON.stringify(it)));
      return this.getSet(id)!;
    })();
  }

  getSet(id: number): GoldSetInfo | null {
    const r = this.db.prepare('SELECT * FROM eval_gold_sets WHERE id = ?').get(id) as SetRow | undefined;
    return r ? toSet(r) : null;
  }

  listSets(): GoldSetInfo[] {
    return (this.db.prepare('SELECT * FROM eval_gold_sets ORDER BY id DESC').all() as SetRow[]).map(toSet);
  }

  deleteSet(id: number): boolean {
    return this.db.prepare('DELETE FROM eval_gold_sets WHERE id = ?').run(id).changes > 0;
  }

  /** Items of a set in order (the first `limit` when given). */
  items(setId: number, limit?: number | null): GoldItemRow[] {
    const rows = this.db
      .prepare(`SELECT id, ordinal, key, gold FROM eval_gold_items WHERE set_id = ? ORDER BY ordinal${limit ? ' LIMIT ?' : ''}`)
      .all(...(limit ? [setId, limit] : [setId])) as { id: number; ordinal: number; key: string; gold: string }[];
    return rows.map((r) => ({ id: r.id, ordinal: r.ordinal, key: r.key, gold: parseJson(r.gold, {} as GoldItem) }));
  }

  itemByKey(setId: number, key: string): GoldItemRow | null {
    const r = this.db.prepare('SELECT id, ordinal, key, gold FROM eval_gold_items WHERE set_id = ? AND key = ? ORDER BY ordinal LIMIT 1').get(setId, key) as
      { id: number; ordinal: number; key: string; gold: string } | undefined;
    return r ? { id: r.id, ordinal: r.ordinal, key: r.key, gold: parseJson(r.gold, {} as GoldItem) } : null;
  }

  // ---- runs

  createRun(input: { setId: number; kind: GoldKind; label: string; settings: EvalSettings }): number {
    return Number(
      this.db
        .prepare('INSERT INTO eval_runs (set_id, kind, label, settings) VALUES (?, ?, ?, ?)')
        .run(input.setId, input.kind, input.label, JSON.stringify(input.settings)).lastInsertRowid,
    );
  }

  setRunJob(id: number, jobId: number): void {
    this.db.prepare('UPDATE eval_runs SET job_id = ? WHERE id = ?').run(jobId, id);
  }

  setRunState(id: number, state: EvalRunInfo['state']): void {
    this.db.prepare('UPDATE eval_runs SET state = ? WHERE id = ?').run(state, id);
  }

  finishRun(id: number, scores: EvalScores): void {
    this.db
      .prepare("UPDATE eval_runs SET state = 'done', scores = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?")
      .run(JSON.stringify(scores), id);
  }

  private toRun(r: RunRow): EvalRunInfo & { scores: EvalScores | null } {
    const scores = parseJson<EvalScores | null>(r.scores, null);
    const settings = parseJson<EvalSettings>(r.settings, {} as EvalSettings);
    return {
      id: r.id,
      goldSet: r.set_id,
      goldName: r.gold_name,
      kind: r.kind,
      label: r.label,
      settings,
      state: r.state,
      job: r.job_id,
      predictions: r.predictions,
      items: settings.limit ? Math.min(r.items, settings.limit) : r.items,
      headline: headline(scores),
      createdAt: r.created_at,
      finishedAt: r.finished_at,
      scores,
    };
  }

  getRun(id: number): (EvalRunInfo & { scores: EvalScores | null }) | null {
    const r = this.db.prepare(`${RUN_SELECT} WHERE r.id = ?`).get(id) as RunRow | undefined;
    return r ? this.toRun(r) : null;
  }

  /** Runs, newest first; the headline numbers are read out of the stored scores without parsing them whole. */
  listRuns(setId?: number): EvalRunInfo[] {
    const select = `SELECT r.id, r.set_id, r.kind, r.label, r.settings, r.state, r.job_id, r.created_at, r.finished_at, s.name AS gold_name, s.items AS items,
        (SELECT COUNT(*) FROM eval_predictions p WHERE p.run_id = r.id) AS predictions,
        CASE WHEN r.scores IS NULL THEN NULL WHEN r.kind = 'extraction' THEN json_object(
          'tripleF1', json_extract(r.scores, '$.triples.f1'), 'pairF1', json_extract(r.scores, '$.pairs.f1'),
          'mentionF1', json_extract(r.scores, '$.mentions.' || json_extract(r.scores, '$.mentionMode') || '.f1'))
        ELSE json_object('passageRecall', json_extract(r.scores, '$.passageRecall.value'), 'answerAccuracy', json_extract(r.scores, '$.answerAccuracy.value'),
          'abstention', json_extract(r.scores, '$.abstention.value')) END AS headline
      FROM eval_runs r JOIN eval_gold_sets s ON s.id = r.set_id`;
    const rows = (
      setId ? this.db.prepare(`${select} WHERE r.set_id = ? ORDER BY r.id DESC`).all(setId) : this.db.prepare(`${select} ORDER BY r.id DESC`).all()
    ) as (Omit<RunRow, 'scores'> & { headline: string | null })[];
    return rows.map((r) => {
      const { scores, ...info } = this.toRun({ ...r, scores: null });
      void scores;
      return { ...info, headline: parseJson<Record<string, number>>(r.headline, {}) };
    });
  }

  deleteRun(id: number): boolean {
    return this.db.prepare('DELETE FROM eval_runs WHERE id = ?').run(id).changes > 0;
  }

  // ---- predictions

  savePrediction(runId: number, itemId: number, prediction: unknown): void {
    this.db.prepare('INSERT OR REPLACE INTO eval_predictions (run_id, item_id, prediction) VALUES (?, ?, ?)').run(runId, itemId, JSON.stringify(prediction));
  }

  /** Item id -> prediction of a run. */
  predictions<T>(runId: number): Map<number, T> {
    const rows = this.db.prepare('SELECT item_id, prediction FROM eval_predictions WHERE run_id = ?').all(runId) as { item_id: number; prediction: string }[];
    return new Map(rows.map((r) => [r.item_id, parseJson<T>(r.prediction, null as T)]));
  }

  prediction<T>(runId: number, itemId: number): T | null {
    const r = this.db.prepare('SELECT prediction FROM eval_predictions WHERE run_id = ? AND item_id = ?').get(runId, itemId) as
      { prediction: string } | undefined;
    return r ? parseJson<T | null>(r.prediction, null) : null;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // ---- the editor's decisions

  /** The latest accept or reject (not undone) of every triple, with its engine, relation, subject type and first document. */
  decisions(): DecisionRow[] {
    return this.db
      .prepare(
        `WITH last AS (
           SELECT target_id AS edge, MAX(id) AS rid FROM revisions
           WHERE target_kind = 'edge' AND command IN ('triples.accept', 'triples.reject') AND undone = 0 AND target_id IS NOT NULL
           GROUP BY target_id)
         SELECT l.edge AS edge,
           CASE r.command WHEN 'triples.accept' THEN 'accepted' ELSE 'rejected' END AS status,
           r.at AS at,
           COALESCE(e.engine, json_extract(r.after, '$.engine'), '?') AS engine,
           COALESCE(e.relation, json_extract(r.after, '$.relation'), '?') AS relation,
           n.type AS type,
           (SELECT d.title FROM provenance p JOIN documents d ON d.id = p.document_id WHERE p.edge_id = l.edge ORDER BY p.id LIMIT 1) AS document
         FROM last l JOIN revisions r ON r.id = l.rid
         LEFT JOIN edges e ON e.id = l.edge
         LEFT JOIN nodes n ON n.id = e.subject_id
         ORDER BY r.at`,
      )
      .all() as DecisionRow[];
  }
}
