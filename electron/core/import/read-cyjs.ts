// Cytoscape JSON. Our own files (one element per line) stream line by line; other cyjs files are
// parsed whole. Node label from name/label/shared_name, relation from interaction/relation/label.
import fs from 'node:fs';
import { ImportError, forEachLine, parseJsonAt, readChunks } from './errors';
import type { ImportSink } from './sink';
import { CYJS_EDGES_LINE, CYJS_END_LINE } from '../export/write-cyjs';

type Data = Record<string, unknown>;

function nodeFromData(d: Data, sink: ImportSink): void {
  if (d.id === undefined || d.id === null || d.id === '') sink.fail('a node without data.id');
  sink.nodeRecord({
    key: String(d.id),
    label: d.name ?? d.label ?? d.shared_name,
    kind: d.kind,
    type: d.type,
    aliases: d.aliases,
    provenance: d.provenance,
    conceptRelations: d.concept_relations,
  });
}

function edgeFromData(d: Data, sink: ImportSink): void {
  if (d.source === undefined || d.target === undefined) sink.fail('an edge without data.source or data.target');
  sink.edgeRecord({
    key: d.id === undefined ? undefined : String(d.id),
    source: String(d.source),
    target: String(d.target),
    edgeKind: d.edge_kind,
    relation: d.interaction ?? d.relation ?? d.label ?? (d.edge_kind === 'concept_link' ? 'instance of' : 'related to'),
    status: d.status,
    stage: d.stage,
    confidence: d.confidence,
    engine: d.engine,
    model: d.model,
    provenance: d.provenance,
    precision: d.precision,
    qualifiers: d.qualifiers,
    level: d.level,
    batch: d.batch,
  });
}

const dataOf = (el: unknown, sink: ImportSink): Data => {
  if (!el || typeof el !== 'object' || !('data' in el) || typeof (el as { data: unknown }).data !== 'object') sink.fail('an element without a "data" object');
  return (el as { data: Data }).data;
};

function firstLine(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    const text = buf
      .subarray(0, n)
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const i = text.indexOf('\n');
    return i === -1 ? text : text.slice(0, i).replace(/\r$/, '');
  } finally {
    fs.closeSync(fd);
  }
}

export function readCyjs(file: string, sink: ImportSink): void {
  const head = firstLine(file);
  if (head.includes('"graphwright_format":') && head.endsWith('"elements": {"nodes": [')) return readOwn(file, sink);
  let text = '';
  readChunks(file, (t) => (text += t));
  const doc = parseJsonAt(text, { file }) as { elements?: unknown };
  if (!doc || typeof doc !== 'object' || !('elements' in doc)) throw new ImportError('not Cytoscape JSON: no "elements"', { file, line: 1 });
  const els = doc.elements;
  const nodes: unknown[] = [];
  const edges: unknown[] = [];
  if (Array.isArray(els)) {
    for (const el of els) {
      const d = dataOf(el, sink);
      ((el as { group?: string }).group === 'edges' || ('source' in d && 'target' in d) ? edges : nodes).push(el);
    }
  } else if (els && typeof els === 'object') {
    nodes.push(...(((els as { nodes?: unknown[] }).nodes ?? []) as unknown[]));
    edges.push(...(((els as { edges?: unknown[] }).edges ?? []) as unknown[]));
  } else throw new ImportError('"elements" is neither a list nor {nodes, edges}', { file });
  nodes.forEach((el, i) => {
    sink.where = { file, line: undefined, column: undefined };
    try {
      nodeFromData(dataOf(el, sink), sink);
    } catch (err) {
      if (err instanceof ImportError) throw new ImportError(`elements.nodes[${i}]: ${err.reason}`, { file });
      throw err;
    }
  });
  edges.forEach((el, i) => {
    try {
      edgeFromData(dataOf(el, sink), sink);
    } catch (err) {
      if (err instanceof ImportError) throw new ImportError(`elements.edges[${i}]: ${err.reason}`, { file });
      throw err;
    }
  });
}

/** Our layout: header line, node lines, the edges line, edge lines, the closing line. */
function readOwn(file: string, sink: ImportSink): void {
  let section = 'header' as 'header' | 'nodes' | 'edges' | 'end';
  forEachLine(file, (raw, lineNo) => {
    const line = lineNo === 1 ? raw.replace(/^\ufeff/, '') : raw;
    sink.where = { file, line: lineNo };
    if (section === 'header') {
      parseJsonAt(`${line}]}}`, { file, line: lineNo });
      section = 'nodes';
      return;
    }
    if (line === CYJS_EDGES_LINE && section === 'nodes') {
      section = 'edges';
      return;
    }
    if (line === CYJS_END_LINE && section === 'edges') {
      section = 'end';
      return;
    }
    if (section === 'end') {
      if (line.trim()) sink.fail('text after the end of the document');
      return;
    }
    if (!line.trim()) return;
    const json = line.endsWith(',') ? line.slice(0, -1) : line;
    const el = parseJsonAt(json, { file, line: lineNo });
    const d = dataOf(el, sink);
    if (section === 'nodes') nodeFromData(d, sink);
    else edgeFromData(d, sink);
  });
  if (section !== 'end') throw new ImportError(`the file ends early (inside the ${section} list)`, { file });
}
