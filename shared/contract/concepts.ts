// Concepts and the user schema: the concept layer (every entity, event and relation linked to short
// concept phrases at several levels of abstraction), its browser and edits (undoable, through the
// review command layer), and the editor's own entity and relation types.
import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { EdgeStatus, GraphNode, Id } from '../schemas';
import { EditResult } from './review';
import { EngineName } from './engines';

/** What a concept generalises: an entity node, an event node or a relation label. */
export const InstanceKind = z.enum(['entity', 'event', 'relation']);
export type InstanceKind = z.infer<typeof InstanceKind>;

/** Concepts per instance the LLM path guarantees (backfilled when the model gave fewer valid ones). */
export const MIN_CONCEPTS = 3;

/**
 * The params of a 'concepts' job: what concepts.start takes (ConceptsStartInput, picked from
 * these), and the knobs tests and benchmarks set when they enqueue one.
 */
export const ConceptsJobParams = z.object({
  engine: EngineName.default('classic'),
  /** llama: path of a .gguf file; openai: the model name. Absent: the model chosen for extraction. */
  model: z.string().min(1).max(4096).optional(),
  /** openai: the OpenAI-compatible endpoint's base URL. */
  endpoint: z.string().url().max(2048).optional(),
  /** Instance kinds to conceptualise (default all three). */
  kinds: z.array(InstanceKind).min(1).max(3).optional(),
  /** Neighbours (with their relations) shown with each entity (default 4). */
  neighbours: z.number().int().min(0).max(16).optional(),
  /** Conceptualise instances again even when this engine already did. */
  force: z.boolean().optional(),
  /** Parallel sequences when the job loads a local model itself (default 2). */
  sequences: z.number().int().min(1).max(64).optional(),
  /** Tighter answer bounds (tests, small models). */
  limits: z
    .object({ phrase: z.number().int().min(8).max(64), concepts: z.number().int().min(MIN_CONCEPTS).max(8) })
    .partial()
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().optional(),
  /** Instances per transaction for the classic engine (default 64). */
  batchSize: z.number().int().min(1).max(4096).optional(),
});
export type ConceptsJobParams = z.input<typeof ConceptsJobParams>;

export const ConceptsStartInput = ConceptsJobParams.pick({ engine: true, model: true, endpoint: true, kinds: true, neighbours: true, force: true });
export type ConceptsStartInput = z.infer<typeof ConceptsStartInput>;

const PerKind = z.object({ entity: z.number().int(), event: z.number().int(), relation: z.number().int() });

/** The result of a finished conceptualization job (JobInfo.result). */
export const ConceptsSummary = z.object({
  engine: EngineName,
  model: z.string().nullable(),
  /** Instances selected, per kind. */
  instances: PerKind,
  /** Instances conceptualised by this job (across resumes). */
  processed: z.number().int(),
  /** Instances this engine had already conceptualised. */
  skipped: z.number().int(),
  /** Concept links written; fallback: those backfilled from the deterministic ladders (provenance 'fallback'). */
  links: z.number().int(),
  fallbackLinks: z.number().int(),
  /** Concept nodes created. */
  concepts: z.number().int(),
  /** Entities that got a type (from the schema, or induced from their concepts). */
  typed: z.number().int(),
  /** Answers that failed (the instance is left for the next run). */
  failures: z.number().int(),
  tokens: z.number().int(),
  tokensPerSecond: z.number(),
  seconds: z.number(),
});
export type ConceptsSummary = z.infer<typeof ConceptsSummary>;

/** The 'concepts' job kind; its JobInfo is what concepts.start answers and the jobs calls give. */
export const conceptsJob = defineJobKind('concepts', { params: ConceptsJobParams, result: ConceptsSummary });
const ConceptsJobInfo = conceptsJob.info;

export const ConceptItem = z.object({
  id: Id,
  label: z.string(),
  aliases: z.array(z.string()),
  /** Instances linked to it (entities + events + relations). */
  instances: z.number().int(),
  entities: z.number().int(),
  events: z.number().int(),
  relations: z.number().int(),
  /** The lowest level it was given (1: the most specific phrase of an instance). */
  level: z.number().int(),
  /** Where its links came from: model names, 'classic', 'fallback'. */
  models: z.array(z.string()),
});
export type ConceptItem = z.infer<typeof ConceptItem>;

