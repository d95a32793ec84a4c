// CSV (a folder with nodes.csv, edges.csv, concept_links.csv, provenance.csv, or edges.csv alone
// with labels) and neo4j-admin import CSVs.
import fs from 'node:fs';
import path from 'node:path';
import { readCsvObjects } from './csv';
import { ImportError } from './errors';
import type { ImportSink } from './sink';

/** The folder of a table format: the path itself, or the folder of a file inside it. */
function tableFolder(p: string): string {
  return fs.statSync(p).isDirectory() ? p : path.dirname(p);
}

/** A table of the csv export: its cells as written, formula neutralising undone. */
const readSpreadsheetCsv = (file: string, required: string[], onRow: (row: Record<string, string>, line: number) => void) =>
  readCsvObjects(file, required, onRow, { spreadsheet: true });

const opt = (row: Record<string, string>, k: string) => (row[k] === undefined || row[k] === '' ? null : row[k]);

export function readCsvFolder(p: string, sink: ImportSink): void {
  const dir = tableFolder(p);
  const f = (name: string) => path.join(dir, name);
  const hasNodes = fs.existsSync(f('nodes.csv'));
  if (!fs.existsSync(f('edges.csv')) && !hasNodes) throw new ImportError(`no nodes.csv or edges.csv in ${dir}`);
  if (hasNodes) {
    readSpreadsheetCsv(f('nodes.csv'), ['id', 'label'], (row, line) => {
      sink.where = { file: f('nodes.csv'), line };
      if (!row.id) sink.fail('empty id');
      sink.nodeRecord({ key: row.id, label: row.label, kind: opt(row, 'kind'), type: opt(row, 'type'), aliases: opt(row, 'aliases') });
    });
  }
  if (fs.existsSync(f('concept_links.csv'))) {
    readSpreadsheetCsv(f('concept_links.csv'), ['concept', 'node', 'relation'], (row, line) => {
      sink.where = { file: f('concept_links.csv'), line };
      const concept = sink.mustNode(row.concept, 'concept link');
      const level = sink.int(opt(row, 'level'), 'level') ?? 0;
      if (row.node && row.relation) sink.fail('a concept link has both a node and a relation');
      if (row.node) sink.link(concept, { nodeId: sink.mustNode(row.node, 'concept link') }, level, opt(row, 'model'), opt(row, 'batch'));
      else if (row.relation) sink.link(concept, { relation: row.relation }, level, opt(row, 'model'), opt(row, 'batch'));
      else sink.fail('a concept link has neither a node nor a relation');
    });
  }
  if (fs.existsSync(f('edges.csv'))) {
    readSpreadsheetCsv(f('edges.csv'), ['source', 'relation', 'target'], (row, line) => {
      sink.where = { file: f('edges.csv'), line };
      if (!hasNodes) {
        // A bare edge list: source and target are labels.
        if (!row.source.trim() || !row.target.trim()) sink.fail('empty source or target');
        sink.edge(row.id || null, sink.labelNode(row.source), sink.labelNode(row.target), { relation: row.relation });
        return;
      }
      sink.edgeRecord({
        key: opt(row, 'id') ?? undefined,
        source: row.source,
        target: row.target,
        relation: row.relation,
        status: opt(row, 'status'),
        stage: opt(row, 'stage'),
        confidence: opt(row, 'confidence'),
        engine: opt(row, 'engine'),
        model: opt(row, 'model'),
        precision: opt(row, 'precision'),
        qualifiers: opt(row, 'qualifiers'),
      });
    });
  }
  if (fs.existsSync(f('provenance.csv'))) {
    readSpreadsheetCsv(f('provenance.csv'), ['edge', 'node', 'document_title', 'start', 'end', 'quote'], (row, line) => {
      sink.where = { file: f('provenance.csv'), line };
      let target: { edgeId: number } | { nodeId: number };
      if (row.edge) {
        const id = sink.edgeId(row.edge);
        if (id === undefined) sink.fail(`provenance refers to unknown edge ${JSON.stringify(row.edge)}`);
        target = { edgeId: id };
      } else if (row.node) target = { nodeId: sink.mustNode(row.node, 'provenance') };
      else sink.fail('provenance has neither an edge nor a node');
      const ordinal = sink.int(opt(row, 'chunk_ordinal'), 'chunk_ordinal');
      const start = sink.int(row.start, 'start');
      const end = sink.int(row.end, 'end');
      if (start === null || end === null || start < 0 || end < start) sink.fail(`bad span [${row.start}, ${row.end})`);
      sink.provenance(target, {
        document: { title: row.document_title, hash: opt(row, 'document_hash'), path: opt(row, 'document_path'), format: opt(row, 'document_format') },
        chunk:
          ordinal === null
            ? null
            : {
                ordinal,
                start: sink.int(opt(row, 'chunk_start'), 'chunk_start') ?? start,
                end: sink.int(opt(row, 'chunk_end'), 'chunk_end') ?? end,
                page: sink.int(opt(row, 'page'), 'page'),
              },
        start,
        end,
        quote: row.quote,
        rules: sink.jsonList(opt(row, 'rules'), 'rules'),
      });
    });
  }
}

/** Column name without its neo4j type suffix: `confidence:double` → confidence; `key:ID` → key. */
const bare = (h: string) => (h.startsWith(':') ? h : h.replace(/:.*$/, ''));

export function readNeo4jCsvFolder(p: string, sink: ImportSink): void {
  const dir = tableFolder(p);
  const f = (name: string) => path.join(dir, name);
  if (!fs.existsSync(f('nodes.csv'))) throw new ImportError(`no nodes.csv in ${dir}`);
  readCsvObjects(f('nodes.csv'), [], (raw, line) => {
    sink.where = { file: f('nodes.csv'), line };
    const row = Object.fromEntries(Object.entries(raw).map(([k, v]) => [bare(k), v]));
    const idCol = Object.keys(raw).find((k) => /:ID(\(.*\))?$/.test(k));
    if (!idCol) sink.fail('nodes.csv has no :ID column');
    const labels = (row[':LABEL'] ?? '').split(';');
    const kind = opt(row, 'kind') ?? (labels.includes('Event') ? 'event' : labels.includes('Concept') ? 'concept' : 'entity');
    sink.nodeRecord({
      key: raw[idCol!],
      label: opt(row, 'label') ?? opt(row, 'name') ?? raw[idCol!],
      kind,
      type: opt(row, 'type'),
      aliases: opt(row, 'aliases'),
      provenance: opt(row, 'provenance'),
      conceptRelations: opt(row, 'concept_relations'),
    });
  });
  for (const name of ['concept_links.csv', 'relationships.csv']) {
    if (!fs.existsSync(f(name))) continue;
    readCsvObjects(f(name), [':START_ID', ':END_ID', ':TYPE'], (raw, line) => {
      sink.where = { file: f(name), line };
      const row = Object.fromEntries(Object.entries(raw).map(([k, v]) => [bare(k), v]));
      const link = name === 'concept_links.csv';
      sink.edgeRecord({
        source: row[':START_ID'],
        target: row[':END_ID'],
        edgeKind: link ? 'concept_link' : 'triple',
        relation: row[':TYPE'],
        status: opt(row, 'status'),
        stage: opt(row, 'stage'),
        confidence: opt(row, 'confidence'),
        engine: opt(row, 'engine'),
        model: opt(row, 'model'),
        provenance: opt(row, 'provenance'),
        precision: opt(row, 'precision'),
        qualifiers: opt(row, 'qualifiers'),
        level: opt(row, 'level'),
        batch: opt(row, 'batch'),
      });
    });
  }
}
