// The user schema: entity and relation types an editor defines (name, description, examples, allowed
// head and tail types), their JSON/YAML file format, and what the LLM stages take from them: an enum
// of the entity types plus "unknown" in the answer's JSON schema, and one paragraph for the prompt.
//
// File format (JSON or YAML, the same shape):
//   entityTypes:
//     - name: Standard
//       description: A published specification
//       examples: [RFC 2865, IEEE 802.1X]
//   relationTypes:
//     - name: defines
//       head: [Standard]          # allowed head types (empty or absent: any)
//       tail: [Parameter]
// Also read: `types: [{kind: entity|relation, ...}]` or a bare list of such items; `headTypes` /
// `tailTypes` for `head` / `tail`; examples as one string.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ApiError } from '../../../shared/errors';
import { SchemaTypeInput, UNKNOWN_TYPE, type SchemaFormat, type SchemaType, type SchemaTypeKind } from '../../../shared/contract/concepts';
import type { Store } from '../store';
import { SchemaRepository, type NewSchemaType } from '../store/schema-types';

export { UNKNOWN_TYPE };

/** What a prompt needs of an entity type. */
export interface EntityTypeHint {
  name: string;
  description: string;
  examples: string[];
}

// ---- the LLM hooks

/** What a prompt needs of a relation type: its name and the entity types its ends take. */
export interface RelationTypeHint {
  name: string;
  description: string;
  headTypes: string[];
  tailTypes: string[];
}

/** The relation types the extraction prompts name (empty: no schema). */
export function relationTypeHints(store: Store): RelationTypeHint[] {
  return store.schemaTypes.list('relation').map((t) => ({ name: t.name, description: t.description, headTypes: t.headTypes, tailTypes: t.tailTypes }));
}

/** The entity types the prompts are constrained to (empty: no schema, types are induced). */
export function entityTypeHints(store: Store): EntityTypeHint[] {
  return store.schemaTypes.list('entity').map((t) => ({ name: t.name, description: t.description, examples: t.examples }));
}

/** The JSON-schema fragment of an entity's type: one of the schema's names or "unknown". */
export function typeEnum(types: EntityTypeHint[]): { enum: string[] } {
  return { enum: [...types.map((t) => t.name), UNKNOWN_TYPE] };
}

/** Characters the longest type name takes in an answer (for maxTokens). */
export function typeChars(types: EntityTypeHint[]): number {
  return types.reduce((m, t) => Math.max(m, t.name.length), UNKNOWN_TYPE.length) + 16;
}

/** One paragraph for a prompt: the types, and which answer fields take them. */
export function typeInstruction(types: EntityTypeHint[], fields: string[]): string {
  if (!types.length) return '';
  const lines = types.map((t) => {
    const extra = [t.description, t.examples.length ? `e.g. ${t.examples.slice(0, 3).join(', ')}` : ''].filter(Boolean).join('; ');
    return `- ${t.name}${extra ? `: ${extra}` : ''}`;
  });
  const f = fields.map((x) => `"${x}"`).join(fields.length === 2 ? ' and ' : ', ');
  return [`Entity types:`, ...lines, `Give each entity's type in ${f}: one of these names, or "${UNKNOWN_TYPE}" when none fits.`].join('\n');
}

/** A type from an answer: the schema's own spelling of the name, or "unknown". */
export function resolveType(value: unknown, types: EntityTypeHint[]): string {
  if (typeof value !== 'string') return UNKNOWN_TYPE;
  const v = value.trim().toLowerCase();
  return types.find((t) => t.name.toLowerCase() === v)?.name ?? UNKNOWN_TYPE;
}

/** Whether a node's current type is one of the schema's (a schema answer may then leave it alone). */
export function isSchemaType(type: string | null, types: EntityTypeHint[]): boolean {
  return !!type && types.some((t) => t.name.toLowerCase() === type.toLowerCase());
}

/**
 * The schema type of an entity without a model: the first of its words (label, head noun,
 * concepts, current type) that names a type or one of its examples, case-insensitively; else "unknown".
 */
export function matchSchemaType(candidates: (string | null | undefined)[], types: EntityTypeHint[]): string {
  const wanted = candidates.filter((c): c is string => !!c).map((c) => c.trim().toLowerCase());
  for (const c of wanted) {
    const t = types.find((x) => x.name.toLowerCase() === c || x.examples.some((e) => e.toLowerCase() === c));
    if (t) return t.name;
  }
  return UNKNOWN_TYPE;
}

// ---- editing the types

