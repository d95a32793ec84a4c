// Knowledge extraction: which chunks an engine has already read, so re-runs and resumed jobs skip them.
export default /* sql */ `
CREATE TABLE chunk_extractions (
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  engine TEXT NOT NULL,            -- 'classic', 'llama:<model>', 'openai:<model>'
  hash TEXT NOT NULL,              -- the chunk's content hash when it was extracted
  triples INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0,
  tokens INTEGER NOT NULL DEFAULT 0,
  job_id INTEGER,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (chunk_id, engine)
);
CREATE INDEX merge_candidates_rank ON merge_candidates(status, score DESC);
`;
