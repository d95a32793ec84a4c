// GraphML, streamed through sax (strict XML: a malformed file fails with its line and column).
// Reads Graphwright's own keys and, for other tools' files, label/name and relation/label/interaction.
import sax from 'sax';
import { ImportError, readChunks } from './errors';
import type { EdgeRecord, ImportSink, NodeRecord } from './sink';

const NODE_ATTRS: Record<string, keyof NodeRecord> = {
  label: 'label',
  name: 'label',
  kind: 'kind',
  type: 'type',
  aliases: 'aliases',
  provenance: 'provenance',
  concept_relations: 'conceptRelations',
};
const EDGE_ATTRS: Record<string, keyof EdgeRecord> = {
  relation: 'relation',
  label: 'relation',
  interaction: 'relation',
  edge_kind: 'edgeKind',
  status: 'status',
  stage: 'stage',
  confidence: 'confidence',
  engine: 'engine',
  model: 'model',
  level: 'level',
  batch: 'batch',
  provenance: 'provenance',
  precision: 'precision',
  qualifiers: 'qualifiers',
};

export function readGraphml(file: string, sink: ImportSink): void {
  const parser = sax.parser(true, { trim: false, normalize: false, xmlns: false, position: true });
  const keys = new Map<string, string>();
  let root: string | null = null;
  let node: (NodeRecord & { line: number }) | null = null;
  let edge: (EdgeRecord & { line: number }) | null = null;
  let dataKey: string | null = null;
  let text = '';
  let depth = 0;
  const pending: (EdgeRecord & { line: number })[] = [];
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const at = () => ({ file, line: parser.line + 1, column: parser.column + 1 });

  parser.onerror = (err) => {
    throw new ImportError(`malformed XML: ${err.message.split('\n')[0]}`, at());
  };
  parser.onopentag = (tag) => {
    depth++;
    const name = local(tag.name);
    const a = tag.attributes as Record<string, string>;
    if (depth === 1) {
      root = name;
      if (name !== 'graphml') throw new ImportError(`not GraphML: the root element is <${tag.name}>`, at());
      return;
    }
    switch (name) {
      case 'key':
        if (!a.id) throw new ImportError('<key> without an id', at());
        keys.set(a.id, a['attr.name'] ?? a.id);
        break;
      case 'node':
        if (!a.id) throw new ImportError('<node> without an id', at());
        node = { key: a.id, line: parser.line + 1 };
        break;
      case 'edge':
        if (!a.source || !a.target) throw new ImportError('<edge> without a source or a target', at());
        edge = { key: a.id, source: a.source, target: a.target, line: parser.line + 1 };
        break;
      case 'data':
        if (!a.key) throw new ImportError('<data> without a key', at());
        if (!keys.has(a.key)) throw new ImportError(`<data> uses undeclared key ${JSON.stringify(a.key)}`, at());
        dataKey = a.key;
        text = '';
        break;
      case 'hyperedge':
        throw new ImportError('hyperedges are not supported', at());
    }
  };
  parser.ontext = (t) => {
    if (dataKey) text += t;
  };
  parser.oncdata = (t) => {
    if (dataKey) text += t;
  };
  parser.onclosetag = (tagName) => {
    depth--;
    const name = local(tagName);
    if (name === 'data' && dataKey) {
      const attr = keys.get(dataKey)!;
      if (edge) {
        const f = EDGE_ATTRS[attr];
        if (f && (edge[f] === undefined || attr === 'relation')) (edge as unknown as Record<string, unknown>)[f] = text;
      } else if (node) {
        const f = NODE_ATTRS[attr];
        if (f && (node[f] === undefined || attr === 'label')) (node as unknown as Record<string, unknown>)[f] = text;
      }
      dataKey = null;
    } else if (name === 'node' && node) {
      sink.where = { file, line: node.line };
      sink.nodeRecord(node);
      node = null;
    } else if (name === 'edge' && edge) {
      if (sink.nodeId(edge.source) === undefined || sink.nodeId(edge.target) === undefined) pending.push(edge);
      else {
        sink.where = { file, line: edge.line };
        sink.edgeRecord(edge);
      }
      edge = null;
    }
  };

  readChunks(file, (chunk) => parser.write(chunk));
  parser.close();
  if (!root) throw new ImportError('empty file: no <graphml> element', { file, line: 1 });
  for (const e of pending) {
    sink.where = { file, line: e.line };
    sink.edgeRecord(e);
  }
}
