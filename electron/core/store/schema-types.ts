// SQL of the user schema: entity and relation types (schema_types), and the triples whose head or
// tail type a relation type does not allow.
import type { Db } from './db';
import { parseJson } from './db';
import type { EdgeStatus } from '../../../shared/schemas';
import type { SchemaMismatch, SchemaType, SchemaTypeKind } from '../../../shared/contract/concepts';

interface TypeRow {
  id: number;
  kind: SchemaTypeKind;
  name: string;
  description: string;
  examples: string;
  head_types: string;
  tail_types: string;
}

const toType = (r: TypeRow): SchemaType => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  examples: parseJson<string[]>(r.examples, []),
  headTypes: parseJson<string[]>(r.head_types, []),
  tailTypes: parseJson<string[]>(r.tail_types, []),
});

export interface NewSchemaType {
  kind: SchemaTypeKind;
  name: string;
  description: string;
  examples: string[];
  headTypes: string[];
  tailTypes: string[];
}

export class SchemaRepository {
  constructor(private readonly db: Db) {}

  list(kind?: SchemaTypeKind): SchemaType[] {
    const rows = kind
      ? this.db.prepare('SELECT * FROM schema_types WHERE kind = ? ORDER BY kind, name COLLATE NOCASE').all(kind)
      : this.db.prepare('SELECT * FROM schema_types ORDER BY kind, name COLLATE NOCASE').all();
    return (rows as TypeRow[]).map(toType);
  }

  get(id: number): SchemaType | null {
    const r = this.db.prepare('SELECT * FROM schema_types WHERE id = ?').get(id) as TypeRow | undefined;
    return r ? toType(r) : null;
  }

  /** The type of this kind whose name matches case-insensitively. */
  byName(kind: SchemaTypeKind, name: string): SchemaType | null {
    const r = this.db.prepare('SELECT * FROM schema_types WHERE kind = ? AND lower(name) = lower(?)').get(kind, name.trim()) as TypeRow | undefined;
    return r ? toType(r) : null;
  }

  insert(t: NewSchemaType): number {
    const info = this.db
      .prepare('INSERT INTO schema_types (kind, name, description, examples, head_types, tail_types) VALUES (?, ?, ?, ?, ?, ?)')
      .run(t.kind, t.name, t.description, JSON.stringify(t.examples), JSON.stringify(t.headTypes), JSON.stringify(t.tailTypes));
    return Number(info.lastInsertRowid);
  }

  update(id: number, t: NewSchemaType): void {
    this.db
      .prepare('UPDATE schema_types SET kind = ?, name = ?, description = ?, examples = ?, head_types = ?, tail_types = ? WHERE id = ?')
      .run(t.kind, t.name, t.description, JSON.stringify(t.examples), JSON.stringify(t.headTypes), JSON.stringify(t.tailTypes), id);
  }

  remove(id: number): boolean {
    return this.db.prepare('DELETE FROM schema_types WHERE id = ?').run(id).changes > 0;
  }

  /** Whether the editor has defined any entity type (then prompts are constrained to them). */
  hasEntityTypes(): boolean {
    return !!this.db.prepare("SELECT 1 FROM schema_types WHERE kind = 'entity' LIMIT 1").get();
  }

  /**
   * Triples under a relation type with head or tail types, whose subject or object type is not
   * allowed. A triple falls under a relation type when its relation label, or a concept linked to
   * that label, has the type's name (case-insensitive). Untyped ends count as not allowed.
   */
  mismatches(q: { limit: number; offset: number }): { items: SchemaMismatch[]; total: number } {
    const sql = `
      WITH rt AS (
        SELECT name, lower(name) AS lname, head_types, tail_types FROM schema_types
        WHERE kind = 'relation' AND (head_types <> '[]' OR tail_types <> '[]')
      ),
      matched AS (
        SELECT e.id AS edge_id, MIN(rt.name) AS rtype FROM edges e
        JOIN rt ON rt.lname = lower(e.relation)
          OR EXISTS (SELECT 1 FROM concept_links cl JOIN nodes c ON c.id = cl.concept_id
                     WHERE cl.relation = e.relation AND c.norm = rt.lname)
        WHERE e.status <> 'rejected'
        GROUP BY e.id
      ),
      checked AS (
        SELECT m.edge_id, rt.name AS rtype, rt.head_types, rt.tail_types,
          (rt.head_types <> '[]' AND NOT EXISTS (SELECT 1 FROM json_each(rt.head_types) h WHERE lower(h.value) = lower(COALESCE(s.type, '')))) AS bad_head,
          (rt.tail_types <> '[]' AND NOT EXISTS (SELECT 1 FROM json_each(rt.tail_types) t WHERE lower(t.value) = lower(COALESCE(o.type, '')))) AS bad_tail,
          e.subject_id, s.label AS subject, s.type AS subject_type, e.relation, e.object_id, o.label AS object, o.type AS object_type, e.status
        FROM matched m JOIN rt ON rt.name = m.rtype
        JOIN edges e ON e.id = m.edge_id JOIN nodes s ON s.id = e.subject_id JOIN nodes o ON o.id = e.object_id
      )
      SELECT * FROM checked WHERE bad_head OR bad_tail`;
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get() as { n: number }).n;
    const rows = this.db.prepare(`${sql} ORDER BY edge_id LIMIT ? OFFSET ?`).all(q.limit, q.offset) as {
      edge_id: number;
      rtype: string;
      head_types: string;
      tail_types: string;
      bad_head: number;
      bad_tail: number;
      subject_id: number;
      subject: string;
      subject_type: string | null;
      relation: string;
      object_id: number;
      object: string;
      object_type: string | null;
      status: EdgeStatus;
    }[];
    return {
      total,
      items: rows.map((r) => ({
        edgeId: r.edge_id,
        subjectId: r.subject_id,
        subject: r.subject,
        subjectType: r.subject_type,
        relation: r.relation,
        objectId: r.object_id,
        object: r.object,
        objectType: r.object_type,
        status: r.status,
        relationType: r.rtype,
        problem: r.bad_head && r.bad_tail ? 'both' : r.bad_head ? 'head' : 'tail',
        headTypes: parseJson<string[]>(r.head_types, []),
        tailTypes: parseJson<string[]>(r.tail_types, []),
      })),
    };
  }
}
