import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../helpers/tmp';
import { fixtureCore } from './fixture';
import type { Core } from '../../electron/core/core';
import { getRetriever } from '../../electron/core/retrieve';
import { BulkGraphWriter } from '../../electron/core/store/bulk';
import type { RetrievalResult } from '../../shared/contract/chat';

const t = tmpDir('gw-retrieve-');
let core: Core;
let edges: Map<string, number>;
let chunks: number[];

beforeAll(() => {
  ({ core, edges, chunks } = fixtureCore(t.dir));
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

const ask = async (question: string, maxTriples = 60): Promise<RetrievalResult> => {
  const r = await core.call('retrieve.query', { question, maxTriples });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as RetrievalResult;
};
const pathOf = (r: RetrievalResult, i = 0) => r.paths[i]?.steps.map((s) => (s.inverse ? '~' : '') + s.relation).join('/');
const ends = (r: RetrievalResult) => new Set(r.triples.flatMap((x) => [x.subject, x.object]));

describe('retrieval on a hand-made graph', () => {
  it('links the entity of a 2-hop question without brackets and returns its relation path', async () => {
    const r = await ask('who directed the films written by Nora Ephron');
    expect(r.outcome).toBe('found');
    expect(r.entities[0]).toMatchObject({ label: 'Nora Ephron', method: 'exact' });
    expect(r.hops).toBe(2);
    expect(pathOf(r)).toBe('~written_by/directed_by');
    expect(r.paths[0].probabilities).toHaveLength(2);
    expect(r.paths[0].score).toBeGreaterThan(r.paths[1]?.score ?? 0);
    // the answers (directors of her films) are objects of returned triples, on the chain of the top path
    const top = r.triples.filter((x) => x.path === 0);
    expect(
      top
        .filter((x) => x.hop === 2)
        .map((x) => x.object)
        .sort(),
    ).toEqual(['Mike Nichols', 'Nora Ephron', 'Rob Reiner']);
    expect(top.filter((x) => x.hop === 1).every((x) => x.relation === 'written_by' && x.object === 'Nora Ephron')).toBe(true);
    // triples are sorted by score, ids are edge ids
    const scores = r.triples.map((x) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(r.triples.map((x) => x.id)).toContain(edges.get('When Harry Met Sally|directed_by|Rob Reiner'));
  });

  it('predicts one hop for a 1-hop question and respects the triple budget', async () => {
    const r = await ask('What films did Tom Hanks star in?', 2);
    expect(r.entities[0].label).toBe('Tom Hanks');
    expect(pathOf(r)).toBe('~starred_actors');
    expect(r.triples).toHaveLength(2);
    expect(ends(r)).toEqual(new Set(['Sleepless in Seattle', 'Big', 'Tom Hanks']));
  });

  it('bridges back through a relation for "also" questions (3 hops)', async () => {
    const r = await ask('who directed the movies whose writer also wrote Silkwood');
    expect(r.entities[0].label).toBe('Silkwood');
    expect(pathOf(r)).toBe('written_by/~written_by/directed_by');
    expect(ends(r)).toContain('Rob Reiner');
  });

  it('answers "not in the graph" for a question about nothing in it', async () => {
    const r = await ask('what is the boiling point of tungsten');
    expect(r.outcome).toBe('not_in_graph');
    expect(r.entities).toEqual([]);
    expect(r.triples).toEqual([]);
    expect(r.passages).toEqual([]);
    expect(r.attempts.map((a) => a.method)).toEqual(['exact', 'fuzzy']);
  });

  it('relinks fuzzily when a name has a typo', async () => {
    const r = await ask('who directed the films written by Nora Efron');
    expect(r.attempts.map((a) => a.method)).toEqual(['exact', 'fuzzy']);
    expect(r.entities[0]).toMatchObject({ label: 'Nora Ephron', method: 'fuzzy' });
    expect(pathOf(r)).toBe('~written_by/directed_by');
  });

  it('returns passages that hold evidence of the returned triples, with document title', async () => {
    const r = await ask('who directed Silkwood');
    expect(pathOf(r)).toBe('directed_by');
    expect(r.triples[0]).toMatchObject({
      subject: 'Silkwood',
      relation: 'directed_by',
      object: 'Mike Nichols',
      text: 'Silkwood was directed by Mike Nichols.',
    });
    expect(r.passages[0]).toMatchObject({ id: chunks[0], document: 'Film notes' });
    expect(r.passages[0].text).toContain('Mike Nichols');
  });

  it('links a passage by its document title (a seed for PageRank, not an entity)', async () => {
    const r = await ask('what do the Film Notes say');
    expect(r.entities).toEqual([]);
    expect(r.passages.map((p) => p.document)).toContain('Film notes');
    expect(r.outcome).toBe('found');
  });

  it("reaches an entity's own page through its document title (the bridge passage of a 2-hop question)", async () => {
    const r = await ask('where was the director of Silkwood born');
    expect(r.entities[0].label).toBe('Silkwood');
    expect(
      r.passages
        .slice(0, 2)
        .map((p) => p.document)
        .sort(),
    ).toEqual(['Film notes', 'Mike Nichols']);
  });

  it('sees triples added later (incrementally) and edits (rebuild)', async () => {
    const retriever = getRetriever(core);
    expect(retriever.refresh()).toBe('unchanged');
    const g = core.store.graph;
    const film = g.upsertNode({ kind: 'entity', label: "You've Got Mail" });
    const nora = g.findNode('entity', 'Nora Ephron')!.id;
    g.upsertEdge({ subjectId: film, relation: 'directed_by', objectId: nora, stage: 'manual', status: 'accepted', engine: 'editor' });
    core.bus.emit('graph.changed', { reason: 'test' });
    expect(retriever.refresh()).toBe('appended');
    const r = await ask("who directed You've Got Mail");
    expect(r.triples[0]).toMatchObject({ subject: "You've Got Mail", object: 'Nora Ephron' });
    // a rejected triple disappears (an edit: full rebuild)
    core.store.db
      .prepare("UPDATE edges SET status = 'rejected', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now', '+1 second') WHERE subject_id = ?")
      .run(film);
    expect(retriever.refresh()).toBe('rebuilt');
    const again = await ask("who directed You've Got Mail");
    expect(again.triples.find((x) => x.subject === "You've Got Mail")).toBeUndefined();
  });

  it('scores a relation by the labels of its concepts (concept_links)', async () => {
    const g = core.store.graph;
    const film = g.upsertNode({ kind: 'entity', label: 'Ikiru' });
    const person = g.upsertNode({ kind: 'entity', label: 'Akira Kurosawa' });
    const year = g.upsertNode({ kind: 'entity', label: '1952' });
    g.upsertEdge({ subjectId: film, relation: 'P57', objectId: person, stage: 'import', status: 'accepted', engine: 'import' });
    g.upsertEdge({ subjectId: film, relation: 'P577', objectId: year, stage: 'import', status: 'accepted', engine: 'import' });
    const without = await ask('who was the director of Ikiru');
    expect(without.paths[0].probabilities[0]).toBeCloseTo(0.5, 1); // two relations, no word for either
    const concept = g.upsertNode({ kind: 'concept', label: 'director' });
    new BulkGraphWriter(core.store.db).conceptLink({ conceptId: concept, relation: 'P57' });
    const r = await ask('who was the director of Ikiru');
    expect(pathOf(r)).toBe('P57');
    expect(r.paths[0].probabilities[0]).toBeGreaterThan(0.9);
    expect(r.triples[0]).toMatchObject({ subject: 'Ikiru', object: 'Akira Kurosawa' });
  });

  it('links labels followed by a Korean particle', async () => {
    const g = core.store.graph;
    const kg = g.upsertNode({ kind: 'entity', label: 'AutoSchemaKG' });
    const llm = g.upsertNode({ kind: 'entity', label: 'large language model' });
    g.upsertEdge({ subjectId: kg, relation: '활용한다', objectId: llm, stage: 'EE', status: 'proposed', engine: 'classic' });
    const r = await ask('AutoSchemaKG는 무엇을 활용하나?');
    expect(r.entities[0].label).toBe('AutoSchemaKG');
    expect(r.triples[0]).toMatchObject({ subject: 'AutoSchemaKG', object: 'large language model' });
  });

  it('rejects bad input at the boundary', async () => {
    const r = await core.call('retrieve.query', { question: '', maxTriples: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad_request');
  });
});
