// A small hand-made film graph (plus one document with evidence) for retrieval and chat tests.
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { Store } from '../../electron/core/store';

export const TRIPLES: [string, string, string][] = [
  ['When Harry Met Sally', 'written_by', 'Nora Ephron'],
  ['When Harry Met Sally', 'directed_by', 'Rob Reiner'],
  ['When Harry Met Sally', 'starred_actors', 'Meg Ryan'],
  ['When Harry Met Sally', 'starred_actors', 'Billy Crystal'],
  ['When Harry Met Sally', 'release_year', '1989'],
  ['Sleepless in Seattle', 'written_by', 'Nora Ephron'],
  ['Sleepless in Seattle', 'directed_by', 'Nora Ephron'],
  ['Sleepless in Seattle', 'starred_actors', 'Meg Ryan'],
  ['Sleepless in Seattle', 'starred_actors', 'Tom Hanks'],
  ['Sleepless in Seattle', 'release_year', '1993'],
  ['Silkwood', 'written_by', 'Nora Ephron'],
  ['Silkwood', 'directed_by', 'Mike Nichols'],
  ['Stand by Me', 'directed_by', 'Rob Reiner'],
  ['Stand by Me', 'has_genre', 'Drama'],
  ['Alien', 'directed_by', 'Ridley Scott'],
  ['Alien', 'written_by', "Dan O'Bannon"],
  ['Alien', 'has_genre', 'Horror'],
  ['Big', 'starred_actors', 'Tom Hanks'],
  ['Big', 'directed_by', 'Penny Marshall'],
];

export const DOC_TEXT =
  'Silkwood is a 1983 film directed by Mike Nichols. The screenplay was written by Nora Ephron and Alice Arlen.\n\nAlien is a 1979 science fiction horror film directed by Ridley Scott.';

/** Accepted (subject, relation, object) triples between entities, in one transaction; their ids by "s|r|o". */
export function loadTriples(store: Store, triples: [string, string, string][]): Map<string, number> {
  const edges = new Map<string, number>();
  store.transaction(() => {
    for (const [s, r, o] of triples) {
      const sid = store.graph.upsertNode({ kind: 'entity', label: s });
      const oid = store.graph.upsertNode({ kind: 'entity', label: o });
      edges.set(
        `${s}|${r}|${o}`,
        store.graph.upsertEdge({ subjectId: sid, relation: r, objectId: oid, stage: 'import', status: 'accepted', confidence: 1, engine: 'import' }).id,
      );
    }
  });
  return edges;
}

/** Fill a store with the fixture graph and one document whose chunks hold evidence for two triples. */
export function buildFixture(store: Store): { edges: Map<string, number>; chunks: number[] } {
  const edges = loadTriples(store, TRIPLES);
  const split = DOC_TEXT.indexOf('\n\n');
  const docId = store.documents.insert({
    title: 'Film notes',
    sourcePath: null,
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: 'fixture-film-notes',
    text: DOC_TEXT,
    originalText: null,
    chunks: [
      { ordinal: 0, start: 0, end: split, page: null, headingPath: [], text: DOC_TEXT.slice(0, split), hash: 'c0' },
      { ordinal: 1, start: split + 2, end: DOC_TEXT.length, page: null, headingPath: [], text: DOC_TEXT.slice(split + 2), hash: 'c1' },
    ],
  });
  const chunks = store.documents.chunks(docId).map((c) => c.id);
  // a page about a person, without any extracted triple: reached through its title
  const bio = 'Mike Nichols was an American film and theatre director, born in Berlin in 1931.';
  store.documents.insert({
    title: 'Mike Nichols',
    sourcePath: null,
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: 'fixture-mike-nichols',
    text: bio,
    originalText: null,
    chunks: [{ ordinal: 0, start: 0, end: bio.length, page: null, headingPath: [], text: bio, hash: 'b0' }],
  });
  const quote = (q: string) => ({ start: DOC_TEXT.indexOf(q), end: DOC_TEXT.indexOf(q) + q.length, quote: q });
  store.graph.addEdgeProvenance(edges.get('Silkwood|directed_by|Mike Nichols')!, {
    documentId: docId,
    chunkId: chunks[0],
    ...quote('Silkwood is a 1983 film directed by Mike Nichols'),
  });
  store.graph.addEdgeProvenance(edges.get('Alien|directed_by|Ridley Scott')!, {
    documentId: docId,
    chunkId: chunks[1],
    ...quote('film directed by Ridley Scott'),
  });
  return { edges, chunks };
}

export function fixtureCore(dir: string, name = 'g.db'): { core: Core; edges: Map<string, number>; chunks: number[] } {
  const core = new Core({ dbPath: path.join(dir, name), startJobs: false });
  return { core, ...buildFixture(core.store) };
}

/** Insert a text document of these paragraphs, one chunk each, at their offsets in the text (no ingest). */
export function insertParagraphs(store: Store, title: string, paragraphs: string[]): void {
  const text = paragraphs.join('\n\n');
  let at = 0;
  const chunks = paragraphs.map((p, ordinal) => {
    const start = text.indexOf(p, at);
    at = start + p.length;
    return { ordinal, start, end: start + p.length, page: null, headingPath: [], text: p, hash: `${title}-${ordinal}` };
  });
  store.documents.insert({ title, sourcePath: null, format: 'text', language: 'en', pages: [], contentHash: title, text, originalText: null, chunks });
}
