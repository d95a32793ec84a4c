// GraphML for Gephi, yEd and igraph: node kind, label, type, aliases; edge relation, status, stage,
// confidence, engine, precision as declared attributes; qualifiers as a JSON text. Lists and evidence are JSON texts.
import { edgePages, edgeKey, edgesWithEvidence, jsonOrNull, linkPages, nodeKey, nodesWithEvidence, qualifiersJson, type WriteContext } from './select';

/** The declared keys: [id, for, attr.name, attr.type]. */
export const GRAPHML_KEYS: [string, 'node' | 'edge', string, 'string' | 'double' | 'int'][] = [
  ['label', 'node', 'label', 'string'],
  ['kind', 'node', 'kind', 'string'],
  ['type', 'node', 'type', 'string'],
  ['aliases', 'node', 'aliases', 'string'],
  ['nprov', 'node', 'provenance', 'string'],
  ['crel', 'node', 'concept_relations', 'string'],
  ['ekind', 'edge', 'edge_kind', 'string'],
  ['relation', 'edge', 'relation', 'string'],
  ['status', 'edge', 'status', 'string'],
  ['stage', 'edge', 'stage', 'string'],
  ['confidence', 'edge', 'confidence', 'double'],
  ['engine', 'edge', 'engine', 'string'],
  ['model', 'edge', 'model', 'string'],
  ['level', 'edge', 'level', 'int'],
  ['batch', 'edge', 'batch', 'string'],
  ['eprov', 'edge', 'provenance', 'string'],
  ['precision', 'edge', 'precision', 'double'],
  ['qualifiers', 'edge', 'qualifiers', 'string'],
];

/** XML text and attribute escaping. Characters XML 1.0 cannot hold at all (most C0 controls) become U+FFFD. */
function xmlEscape(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/[&<>"'\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' })[c]!);
}

const data = (key: string, v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '' : `<data key="${key}">${xmlEscape(String(v))}</data>`;

export async function writeGraphml(ctx: WriteContext): Promise<void> {
  const { repo, filter } = ctx;
  const out = ctx.target.open('graph.graphml', 'application/graphml+xml');
  out.write('<?xml version="1.0" encoding="UTF-8"?>\n');
  out.write(
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n',
  );
  out.write(`  <desc>${xmlEscape(`Graphwright ${ctx.version} export`)}</desc>\n`);
  for (const [id, f, name, type] of GRAPHML_KEYS) out.write(`  <key id="${id}" for="${f}" attr.name="${name}" attr.type="${type}"/>\n`);
  out.write('  <graph id="G" edgedefault="directed">\n');
  for (const page of nodesWithEvidence(repo, filter)) {
    for (const { node: n, provenance, relationLinks } of page) {
      out.write(
        `    <node id="${nodeKey(n.id)}">${data('label', n.label)}${data('kind', n.kind)}${data('type', n.type)}${data('aliases', jsonOrNull(n.aliases))}` +
          `${data('nprov', jsonOrNull(provenance))}${data('crel', jsonOrNull(relationLinks))}</node>\n`,
      );
    }
    ctx.tick(page.length);
    await out.drain();
  }
  if (filter.concepts) {
    for (const page of linkPages(repo, true)) {
      for (const l of page) {
        out.write(
          `    <edge id="l${l.id}" source="${nodeKey(l.nodeId!)}" target="${nodeKey(l.conceptId)}">${data('ekind', 'concept_link')}${data('relation', 'instance of')}` +
            `${data('level', l.level)}${data('model', l.model)}${data('batch', l.batch)}</edge>\n`,
        );
      }
      ctx.tick(page.length);
      await out.drain();
    }
  }
  for (const page of edgesWithEvidence(repo, edgePages(repo))) {
    for (const { edge: e, provenance } of page) {
      out.write(
        `    <edge id="${edgeKey(e.id)}" source="${nodeKey(e.subjectId)}" target="${nodeKey(e.objectId)}">${data('ekind', 'triple')}${data('relation', e.relation)}` +
          `${data('status', e.status)}${data('stage', e.stage)}${data('confidence', e.confidence)}${data('engine', e.engine)}${data('model', e.model)}` +
          `${data('eprov', jsonOrNull(provenance))}${data('precision', e.precision)}${data('qualifiers', qualifiersJson(e.qualifiers))}</edge>\n`,
      );
    }
    ctx.tick(page.length);
    await out.drain();
  }
  out.write('  </graph>\n</graphml>\n');
  await out.close();
}
