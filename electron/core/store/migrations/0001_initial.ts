// The schema for the whole product. Later changes are new numbered files; this one never changes.
export default /* sql */ `
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  source_path TEXT,
  format TEXT NOT NULL,
  language TEXT,
  pages INTEGER,
  content_hash TEXT NOT NULL,
  text TEXT NOT NULL,              -- repaired text: every char span points into this
  original_text TEXT,              -- the extraction before repair
  status TEXT NOT NULL DEFAULT 'ready',
  version INTEGER NOT NULL DEFAULT 1,
  previous_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX documents_hash ON documents(content_hash);

CREATE TABLE pages (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  PRIMARY KEY (document_id, number)
);

CREATE TABLE chunks (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  page INTEGER,
  heading_path TEXT NOT NULL DEFAULT '[]',
  text TEXT NOT NULL,
  hash TEXT NOT NULL,
  UNIQUE (document_id, ordinal)
);
CREATE VIRTUAL TABLE chunks_fts USING fts5(text, content='chunks', content_rowid='id', tokenize='porter unicode61');
CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
  INSERT INTO chunks_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
  INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER chunks_au AFTER UPDATE OF text ON chunks BEGIN
  INSERT INTO chunks_fts(chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO chunks_fts(rowid, text) VALUES (new.id, new.text);
END;

-- Gold annotations that came with a document (CoNLL / BIO tags), used to score extraction.
CREATE TABLE annotations (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  label TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX annotations_doc ON annotations(document_id);

CREATE TABLE nodes (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('entity','event','concept','passage')),
  label TEXT NOT NULL,
  norm TEXT NOT NULL,              -- normalised label: exact-match identity for resolution
  type TEXT,
  aliases TEXT NOT NULL DEFAULT '[]',
  chunk_id INTEGER REFERENCES chunks(id) ON DELETE CASCADE,  -- passage nodes only
  meta TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE UNIQUE INDEX nodes_identity ON nodes(kind, norm) WHERE kind <> 'passage';
CREATE UNIQUE INDEX nodes_passage ON nodes(chunk_id) WHERE kind = 'passage';
CREATE INDEX nodes_kind ON nodes(kind);
CREATE VIRTUAL TABLE nodes_fts USING fts5(label, aliases, content='nodes', content_rowid='id', tokenize='unicode61');
CREATE TRIGGER nodes_ai AFTER INSERT ON nodes BEGIN
  INSERT INTO nodes_fts(rowid, label, aliases) VALUES (new.id, new.label, new.aliases);
END;
CREATE TRIGGER nodes_ad AFTER DELETE ON nodes BEGIN
  INSERT INTO nodes_fts(nodes_fts, rowid, label, aliases) VALUES ('delete', old.id, old.label, old.aliases);
END;
CREATE TRIGGER nodes_au AFTER UPDATE OF label, aliases ON nodes BEGIN
  INSERT INTO nodes_fts(nodes_fts, rowid, label, aliases) VALUES ('delete', old.id, old.label, old.aliases);
  INSERT INTO nodes_fts(rowid, label, aliases) VALUES (new.id, new.label, new.aliases);
END;

CREATE TABLE edges (
  id INTEGER PRIMARY KEY,
  subject_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  relation TEXT NOT NULL,
  object_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  stage TEXT NOT NULL CHECK (stage IN ('EE','EV','VV','import','manual')),
  status TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed','accepted','rejected')),
  confidence REAL NOT NULL DEFAULT 0.5,
  engine TEXT NOT NULL,            -- classic | llama | openai | import | editor
  model TEXT,
  edited INTEGER NOT NULL DEFAULT 0, -- 1 once an editor touched it: re-runs never overwrite
  meta TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE UNIQUE INDEX edges_identity ON edges(subject_id, relation, object_id);
CREATE INDEX edges_object ON edges(object_id);
CREATE INDEX edges_status ON edges(status);
CREATE INDEX edges_relation ON edges(relation);

-- Evidence: an edge or a node, the chunk and the exact char span [start, end) in the document text.
CREATE TABLE provenance (
  id INTEGER PRIMARY KEY,
  edge_id INTEGER REFERENCES edges(id) ON DELETE CASCADE,
  node_id INTEGER REFERENCES nodes(id) ON DELETE CASCADE,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  chunk_id INTEGER REFERENCES chunks(id) ON DELETE SET NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  quote TEXT NOT NULL,
  CHECK ((edge_id IS NULL) <> (node_id IS NULL)),
  CHECK (end >= start)
);
CREATE INDEX provenance_edge ON provenance(edge_id);
CREATE INDEX provenance_node ON provenance(node_id);
CREATE INDEX provenance_doc ON provenance(document_id);
CREATE INDEX provenance_chunk ON provenance(chunk_id);

-- Instance -> concept ("is-a") links for nodes and relation labels.
CREATE TABLE concept_links (
  id INTEGER PRIMARY KEY,
  concept_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  node_id INTEGER REFERENCES nodes(id) ON DELETE CASCADE,
  relation TEXT,
  level INTEGER NOT NULL DEFAULT 0,
  model TEXT,
  batch TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  CHECK ((node_id IS NULL) <> (relation IS NULL))
);
CREATE UNIQUE INDEX concept_links_node ON concept_links(concept_id, node_id) WHERE node_id IS NOT NULL;
CREATE UNIQUE INDEX concept_links_rel ON concept_links(concept_id, relation) WHERE relation IS NOT NULL;

-- The user's schema: entity and relation types.
CREATE TABLE schema_types (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('entity','relation')),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  examples TEXT NOT NULL DEFAULT '[]',
  head_types TEXT NOT NULL DEFAULT '[]',
  tail_types TEXT NOT NULL DEFAULT '[]',
  UNIQUE (kind, name)
);

CREATE TABLE merge_candidates (
  id INTEGER PRIMARY KEY,
  a_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  b_id INTEGER NOT NULL REFERENCES nodes(id) ON DELETE CASCADE,
  score REAL NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','merged','skipped')),
  UNIQUE (a_id, b_id)
);

-- Append-only log of every edit; undo and redo read it.
CREATE TABLE revisions (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  actor TEXT NOT NULL,             -- 'editor' or 'engine:<name>'
  command TEXT NOT NULL,
  target_kind TEXT NOT NULL,       -- edge | node | concept | ...
  target_id INTEGER,
  before TEXT,
  after TEXT,
  group_id TEXT NOT NULL,
  undone INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX revisions_target ON revisions(target_kind, target_id);
CREATE INDEX revisions_group ON revisions(group_id);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued','running','done','failed','cancelled')),
  params TEXT NOT NULL DEFAULT '{}',
  progress TEXT NOT NULL DEFAULT '{"done":0,"total":0}',
  checkpoint TEXT,
  result TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX jobs_state ON jobs(state);

CREATE TABLE chat_sessions (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('user','assistant','system')),
  content TEXT NOT NULL,
  citations TEXT NOT NULL DEFAULT '[]',
  trace TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX chat_messages_session ON chat_messages(session_id);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
