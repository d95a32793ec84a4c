// The ingest output stays byte-identical through performance work: the kit's dev RFCs and seeds are
// prepared and stored, and a digest of everything derived from them (repaired text, pages, headings,
// repairs, language, structure and boilerplate regions, chunks with spans and heading paths, stored
// rows, the FTS index's answers) is compared with the digest the code gave before the work
// (the performance work of docs/PERFORMANCE.md). A change that alters ingest output on purpose updates EXPECTED here, saying why.
// Changed on purpose since: a run of "Label: text" lines at one indent is no longer joined into one
// line (RFC 1157's "Domain: / PCommunity: / DCommunity:" list; the only change in the kit); a compound
// broken after its hyphen before a capital joins without a space ("Acct-Status-\nType": 25 lines of the RFCs, 2 of the kit's sample 003_*);
// a paragraph running over a page break whose next page keeps its indentation is joined back ("disclose the
// keying" / "   material."; 38 paragraphs of the RFCs, none of the seeds; the generated text's too); a block going on at
// the same indentation over a page break after a line with no sentence end meets at a line break, not a paragraph
// break ("MAX-ACCESS  read-only" / "STATUS  current": 16 page breaks of the RFCs, none of the seeds); the schema part
// of the stored digest changed with store migration 10, which drops three indexes others serve (nodes_kind,
// provenance_edge, provenance_node): creating them again gives the digest before it, row for row; the structure of
// three RFCs gained their notes and captions (document/blocks.ts: RFC 1157's "Figure 1", a NOTE of RFC 3580,
// RFC 5247's Figures 1-3; without them the prepared digest is the one before, byte for byte),
// and the stored digest's schema changed with store migration 15 (tables, page boxes, blocks, sections.annex).
// Then the four seeds, whose file names are hashes, took their title from their text (ingest/title.ts;
// compared field by field with the code before: titles and the blocks above are all that changed in the
// prepared documents), and the schema changed with migrations 11, 12, 14 and 16 (job owners, rules and
// precision, the LLM stage cache, stale status).
// Store migration 13 moved each original text into pieces of document_text_pieces (a large text's too):
// the stored digest reads both texts through the repository since, and its schema part changed; the
// texts as read and every row of pages, chunks, structure and the FTS answers were compared with the
// code before (digest of those alone): identical.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFile, storePrepared, type PreparedFile } from '../../electron/core/ingest/pipeline';
import { Store } from '../../electron/core/store';
import { KIT, data, tmpDir } from '../helpers/tmp';
import { generateText } from '../../bench/ingest';

const EXPECTED = {
  prepared: '843d0e11a4a4aba69d3094122f595a250170767af9097785cea3efe81985e80f',
  stored: 'fb166de2b23a957cc90045ea64917c65fdc7373df1f0e9347d2675cb464d5b84',
  generated: 'f389d386913858464071c9d458d2563fb783d488fbc55c19690b8aa1902c1b50',
};

const files = [
  ...fs
    .readdirSync(data('rfc-radius-eap'))
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => data('rfc-radius-eap', f)),
  ...fs
    .readdirSync(path.join(KIT, 'samples', 'seeds'))
    .sort()
    .map((f) => path.join(KIT, 'samples', 'seeds', f)),
];

/** The prepared documents without the absolute path (the kit may sit elsewhere). */
function preparedDigest(all: PreparedFile[]): string {
  const h = createHash('sha256');
  for (const p of all) {
    h.update(JSON.stringify({ file: path.basename(p.path), fileHash: p.fileHash, bytes: p.bytes, format: p.format, multi: p.multi }));
    for (const d of p.docs) h.update(JSON.stringify({ ...d, sourcePath: d.sourcePath && path.basename(d.sourcePath) }));
    h.update('\n');
  }
  return h.digest('hex');
}