export const ConceptInstance = z.object({
  linkId: Id,
  kind: InstanceKind,
  /** The entity or event node; null for a relation. */
  nodeId: Id.nullable(),
  /** The relation label; null for a node. */
  relation: z.string().nullable(),
  label: z.string(),
  type: z.string().nullable(),
  level: z.number().int(),
  model: z.string().nullable(),
  batch: z.string().nullable(),
});
export type ConceptInstance = z.infer<typeof ConceptInstance>;

export const ConceptCoverage = z.object({
  /** Instances per kind and how many have at least one concept. */
  instances: z.object({
    entity: z.object({ total: z.number().int(), covered: z.number().int() }),
    event: z.object({ total: z.number().int(), covered: z.number().int() }),
    relation: z.object({ total: z.number().int(), covered: z.number().int() }),
  }),
  /** Concept nodes with at least one instance. */
  concepts: z.number().int(),
  /** Distinct concepts (types) over the entities, the events and the relations. */
  distinctTypes: PerKind,
  links: z.number().int(),
  fallbackLinks: z.number().int(),
  byModel: z.array(z.object({ model: z.string(), links: z.number().int() })),
});
export type ConceptCoverage = z.infer<typeof ConceptCoverage>;

const InstanceRef = z
  .object({ nodeId: Id.optional(), relation: z.string().trim().min(1).max(200).optional() })
  .refine((v) => (v.nodeId === undefined) !== (v.relation === undefined), { message: 'give nodeId or relation (one of them)' });

// ---- user schema

export const SchemaTypeKind = z.enum(['entity', 'relation']);
export type SchemaTypeKind = z.infer<typeof SchemaTypeKind>;

/** 'unknown' is what an entity gets when none of the types fits: it cannot be a type's name. */
export const UNKNOWN_TYPE = 'unknown';

const TypeName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((s) => s.toLowerCase() !== UNKNOWN_TYPE, { message: `"${UNKNOWN_TYPE}" is reserved for entities that fit no type` });

export const SchemaTypeInput = z.object({
  /** Present: update this type; absent: add one (or update the one of that kind and name). */
  id: Id.optional(),
  kind: SchemaTypeKind,
  name: TypeName,
  description: z.string().trim().max(1000).default(''),
  examples: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  /** Relation types only: entity types allowed as head / tail (empty: any). */
  headTypes: z.array(TypeName).max(50).default([]),
  tailTypes: z.array(TypeName).max(50).default([]),
});
export type SchemaTypeInput = z.infer<typeof SchemaTypeInput>;

export const SchemaType = z.object({
  id: Id,
  kind: SchemaTypeKind,
  name: z.string(),
  description: z.string(),
  examples: z.array(z.string()),
  headTypes: z.array(z.string()),
  tailTypes: z.array(z.string()),
});
export type SchemaType = z.infer<typeof SchemaType>;

export const SchemaFormat = z.enum(['json', 'yaml']);
export type SchemaFormat = z.infer<typeof SchemaFormat>;

export const SchemaMismatch = z.object({
  edgeId: Id,
  subjectId: Id,
  subject: z.string(),
  subjectType: z.string().nullable(),
  relation: z.string(),
  objectId: Id,
  object: z.string(),
  objectType: z.string().nullable(),
  status: EdgeStatus,
  /** The relation type the triple falls under (its relation label, or a concept of it). */
  relationType: z.string(),
  /** Which end's type the relation type does not allow. */
  problem: z.enum(['head', 'tail', 'both']),
  headTypes: z.array(z.string()),
  tailTypes: z.array(z.string()),
});
export type SchemaMismatch = z.infer<typeof SchemaMismatch>;

