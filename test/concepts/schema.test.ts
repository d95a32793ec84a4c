// The user schema: types edited through the contract, imported and exported as YAML or JSON (all or
// nothing), mismatches flagged for review; and the CLI's concepts and schema commands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallInput, CallName, CallOutput } from '../../shared/contract';
import { parseSchemaFile } from '../../electron/core/concepts/types';
import { promptsFor } from '../../electron/core/extract/prompts';
import { entityEntitySchema, DEFAULT_LIMITS } from '../../electron/core/extract/answer-schemas';
import { cli } from '../helpers/cli';
import { main } from '../../electron/cli/main';
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
  const t = tmpDir('gw-schema-');
  const dbPath = path.join(t.dir, 's.db');
  const core = new Core({ dbPath, startJobs: false });
  open.push({ core, cleanup: t.cleanup });
  return { core, dir: t.dir, dbPath };
}

async function call<N extends CallName>(core: Core, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const r = await core.call(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code}: ${r.error.message}`);
  return r.value as CallOutput<N>;
}

async function failure(core: Core, name: CallName, input: unknown): Promise<string> {
  const r = await core.call(name, input);
  expect(r.ok, `${name} should fail`).toBe(false);
  return r.ok ? '' : `${r.error.code}: ${r.error.message}${(r.error.issues ?? []).map((i) => ` ${i.path}: ${i.message}`).join('')}`;
}

const YAML_SCHEMA = `
entityTypes:
  - name: Standard
    description: A published specification
    examples: [RFC 2865, IEEE 802.1X]
  - name: Protocol
    examples: EAP
relationTypes:
  - name: is defined in
    head: [Protocol]
    tail: [Standard]
  - name: send
    description: one thing sends another
    head: [Protocol]
`;

describe('user schema', () => {
  it('saves, lists and removes types; relation ends must name entity types; renames follow into relations', async () => {
    const { core } = setup();
    const std = await call(core, 'schema.types.save', { kind: 'entity', name: 'Standard', description: 'a spec', examples: ['RFC 2865'] });
    expect(std).toMatchObject({ kind: 'entity', name: 'Standard', examples: ['RFC 2865'], headTypes: [], tailTypes: [] });
    expect(await failure(core, 'schema.types.save', { kind: 'relation', name: 'cites', headTypes: ['Standard'], tailTypes: ['Paper'] })).toMatch(
      /^bad_request: .*"Paper" is not an entity type/,
    );
    const cites = await call(core, 'schema.types.save', { kind: 'relation', name: 'cites', headTypes: ['Standard'], tailTypes: ['Standard'] });
    expect(await failure(core, 'schema.types.save', { kind: 'entity', name: 'Unknown' })).toMatch(/^bad_request: .*reserved/);
    // the same kind and name again updates it
    expect((await call(core, 'schema.types.save', { kind: 'entity', name: 'Standard', description: 'updated' })).id).toBe(std.id);
    // renaming an entity type renames it in the relation types; removing it drops it there
    await call(core, 'schema.types.save', { id: std.id, kind: 'entity', name: 'Specification' });
    expect((await call(core, 'schema.types.list', { kind: 'relation' })).items[0]).toMatchObject({
      id: cites.id,
      headTypes: ['Specification'],
      tailTypes: ['Specification'],
    });
    expect(await call(core, 'schema.types.remove', { id: std.id })).toEqual({ removed: true });
    expect((await call(core, 'schema.types.list', {})).items).toEqual([expect.objectContaining({ name: 'cites', headTypes: [], tailTypes: [] })]);
    expect(await call(core, 'schema.types.remove', { id: std.id })).toEqual({ removed: false });
  });

  it('imports YAML and JSON, exports both, round-trips; a bad file changes nothing and names the item', async () => {
    const { core, dir } = setup();
    const r = await call(core, 'schema.types.import', { text: YAML_SCHEMA });
    expect(r).toMatchObject({ added: 4, updated: 0, removed: 0 });
    expect(r.items.find((t) => t.name === 'Protocol')!.examples).toEqual(['EAP']);
    const yaml = await call(core, 'schema.types.export', { format: 'yaml' });
    expect(yaml.text).toContain('entityTypes:');
    const json = await call(core, 'schema.types.export', { format: 'json', path: path.join(dir, 'out', 'schema.json') });
    expect(json.path).toBe(path.join(dir, 'out', 'schema.json'));
    expect(JSON.parse(fs.readFileSync(json.path!, 'utf8'))).toEqual(JSON.parse(json.text));
    // round trip: what was exported parses back to the same types
    const strip = (items: { kind: string; name: string; description: string; examples: string[]; headTypes: string[]; tailTypes: string[] }[]) =>
      items.map(({ kind, name, description, examples, headTypes, tailTypes }) => ({ kind, name, description, examples, headTypes, tailTypes }));
    expect(strip(parseSchemaFile(yaml.text).map((t) => ({ ...t, description: t.description ?? '' })))).toEqual(strip(r.items));
    expect(strip(parseSchemaFile(json.text))).toEqual(strip(parseSchemaFile(yaml.text)));

    const before = (await call(core, 'schema.types.list', {})).items;
    const bad = '{"entityTypes": [{"name": "Paper"}], "relationTypes": [{"name": "cites", "head": ["Paper"], "tail": ["Book"]}]}';
    expect(await failure(core, 'schema.types.import', { text: bad })).toMatch(
      /^bad_request: schema file: relation type "cites" \(item 2\): tail type "Book" is not an entity type/,
    );
    expect(await failure(core, 'schema.types.import', { text: 'entityTypes: [ {name: ' })).toMatch(/^bad_request: schema file is not valid YAML/);
    expect(await failure(core, 'schema.types.import', { text: '{"nodes": []}' })).toMatch(/expected entityTypes/);
    expect(await failure(core, 'schema.types.import', { path: path.join(dir, 'missing.yaml') })).toMatch(/^not_found: cannot read/);
    expect((await call(core, 'schema.types.list', {})).items).toEqual(before);

    // replace: only what the file names stays
    fs.writeFileSync(path.join(dir, 'small.json'), JSON.stringify({ entityTypes: [{ name: 'Standard' }] }));
    const replaced = await call(core, 'schema.types.import', { path: path.join(dir, 'small.json'), replace: true });
    expect(replaced).toMatchObject({ added: 0, updated: 1, removed: 3 });
    expect(replaced.items.map((t) => t.name)).toEqual(['Standard']);
  });

  it('puts the types into the extraction prompts and answer schemas (enum of the types plus unknown)', () => {
    const types = [
      { name: 'Standard', description: 'a spec', examples: ['RFC 2865'] },
      { name: 'Protocol', description: '', examples: [] },
    ];
    const schema = entityEntitySchema(DEFAULT_LIMITS, { compact: false, types: { enum: ['Standard', 'Protocol', 'unknown'] } }) as {
      properties: { triples: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    expect(schema.properties.triples.items.required).toEqual(['head', 'head_type', 'relation', 'tail', 'tail_type', 'condition']);
    expect(schema.properties.triples.items.properties.head_type).toEqual({ enum: ['Standard', 'Protocol', 'unknown'] });
    // the types are in the shared system prompt (the same for every chunk), with the typed answer format
    const prompt = promptsFor('en').system({ limits: DEFAULT_LIMITS, compact: true, entityTypes: types });
    expect(prompt).toContain('- Standard: a spec (e.g. RFC 2865)');
    expect(prompt).toContain('["head","head type","relation","tail","tail type"]');
    expect(promptsFor('en').system({ limits: DEFAULT_LIMITS, compact: true })).not.toContain('Entity types');
  });

  it('flags triples whose head or tail type the relation type does not allow (by label or by relation concept)', async () => {
    const { core } = setup();
    const seed = seedConceptGraph(core.store);
    await call(core, 'schema.types.import', { text: YAML_SCHEMA });
    // EAP (protocol) is defined in RFC 2865 (standard): only the case differs from the schema, which is fine
    let m = await call(core, 'schema.mismatches', {});
    expect(m.items).toEqual([]);
    core.store.db.prepare('UPDATE nodes SET type = ? WHERE id = ?').run('person', seed.nodes.rfc);
    m = await call(core, 'schema.mismatches', {});
    expect(m.items).toEqual([
      expect.objectContaining({
        relation: 'is defined in',
        relationType: 'is defined in',
        problem: 'tail',
        subject: 'EAP',
        objectType: 'person',
        tailTypes: ['Standard'],
      }),
    ]);
    // "sends" falls under the relation type "send" once the concept layer links it to the concept "send"
    core.jobs.start();
    const job = await call(core, 'concepts.start', { engine: 'classic', kinds: ['relation'] });
    expect((await core.jobs.wait(job.id)).state).toBe('done');
    m = await call(core, 'schema.mismatches', {});
    expect(m.total).toBe(2);
    expect(m.items.find((x) => x.relation === 'sends')).toMatchObject({ relationType: 'send', problem: 'head', subject: 'RADIUS servers', subjectType: null });
  });
});

describe('CLI', () => {
  it('graphwright schema import|export (in process) and concepts --json (the real command line)', async () => {
    const t = tmpDir('gw-concepts-cli-');
    try {
      const db = path.join(t.dir, 'cli.db');
      const core = new Core({ dbPath: db, startJobs: false });
      seedConceptGraph(core.store);
      await core.close();
      const file = path.join(t.dir, 'types.yaml');
      fs.writeFileSync(file, YAML_SCHEMA);
      // the commands themselves, in this process (a CLI process costs seconds on a shared machine)
      const out: string[] = [];
      const err: string[] = [];
      const so = vi.spyOn(process.stdout, 'write').mockImplementation((c) => (out.push(String(c)), true));
      const se = vi.spyOn(process.stderr, 'write').mockImplementation((c) => (err.push(String(c)), true));
      let codes: number[];
      try {
        codes = [
          await main(['schema', 'import', file, '--db', db, '--json']),
          await main(['schema', 'export', path.join(t.dir, 'back.json'), '--db', db]),
          await main(['schema', 'export', path.join(t.dir, 'x.txt'), '--db', db]),
          await main(['schema', 'import', path.join(t.dir, 'missing.yaml'), '--db', db]),
        ];
      } finally {
        so.mockRestore();
        se.mockRestore();
      }
      expect(codes).toEqual([0, 0, 2, 2]);
      expect(JSON.parse(out[0])).toMatchObject({ added: 4 });
      expect(out[1]).toContain('4 types (json)');
      expect(JSON.parse(fs.readFileSync(path.join(t.dir, 'back.json'), 'utf8')).entityTypes).toHaveLength(2);
      expect(err.join('')).toMatch(/must end in \.json, \.yaml or \.yml/);
      expect(err.join('')).toMatch(/schema file not found: .*missing\.yaml/);

      const run = cli(['concepts', '--db', db, '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.json()).toMatchObject({ engine: 'classic', processed: 11, coverage: { instances: { entity: { total: 5, covered: 5 } } } });
      expect(run.stderr).toMatch(/concepts: done/);
    } finally {
      t.cleanup();
    }
  });
});
