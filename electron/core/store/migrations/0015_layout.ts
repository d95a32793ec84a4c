// A document's layout (issue 34): its tables (rebuilt from a PDF's text positions, or read from
// HTML and DOCX table elements), the page boxes of a PDF's text (the page view highlights evidence
// with them), notes, examples and captions, and whether an annex is normative or informative.
// Numbered 15: migrations 11-14 are other branches' (the runner applies each version once, in order).
export default /* sql */ `
CREATE TABLE document_tables (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  ordinal INTEGER NOT NULL,
  page INTEGER,                    -- the page it is printed on (PDF), NULL without pages
  caption TEXT,
  header TEXT NOT NULL,            -- JSON array of the header row's cells
  rows TEXT NOT NULL,              -- JSON array of rows, each an array of cells
  row_spans TEXT NOT NULL,         -- JSON array of [start, end]: each row's line in the text, the header's first
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  PRIMARY KEY (document_id, ordinal)
);

CREATE TABLE page_boxes (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  width REAL NOT NULL,             -- the page at scale 1 (PDF points), as pdf.js's viewport gives it
  height REAL NOT NULL,
  boxes TEXT NOT NULL,             -- JSON flat array: start, end, x, y, w, h per line part (top-left origin)
  PRIMARY KEY (document_id, number)
);

CREATE TABLE document_blocks (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,              -- note, example, figure-caption, table-caption
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  label TEXT                       -- 'NOTE 2', 'Figure 3', ...
);
CREATE INDEX document_blocks_start ON document_blocks(document_id, start);

ALTER TABLE sections ADD COLUMN annex TEXT;  -- 'normative' | 'informative' for an annex that says so, else NULL
`;
