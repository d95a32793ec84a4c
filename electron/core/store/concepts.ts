// SQL of the concept layer: the instances to conceptualise (entity and event nodes, relation labels),
// an entity's neighbours for context, concept nodes and their is-a links (concept_links), and the
// reads of the concept browser (ranked concepts, instances, coverage, the layer over a subgraph).
import type { Db } from './db';
import { parseJson } from './db';
import { normalizeLabel } from './normalize';
import { likeOf } from './triple-filter';
import type { GraphNode, NodeKind } from '../../../shared/schemas';
import type { ConceptCoverage, ConceptInstance, ConceptItem, InstanceKind } from '../../../shared/contract/concepts';

/** One thing to conceptualise. Relations are identified by their label. */
export interface Instance {
  kind: InstanceKind;
  nodeId: number | null;
  relation: string | null;
  label: string;
  type: string | null;
}

export interface Neighbour {
  /** 'out': instance -relation-> other; 'in': other -relation-> instance. */
  direction: 'in' | 'out';
  relation: string;
  label: string;
}

interface NewConceptLink {
  conceptId: number;
  nodeId: number | null;
  relation: string | null;
  level: number;
  model: string | null;
  batch: string | null;
}

/** The model name stored on links backfilled from the deterministic abstraction ladders. */
export const FALLBACK_MODEL = 'fallback';

interface ConceptRow {
  id: number;
  label: string;
  aliases: string;
  instances: number;
  entities: number;
  events: number;
  relations: number;
  level: number | null;
  models: string | null;
}

const toItem = (r: ConceptRow): ConceptItem => ({
  id: r.id,
  label: r.label,
  aliases: parseJson<string[]>(r.aliases, []),
  instances: r.instances,
  entities: r.entities ?? 0,
  events: r.events ?? 0,
  relations: r.relations ?? 0,
  level: r.level ?? 0,
  models: r.models ? [...new Set(r.models.split(',').filter(Boolean))].sort() : [],
});

const CONCEPT_SELECT = `
  SELECT c.id, c.label, c.aliases, COUNT(l.id) AS instances,
    COALESCE(SUM(n.kind = 'entity'), 0) AS entities, COALESCE(SUM(n.kind = 'event'), 0) AS events,
    COALESCE(SUM(l.relation IS NOT NULL), 0) AS relations, MIN(l.level) AS level,
    group_concat(DISTINCT l.model) AS models
  FROM nodes c LEFT JOIN concept_links l ON l.concept_id = c.id LEFT JOIN nodes n ON n.id = l.node_id`;

export class ConceptRepository {
  constructor(private readonly db: Db) {}

  // ---- what to conceptualise

  /**
   * Instances of these kinds in a stable order (entities by id, events by id, relation labels
   * alphabetically), leaving out those that already have a link written under `skipBatchPrefix`.
   */
  instances(kinds: InstanceKind[], skipBatchPrefix?: string): Instance[] {
    const out: Instance[] = [];
    const skip = skipBatchPrefix
      ? `AND NOT EXISTS (SELECT 1 FROM concept_links l WHERE l.node_id = n.id AND substr(l.batch, 1, ${skipBatchPrefix.length}) = ?)`
      : '';
    for (const kind of ['entity', 'event'] as const) {
      if (!kinds.includes(kind)) continue;
      const rows = this.db
        .prepare(`SELECT n.id, n.label, n.type FROM nodes n WHERE n.kind = ? ${skip} ORDER BY n.id`)
        .all(kind, ...(skipBatchPrefix ? [skipBatchPrefix] : [])) as { id: number; label: string; type: string | null }[];
      for (const r of rows) out.push({ kind, nodeId: r.id, relation: null, label: r.label, type: r.type });
    }
    if (kinds.includes('relation')) {
      const skipRel = skipBatchPrefix
        ? `AND NOT EXISTS (SELECT 1 FROM concept_links l WHERE l.relation = r.relation AND substr(l.batch, 1, ${skipBatchPrefix.length}) = ?)`
        : '';
      const rows = this.db
        .prepare(`SELECT r.relation FROM (SELECT DISTINCT relation FROM edges WHERE status <> 'rejected') r WHERE 1 ${skipRel} ORDER BY r.relation`)
        .all(...(skipBatchPrefix ? [skipBatchPrefix] : [])) as { relation: string }[];
      for (const r of rows) out.push({ kind: 'relation', nodeId: null, relation: r.relation, label: r.relation, type: null });
    }
    return out;
  }

