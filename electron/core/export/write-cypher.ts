// A Cypher script for Neo4j: MERGE statements over UNWIND batches (inline parameter lists, so it
// runs in cypher-shell and the Browser alike). Relationship types cannot be parameters, so triples
// are grouped by relation, one batch per (relation, up to CYPHER_BATCH rows).
import { edgePagesByRelation, edgesWithEvidence, jsonOrNull, linkPages, nodeKey, nodesWithEvidence, qualifiersJson, type WriteContext } from './select';
import { CONCEPT_LINK_TYPE, NEO4J_LABEL, NODE_LABEL } from './write-tables';
import type { TextOut } from './out';

export const CYPHER_BATCH = 1000;

/** A Cypher string literal. */
function cypherString(s: string): string {
  return `"${s.replace(/[\\"\u0000-\u001f\u2028\u2029]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  })}"`;
}

/** A backquoted Cypher name (relationship type). */
const cypherName = (s: string) => `\`${s.replace(/`/g, '``')}\``;

type Value = string | number | null | string[];
function cypherValue(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (Array.isArray(v)) return `[${v.map(cypherString).join(', ')}]`;
  return cypherString(v);
}
const cypherMap = (o: Record<string, Value>) =>
  `{${Object.entries(o)
    .map(([k, v]) => `${k}: ${cypherValue(v)}`)
    .join(', ')}}`;

/** Batches of rows, each flushed as one `UNWIND [...] AS row <body>;` statement. */
class Batcher {
  private rows: string[] = [];
  private body = '';
  statements = 0;
  constructor(private readonly out: TextOut) {}
  add(body: string, row: Record<string, Value>): void {
    if (body !== this.body || this.rows.length >= CYPHER_BATCH) this.flush();
    this.body = body;
    this.rows.push(cypherMap(row));
  }
  flush(): void {
    if (!this.rows.length) return;
    this.out.write(`UNWIND [\n${this.rows.join(',\n')}\n] AS row\n${this.body};\n`);
    this.rows = [];
    this.statements++;
  }
}

export async function writeCypher(ctx: WriteContext): Promise<void> {
  const { repo, filter } = ctx;
  const out = ctx.target.open('graph.cypher', 'application/x-cypher-query');
  out.write(`// Graphwright ${ctx.version} export. Run: cypher-shell -f graph.cypher (or paste into Neo4j Browser).\n`);
  out.write(`// Nodes: label ${NODE_LABEL} + Entity|Event|Concept, unique property key. aliases: list; provenance, concept_relations: JSON texts.\n`);
  out.write(`CREATE CONSTRAINT graphwright_node_key IF NOT EXISTS FOR (n:${NODE_LABEL}) REQUIRE n.key IS UNIQUE;\n`);
  const batch = new Batcher(out);
  const nodeBody = (kind: keyof typeof NEO4J_LABEL) =>
    `MERGE (n:${NODE_LABEL} {key: row.key})\nSET n:${NEO4J_LABEL[kind]}, n.label = row.label, n.kind = row.kind, n.type = row.type, n.aliases = row.aliases, n.provenance = row.provenance` +
    (kind === 'concept' ? ', n.concept_relations = row.concept_relations' : '');
  // Batcher starts a new statement when the body changes: one per kind, whose SET names its label.
  for (const page of nodesWithEvidence(repo, filter)) {
    for (const { node: n, provenance, relationLinks } of page) {
      const row: Record<string, Value> = {
        key: nodeKey(n.id),
        label: n.label,
        kind: n.kind,
        type: n.type,
        aliases: n.aliases,
        provenance: jsonOrNull(provenance),
      };
      if (n.kind === 'concept') row.concept_relations = jsonOrNull(relationLinks);
      batch.add(nodeBody(n.kind), row);
    }
    ctx.tick(page.length);
    await out.drain();
  }
  batch.flush();
  if (filter.concepts) {
    const body = `MATCH (a:${NODE_LABEL} {key: row.node})\nMATCH (c:${NODE_LABEL} {key: row.concept})\nMERGE (a)-[r:${CONCEPT_LINK_TYPE}]->(c)\nSET r.level = row.level, r.model = row.model, r.batch = row.batch`;
    for (const page of linkPages(repo, true)) {
      for (const l of page) batch.add(body, { node: nodeKey(l.nodeId!), concept: nodeKey(l.conceptId), level: l.level, model: l.model, batch: l.batch });
      ctx.tick(page.length);
      await out.drain();
    }
    batch.flush();
  }
  for (const page of edgesWithEvidence(repo, edgePagesByRelation(repo))) {
    for (const { edge: e, provenance } of page) {
      const body =
        `MATCH (a:${NODE_LABEL} {key: row.s})\nMATCH (b:${NODE_LABEL} {key: row.o})\nMERGE (a)-[r:${cypherName(e.relation)}]->(b)\n` +
        'SET r.status = row.status, r.stage = row.stage, r.confidence = row.confidence, r.engine = row.engine, r.model = row.model, r.provenance = row.provenance, r.precision = row.precision, r.qualifiers = row.qualifiers';
      batch.add(body, {
        s: nodeKey(e.subjectId),
        o: nodeKey(e.objectId),
        status: e.status,
        stage: e.stage,
        confidence: e.confidence,
        engine: e.engine,
        model: e.model,
        provenance: jsonOrNull(provenance),
        precision: e.precision,
        qualifiers: qualifiersJson(e.qualifiers),
      });
    }
    ctx.tick(page.length);
    await out.drain();
  }
  batch.flush();
  out.write(`// ${batch.statements + 1} statements\n`);
  await out.close();
}
