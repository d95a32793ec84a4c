// A document's texts in pieces (store migration 13): an original is stored one piece a row and read
// back identical, a large repaired text too (documents.text empty then), pieces never split a
// surrogate pair; a large plain text file keeps no original in memory: it is read again from the file
// when stored, decoded as first read (UTF-8 over block boundaries, Windows-1252, UTF-16 with its
// byte order mark), giving the rows the in-memory original gives; a file changed between its
// preparation and its store is refused, naming it, and nothing is stored.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { PIECED_TEXT_CHARS, TEXT_PIECE_CHARS, textPieces, type NewDocument } from '../../electron/core/store/documents';
import { decodeFilePieces, decodeText } from '../../electron/core/ingest/encoding';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';
import { generateText } from '../../bench/ingest';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-text-pieces-');
afterAll(() => t.cleanup());

/** A seeded mix of ASCII, accented letters, CJK and astral characters (surrogate pairs). */
function mixedText(length: number, seed = 7): string {
  const alphabet = ['a', 'b', ' ', '\n', 'é', 'ß', '—', '検', '索', '😀', '𝔸', '\f'];
  let x = seed;
  const out: string[] = [];
  let n = 0;
  while (n < length) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const ch = alphabet[x % alphabet.length];
    out.push(ch);
    n += ch.length;
  }
  return out.join('');
}

const doc = (hash: string, text: string, originalText: string | null): NewDocument => ({
  title: hash,
  sourcePath: null,
  format: 'text',
  language: 'en',
  pages: [],
  contentHash: hash,
  text,
  originalText,
  chunks: [{ ordinal: 0, start: 0, end: 5, page: null, headingPath: [], text: text.slice(0, 5), hash: 'h' }],
});

const pieceRows = (store: Store, id: number, part: string) =>
  store.db.prepare('SELECT ordinal, length(text) AS n FROM document_text_pieces WHERE document_id = ? AND part = ? ORDER BY ordinal').all(id, part) as {
    ordinal: number;
    n: number;
  }[];