const toNew = (t: SchemaTypeInput): NewSchemaType => ({
  kind: t.kind,
  name: t.name.trim(),
  description: t.description ?? '',
  examples: [...new Set(t.examples ?? [])],
  headTypes: t.kind === 'relation' ? [...new Set(t.headTypes ?? [])] : [],
  tailTypes: t.kind === 'relation' ? [...new Set(t.tailTypes ?? [])] : [],
});

/** Relation types may only name entity types that exist (known: the entity type names, lower case). */
function checkEnds(t: NewSchemaType, known: Set<string>, where: string): void {
  for (const [side, list] of [
    ['head', t.headTypes],
    ['tail', t.tailTypes],
  ] as const) {
    const missing = list.filter((n) => !known.has(n.toLowerCase()));
    if (missing.length)
      throw new ApiError('bad_request', `${where}: ${side} type ${missing.map((m) => JSON.stringify(m)).join(', ')} is not an entity type; define it first`);
  }
}

export function saveType(store: Store, input: SchemaTypeInput): SchemaType {
  const repo = store.schemaTypes;
  const t = toNew(input);
  return store.transaction(() => {
    const known = new Set(repo.list('entity').map((x) => x.name.toLowerCase()));
    if (t.kind === 'entity') known.add(t.name.toLowerCase());
    checkEnds(t, known, `relation type ${JSON.stringify(t.name)}`);
    const clash = repo.byName(t.kind, t.name);
    let id: number;
    if (input.id !== undefined) {
      const current = repo.get(input.id);
      if (!current) throw new ApiError('not_found', `no schema type ${input.id}`);
      if (clash && clash.id !== input.id) throw new ApiError('conflict', `another ${t.kind} type is already named ${JSON.stringify(clash.name)}`);
      if (current.kind === 'entity' && (t.kind !== 'entity' || current.name !== t.name))
        renameInRelations(repo, current.name, t.kind === 'entity' ? t.name : null);
      repo.update(input.id, t);
      id = input.id;
    } else if (clash) {
      repo.update(clash.id, t);
      id = clash.id;
    } else {
      id = repo.insert(t);
    }
    return repo.get(id)!;
  });
}

/** Follow an entity type's rename (or removal, `to` null) in the relation types' head/tail lists. */
function renameInRelations(repo: SchemaRepository, from: string, to: string | null): void {
  const swap = (list: string[]) => [...new Set(list.flatMap((n) => (n.toLowerCase() === from.toLowerCase() ? (to ? [to] : []) : [n])))];
  for (const r of repo.list('relation')) {
    const head = swap(r.headTypes);
    const tail = swap(r.tailTypes);
    if (head.join('\n') !== r.headTypes.join('\n') || tail.join('\n') !== r.tailTypes.join('\n')) {
      repo.update(r.id, { kind: 'relation', name: r.name, description: r.description, examples: r.examples, headTypes: head, tailTypes: tail });
    }
  }
}

export function removeType(store: Store, id: number): boolean {
  const repo = store.schemaTypes;
  return store.transaction(() => {
    const t = repo.get(id);
    if (!t) return false;
    if (t.kind === 'entity') renameInRelations(repo, t.name, null);
    return repo.remove(id);
  });
}

// ---- the file format

const asList = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const asStrings = (v: unknown): string[] =>
  asList(v)
    .map((x) => (typeof x === 'number' ? String(x) : x))
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.trim())
    .filter(Boolean);

