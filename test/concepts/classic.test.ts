// The classic (no model) concept layer: head noun of each entity phrase, verb lemma of each event and
// relation, alike concepts as one node, types induced or taken from the user schema, re-runs; and the
// phrase rules the LLM path relies on.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { ConceptsSummary } from '../../shared/contract/concepts';
import {
  abstractionLadder,
  backfill,
  canonicalConcept,
  cleanPhrase,
  headNoun,
  isValidConcept,
  selectConcepts,
  verbLemma,
} from '../../electron/core/concepts/phrases';
import { standardsSchemaText } from '../../shared/starter-schema';
import { tmpDir } from '../helpers/tmp';
import { seedConceptGraph } from './seed';

const open: { core: Core; cleanup: () => void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.core.close();
    o.cleanup();
  }
});

function setup() {
  const t = tmpDir('gw-concepts-');
  const core = new Core({ dbPath: path.join(t.dir, 'c.db') });
  open.push({ core, cleanup: t.cleanup });
  return { core, seed: seedConceptGraph(core.store) };
}

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

async function runJob(core: Core, input: CallInput<'concepts.start'>) {
  const job = await call(core, 'concepts.start', input);
  const done = await core.jobs.wait(job.id);
  expect(done.state, done.error ?? '').toBe('done');
  return ConceptsSummary.parse(done.result);
}

const labelsOf = async (core: Core, ref: { nodeId: number } | { relation: string }) => (await call(core, 'concepts.of', ref)).map((c) => c.label);

describe('phrases', () => {
  it('cleans, canonicalises (alike phrases become one label) and checks concept phrases', () => {
    expect(cleanPhrase('  "Liberal-arts  college!" ')).toBe('Liberal-arts college');
    expect(canonicalConcept('Protocols')).toBe('protocol');
    expect(canonicalConcept('protocol')).toBe('protocol');
    expect(canonicalConcept('Liberal-Arts Colleges')).toBe('liberal arts college');
    expect(canonicalConcept('EAP methods')).toBe('EAP method');
    // never the input, one or two words, not a repeat of the input's words (one word of a longer input is fine)
    expect(isValidConcept('black mountain college', 'Black Mountain College')).toBe(false);
    expect(isValidConcept('mountain college', 'Black Mountain College')).toBe(false);
    expect(isValidConcept('college', 'Black Mountain College')).toBe(true);
    expect(isValidConcept('liberal arts college', 'Black Mountain College')).toBe(false); // three words
    expect(isValidConcept('engage in', 'participated in')).toBe(true);
    expect(isValidConcept('participated', 'participate')).toBe(true); // lenient on inflection; equality is what is refused
    expect(isValidConcept('eap', 'EAP')).toBe(false);
    expect(isValidConcept('42', 'x')).toBe(false);
    expect(selectConcepts(['School', 'school', 'Black Mountain College', 'liberal arts', 7, 'a b c'], 'Black Mountain College', 5)).toEqual([
      'school',
      'liberal art',
    ]);
  });

  it('reads head nouns and verb lemmas, and ladders give three rungs to backfill from', () => {
    expect(headNoun('RADIUS servers')).toBe('server');
    expect(headNoun('Department of Energy')).toBe('department');
    expect(headNoun('Black Mountain College')).toBe('college');
    expect(verbLemma('is defined in')).toBe('define');
    expect(verbLemma('sends')).toBe('send');
    expect(verbLemma('The NAS sends an Access-Request to the RADIUS server')).toBe('send');
    for (const [kind, label] of [
      ['entity', 'EAP'],
      ['entity', 'thing'],
      ['event', 'event'],
      ['relation', 'of'],
    ] as const) {
      const ladder = abstractionLadder(kind, label, null);
      expect(ladder.length, `${kind} ${label}`).toBeGreaterThanOrEqual(3);
      expect(ladder.every((r) => r.toLowerCase() !== label.toLowerCase())).toBe(true);
    }
    expect(backfill(['college'], ['college', 'school', 'named entity', 'entity'])).toEqual(['school', 'named entity']);
  });
});

