// A document's texts in pieces, one row each, written one piece at a time: its original (the
// extraction before repair) always, and its repaired text when it is large (store/documents.ts
// PIECED_TEXT_CHARS; documents.text is '' then). Storing a large file never binds one of its texts as
// one value: SQLite's copy of a bound text, and the row's record holding it, were each as large as
// the file. documents.original_text stays for the rows stored before (store/documents.ts text()).
export default /* sql */ `
CREATE TABLE document_text_pieces (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  part TEXT NOT NULL CHECK (part IN ('text', 'original')),
  ordinal INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (document_id, part, ordinal)
) WITHOUT ROWID;
`;
