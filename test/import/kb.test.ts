// Importing existing knowledge bases: MetaQA's kb lines (../shared/data/metaqa), generic Turtle and
// JSON-LD. How fast the MetaQA file loads is measured by `npm run bench -- store`, not asserted here.
import { afterAll, describe as group, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { importGraph } from '../../electron/core/import';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-kb-');
afterAll(() => t.cleanup());

const edgeRows = (s: Store) =>
  s.db
    .prepare(
      'SELECT s.label AS subject, e.relation, o.label AS object, e.status, e.stage, e.engine, e.confidence FROM edges e JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id ORDER BY e.id',
    )
    .all() as { subject: string; relation: string; object: string; status: string; stage: string; engine: string; confidence: number }[];

group('knowledge base import', () => {
  it('MetaQA kb_subset.txt: one accepted import triple per line', async () => {
    const file = data('metaqa', 'kb_subset.txt');
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim()).length;
    const store = Store.open(path.join(t.dir, 'metaqa.db'));
    const r = await importGraph(store.db, 'tsv', file);
    expect(r.edges.created).toBe(lines);
    expect(lines).toBe(35597);
    const status = store.status();
    expect(status.triples.accepted).toBe(lines);
    const sample = store.db.prepare('SELECT DISTINCT stage, engine, status, confidence FROM edges').all();
    expect(sample).toEqual([{ stage: 'import', engine: 'import', status: 'accepted', confidence: 1 }]);
    expect(store.graph.findNode('entity', 'Gert Fröbe')).toBeTruthy();
    // Importing the same file again adds nothing.
    const again = await importGraph(store.db, 'tsv', file);
    expect(again.edges).toEqual({ created: 0, existing: lines });
    store.close();
  });

  it('generic Turtle: IRIs become entities (labels from rdfs:label or the IRI), literals become entities, rdf:type a type', async () => {
    const file = path.join(t.dir, 'kb.ttl');
    fs.writeFileSync(
      file,
      `@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:Kismet ex:directed_by ex:William_Dieterle ; ex:release_year "1944" ; rdfs:comment "ignored" .
ex:Kismet rdfs:label "Kismet" .
ex:William_Dieterle a ex:Person ; rdfs:label "William Dieterle"@en .
ex:Kismet ex:starred_actors ex:Marlene%20Dietrich .
`,
    );
    const store = Store.open(path.join(t.dir, 'generic-ttl.db'));
    const r = await importGraph(store.db, 'ttl', file);
    expect(r.edges.created).toBe(3);
    expect(edgeRows(store).map((e) => [e.subject, e.relation, e.object])).toEqual([
      ['Kismet', 'directed_by', 'William Dieterle'],
      ['Kismet', 'release_year', '1944'],
      ['Kismet', 'starred_actors', 'Marlene Dietrich'],
    ]);
    expect(edgeRows(store).every((e) => e.status === 'accepted' && e.stage === 'import' && e.engine === 'import')).toBe(true);
    expect(store.graph.findNode('entity', 'William Dieterle')?.type).toBe('Person');
    store.close();
  });

  it('generic JSON-LD: through the jsonld processor, with an inline context or the published one', async () => {
    const file = path.join(t.dir, 'kb.jsonld');
    fs.writeFileSync(
      file,
      JSON.stringify({
        '@context': { ex: 'http://example.org/', name: 'http://schema.org/name', directed_by: { '@id': 'ex:directed_by', '@type': '@id' } },
        '@graph': [
          { '@id': 'ex:kismet', name: 'Kismet', directed_by: 'ex:dieterle' },
          { '@id': 'ex:dieterle', name: 'William Dieterle' },
        ],
      }),
    );
    const store = Store.open(path.join(t.dir, 'generic-jsonld.db'));
    const r = await importGraph(store.db, 'jsonld', file);
    expect(r.edges.created).toBe(1);
    expect(edgeRows(store)[0]).toMatchObject({
      subject: 'Kismet',
      relation: 'directed_by',
      object: 'William Dieterle',
      status: 'accepted',
      engine: 'import',
      stage: 'import',
    });
    const ours = path.join(t.dir, 'ours.jsonld');
    fs.writeFileSync(
      ours,
      JSON.stringify({
        '@context': 'https://w3id.org/graphwright/context.jsonld',
        '@id': 'http://example.org/e1',
        '@type': 'Event',
        label: 'Premiere',
        altLabel: ['Opening night'],
      }),
    );
    await importGraph(store.db, 'jsonld', ours);
    expect(store.graph.findNode('event', 'Premiere')?.aliases).toEqual(['Opening night']);
    store.close();
  });
});
