// A hand-built graph with every feature export must carry, and a canonical description of a
// database's graph (by labels, not ids) to compare two databases.
import { Store } from '../../electron/core/store';
import { BulkGraphWriter } from '../../electron/core/store/bulk';
import { parseJson } from '../../electron/core/store/db';
import { qualifiersOf } from '../../electron/core/store/graph';

export const TEXT_A = [
  'Alice "Ali" Smith works at Acme, Inc. in 서울.', // 0..
  'She said: "we build, we ship"\nand left.', //
  '北京大学 hosted the founding of Acme.',
].join('\n');
export const TEXT_B = 'Bob knows Alice.\nLine one, line two.';

/** The qualifiers buildGraph gives the 'works at' triple (every kind an export carries). */
export const WORKS_AT_QUALIFIERS = {
  surface: 'may decide to work at',
  modality: 'may',
  negated: true,
  condition: 'if hired',
  only: true,
  quantity: 'at most one',
  preposition: 'at',
  catenative: 'decide to',
  voice: 'passive',
};

export function span(text: string, quote: string): { start: number; end: number; quote: string } {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`quote not in text: ${quote}`);
  return { start, end: start + quote.length, quote };
}

export interface Built {
  docA: number;
  docB: number;
  chunksA: number[];
}

/** Entities, events, concepts (with a hierarchy and a relation concept), every status, aliases, provenance, hard labels. */
export function buildGraph(store: Store): Built {
  const lenA1 = TEXT_A.indexOf('北京大学');
  const docA = store.documents.insert({
    title: 'Report, "draft" 한국어',
    sourcePath: '/docs/report.pdf',
    format: 'pdf',
    language: 'en',
    pages: [
      { number: 1, start: 0, end: lenA1 },
      { number: 2, start: lenA1, end: TEXT_A.length },
    ],
    contentHash: 'hash-a',
    text: TEXT_A,
    originalText: null,
    chunks: [
      { ordinal: 0, start: 0, end: lenA1, page: 1, headingPath: [], text: TEXT_A.slice(0, lenA1), hash: 'c0' },
      { ordinal: 1, start: lenA1, end: TEXT_A.length, page: 2, headingPath: ['Part'], text: TEXT_A.slice(lenA1), hash: 'c1' },
    ],
  });
  const docB = store.documents.insert({
    title: 'Notes',
    sourcePath: null,
    format: 'txt',
    language: 'en',
    pages: [],
    contentHash: 'hash-b',
    text: TEXT_B,
    originalText: null,
    chunks: [{ ordinal: 0, start: 0, end: TEXT_B.length, page: null, headingPath: [], text: TEXT_B, hash: 'b0' }],
  });
  const chunksA = store.documents.chunks(docA).map((c) => c.id);
  const chunkB = store.documents.chunks(docB)[0].id;
  const g = store.graph;
  const alice = g.upsertNode({ kind: 'entity', label: 'Alice "Ali" Smith', type: 'Person', aliases: ['Ali', '앨리스', 'A, S.'] });
  const acme = g.upsertNode({ kind: 'entity', label: 'Acme, Inc.', type: 'Organization' });
  const seoul = g.upsertNode({ kind: 'entity', label: '서울', type: 'City', aliases: ['Seoul'] });
  const pku = g.upsertNode({ kind: 'entity', label: '北京大学', type: 'Organization', aliases: ['Peking University'] });
  const bob = g.upsertNode({ kind: 'entity', label: 'Bob' });
  const lines = g.upsertNode({ kind: 'entity', label: 'Line one,\nline two' });
  const lonely = g.upsertNode({ kind: 'entity', label: 'Isolated <node> & co' });
  const founding = g.upsertNode({ kind: 'event', label: 'Founding of Acme', type: 'Founding' });
  const speech = g.upsertNode({ kind: 'event', label: 'She said "we build, we ship"' });
  const cPerson = g.upsertNode({ kind: 'concept', label: 'person' });
  const cAgent = g.upsertNode({ kind: 'concept', label: 'agent' });
  const cPlace = g.upsertNode({ kind: 'concept', label: '장소 (place)' });
  const cEmployment = g.upsertNode({ kind: 'concept', label: 'employment' });
  void lonely;

  const e = (s: number, relation: string, o: number, rest: Partial<Parameters<typeof g.upsertEdge>[0]> = {}) =>
    g.upsertEdge({ subjectId: s, relation, objectId: o, stage: 'EE', engine: 'classic', ...rest }).id;
  const worksAt = e(alice, 'works at', acme, { status: 'accepted', confidence: 0.9, engine: 'llama', model: 'tiny-q4' });
  const livesIn = e(alice, 'lives in', seoul, { status: 'proposed', confidence: 0.4 });
  const founded = e(acme, 'founded in', founding, { stage: 'EV', status: 'rejected', confidence: 0.2 });
  const hosted = e(pku, 'hosted', founding, { stage: 'EV', status: 'accepted', confidence: 0.75, engine: 'openai', model: 'gpt' });
  const said = e(founding, 'precedes', speech, { stage: 'VV', status: 'proposed', confidence: 0.33 });
  const knows = e(bob, 'knows, "well"', alice, { stage: 'manual', status: 'accepted', confidence: 1, engine: 'editor' });
  const related = e(lines, 'mentions', bob, { stage: 'import', status: 'accepted', confidence: 1, engine: 'import' });

  const prov = (edge: number, doc: number, chunk: number | null, text: string, quote: string) =>
    g.addEdgeProvenance(edge, { documentId: doc, chunkId: chunk, ...span(text, quote) });
  prov(worksAt, docA, chunksA[0], TEXT_A, 'Alice "Ali" Smith works at Acme, Inc.');
  prov(livesIn, docA, chunksA[0], TEXT_A, 'in 서울');
  prov(said, docA, chunksA[0], TEXT_A, 'She said: "we build, we ship"\nand left.');
  prov(hosted, docA, chunksA[1], TEXT_A, '北京大学 hosted the founding');
  prov(founded, docA, null, TEXT_A, 'the founding of Acme');
  prov(knows, docB, chunkB, TEXT_B, 'Bob knows Alice.');
  prov(related, docB, chunkB, TEXT_B, 'Line one, line two.');
  g.addNodeProvenance(alice, { documentId: docA, chunkId: chunksA[0], ...span(TEXT_A, 'Alice "Ali" Smith') });

  // Precision and qualifiers (edges.meta), as the extractor and the precision fit leave them.
  const scored = store.db.prepare('UPDATE edges SET precision = ?, meta = ? WHERE id = ?');
  scored.run(0.62, JSON.stringify(WORKS_AT_QUALIFIERS), worksAt);
  scored.run(0, JSON.stringify({ condition: '=HYPERLINK("http://x") unless "quoted", here' }), livesIn);
  scored.run(1, '{}', said);

  const bulk = new BulkGraphWriter(store.db);
  bulk.conceptLink({ conceptId: cPerson, nodeId: alice, level: 0, model: 'tiny-q4', batch: 'b1' });
  bulk.conceptLink({ conceptId: cPerson, nodeId: bob, level: 0 });
  bulk.conceptLink({ conceptId: cPlace, nodeId: seoul, level: 0 });
  bulk.conceptLink({ conceptId: cAgent, nodeId: cPerson, level: 1 });
  bulk.conceptLink({ conceptId: cEmployment, relation: 'works at', level: 0, batch: 'rel-1' });
  return { docA, docB, chunksA };
}

