// Where every reader puts what it found: file-local keys mapped to database ids, attribute
// records interpreted the same way for every format, tallies for the result.
import { z } from 'zod';
import type { BulkGraphWriter } from '../store/bulk';
import { EdgeStatus, Stage, TripleQualifiers } from '../../../shared/schemas';
import { ImportError, type Position } from './errors';
import type { ProvEntry, RelationLinkEntry } from '../export/select';

export type ImportKind = 'entity' | 'event' | 'concept';

const ProvEntrySchema = z.object({
  document: z.object({
    title: z.string(),
    hash: z.string().nullable().optional(),
    path: z.string().nullable().optional(),
    format: z.string().nullable().optional(),
    version: z.number().int().optional(),
    edition: z.string().nullable().optional(),
  }),
  chunk: z
    .object({ ordinal: z.number().int(), start: z.number().int(), end: z.number().int(), page: z.number().int().nullable().optional() })
    .nullable()
    .optional(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  quote: z.string(),
  rules: z.array(z.string()).optional(),
});
const RelationLinksSchema = z.array(
  z.object({
    relation: z.string().min(1),
    level: z.number().int().default(0),
    model: z.string().nullable().optional(),
    batch: z.string().nullable().optional(),
  }),
);

/** Triples between two progress calls of an import. */
export const IMPORT_PROGRESS_EVERY = 20_000;

/** What a generic knowledge base's triples become. */
const IMPORT_DEFAULTS = { status: 'accepted', stage: 'import', engine: 'import', confidence: 1 } as const;

export interface Tally {
  created: number;
  existing: number;
}

/** A node as read from an attribute-carrying format (GraphML, cyjs, CSV): values as strings or typed. */
export interface NodeRecord {
  key: string;
  label?: unknown;
  kind?: unknown;
  type?: unknown;
  aliases?: unknown;
  provenance?: unknown;
  conceptRelations?: unknown;
}

export interface EdgeRecord {
  key?: string;
  source: string;
  target: string;
  /** 'triple' (default) or 'concept_link'. */
  edgeKind?: unknown;
  relation?: unknown;
  status?: unknown;
  stage?: unknown;
  confidence?: unknown;
  engine?: unknown;
  model?: unknown;
  /** A number in [0, 1]. */
  precision?: unknown;
  /** TripleQualifiers as an object or JSON text. */
  qualifiers?: unknown;
  provenance?: unknown;
  level?: unknown;
  batch?: unknown;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
const str = (v: unknown): string | null => (blank(v) ? null : String(v));

export class ImportSink {
  readonly nodes: Tally = { created: 0, existing: 0 };
  readonly edges: Tally = { created: 0, existing: 0 };
  readonly conceptLinks: Tally = { created: 0, existing: 0 };
  readonly provenanceTally: Tally = { created: 0, existing: 0 };
  readonly documents = { matched: 0, placeholders: 0 };
  private readonly keys = new Map<string, number>();
  /** labelNode's nodes by label (a map of its own: no key to build per lookup). */
  private readonly labelKeys = new Map<string, number>();
  private readonly edgeKeys = new Map<string, number>();
  /** Nodes and triples that were in the database before (ids up to bulk.before), counted once each. */
  private readonly existingNodes = new Set<number>();
  private readonly existingEdges = new Set<number>();
  private readonly seenDocs = new Set<number>();
  /** Where the reader is, for error messages. */
  where: Position = {};
  /** Progress: called with the triples read so far, every IMPORT_PROGRESS_EVERY. */
  onTriples?: (triples: number) => void;
  private triples = 0;

  constructor(readonly bulk: BulkGraphWriter) {}

  fail(reason: string, at: Position = this.where): never {
    throw new ImportError(reason, at);
  }

  // ---- nodes

  node(key: string, n: { kind: ImportKind; label: string; type?: string | null; aliases?: string[] }): number {
    if (!n.label.trim()) this.fail(`node ${JSON.stringify(key)} has an empty label`);
    const r = this.bulk.node(n);
    if (r.created) this.nodes.created++;
    else if (r.id <= this.bulk.before.node && !this.existingNodes.has(r.id)) {
      this.existingNodes.add(r.id);
      this.nodes.existing++;
    }
    this.keys.set(key, r.id);
    return r.id;
  }

  nodeId(key: string): number | undefined {
    return this.keys.get(key);
  }

  mustNode(key: string, what: string): number {
    const id = this.keys.get(key);
    if (id === undefined) this.fail(`${what} refers to unknown node ${JSON.stringify(key)}`);
    return id;
  }

  /** A node known only by its label (tsv, generic KBs): an entity. */
  labelNode(label: string): number {
    let id = this.labelKeys.get(label);
    if (id === undefined) {
      id = this.node(`\u0000label:${label}`, { kind: 'entity', label });
      this.labelKeys.set(label, id);
    }
    return id;
  }

  // ---- edges

  edge(
    key: string | null,
    subjectId: number,
    objectId: number,
    e: {
      relation: string;
      status?: EdgeStatus;
      stage?: Stage;
      confidence?: number;
      engine?: string;
      model?: string | null;
      precision?: number | null;
      qualifiers?: TripleQualifiers;
    },
  ): number {
    if (!e.relation.trim()) this.fail('a triple has an empty relation');
    const r = this.bulk.edge({
      subjectId,
      objectId,
      relation: e.relation,
      status: e.status ?? IMPORT_DEFAULTS.status,
      stage: e.stage ?? IMPORT_DEFAULTS.stage,
      confidence: e.confidence ?? IMPORT_DEFAULTS.confidence,
      engine: e.engine ?? IMPORT_DEFAULTS.engine,
      model: e.model ?? null,
      precision: e.precision ?? null,
      meta: e.qualifiers && Object.keys(e.qualifiers).length ? e.qualifiers : null,
    });
    if (r.created) this.edges.created++;
    else if (r.id <= this.bulk.before.edge && !this.existingEdges.has(r.id)) {
      this.existingEdges.add(r.id);
      this.edges.existing++;
    }
    if (key !== null) this.edgeKeys.set(key, r.id);
    if (++this.triples % IMPORT_PROGRESS_EVERY === 0) this.onTriples?.(this.triples);
    return r.id;
  }

  edgeId(key: string): number | undefined {
    return this.edgeKeys.get(key);
  }

  // ---- concepts

  link(conceptId: number, target: { nodeId: number } | { relation: string }, level = 0, model: string | null = null, batch: string | null = null): void {
    const created = this.bulk.conceptLink({
      conceptId,
      ...('nodeId' in target ? { nodeId: target.nodeId } : { relation: target.relation }),
      level,
      model,
      batch,
    });
    if (created) this.conceptLinks.created++;
    else this.conceptLinks.existing++;
  }

  // ---- provenance

  provenance(target: { edgeId: number } | { nodeId: number }, p: ProvEntry | z.infer<typeof ProvEntrySchema>): void {
    const doc = this.bulk.document({
      title: p.document.title,
      contentHash: p.document.hash ?? null,
      sourcePath: p.document.path ?? null,
      format: p.document.format ?? null,
    });
    if (!this.seenDocs.has(doc.id)) {
      this.seenDocs.add(doc.id);
      if (doc.placeholder) this.documents.placeholders++;
      else this.documents.matched++;
    }
    const chunkId = p.chunk ? this.bulk.chunk(doc, { ordinal: p.chunk.ordinal, start: p.chunk.start, end: p.chunk.end, page: p.chunk.page ?? null }) : null;
    const created = this.bulk.provenance({ ...target, documentId: doc.id, chunkId, start: p.start, end: p.end, quote: p.quote, rules: p.rules });
    if (created) this.provenanceTally.created++;
    else this.provenanceTally.existing++;
  }

  /** Evidence given as JSON text or as an already parsed array (GraphML, cyjs, Cypher-style attributes). */
  provenanceList(target: { edgeId: number } | { nodeId: number }, value: unknown): void {
    if (blank(value)) return;
    const list = this.parseJsonValue(value, 'provenance');
    const parsed = z.array(ProvEntrySchema).safeParse(list);
    if (!parsed.success) this.fail(`provenance: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
    for (const p of parsed.data) this.provenance(target, p);
  }

  private parseJsonValue(value: unknown, what: string): unknown {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch (err) {
      this.fail(`${what} is not valid JSON: ${(err as Error).message}`);
    }
  }

  // ---- attribute records (GraphML, cyjs, CSV, neo4j CSV)

  nodeRecord(r: NodeRecord): number {
    const kind = str(r.kind) ?? 'entity';
    if (kind !== 'entity' && kind !== 'event' && kind !== 'concept')
      this.fail(`node ${JSON.stringify(r.key)}: unknown kind ${JSON.stringify(kind)} (entity, event or concept)`);
    const label = str(r.label) ?? r.key;
    let aliases: string[] = [];
    if (!blank(r.aliases)) {
      const a = this.parseJsonValue(r.aliases, `node ${r.key}: aliases`);
      if (!Array.isArray(a) || !a.every((x) => typeof x === 'string')) this.fail(`node ${JSON.stringify(r.key)}: aliases must be a list of strings`);
      aliases = a as string[];
    }
    const id = this.node(r.key, { kind, label, type: str(r.type), aliases });
    this.provenanceList({ nodeId: id }, r.provenance);
    if (!blank(r.conceptRelations)) {
      if (kind !== 'concept') this.fail(`node ${JSON.stringify(r.key)}: concept_relations on a ${kind} node`);
      const parsed = RelationLinksSchema.safeParse(this.parseJsonValue(r.conceptRelations, 'concept_relations'));
      if (!parsed.success) this.fail(`node ${JSON.stringify(r.key)}: concept_relations: ${parsed.error.issues[0].message}`);
      for (const l of parsed.data as RelationLinkEntry[]) this.link(id, { relation: l.relation }, l.level, l.model ?? null, l.batch ?? null);
    }
    return id;
  }

  edgeRecord(r: EdgeRecord): void {
    const s = this.mustNode(r.source, `edge ${r.key ?? ''}`.trim());
    const o = this.mustNode(r.target, `edge ${r.key ?? ''}`.trim());
    const kind = str(r.edgeKind) ?? 'triple';
    if (kind === 'concept_link') {
      this.link(o, { nodeId: s }, this.int(r.level, 'level') ?? 0, str(r.model), str(r.batch));
      return;
    }
    if (kind !== 'triple') this.fail(`edge ${r.key ?? ''}: unknown edge kind ${JSON.stringify(kind)}`);
    const relation = str(r.relation);
    if (!relation) this.fail(`edge ${JSON.stringify(r.key ?? `${r.source}->${r.target}`)} has no relation`);
    const status = str(r.status);
    if (status !== null && !EdgeStatus.safeParse(status).success) this.fail(`edge ${r.key ?? ''}: unknown status ${JSON.stringify(status)}`);
    const stage = str(r.stage);
    if (stage !== null && !Stage.safeParse(stage).success) this.fail(`edge ${r.key ?? ''}: unknown stage ${JSON.stringify(stage)}`);
    const confidence = this.num(r.confidence, 'confidence');
    const id = this.edge(r.key ?? null, s, o, {
      precision: this.precision(r.precision, `edge ${r.key ?? ''}`.trim()),
      qualifiers: this.qualifiers(r.qualifiers, `edge ${r.key ?? ''}`.trim()),
      relation,
      status: (status as EdgeStatus | null) ?? undefined,
      stage: (stage as Stage | null) ?? undefined,
      confidence: confidence ?? undefined,
      engine: str(r.engine) ?? undefined,
      model: str(r.model),
    });
    this.provenanceList({ edgeId: id }, r.provenance);
  }

  /** A triple's precision: blank is none; else a number in [0, 1]. */
  precision(v: unknown, what: string): number | null {
    const n = this.num(v, `${what}: precision`);
    if (n !== null && (n < 0 || n > 1)) this.fail(`${what}: precision is not in [0, 1]: ${JSON.stringify(v)}`);
    return n;
  }

  /** A triple's qualifiers (object or JSON text): only the known keys, each of its type; blank is none. */
  qualifiers(v: unknown, what: string): TripleQualifiers | undefined {
    if (blank(v)) return undefined;
    const parsed = TripleQualifiers.strict().safeParse(this.parseJsonValue(v, `${what}: qualifiers`));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.fail(`${what}: qualifiers: ${issue.path.join('.') || '(value)'}: ${issue.message}`);
    }
    return parsed.data;
  }

  num(v: unknown, what: string): number | null {
    if (blank(v)) return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) this.fail(`${what} is not a number: ${JSON.stringify(v)}`);
    return n;
  }

  /** A list of strings given as JSON text (a CSV cell), or undefined when blank. */
  jsonList(v: unknown, what: string): string[] | undefined {
    if (blank(v)) return undefined;
    const list = this.parseJsonValue(v, what);
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) this.fail(`${what} must be a list of strings`);
    return list;
  }

  int(v: unknown, what: string): number | null {
    const n = this.num(v, what);
    if (n !== null && !Number.isInteger(n)) this.fail(`${what} is not an integer: ${JSON.stringify(v)}`);
    return n;
  }

  result() {
    this.bulk.finish();
    return { nodes: this.nodes, edges: this.edges, conceptLinks: this.conceptLinks, provenance: this.provenanceTally, documents: this.documents };
  }
}