  /** How many instances of each kind the graph has. */
  instanceCounts(): Record<InstanceKind, number> {
    const n = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      entity: n("SELECT COUNT(*) AS n FROM nodes WHERE kind = 'entity'"),
      event: n("SELECT COUNT(*) AS n FROM nodes WHERE kind = 'event'"),
      relation: n("SELECT COUNT(DISTINCT relation) AS n FROM edges WHERE status <> 'rejected'"),
    };
  }

  /**
   * Up to `limit` neighbours of a node with the relations that join them, predecessors and successors
   * taken in turn, the most confident first (rejected triples, passages and concepts left out).
   */
  neighbours(nodeId: number, limit: number): Neighbour[] {
    if (limit <= 0) return [];
    const out = this.db
      .prepare(
        `SELECT e.relation, o.label FROM edges e JOIN nodes o ON o.id = e.object_id
         WHERE e.subject_id = ? AND e.status <> 'rejected' AND o.kind IN ('entity','event') ORDER BY e.confidence DESC, e.id LIMIT ?`,
      )
      .all(nodeId, limit) as { relation: string; label: string }[];
    const inc = this.db
      .prepare(
        `SELECT e.relation, s.label FROM edges e JOIN nodes s ON s.id = e.subject_id
         WHERE e.object_id = ? AND e.status <> 'rejected' AND s.kind IN ('entity','event') ORDER BY e.confidence DESC, e.id LIMIT ?`,
      )
      .all(nodeId, limit) as { relation: string; label: string }[];
    const result: Neighbour[] = [];
    for (let i = 0; result.length < limit && (i < out.length || i < inc.length); i++) {
      if (i < inc.length) result.push({ direction: 'in', relation: inc[i].relation, label: inc[i].label });
      if (i < out.length && result.length < limit) result.push({ direction: 'out', relation: out[i].relation, label: out[i].label });
    }
    return result;
  }

  // ---- writing the layer

  /**
   * The concept node for a phrase: the one with the same normalised label, else one that has the
   * phrase as an alias (a renamed or merged concept keeps taking the phrase), else a new one.
   */
  upsertConcept(label: string): { id: number; created: boolean } {
    const norm = normalizeLabel(label);
    if (!norm) throw new Error(`empty concept label: ${JSON.stringify(label)}`);
    const byNorm = this.db.prepare("SELECT id FROM nodes WHERE kind = 'concept' AND norm = ?").get(norm) as { id: number } | undefined;
    if (byNorm) return { id: byNorm.id, created: false };
    const byAlias = this.db
      .prepare(
        "SELECT n.id FROM nodes n WHERE n.kind = 'concept' AND n.aliases <> '[]' AND EXISTS (SELECT 1 FROM json_each(n.aliases) a WHERE lower(trim(a.value)) = ?) ORDER BY n.id LIMIT 1",
      )
      .get(norm) as { id: number } | undefined;
    if (byAlias) return { id: byAlias.id, created: false };
    const info = this.db
      .prepare("INSERT INTO nodes (kind, label, norm, type, aliases, meta) VALUES ('concept', ?, ?, NULL, '[]', '{}')")
      .run(label.trim(), norm);
    return { id: Number(info.lastInsertRowid), created: true };
  }

  /** Add an is-a link; false when the instance already had this concept. */
  addLink(l: NewConceptLink): boolean {
    return (
      this.db
        .prepare('INSERT OR IGNORE INTO concept_links (concept_id, node_id, relation, level, model, batch) VALUES (?, ?, ?, ?, ?, ?)')
        .run(l.conceptId, l.nodeId, l.relation, l.level, l.model, l.batch).changes > 0
    );
  }

  /** Remove the links an engine wrote for one instance (a forced re-run replaces them). */
  removeLinks(instance: Pick<Instance, 'nodeId' | 'relation'>, batchPrefix: string): number {
    const where = instance.nodeId !== null ? 'node_id = ?' : 'relation = ?';
    return this.db
      .prepare(`DELETE FROM concept_links WHERE ${where} AND substr(batch, 1, ${batchPrefix.length}) = ?`)
      .run(instance.nodeId ?? instance.relation, batchPrefix).changes;
  }

  /** Concept labels of an instance with their level and provenance, most specific first. */
  linksOf(instance: Pick<Instance, 'nodeId' | 'relation'>): { conceptId: number; label: string; level: number; model: string | null }[] {
    const where = instance.nodeId !== null ? 'l.node_id = ?' : 'l.relation = ?';
    return this.db
      .prepare(
        `SELECT l.concept_id AS conceptId, c.label, l.level, l.model FROM concept_links l JOIN nodes c ON c.id = l.concept_id WHERE ${where} ORDER BY l.level, l.id`,
      )
      .all(instance.nodeId ?? instance.relation) as { conceptId: number; label: string; level: number; model: string | null }[];
  }

  nodeType(nodeId: number): string | null {
    return (this.db.prepare('SELECT type FROM nodes WHERE id = ?').get(nodeId) as { type: string | null } | undefined)?.type ?? null;
  }

  setNodeType(nodeId: number, type: string): void {
    this.db.prepare('UPDATE nodes SET type = ? WHERE id = ?').run(type, nodeId);
  }

  // ---- reads of the browser

  list(q: { search?: string; kind?: InstanceKind; limit: number; offset: number }): { items: ConceptItem[]; total: number } {
    const where: string[] = ["c.kind = 'concept'"];
    const args: unknown[] = [];
    if (q.search?.trim()) {
      where.push("(c.label LIKE ? ESCAPE '\\' OR c.aliases LIKE ? ESCAPE '\\')");
      args.push(likeOf(q.search.trim()), likeOf(q.search.trim()));
    }
    const having = q.kind === 'entity' ? 'HAVING entities > 0' : q.kind === 'event' ? 'HAVING events > 0' : q.kind === 'relation' ? 'HAVING relations > 0' : '';
    const sql = `${CONCEPT_SELECT} WHERE ${where.join(' AND ')} GROUP BY c.id ${having}`;
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get(...args) as { n: number }).n;
    const rows = this.db
      .prepare(`${sql} ORDER BY instances DESC, c.label COLLATE NOCASE, c.id LIMIT ? OFFSET ?`)
      .all(...args, q.limit, q.offset) as ConceptRow[];
    return { total, items: rows.map((r) => toItem(r)) };
  }

  concept(id: number): ConceptItem | null {
    const r = this.db.prepare(`${CONCEPT_SELECT} WHERE c.id = ? AND c.kind = 'concept' GROUP BY c.id`).get(id) as ConceptRow | undefined;
    return r ? toItem(r) : null;
  }

  conceptInstances(conceptId: number, limit: number, offset: number): { items: ConceptInstance[]; total: number } {
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM concept_links WHERE concept_id = ?').get(conceptId) as { n: number }).n;
    const rows = this.db
      .prepare(
        `SELECT l.id, l.node_id, l.relation, l.level, l.model, l.batch, n.kind, n.label, n.type FROM concept_links l LEFT JOIN nodes n ON n.id = l.node_id
         WHERE l.concept_id = ? ORDER BY l.relation IS NOT NULL, COALESCE(n.label, l.relation) COLLATE NOCASE, l.id LIMIT ? OFFSET ?`,
      )
      .all(conceptId, limit, offset) as {
      id: number;
      node_id: number | null;
      relation: string | null;
      level: number;
      model: string | null;
      batch: string | null;
      kind: NodeKind | null;
      label: string | null;
      type: string | null;
    }[];
    return {
      total,
      items: rows.map((r) => ({
        linkId: r.id,
        kind: r.relation !== null ? 'relation' : r.kind === 'event' ? 'event' : 'entity',
        nodeId: r.node_id,
        relation: r.relation,
        label: r.relation ?? r.label ?? '',
        type: r.type,
        level: r.level,
        model: r.model,
        batch: r.batch,
      })),
    };
  }

  /** The concepts of one instance with the link's level and model. */
  conceptsOf(instance: Pick<Instance, 'nodeId' | 'relation'>): (ConceptItem & { linkId: number; linkLevel: number; linkModel: string | null })[] {
    const where = instance.nodeId !== null ? 'node_id = ?' : 'relation = ?';
    const links = this.db
      .prepare(`SELECT id, concept_id, level, model FROM concept_links WHERE ${where} ORDER BY level, id`)
      .all(instance.nodeId ?? instance.relation) as { id: number; concept_id: number; level: number; model: string | null }[];
    const out: (ConceptItem & { linkId: number; linkLevel: number; linkModel: string | null })[] = [];
    for (const l of links) {
      const c = this.concept(l.concept_id);
      if (c) out.push({ ...c, linkId: l.id, linkLevel: l.level, linkModel: l.model });
    }
    return out;
  }

  /** Concept nodes and links over a set of nodes and relation labels (the graph view's concept layer). */
  layer(
    nodeIds: number[],
    relations: string[],
  ): { concepts: GraphNode[]; links: { linkId: number; conceptId: number; nodeId: number | null; relation: string | null; level: number }[] } {
    const links = this.db
      .prepare(
        `SELECT id AS linkId, concept_id AS conceptId, node_id AS nodeId, relation, level FROM concept_links
         WHERE node_id IN (SELECT value FROM json_each(?)) OR relation IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(JSON.stringify(nodeIds), JSON.stringify(relations)) as {
      linkId: number;
      conceptId: number;
      nodeId: number | null;
      relation: string | null;
      level: number;
    }[];
    const ids = [...new Set(links.map((l) => l.conceptId))];
    const concepts = ids.length
      ? (this.db
          .prepare('SELECT id, kind, label, type, aliases FROM nodes WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id')
          .all(JSON.stringify(ids)) as {
          id: number;
          kind: NodeKind;
          label: string;
          type: string | null;
          aliases: string;
        }[])
      : [];
    return { concepts: concepts.map((c) => ({ id: c.id, kind: c.kind, label: c.label, type: c.type, aliases: parseJson<string[]>(c.aliases, []) })), links };
  }

  coverage(): ConceptCoverage {
    const n = (sql: string, ...args: unknown[]) => (this.db.prepare(sql).get(...args) as { n: number }).n;
    const counts = this.instanceCounts();
    const coveredNodes = (kind: string) =>
      n('SELECT COUNT(DISTINCT l.node_id) AS n FROM concept_links l JOIN nodes x ON x.id = l.node_id WHERE x.kind = ?', kind);
    const typesOfNodes = (kind: string) =>
      n('SELECT COUNT(DISTINCT l.concept_id) AS n FROM concept_links l JOIN nodes x ON x.id = l.node_id WHERE x.kind = ?', kind);
    const liveRelations = "SELECT DISTINCT relation FROM edges WHERE status <> 'rejected'";
    return {
      instances: {
        entity: { total: counts.entity, covered: coveredNodes('entity') },
        event: { total: counts.event, covered: coveredNodes('event') },
        relation: { total: counts.relation, covered: n(`SELECT COUNT(DISTINCT relation) AS n FROM concept_links WHERE relation IN (${liveRelations})`) },
      },
      concepts: n('SELECT COUNT(DISTINCT concept_id) AS n FROM concept_links'),
      distinctTypes: {
        entity: typesOfNodes('entity'),
        event: typesOfNodes('event'),
        relation: n('SELECT COUNT(DISTINCT concept_id) AS n FROM concept_links WHERE relation IS NOT NULL'),
      },
      links: n('SELECT COUNT(*) AS n FROM concept_links'),
      fallbackLinks: n('SELECT COUNT(*) AS n FROM concept_links WHERE model = ?', FALLBACK_MODEL),
      byModel: this.db
        .prepare("SELECT COALESCE(model, '') AS model, COUNT(*) AS links FROM concept_links GROUP BY COALESCE(model, '') ORDER BY links DESC, model")
        .all() as { model: string; links: number }[],
    };
  }
}
