// The ingest output stays byte-identical through performance work: the kit's dev RFCs and seeds are
// prepared and stored, and a digest of everything derived from them (repaired text, pages, headings,
// repairs, language, structure and boilerplate regions, chunks with spans and heading paths, stored
// rows, the FTS index's answers) is compared with the digest the code gave before the work
// (issue 16). A change that alters ingest output on purpose updates EXPECTED here, saying why.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFile, storePrepared, type PreparedFile } from '../../electron/core/ingest/pipeline';
import { Store } from '../../electron/core/store';
import { KIT, data, tmpDir } from '../helpers/tmp';
import { generateText } from '../../bench/ingest';

const EXPECTED = {
  prepared: '410214b5ecb9a733641cbf3b56414c4c2a01c5650d3e5e29d39273775ef07541',
  stored: '582a3fd8473b3ec1f60bead91bbc2b9d5c6a250ae5cf69e31fbbcb4d08e8279e',
  generated: '5753e084a36c60771d4c18cc0fb01b0c33b6b162358befd01849bc4ea4dd0408',
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
  const docs = rows('SELECT id, title, source_path, format, language, pages, status, content_hash, text, original_text, meta, version, previous_id FROM documents ORDER BY id');
  for (const d of docs) h.update(JSON.stringify({ ...d, source_path: path.basename(String(d.source_path)), meta: JSON.parse(String(d.meta)) }));
  for (const t of ['pages', 'chunks', 'annotations', 'document_structure', 'sections', 'regions']) {
    h.update(`${t}\n`);
    for (const r of rows(`SELECT * FROM ${t} ORDER BY rowid`)) h.update(`${JSON.stringify(r)}\n`);
  }
  for (const q of ['authenticator', 'session key', 'EAP method', 'MUST NOT', 'knowledge graph', '검색']) h.update(JSON.stringify(store.documents.searchChunks(q, 50)));
  h.update(JSON.stringify(rows("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH 'the'")));
  return h.digest('hex');
}

describe('ingest output of the kit (RFCs and seeds)', () => {
  const tmp = tmpDir('gw-identical-');
  afterAll(() => tmp.cleanup());

  it('is the same as before the performance work: documents, chunks, stored rows and FTS', async () => {
    const prepared: PreparedFile[] = [];
    for (const f of files) prepared.push(await prepareFile(f));
    const store = Store.open(path.join(tmp.dir, 'kit.db'));
    try {
      for (const p of prepared) expect(storePrepared(store, p).status).toBe('imported');
      // The bench's generated text (deterministic), large enough to take the long-text paths.
      const big = path.join(tmp.dir, 'generated.txt');
      generateText(big, 3);
      const got = { prepared: preparedDigest(prepared), stored: storedDigest(store), generated: preparedDigest([await prepareFile(big)]) };
      expect(store.db.prepare("INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
      expect(got).toEqual(EXPECTED);
    } finally {
      store.close();
    }
  }, 120_000);
});
