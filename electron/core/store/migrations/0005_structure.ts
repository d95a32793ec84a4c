// Document structure (electron/core/document/structure.ts): the standard a document is, its sections
// (number, heading, level, span) and its boilerplate regions (front matter, notices, table of
// contents, author addresses, page headers and footers, references). A row in document_structure
// says the structure was computed at ingest; documents imported before it get theirs computed on read.
export default /* sql */ `
CREATE TABLE document_structure (
  document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  standard TEXT,                   -- JSON StandardId, or NULL when the document names no standard
  title TEXT                       -- the standard's title as found ('RFC 3580: ...'), or NULL
);

CREATE TABLE sections (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  number TEXT,                     -- '3.1', 'A.2'; NULL for an unnumbered section
  heading TEXT NOT NULL,
  level INTEGER NOT NULL,
  start INTEGER NOT NULL,
  heading_end INTEGER NOT NULL,
  end INTEGER NOT NULL,
  PRIMARY KEY (document_id, ordinal)
);
CREATE INDEX sections_start ON sections(document_id, start);

CREATE TABLE regions (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL
);
CREATE INDEX regions_start ON regions(document_id, start);
`;