function fileItem(raw: unknown, kind: SchemaTypeKind | undefined, where: string): SchemaTypeInput {
  if (typeof raw === 'string') raw = { name: raw };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError('bad_request', `${where}: a type must be an object with a name`);
  const o = raw as Record<string, unknown>;
  const k = kind ?? o.kind;
  const parsed = SchemaTypeInput.safeParse({
    kind: k,
    name: typeof o.name === 'string' ? o.name : o.type,
    description: typeof o.description === 'string' ? o.description : undefined,
    examples: asStrings(o.examples),
    headTypes: asStrings(o.headTypes ?? o.head ?? o.heads),
    tailTypes: asStrings(o.tailTypes ?? o.tail ?? o.tails),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError('bad_request', `${where}${issue.path.length ? ` (${issue.path.join('.')})` : ''}: ${issue.message}`);
  }
  return parsed.data;
}

/** The types a schema file defines; throws bad_request naming the item at fault. */
export function parseSchemaFile(text: string, format?: SchemaFormat, source = 'schema file'): SchemaTypeInput[] {
  const fmt: SchemaFormat = format ?? (/^\s*[[{]/.test(text) ? 'json' : 'yaml');
  let doc: unknown;
  try {
    doc = fmt === 'json' ? JSON.parse(text) : YAML.parse(text);
  } catch (err) {
    throw new ApiError('bad_request', `${source} is not valid ${fmt.toUpperCase()}: ${(err as Error).message.split('\n')[0]}`);
  }
  const out: SchemaTypeInput[] = [];
  if (Array.isArray(doc)) {
    doc.forEach((x, i) => out.push(fileItem(x, undefined, `${source}: item ${i + 1}`)));
  } else if (doc && typeof doc === 'object') {
    const o = doc as Record<string, unknown>;
    const known = ['entityTypes', 'entities', 'relationTypes', 'relations', 'types'];
    if (!known.some((k) => k in o)) throw new ApiError('bad_request', `${source}: expected entityTypes and/or relationTypes (or types)`);
    asList(o.entityTypes ?? o.entities).forEach((x, i) => out.push(fileItem(x, 'entity', `${source}: entity type ${i + 1}`)));
    asList(o.relationTypes ?? o.relations).forEach((x, i) => out.push(fileItem(x, 'relation', `${source}: relation type ${i + 1}`)));
    asList(o.types).forEach((x, i) => out.push(fileItem(x, undefined, `${source}: type ${i + 1}`)));
  } else if (doc !== null && doc !== undefined) {
    throw new ApiError('bad_request', `${source}: expected entityTypes and/or relationTypes`);
  }
  const seen = new Set<string>();
  for (const t of out) {
    const key = `${t.kind}:${t.name.toLowerCase()}`;
    if (seen.has(key)) throw new ApiError('bad_request', `${source}: the ${t.kind} type ${JSON.stringify(t.name)} is defined twice`);
    seen.add(key);
  }
  return out;
}

function serializeSchema(types: SchemaType[], format: SchemaFormat): string {
  const entity = types
    .filter((t) => t.kind === 'entity')
    .map((t) => ({ name: t.name, description: t.description || undefined, examples: t.examples.length ? t.examples : undefined }));
  const relation = types
    .filter((t) => t.kind === 'relation')
    .map((t) => ({
      name: t.name,
      description: t.description || undefined,
      examples: t.examples.length ? t.examples : undefined,
      head: t.headTypes.length ? t.headTypes : undefined,
      tail: t.tailTypes.length ? t.tailTypes : undefined,
    }));
  const doc = { entityTypes: entity, relationTypes: relation };
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : `# Graphwright schema: entity and relation types\n${YAML.stringify(doc)}`;
}

function formatOfPath(file: string): SchemaFormat | undefined {
  const ext = path.extname(file).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.yaml' || ext === '.yml' ? 'yaml' : undefined;
}

/** Import types from text or a file, all or nothing; `replace` removes the types the file does not name. */
export function importSchema(
  store: Store,
  input: { text?: string; path?: string; format?: SchemaFormat; replace?: boolean },
): { added: number; updated: number; removed: number; items: SchemaType[] } {
  let text = input.text;
  let source = 'schema file';
  if (input.path !== undefined) {
    source = path.resolve(input.path);
    try {
      text = fs.readFileSync(source, 'utf8');
    } catch (err) {
      throw new ApiError('not_found', `cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  const types = parseSchemaFile(text ?? '', input.format ?? (input.path ? formatOfPath(input.path) : undefined), source);
  const repo = store.schemaTypes;
  return store.transaction(() => {
    let removed = 0;
    const named = new Set(types.map((t) => `${t.kind}:${t.name.toLowerCase()}`));
    if (input.replace) {
      for (const t of repo.list()) {
        if (!named.has(`${t.kind}:${t.name.toLowerCase()}`)) removed += repo.remove(t.id) ? 1 : 0;
      }
    }
    const known = new Set([
      ...repo.list('entity').map((t) => t.name.toLowerCase()),
      ...types.filter((t) => t.kind === 'entity').map((t) => t.name.toLowerCase()),
    ]);
    let added = 0;
    let updated = 0;
    for (const [i, input] of types.entries()) {
      const t = toNew(input);
      checkEnds(t, known, `${source}: relation type ${JSON.stringify(t.name)} (item ${i + 1})`);
      const existing = repo.byName(t.kind, t.name);
      if (existing) {
        repo.update(existing.id, t);
        updated++;
      } else {
        repo.insert(t);
        added++;
      }
    }
    return { added, updated, removed, items: repo.list() };
  });
}

export function exportSchema(
  store: Store,
  input: { format: SchemaFormat; path?: string },
): { format: SchemaFormat; text: string; path: string | null; count: number } {
  const types = store.schemaTypes.list();
  const format = input.path ? (formatOfPath(input.path) ?? input.format) : input.format;
  const text = serializeSchema(types, format);
  let file: string | null = null;
  if (input.path) {
    file = path.resolve(input.path);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    } catch (err) {
      throw new ApiError('failed', `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  return { format, text, path: file, count: types.length };
}
