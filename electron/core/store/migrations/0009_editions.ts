// Editions: a document re-ingested with the same identity (its path, or the standard's identifier
// and title) is a new version of it (documents.version / previous_id, from 0001). Per version pair:
// how each chunk matched the version before (chunk_matches), and what the new version did to each
// triple (edition_changes): its evidence moved to the new version's spans, it went stale (its
// evidence is gone; the triple is kept), or it was reviewed and its evidence changed, so it is to
// be reviewed again with the old and the new text side by side.
export default /* sql */ `
CREATE TABLE chunk_matches (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,  -- the newer version
  previous_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,  -- the version before it
  chunk_id INTEGER REFERENCES chunks(id) ON DELETE CASCADE,                 -- NULL: the old chunk was removed
  previous_chunk_id INTEGER REFERENCES chunks(id) ON DELETE CASCADE,        -- NULL: the new chunk was added
  kind TEXT NOT NULL CHECK (kind IN ('unchanged','moved','edited','added','removed')),
  similarity REAL NOT NULL DEFAULT 0,
  CHECK (chunk_id IS NOT NULL OR previous_chunk_id IS NOT NULL)
);
CREATE INDEX chunk_matches_doc ON chunk_matches(document_id);
CREATE INDEX chunk_matches_previous ON chunk_matches(previous_id);

CREATE TABLE edition_changes (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  previous_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  edge_id INTEGER NOT NULL REFERENCES edges(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('moved','stale','review')),
  old_start INTEGER,
  old_end INTEGER,
  old_quote TEXT,
  new_start INTEGER,
  new_end INTEGER,
  new_quote TEXT,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open','accepted','rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX edition_changes_doc ON edition_changes(document_id, kind);
CREATE INDEX edition_changes_edge ON edition_changes(edge_id);
CREATE INDEX documents_previous ON documents(previous_id);
`;
