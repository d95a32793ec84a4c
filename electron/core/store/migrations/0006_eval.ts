// Evaluation: gold sets and their items live in their own tables, apart from the graph (extraction
// and retrieval never read them); runs keep their settings, every prediction and the scores.
export default /* sql */ `
CREATE TABLE eval_gold_sets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  format TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('extraction','qa')),
  source_path TEXT,
  content_hash TEXT NOT NULL,
  items INTEGER NOT NULL DEFAULT 0,
  mentions INTEGER NOT NULL DEFAULT 0,
  triples INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX eval_gold_sets_hash ON eval_gold_sets(content_hash);

CREATE TABLE eval_gold_items (
  id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL REFERENCES eval_gold_sets(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  key TEXT NOT NULL,
  gold TEXT NOT NULL,               -- JSON: a GoldItem or a GoldQuestion
  UNIQUE (set_id, ordinal)
);
CREATE INDEX eval_gold_items_key ON eval_gold_items(set_id, key);

CREATE TABLE eval_runs (
  id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL REFERENCES eval_gold_sets(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('extraction','qa')),
  label TEXT NOT NULL,
  settings TEXT NOT NULL,           -- JSON: EvalSettings
  state TEXT NOT NULL DEFAULT 'queued',
  job_id INTEGER,
  scores TEXT,                      -- JSON: EvalScores once finished
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  finished_at TEXT
);
CREATE INDEX eval_runs_set ON eval_runs(set_id);

CREATE TABLE eval_predictions (
  run_id INTEGER NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  item_id INTEGER NOT NULL REFERENCES eval_gold_items(id) ON DELETE CASCADE,
  prediction TEXT NOT NULL,         -- JSON: what the engine produced for this item
  PRIMARY KEY (run_id, item_id)
);
`;