describe('classic conceptualization (no model)', () => {
  it('links entities to their head noun, events and relations to their verb lemma; alike concepts are one node', async () => {
    const { core, seed } = setup();
    const events: string[] = [];
    core.bus.on('graph.changed', (p) => events.push(p.reason));
    const s = await runJob(core, { engine: 'classic' });
    expect(s).toMatchObject({
      engine: 'classic',
      model: null,
      instances: { entity: 5, event: 2, relation: 4 },
      processed: 11,
      skipped: 0,
      fallbackLinks: 0,
      failures: 0,
    });
    expect(events).toContain('concepts');

    const n = seed.nodes;
    // level 1 the head noun or verb lemma, then (WordNet installed) up to two of its hypernyms
    const first = async (ref: { nodeId: number } | { relation: string }) => (await labelsOf(core, ref))[0];
    expect(await first({ nodeId: n.servers })).toBe('server');
    expect(await first({ nodeId: n.doe })).toBe('department');
    expect(await first({ nodeId: n.college })).toBe('college');
    // a one-word name has no head noun of its own: its type is what the classic engine has
    expect(await labelsOf(core, { nodeId: n.eap })).toEqual(['protocol']);
    expect(await first({ nodeId: n.send })).toBe('send');
    expect(await first({ nodeId: n.play })).toBe('play');
    expect(await first({ relation: 'is defined in' })).toBe('define');
    expect(await first({ relation: 'sends' })).toBe('send');
    expect(await first({ relation: 'participated in' })).toBe('participate');
    // a server (its neighbours send and perform) is filed under computer and machine, not a waiter
    expect(await labelsOf(core, { nodeId: n.servers })).toEqual(['server', 'computer', 'machine']);
    expect(await labelsOf(core, { nodeId: n.doe })).toEqual(['department', 'division', 'administrative unit']);
    // an acronym's letters are no English word: "RFC 2865" gets no WordNet rungs
    expect(await labelsOf(core, { nodeId: n.rfc })).toEqual(['rfc', 'standard']);
    const links = core.store.db.prepare('SELECT level FROM concept_links WHERE node_id = ? ORDER BY level').all(n.servers) as { level: number }[];
    expect(links.map((l) => l.level)).toEqual([1, 2, 3]);

    // "send" from the event and from the relation is one concept node with both instances
    const send = (await call(core, 'concepts.list', { search: 'send' })).items.find((c) => c.label === 'send')!;
    expect(send).toMatchObject({ instances: 2, events: 1, relations: 1, entities: 0, models: ['classic'] });
    const inst = await call(core, 'concepts.instances', { conceptId: send.id });
    expect(inst.items.map((i) => [i.kind, i.label, i.model])).toEqual([
      ['event', 'The NAS sends an Access-Request', 'classic'],
      ['relation', 'sends', 'classic'],
    ]);
    expect(inst.items.every((i) => i.batch?.startsWith('classic#'))).toBe(true);

    // every instance has at least one concept, none equal to the instance's text
    for (const id of Object.values(n)) {
      const label = core.store.graph.getNode(id)!.label.toLowerCase();
      const cs = await labelsOf(core, { nodeId: id });
      expect(cs.length, label).toBeGreaterThanOrEqual(1);
      expect(cs.map((c) => c.toLowerCase())).not.toContain(label);
    }
    // no schema: untyped entities take their most general non-generic concept as type; typed ones keep theirs
    expect(core.store.graph.getNode(n.servers)!.type).toBe('server');
    expect(core.store.graph.getNode(n.eap)!.type).toBe('protocol');

    const cov = await call(core, 'concepts.coverage', {});
    expect(cov.instances).toEqual({ entity: { total: 5, covered: 5 }, event: { total: 2, covered: 2 }, relation: { total: 4, covered: 4 } });
    // send and play, and above them move and act
    expect(cov.distinctTypes.event).toBe(4);
    const relationConcepts = new Set((await Promise.all(seed.relations.map((r) => labelsOf(core, { relation: r })))).flat());
    expect(relationConcepts.size).toBeGreaterThan(4);
    expect(cov.distinctTypes.relation).toBe(relationConcepts.size);
    expect(cov.byModel).toEqual([{ model: 'classic', links: cov.links }]);
    const ranked = (await call(core, 'concepts.list', {})).items;
    expect(ranked[0].instances).toBeGreaterThanOrEqual(ranked[ranked.length - 1].instances);
    expect((await call(core, 'concepts.list', { kind: 'relation' })).items.every((c) => c.relations > 0)).toBe(true);

    // the graph view's layer over two nodes and a relation
    const layer = await call(core, 'concepts.layer', { nodeIds: [n.servers, n.send], relations: ['sends'] });
    expect(layer.concepts.map((c) => c.label)).toEqual(expect.arrayContaining(['send', 'server', 'computer', 'machine']));
    expect(layer.links.filter((l) => l.level === 1)).toHaveLength(3);
  });

  it('a re-run skips what is done; force redoes it without duplicate links', async () => {
    const { core } = setup();
    const first = await runJob(core, { engine: 'classic' });
    const links = first.links;
    const again = await runJob(core, { engine: 'classic' });
    expect(again).toMatchObject({ processed: 0, skipped: 11, links: 0 });
    const forced = await runJob(core, { engine: 'classic', force: true, kinds: ['relation'] });
    expect(forced).toMatchObject({ processed: 4, skipped: 0, instances: { entity: 0, event: 0, relation: 4 } });
    expect((await call(core, 'concepts.coverage', {})).links).toBe(links);
  });

  it('with a user schema, every entity conceptualised gets one of its types (by name or example) or unknown', async () => {
    const { core, seed } = setup();
    await call(core, 'schema.types.import', {
      text: 'entityTypes:\n  - name: Protocol\n    examples: [RADIUS]\n  - name: Organization\n    examples: [Department of Energy]\n',
      format: 'yaml',
    });
    await runJob(core, { engine: 'classic', kinds: ['entity'] });
    const type = (id: number) => core.store.graph.getNode(id)!.type;
    expect(type(seed.nodes.eap)).toBe('Protocol'); // its type "protocol" names the type
    expect(type(seed.nodes.doe)).toBe('Organization'); // an example of the type
    expect(type(seed.nodes.servers)).toBe('unknown');
    expect(type(seed.nodes.rfc)).toBe('unknown');
    const types = (core.store.db.prepare("SELECT DISTINCT type FROM nodes WHERE kind = 'entity'").all() as { type: string }[]).map((r) => r.type).sort();
    expect(types).toEqual(['Organization', 'Protocol', 'unknown']);
  });

  it('the starter schema for standards imports as it is; its types are the top level of the entities they name', async () => {
    const { core, seed } = setup();
    const r = await call(core, 'schema.types.import', { text: standardsSchemaText(), format: 'json' });
    expect(r.added).toBe(10);
    expect(r.items.map((t) => t.name).sort()).toEqual([
      'Attribute',
      'Clause',
      'Document',
      'Message',
      'Parameter',
      'Protocol',
      'Requirement',
      'Role',
      'Unit',
      'Value',
    ]);
    await runJob(core, { engine: 'classic', kinds: ['entity'] });
    const type = (id: number) => core.store.graph.getNode(id)!.type;
    expect(type(seed.nodes.servers)).toBe('Role'); // its head noun is one of the words that name Role
    expect(await labelsOf(core, { nodeId: seed.nodes.servers })).toEqual(['server', 'computer', 'machine', 'role']);
    expect(type(seed.nodes.eap)).toBe('Protocol');
    expect(type(seed.nodes.doe)).toBe('unknown');
  });

  it('refuses llama without a model and an openai endpoint without a model', async () => {
    const { core } = setup();
    const r = await core.call('concepts.start', { engine: 'llama' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/give model/);
    const o = await core.call('concepts.start', { engine: 'openai', endpoint: 'http://127.0.0.1:9/v1' });
    expect(o.ok).toBe(false);
  });
});
