// A triple whose evidence a newer edition removed is 'stale' (editions/apply.ts), a status of its own
// beside proposed, accepted and rejected, so Review, the graph, `triples --json` and `status --json`
// show it. SQLite cannot change a CHECK in place: the edges table is rebuilt (the migration runs with
// foreign keys off, so the evidence and the edition changes that point at edges stay, and the
// references are checked before it commits). edition_changes.status_before keeps what a triple was
// before it went stale: what it goes back to when it is kept, found again, or its edition removed.
// (Numbered 0016: 0011-0015 were written beside it. It runs after 0012 and 0014, whose columns it keeps.)
export default /* sql */ `
CREATE TABLE edges_new (
  id INTEGER PRIMARY KEY,
  subject_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  relation TEXT NOT NULL,
  object_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  stage TEXT NOT NULL CHECK (stage IN ('EE','EV','VV','import','manual')),
  status TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed','accepted','rejected','stale')),
  confidence REAL NOT NULL DEFAULT 0.5,
  engine TEXT NOT NULL,            -- classic | llama | openai | import | editor
  model TEXT,
  edited INTEGER NOT NULL DEFAULT 0, -- 1 once an editor touched it: re-runs never overwrite
  meta TEXT NOT NULL DEFAULT '{}',
  precision REAL,                  -- migration 0012: estimated probability an editor keeps it
  unsupported INTEGER NOT NULL DEFAULT 0, -- migration 0014: an LLM triple whose end its chunk does not hold
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
INSERT INTO edges_new (id, subject_id, relation, object_id, stage, status, confidence, engine, model, edited, meta, precision, unsupported, created_at, updated_at)
  SELECT id, subject_id, relation, object_id, stage, status, confidence, engine, model, edited, meta, precision, unsupported, created_at, updated_at FROM edges;
DROP TABLE edges;
ALTER TABLE edges_new RENAME TO edges;
CREATE UNIQUE INDEX edges_identity ON edges(subject_id, relation, object_id);
CREATE INDEX edges_object ON edges(object_id);
CREATE INDEX edges_status ON edges(status);
CREATE INDEX edges_relation ON edges(relation);

ALTER TABLE edition_changes ADD COLUMN status_before TEXT;
`;
