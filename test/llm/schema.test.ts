// Answers checked against the JSON Schema they were asked for (the HTTP engine's check; zod 4 reads
// the schema): the subset the stages use, with paths that name the field at fault.
import { describe, expect, it } from 'vitest';
import { validateJson } from '../../electron/core/llm/json-schema';
import { DEFAULT_LIMITS, entityEventSchema } from '../../electron/core/extract/answer-schemas';

describe('validateJson', () => {
  it('names each field at fault in a stage answer', () => {
    const issues = validateJson(entityEventSchema(DEFAULT_LIMITS, { compact: false }), { events: [{ event: 'x', entities: [{ entity: 1 }] }], extra: 1 });
    expect(issues.map((i) => i.path)).toEqual(['events[0].entities[0].entity', 'events[0].entities[0].role', '(root)']);
    expect(issues[2].message).toMatch(/extra/);
    expect(
      validateJson(entityEventSchema(DEFAULT_LIMITS, { compact: false }), { events: [{ event: 'x', entities: [{ entity: 'a', role: 'agent' }] }] }),
    ).toEqual([]);
  });

  it('follows $ref, anyOf, prefixItems, bounds', () => {
    const schema = {
      $defs: { n: { type: 'integer', minimum: 0 } },
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/n' },
        b: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        c: { type: 'array', prefixItems: [{ const: 1 }], items: { type: 'string' } },
      },
      required: ['a'],
    };
    expect(validateJson(schema, { a: 1, b: null, c: [1, 'x'] })).toEqual([]);
    for (const bad of [{ a: -1 }, { a: 1.5 }, { a: 1, b: 3 }, { b: 'x' }, { a: 1, c: [2] }])
      expect(validateJson(schema, bad), JSON.stringify(bad)).not.toEqual([]);
  });
});
