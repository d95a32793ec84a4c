// Graphwright's own Cypher scripts read back: `UNWIND [ {row}, ... ] AS row <MERGE body>;`
// statements, rows as Cypher map literals. Other Cypher is not interpreted (use neo4j-csv).
import { ImportError, forEachLine } from './errors';
import type { ImportSink } from './sink';
import { CONCEPT_LINK_TYPE, NODE_LABEL } from '../export/write-tables';

type Value = string | number | boolean | null | Value[] | { [k: string]: Value };

/** Parse one Cypher literal (map, list, string, number, null, boolean) starting at `i`. */
function parseCypherLiteral(text: string, at: { file: string; line: number }): Value {
  let i = 0;
  const fail = (what: string): never => {
    throw new ImportError(`Cypher: ${what}`, { ...at, column: i + 1 });
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const value = (): Value => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: { [k: string]: Value } = {};
      ws();
      if (text[i] === '}') return (i++, out);
      for (;;) {
        ws();
        let key: string;
        if (text[i] === '`') {
          const end = text.indexOf('`', i + 1);
          if (end < 0) fail('unclosed backquote');
          key = text.slice(i + 1, end);
          i = end + 1;
        } else {
          const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 200));
          if (!m) fail('expected a map key');
          key = m![0];
          i += key.length;
        }
        ws();
        if (text[i] !== ':') fail('expected ":" after a map key');
        i++;
        out[key] = value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return (i++, out);
        else fail('expected "," or "}" in a map');
      }
    }
    if (c === '[') {
      i++;
      const out: Value[] = [];
      ws();
      if (text[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return (i++, out);
        else fail('expected "," or "]" in a list');
      }
    }
    if (c === '"' || c === "'") {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) fail('unclosed string');
        const d = text[i];
        if (d === c) return (i++, s);
        if (d === '\\') {
          const e = text[i + 1];
          const simple: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
          if (e in simple) {
            s += simple[e];
            i += 2;
          } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
            i += 6;
          } else fail(`bad escape \\${e ?? ''}`);
        } else {
          s += d;
          i++;
        }
      }
    }
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|null|true|false)/i.exec(text.slice(i, i + 64));
    if (!m) fail('expected a value');
    i += m![0].length;
    const w = m![0].toLowerCase();
    return w === 'null' ? null : w === 'true' ? true : w === 'false' ? false : Number(m![0]);
  };
  const v = value();
  ws();
  if (i < text.length) fail('unexpected text after the value');
  return v;
}

const NODE_BODY = `MERGE (n:${NODE_LABEL} {key: row.key})`;
const LINK_BODY = `MERGE (a)-[r:${CONCEPT_LINK_TYPE}]->(c)`;
const EDGE_BODY = /^MERGE \(a\)-\[r:(`(?:[^`]|``)*`|[A-Za-z_][A-Za-z0-9_]*)\]->\(b\)$/;

export function readCypher(file: string, sink: ImportSink): void {
  let state: 'top' | 'rows' | 'body' = 'top';
  let rows: { row: { [k: string]: Value }; line: number }[] = [];
  let body: string[] = [];
  let bodyLine = 0;
  const str = (v: Value | undefined) => (v === null || v === undefined ? null : String(v));
  const apply = () => {
    const at = { file, line: bodyLine };
    const nodes = body.includes(NODE_BODY);
    const links = body.includes(LINK_BODY);
    const edge = body.map((l) => EDGE_BODY.exec(l)).find(Boolean);
    if (!nodes && !links && !edge) throw new ImportError('a statement that is not a Graphwright node, concept link or triple batch', at);
    for (const { row, line } of rows) {
      sink.where = { file, line };
      if (nodes) {
        sink.nodeRecord({
          key: String(row.key),
          label: row.label,
          kind: row.kind,
          type: row.type,
          aliases: row.aliases,
          provenance: row.provenance,
          conceptRelations: row.concept_relations,
        });
      } else if (links) {
        sink.edgeRecord({
          source: String(row.node),
          target: String(row.concept),
          edgeKind: 'concept_link',
          level: row.level,
          model: str(row.model),
          batch: str(row.batch),
        });
      } else {
        const name = edge![1];
        const relation = name.startsWith('`') ? name.slice(1, -1).replace(/``/g, '`') : name;
        sink.edgeRecord({
          source: String(row.s),
          target: String(row.o),
          relation,
          status: row.status,
          stage: row.stage,
          confidence: row.confidence,
          engine: row.engine,
          model: str(row.model),
          provenance: row.provenance,
          precision: row.precision,
          qualifiers: row.qualifiers,
        });
      }
    }
    rows = [];
    body = [];
  };
  forEachLine(file, (raw, lineNo) => {
    const line = lineNo === 1 ? raw.replace(/^\ufeff/, '') : raw;
    const at = { file, line: lineNo };
    if (state === 'top') {
      const t = line.trim();
      if (!t || t.startsWith('//')) return;
      if (t === 'UNWIND [') {
        state = 'rows';
        return;
      }
      if (t.startsWith('CREATE CONSTRAINT') && t.endsWith(';')) return;
      throw new ImportError(`unexpected ${JSON.stringify(t.slice(0, 40))}: this reads Graphwright's own Cypher exports (UNWIND batches)`, at);
    }
    if (state === 'rows') {
      if (line === '] AS row') {
        state = 'body';
        bodyLine = lineNo + 1;
        return;
      }
      const text = line.endsWith(',') ? line.slice(0, -1) : line;
      const row = parseCypherLiteral(text, at);
      if (!row || typeof row !== 'object' || Array.isArray(row)) throw new ImportError('a batch row must be a map', at);
      rows.push({ row, line: lineNo });
      return;
    }
    body.push(line.endsWith(';') ? line.slice(0, -1) : line);
    if (line.endsWith(';')) {
      apply();
      state = 'top';
    }
  });
  if (state !== 'top') throw new ImportError('the script ends inside a statement', { file });
}
