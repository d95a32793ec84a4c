// Publishing to SPARQL stores: one row per target (endpoint + named graph, never a secret), the
// exact set of triples that target holds from us (N-Triples lines, keyed by their hash: the next
// publish sends only the difference) and one row per publish run (where it stopped, and why).
export default /* sql */ `
CREATE TABLE publish_targets (
  id INTEGER PRIMARY KEY,
  endpoint TEXT NOT NULL,
  graph TEXT NOT NULL,
  auth TEXT NOT NULL DEFAULT 'none' CHECK (auth IN ('none','basic','digest')),
  username TEXT,
  options TEXT NOT NULL DEFAULT '{}',   -- JSON: PublishOptions (accepted only, document, provenance, concepts, base)
  cleared_at TEXT,                      -- when the first full load emptied the remote graph
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (endpoint, graph)
);

CREATE TABLE publish_triples (
  target_id INTEGER NOT NULL REFERENCES publish_targets(id) ON DELETE CASCADE,
  hash TEXT NOT NULL,
  nt TEXT NOT NULL,
  PRIMARY KEY (target_id, hash)
) WITHOUT ROWID;

CREATE TABLE publish_runs (
  id INTEGER PRIMARY KEY,
  target_id INTEGER NOT NULL REFERENCES publish_targets(id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running','done','failed','cancelled')),
  to_add INTEGER NOT NULL DEFAULT 0,
  to_remove INTEGER NOT NULL DEFAULT 0,
  pushed INTEGER NOT NULL DEFAULT 0,
  removed INTEGER NOT NULL DEFAULT 0,
  batches INTEGER NOT NULL DEFAULT 0,
  total_batches INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  finished_at TEXT
);
CREATE INDEX publish_runs_target ON publish_runs(target_id, id);
`;