export const conceptCalls = {
  'concepts.start': defineCall({
    input: ConceptsStartInput,
    output: ConceptsJobInfo,
    summary: 'Start a conceptualization job (classic, llama or openai): concepts for every entity, event and relation; progress arrives as job.progress',
  }),
  'concepts.list': defineCall({
    input: z.object({
      search: z.string().max(200).optional(),
      /** Only concepts of this instance kind. */
      kind: InstanceKind.optional(),
      limit: z.number().int().min(1).max(5000).default(100),
      offset: z.number().int().min(0).default(0),
    }),
    output: z.object({ items: z.array(ConceptItem), total: z.number().int() }),
    summary: 'Concepts ranked by how many instances they cover, paged',
  }),
  'concepts.instances': defineCall({
    input: z.object({ conceptId: Id, limit: z.number().int().min(1).max(5000).default(200), offset: z.number().int().min(0).default(0) }),
    output: z.object({ concept: ConceptItem, items: z.array(ConceptInstance), total: z.number().int() }),
    summary: 'The entities, events and relations a concept covers, with level and provenance',
  }),
  'concepts.of': defineCall({
    input: InstanceRef,
    output: z.array(ConceptItem.extend({ linkId: Id, linkLevel: z.number().int(), linkModel: z.string().nullable() })),
    summary: 'The concepts of one node or relation label, most specific first',
  }),
  'concepts.layer': defineCall({
    input: z.object({ nodeIds: z.array(Id).max(50_000), relations: z.array(z.string().max(200)).max(5000).default([]) }),
    output: z.object({
      concepts: z.array(GraphNode),
      links: z.array(z.object({ linkId: Id, conceptId: Id, nodeId: Id.nullable(), relation: z.string().nullable(), level: z.number().int() })),
    }),
    summary: 'The concept layer over a set of nodes (and relation labels): concept nodes and their is-a links, for the graph view',
  }),
  'concepts.rename': defineCall({
    input: z.object({ conceptId: Id, label: z.string().trim().min(1).max(200) }),
    output: EditResult,
    summary: 'Rename a concept (undoable); a label another concept has is a conflict: merge them instead',
  }),
  'concepts.merge': defineCall({
    input: z.object({ ids: z.array(Id).min(2).max(1000), survivor: Id.optional(), label: z.string().trim().min(1).max(200).optional() }),
    output: EditResult,
    summary: 'Merge concepts into one (survivor: the one with most instances unless given); instances and aliases kept; undoable',
  }),
  'concepts.detach': defineCall({
    input: z
      .object({ conceptId: Id, nodeId: Id.optional(), relation: z.string().trim().min(1).max(200).optional() })
      .refine((v) => (v.nodeId === undefined) !== (v.relation === undefined), { message: 'give nodeId or relation (one of them)' }),
    output: EditResult,
    summary: 'Detach a wrong instance (node or relation) from a concept (undoable)',
  }),
  'concepts.coverage': defineCall({
    input: z.object({}),
    output: ConceptCoverage,
    summary: 'How much of the graph the concept layer covers, and how many distinct entity, event and relation types it has',
  }),
  'schema.types.list': defineCall({
    input: z.object({ kind: SchemaTypeKind.optional() }),
    output: z.object({ items: z.array(SchemaType) }),
    summary: "The user's entity and relation types",
  }),
  'schema.types.save': defineCall({
    input: SchemaTypeInput,
    output: SchemaType,
    summary: 'Add or update an entity or relation type (name, description, examples, allowed head and tail types)',
  }),
  'schema.types.remove': defineCall({
    input: z.object({ id: Id }),
    output: z.object({ removed: z.boolean() }),
    summary: 'Remove a type (relation types naming it keep working; the name is dropped from their head/tail lists)',
  }),
  'schema.types.import': defineCall({
    input: z
      .object({
        /** The file's content (the renderer reads the file), or a path the core reads. */
        text: z.string().max(2_000_000).optional(),
        path: z.string().min(1).max(4096).optional(),
        /** Default: from the path's extension, else detected (JSON starts with { or [). */
        format: SchemaFormat.optional(),
        /** Remove the types the file does not name. */
        replace: z.boolean().default(false),
      })
      .refine((v) => (v.text === undefined) !== (v.path === undefined), { message: 'give text or path (one of them)' }),
    output: z.object({ added: z.number().int(), updated: z.number().int(), removed: z.number().int(), items: z.array(SchemaType) }),
    summary: 'Import entity and relation types from a small JSON or YAML file (all or nothing)',
  }),
  'schema.types.export': defineCall({
    input: z.object({
      format: SchemaFormat.default('yaml'),
      path: z.string().min(1).max(4096).optional(),
      /** Replace an existing file at path (set only after the user confirmed); else it is a 'conflict'. */
      overwrite: z.boolean().optional(),
    }),
    output: z.object({ format: SchemaFormat, text: z.string(), path: z.string().nullable(), count: z.number().int() }),
    summary: 'Export the types as JSON or YAML (written to path when given)',
  }),
  'schema.mismatches': defineCall({
    input: z.object({ limit: z.number().int().min(1).max(5000).default(200), offset: z.number().int().min(0).default(0) }),
    output: z.object({ items: z.array(SchemaMismatch), total: z.number().int() }),
    summary: "Triples whose head or tail type the schema's relation type does not allow (for review)",
  }),
};
