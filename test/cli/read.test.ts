import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir();
const db = path.join(t.dir, 'cli.db');
let docId = 0;

beforeAll(() => {
  const store = Store.open(db);
  const text = 'RADIUS carries authentication. EAP runs over RADIUS.';
  docId = store.documents.insert({
    title: 'note',
    sourcePath: '/tmp/note.txt',
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: 'h1',
    text,
    originalText: text,
    chunks: [{ ordinal: 0, start: 0, end: text.length, page: null, headingPath: ['Intro'], text, hash: 'c1' }],
  });
  const chunkId = store.documents.chunks(docId)[0].id;
  const a = store.graph.upsertNode({ kind: 'entity', label: 'EAP' });
  const b = store.graph.upsertNode({ kind: 'entity', label: 'RADIUS', aliases: ['Remote Authentication Dial In User Service'] });
  const e = store.graph.upsertEdge({ subjectId: a, relation: 'runs over', objectId: b, stage: 'EE', engine: 'classic', confidence: 0.7 });
  store.graph.addEdgeProvenance(e.id, { documentId: docId, chunkId, start: 31, end: 52, quote: text.slice(31, 52) });
  store.close();
});
afterAll(() => t.cleanup());

describe('graphwright read commands', () => {
  it('status --json counts everything', () => {
    const r = cli(['status', '--db', db, '--json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      documents: 1,
      chunks: 1,
      nodes: { entity: 2, event: 0, concept: 0, passage: 0 },
      triples: { proposed: 1, accepted: 0, rejected: 0 },
    });
  });

  it('documents --json has the contract shape', () => {
    const r = cli(['documents', '--db', db, '--json']);
    expect(r.json()).toEqual([
      {
        id: docId,
        title: 'note',
        path: '/tmp/note.txt',
        format: 'text',
        language: 'en',
        pages: null,
        chunks: 1,
        status: 'ready',
        // Added with the Documents view's extraction column: no engine read it; its one triple was written directly.
        extraction: { status: 'ingested', reason: null, engine: null, chunks: 1, chunksRead: 0, triples: 1, accepted: 0, lastRun: null },
      },
    ]);
  });

  it('document --text and --chunks --json', () => {
    expect(cli(['document', String(docId), '--db', db, '--text']).stdout).toBe('RADIUS carries authentication. EAP runs over RADIUS.\n');
    const chunks = cli(['document', String(docId), '--db', db, '--chunks', '--json']).json();
    expect(chunks).toEqual([
      {
        id: expect.any(Number),
        ordinal: 0,
        start: 0,
        end: 52,
        page: null,
        headingPath: ['Intro'],
        text: 'RADIUS carries authentication. EAP runs over RADIUS.',
      },
    ]);
  });

  it('nodes --kind entity --json and triples --json with provenance quotes', () => {
    const nodes = cli(['nodes', '--db', db, '--kind', 'entity', '--json']).json();
    expect(nodes.map((n: { label: string }) => n.label)).toEqual(['EAP', 'RADIUS']);
    expect(nodes[1]).toEqual({ id: expect.any(Number), kind: 'entity', label: 'RADIUS', type: null, aliases: ['Remote Authentication Dial In User Service'] });
    const triples = cli(['triples', '--db', db, '--json']).json();
    expect(triples).toEqual([
      {
        id: expect.any(Number),
        subject: 'EAP',
        relation: 'runs over',
        object: 'RADIUS',
        stage: 'EE',
        status: 'proposed',
        confidence: 0.7,
        engine: 'classic',
        // (written directly, by no rule: `rules` is empty on the span and the triple)
        provenance: [{ document: docId, chunk: expect.any(Number), start: 31, end: 52, quote: 'EAP runs over RADIUS.', rules: [] }],
        rules: [],
        precision: null,
        qualifiers: {},
        // (what a reader shows for the relation: the relation itself, no passive written as its lemma)
        label: 'runs over',
      },
    ]);
    expect(cli(['triples', '--db', db, '--status', 'accepted', '--json']).json()).toEqual([]);
  });

  it('errors name the argument or file, go to stderr, and exit non-zero', () => {
    const missing = cli(['status', '--db', path.join(t.dir, 'nope.db'), '--json']);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('nope.db');
    const badKind = cli(['nodes', '--db', db, '--kind', 'planet']);
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toContain('--kind must be one of');
    const badDoc = cli(['document', '999', '--db', db, '--text']);
    expect(badDoc.code).toBe(1);
    expect(badDoc.stderr).toContain('no document 999');
    const unknown = cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });
});