function storedDigest(store: Store): string {
  const h = createHash('sha256');
  const rows = (sql: string) => store.db.prepare(sql).all() as Record<string, unknown>[];
  const docs = rows('SELECT id, title, source_path, format, language, pages, status, content_hash, meta, version, previous_id FROM documents ORDER BY id');
  // the texts as read (a large text and every original since migration 13 are stored in pieces)
  for (const d of docs)
    h.update(
      JSON.stringify({
        ...d,
        source_path: path.basename(String(d.source_path)),
        meta: JSON.parse(String(d.meta)),
        text: store.documents.text(Number(d.id)),
        original: store.documents.text(Number(d.id), true),
      }),
    );
  for (const t of ['pages', 'chunks', 'annotations', 'document_structure', 'sections', 'regions']) {
    h.update(`${t}\n`);
    for (const r of rows(`SELECT * FROM ${t} ORDER BY rowid`)) h.update(`${JSON.stringify(r)}\n`);
  }
  h.update(JSON.stringify(rows("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")));
  for (const q of ['authenticator', 'session key', 'EAP method', 'MUST NOT', 'knowledge graph', '검색', 'keying material derivation', 'replay'])
    h.update(JSON.stringify(store.documents.searchChunks(q, 50)));
  h.update(JSON.stringify(rows("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH 'the'")));
  return h.digest('hex');
}

describe('ingest output of the kit (RFCs and seeds)', () => {
  const tmp = tmpDir('gw-identical-');
  afterAll(() => tmp.cleanup());

  it('is the same as before the performance work: documents, chunks, stored rows and FTS', async () => {
    const prepared: PreparedFile[] = [];
    for (const f of files) prepared.push(await prepareFile(f));
    // The bench's generated text (deterministic), large enough to take the long-text paths
    // (thousands of pages and chunks).
    const big = path.join(tmp.dir, 'generated.txt');
    generateText(big, 3);
    const generated = await prepareFile(big);
    const store = Store.open(path.join(tmp.dir, 'kit.db'));
    try {
      // The generated text in the middle: documents stored after it need the FTS trigger as it was.
      for (const p of [...prepared.slice(0, 7), generated, ...prepared.slice(7)]) expect(storePrepared(store, p).status).toBe('imported');
      const got = { prepared: preparedDigest(prepared), stored: storedDigest(store), generated: preparedDigest([generated]) };
      expect(store.db.prepare("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
      expect(got).toEqual(EXPECTED);
    } finally {
      store.close();
    }
  }, 120_000);
});

describe('storing a document with many chunks (FTS filled in one statement)', () => {
  const tmp = tmpDir('gw-bulkfts-');
  afterAll(() => tmp.cleanup());
  const doc = (hash: string, n: number, ordinal = (i: number) => i) => {
    const chunks = Array.from({ length: n }, (_, i) => ({
      ordinal: ordinal(i),
      start: i * 10,
      end: i * 10 + 9,
      page: null,
      headingPath: [],
      text: `word${i} common`,
      hash: `h${i}`,
    }));
    return {
      title: hash,
      sourcePath: null,
      format: 'text',
      language: 'en',
      pages: [],
      contentHash: hash,
      text: chunks.map((c) => c.text).join(' '),
      originalText: null,
      chunks,
    };
  };

  it('leaves the trigger and the index as they were when the insert fails, and indexes what comes after', () => {
    const store = Store.open(path.join(tmp.dir, 'fts.db'));
    try {
      const trigger = () => store.db.prepare("SELECT sql FROM sqlite_master WHERE name = 'chunks_ai'").get();
      const before = trigger();
      expect(before).toBeTruthy();
      // Two chunks with one ordinal: UNIQUE (document_id, ordinal) fails after the trigger is dropped.
      expect(() => store.documents.insert(doc('bad', 400, (i) => (i === 399 ? 0 : i)))).toThrow(/UNIQUE/);
      expect(trigger()).toEqual(before);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM chunks').get()).toEqual({ n: 0 });
      const big = store.documents.insert(doc('big', 400));
      const small = store.documents.insert(doc('small', 3));
      expect(trigger()).toEqual(before);
      expect(store.documents.searchChunks('word399').map((r) => r.documentId)).toEqual([big]);
      expect(
        store.documents
          .searchChunks('word2', 10)
          .map((r) => r.documentId)
          .sort(),
      ).toEqual([big, small].sort());
      expect(store.db.prepare("SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH 'common'").get()).toEqual({ n: 403 });
      store.db.prepare("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)").run();
    } finally {
      store.close();
    }
  });
});