describe('text pieces', () => {
  it('cut texts at most `size` long, never inside a surrogate pair, and join back into them', () => {
    const texts = [mixedText(1000, 1), '', mixedText(37, 2), '😀', mixedText(500, 3)];
    for (const size of [2, 3, 7, 64]) {
      const pieces = [...textPieces(texts, size)];
      expect(pieces.join('')).toBe(texts.join(''));
      for (const p of pieces) {
        expect(p.length).toBeGreaterThan(0);
        expect(p.length).toBeLessThanOrEqual(size);
        expect(/^[\uDC00-\uDFFF]/.test(p) || /[\uD800-\uDBFF]$/.test(p), JSON.stringify(p)).toBe(false);
      }
    }
  });

  it('store an original in pieces and a large text in pieces; both read back identical, spans exact', () => {
    const store = Store.open(path.join(t.dir, 'pieces.db'));
    try {
      const original = mixedText(2 * TEXT_PIECE_CHARS + 1234, 4);
      const small = store.documents.insert(doc('small', 'The repaired text.', original));
      expect(pieceRows(store, small, 'original').length).toBe(3);
      expect(pieceRows(store, small, 'text')).toEqual([]);
      expect(store.documents.text(small, true)).toBe(original);
      expect(store.documents.text(small)).toBe('The repaired text.');
      // no original: it is the text itself
      const same = store.documents.insert(doc('same', 'Only a text.', null));
      expect(store.documents.text(same, true)).toBe('Only a text.');
      expect(pieceRows(store, same, 'original')).toEqual([]);

      const large = mixedText(PIECED_TEXT_CHARS + 99, 5);
      const id = store.documents.insert(doc('large', large, ''));
      expect((store.db.prepare('SELECT text FROM documents WHERE id = ?').get(id) as { text: string }).text).toBe('');
      expect(pieceRows(store, id, 'text').length).toBe(5);
      expect(store.documents.text(id)).toBe(large);
      // an empty original is stored (one empty piece), not taken for the text
      expect(store.documents.text(id, true)).toBe('');
      const chunk = store.db.prepare('SELECT start, end, text FROM chunks WHERE document_id = ?').get(id) as { start: number; end: number; text: string };
      expect(store.documents.text(id)!.slice(chunk.start, chunk.end)).toBe(chunk.text);
      // removing the document removes its pieces
      store.db.prepare('DELETE FROM documents WHERE id = ?').run(id);
      expect(pieceRows(store, id, 'text')).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('a text file read again in pieces', () => {
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(t.dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const text = mixedText(3000, 6).replace(/\f/g, '\n');
  const latin = 'Größe “quoted” – 5 € café\n'.repeat(40);
  const cp1252 = Buffer.from([...latin].map((ch) => ({ '“': 0x93, '”': 0x94, '–': 0x96, '€': 0x80 })[ch] ?? ch.charCodeAt(0)));
  const files = {
    utf8: write('utf8.txt', Buffer.from(text)),
    utf8Bom: write('utf8-bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])),
    damaged: write('damaged.txt', Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xc3]), Buffer.from('é tail\n'), Buffer.from([0xe2, 0x82])])),
    utf16le: write('utf16le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])),
    utf16be: write('utf16be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])),
    cp1252: write('cp1252.txt', cp1252),
  };

  it.each(Object.keys(files))('%s: the pieces join into the text decodeText read, whatever the block size', (name) => {
    const file = files[name as keyof typeof files];
    const whole = decodeText(fs.readFileSync(file), file);
    for (const block of [4, 5, 7, 4096]) {
      const seen: Buffer[] = [];
      const pieces = [...decodeFilePieces(file, whole.encoding, (b) => seen.push(Buffer.from(b)), block)];
      expect(pieces.join(''), `block ${block}`).toBe(whole.text);
      expect(Buffer.concat(seen).equals(fs.readFileSync(file))).toBe(true);
    }
  });

  it('a large text file stores the rows its in-memory original gives; a file changed before its store is refused', async () => {
    const file = path.join(t.dir, 'generated.txt');
    generateText(file, 1);
    const fromFile = await prepareFile(file, { originalFromFileChars: 0 });
    const inMemory = await prepareFile(file, { originalFromFileChars: Infinity });
    expect(fromFile.originalFromFile).toEqual({ encoding: 'utf-8' });
    expect(fromFile.docs[0].originalText).toBeNull();
    expect(inMemory.originalFromFile).toBeUndefined();
    // the same document but for the original's place
    expect({ ...fromFile.docs[0], originalText: undefined }).toEqual({ ...inMemory.docs[0], originalText: undefined });
    const a = Store.open(path.join(t.dir, 'from-file.db'));
    const b = Store.open(path.join(t.dir, 'in-memory.db'));
    try {
      expect(storePrepared(a, fromFile)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
      expect(storePrepared(b, inMemory)).toEqual({ status: 'imported', ids: [1], duplicates: 0 });
      expect(a.documents.text(1, true)).toBe(fs.readFileSync(file, 'utf8'));
      for (const table of ['documents', 'document_text_pieces', 'pages', 'chunks', 'sections', 'regions']) {
        const rows = (s: Store) =>
          s.db
            .prepare(`SELECT * FROM ${table} ORDER BY rowid`)
            .all()
            .map((r) => ({ ...(r as object), created_at: null }));
        const rowsOf = (s: Store) => (table === 'document_text_pieces' ? s.db.prepare(`SELECT * FROM ${table}`).all() : rows(s));
        expect(rowsOf(a), table).toEqual(rowsOf(b));
      }

      // changed after it was prepared: nothing stored, the message says what happened
      const again = await prepareFile(file, { originalFromFileChars: 0 });
      const c = Store.open(path.join(t.dir, 'changed.db'));
      try {
        fs.appendFileSync(file, 'One more line.\n');
        expect(() => storePrepared(c, again)).toThrow(/the file changed while it was imported/);
        expect(c.documents.list()).toEqual([]);
        expect(c.db.prepare('SELECT count(*) AS n FROM document_text_pieces').get()).toEqual({ n: 0 });
      } finally {
        c.close();
      }
    } finally {
      a.close();
      b.close();
    }
  }, 120_000);
});