export interface GraphDescription {
  nodes: string[];
  edges: string[];
  links: string[];
  provenance: string[];
}

/** The graph of a database, by labels: equal descriptions mean the same graph. */
export function describe(store: Store, opts: { provenance?: boolean } = {}): GraphDescription {
  const db = store.db;
  const nodeName = new Map<number, string>();
  const nodes = (
    db.prepare("SELECT id, kind, label, type, aliases FROM nodes WHERE kind <> 'passage'").all() as {
      id: number;
      kind: string;
      label: string;
      type: string | null;
      aliases: string;
    }[]
  ).map((n) => {
    nodeName.set(n.id, `${n.kind}:${n.label}`);
    return JSON.stringify([n.kind, n.label, n.type, [...parseJson<string[]>(n.aliases, [])].sort()]);
  });
  const edgeName = new Map<number, string>();
  const edges = (
    db.prepare('SELECT id, subject_id, relation, object_id, stage, status, confidence, engine, model, precision, edited, meta FROM edges').all() as {
      id: number;
      subject_id: number;
      relation: string;
      object_id: number;
      stage: string;
      status: string;
      confidence: number;
      engine: string;
      model: string | null;
      precision: number | null;
      edited: number;
      meta: string | null;
    }[]
  ).map((e) => {
    edgeName.set(e.id, `${nodeName.get(e.subject_id)} ${e.relation} ${nodeName.get(e.object_id)}`);
    const q = qualifiersOf(parseJson<Record<string, unknown>>(e.meta, {}), e.edited === 1);
    const qualifiers = Object.fromEntries(Object.entries(q).sort(([a], [b]) => a.localeCompare(b)));
    return JSON.stringify([
      nodeName.get(e.subject_id),
      e.relation,
      nodeName.get(e.object_id),
      e.stage,
      e.status,
      e.confidence,
      e.engine,
      e.model,
      e.precision,
      qualifiers,
    ]);
  });
  const links = (
    db.prepare('SELECT concept_id, node_id, relation, level, model, batch FROM concept_links').all() as {
      concept_id: number;
      node_id: number | null;
      relation: string | null;
      level: number;
      model: string | null;
      batch: string | null;
    }[]
  ).map((l) => JSON.stringify([nodeName.get(l.concept_id), l.node_id != null ? nodeName.get(l.node_id) : `relation:${l.relation}`, l.level, l.model, l.batch]));
  const provenance =
    opts.provenance === false
      ? []
      : (
          db
            .prepare(
              `SELECT p.edge_id, p.node_id, d.title, d.content_hash, d.source_path, c.ordinal, c.start AS cstart, c.end AS cend, c.page, p.start, p.end, p.quote
             FROM provenance p JOIN documents d ON d.id = p.document_id LEFT JOIN chunks c ON c.id = p.chunk_id`,
            )
            .all() as {
            edge_id: number | null;
            node_id: number | null;
            title: string;
            content_hash: string;
            source_path: string | null;
            ordinal: number | null;
            cstart: number | null;
            cend: number | null;
            page: number | null;
            start: number;
            end: number;
            quote: string;
          }[]
        ).map((p) =>
          JSON.stringify([
            p.edge_id != null ? edgeName.get(p.edge_id) : nodeName.get(p.node_id!),
            p.title,
            p.content_hash.replace(/^placeholder:/, ''),
            p.source_path,
            p.ordinal,
            p.cstart,
            p.cend,
            p.page,
            p.start,
            p.end,
            p.quote,
          ]),
        );
  return { nodes: nodes.sort(), edges: edges.sort(), links: links.sort(), provenance: provenance.sort() };
}

/** Every evidence span points at its quote in the document's text (placeholders included). */
export function spansValid(store: Store): boolean {
  const rows = store.db.prepare('SELECT p.start, p.end, p.quote, d.text FROM provenance p JOIN documents d ON d.id = p.document_id').all() as {
    start: number;
    end: number;
    quote: string;
    text: string;
  }[];
  return rows.every((r) => r.text.slice(r.start, r.end) === r.quote);
}
