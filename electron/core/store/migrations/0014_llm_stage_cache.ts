// The LLM stage cache and the unsupported mark of a triple (issue 37).
// - llm_stage_cache: one row per answered stage call, keyed by a hash of the model, the stage's
//   prompt version, its schema, limits and sampling, and the whole conversation it answered (the
//   passage and the earlier stages' answers): a re-run of a chunk asks the model again only for the
//   stages whose key is not there (a failed stage, and the stages after it).
// - edges.unsupported: 1 when an end of an LLM triple is not found in the chunk it came from; such
//   triples are kept but listed only when asked for.
// Numbered 14: other branches number theirs 11 to 13; migrate() applies by the versions recorded.
export default /* sql */ `
CREATE TABLE llm_stage_cache (
  key TEXT PRIMARY KEY,
  stage TEXT NOT NULL,
  model TEXT NOT NULL,
  prompt_version TEXT NOT NULL,
  answer TEXT NOT NULL,
  tokens INTEGER NOT NULL DEFAULT 0,
  meta TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX llm_stage_cache_model ON llm_stage_cache(model, prompt_version);
ALTER TABLE edges ADD COLUMN unsupported INTEGER NOT NULL DEFAULT 0;
`;
