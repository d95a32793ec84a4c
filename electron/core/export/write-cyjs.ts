// Cytoscape JSON (cyjs), loadable in Cytoscape desktop and cytoscape.js: one element per line.
// Node label in "name", relation in "interaction"; evidence and concept relations as JSON texts.
import { edgePages, edgeKey, edgesWithEvidence, jsonOrNull, linkPages, nodeKey, nodesWithEvidence, type WriteContext } from './select';

export const CYJS_EDGES_LINE = '], "edges": [';
export const CYJS_END_LINE = ']}}';

export async function writeCyjs(ctx: WriteContext): Promise<void> {
  const { repo, filter } = ctx;
  const out = ctx.target.open('graph.cyjs', 'application/json');
  const header = {
    format_version: '1.0',
    generated_by: `Graphwright ${ctx.version}`,
    target_cytoscapejs_version: '~3.35',
    data: { name: 'Graphwright export', graphwright_format: 1, accepted_only: filter.acceptedOnly, document: filter.documentId },
  };
  out.write(`${JSON.stringify(header).slice(0, -1)}, "elements": {"nodes": [\n`);
  let first = true;
  const element = (d: Record<string, unknown>) => {
    for (const k of Object.keys(d)) if (d[k] === null || d[k] === undefined) delete d[k];
    out.write(`${first ? '' : ',\n'}${JSON.stringify({ data: d })}`);
    first = false;
  };
  for (const page of nodesWithEvidence(repo, filter)) {
    for (const { node: n, provenance, relationLinks } of page) {
      element({
        id: nodeKey(n.id),
        name: n.label,
        shared_name: n.label,
        kind: n.kind,
        type: n.type,
        aliases: n.aliases.length ? n.aliases : null,
        provenance: jsonOrNull(provenance),
        concept_relations: jsonOrNull(relationLinks),
      });
    }
    ctx.tick(page.length);
    await out.drain();
  }
  out.write(`${first ? '' : '\n'}${CYJS_EDGES_LINE}\n`);
  first = true;
  if (filter.concepts) {
    for (const page of linkPages(repo, true)) {
      for (const l of page) {
        element({
          id: `l${l.id}`,
          source: nodeKey(l.nodeId!),
          target: nodeKey(l.conceptId),
          interaction: 'instance of',
          edge_kind: 'concept_link',
          level: l.level,
          model: l.model,
          batch: l.batch,
        });
      }
      ctx.tick(page.length);
      await out.drain();
    }
  }
  for (const page of edgesWithEvidence(repo, edgePages(repo))) {
    for (const { edge: e, provenance } of page) {
      element({
        id: edgeKey(e.id),
        source: nodeKey(e.subjectId),
        target: nodeKey(e.objectId),
        interaction: e.relation,
        edge_kind: 'triple',
        status: e.status,
        stage: e.stage,
        confidence: e.confidence,
        engine: e.engine,
        model: e.model,
        provenance: jsonOrNull(provenance),
        precision: e.precision,
        qualifiers: Object.keys(e.qualifiers).length ? e.qualifiers : null,
      });
    }
    ctx.tick(page.length);
    await out.drain();
  }
  out.write(`${first ? '' : '\n'}${CYJS_END_LINE}\n`);
  await out.close();
}
