// JSON-LD. Graphwright's own files (context on the first line, one node object per line) are
// expanded line by line against their inline context; any other JSON-LD goes through the jsonld
// processor (toRDF) first, with remote contexts refused (no network) except our published one.
import fs from 'node:fs';
import type jsonld from 'jsonld';
import { ImportError, forEachLine, parseJsonAt, readChunks } from './errors';
import type { RdfCollector, RdfTerm } from './read-rdf';
import { CONTEXT_IRI, JSONLD_CONTEXT, V } from '../export/vocab';

type JsonLdPlan = { mode: 'lines' } | { mode: 'quads'; quads: { subject: RdfTerm; predicate: RdfTerm; object: RdfTerm }[] };

const GRAPH_LINE = '"@graph": [';

function firstLines(file: string, n: number): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(256 * 1024);
    const len = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf
      .subarray(0, len)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .slice(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Decide how to read the file; a foreign JSON-LD document is converted to triples here (async, before the import transaction). */
export async function planJsonLd(file: string): Promise<JsonLdPlan> {
  const [l1, l2] = firstLines(file, 2);
  if (l1?.startsWith('{"@context": {') && l1.endsWith('},') && l2 === GRAPH_LINE) return { mode: 'lines' };
  let text = '';
  readChunks(file, (t) => (text += t));
  const doc = parseJsonAt(text, { file });
  const documentLoader = async (url: string) => {
    if (url === CONTEXT_IRI) return { contextUrl: undefined, documentUrl: url, document: { '@context': JSONLD_CONTEXT } };
    throw new ImportError(`the JSON-LD refers to a remote context (${url}), which is not fetched: inline it`, { file });
  };
  let quads: JsonLdPlan extends infer P ? (P extends { mode: 'quads'; quads: infer Q } ? Q : never) : never;
  // loaded here, not with the module: only a foreign JSON-LD file needs the processor (~20 MB resident)
  const { default: processor } = await import('jsonld');
  try {
    quads = (await processor.toRDF(doc as jsonld.JsonLdDocument, { documentLoader } as jsonld.Options.ToRdf)) as unknown as typeof quads;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    const e = err as Error & { details?: { cause?: unknown } };
    const cause = e.details?.cause;
    if (cause instanceof ImportError) throw cause;
    throw new ImportError(`invalid JSON-LD: ${e.message}`, { file });
  }
  return { mode: 'quads', quads };
}

interface TermDef {
  id: string;
  type: string | null;
}

/** Expansion of Graphwright's own line layout: simple and expanded term definitions, prefixes, coercion. */
class LineExpander {
  private readonly terms = new Map<string, TermDef>();
  private readonly prefixes = new Map<string, string>();

  constructor(context: Record<string, unknown>) {
    for (const [name, def] of Object.entries(context)) {
      if (typeof def === 'string') {
        if (/[/#:]$/.test(def) && !this.isCompact(def, context)) this.prefixes.set(name, def);
      }
    }
    for (const [name, def] of Object.entries(context)) {
      if (typeof def === 'string') this.terms.set(name, { id: this.iri(def), type: null });
      else if (def && typeof def === 'object') {
        const d = def as Record<string, string>;
        if (typeof d['@id'] !== 'string') throw new Error(`context term ${name} has no @id`);
        this.terms.set(name, { id: this.iri(d['@id']), type: d['@type'] ? (d['@type'] === '@id' ? '@id' : this.iri(d['@type'])) : null });
      } else throw new Error(`context term ${name} is not supported`);
    }
  }

  private isCompact(v: string, context: Record<string, unknown>): boolean {
    const i = v.indexOf(':');
    return i > 0 && typeof context[v.slice(0, i)] === 'string' && !v.slice(i + 1).startsWith('//');
  }

  iri(v: string): string {
    const i = v.indexOf(':');
    if (i > 0) {
      const p = this.prefixes.get(v.slice(0, i));
      if (p !== undefined && !v.slice(i + 1).startsWith('//')) return p + v.slice(i + 1);
      return v;
    }
    throw new Error(`${JSON.stringify(v)} is not an absolute or compact IRI`);
  }

  ref(v: string): RdfTerm {
    return v.startsWith('_:') ? { termType: 'BlankNode', value: v.slice(2) } : { termType: 'NamedNode', value: this.iri(v) };
  }

  vocab(v: string): RdfTerm {
    const t = this.terms.get(v);
    return t ? { termType: 'NamedNode', value: t.id } : this.ref(v);
  }

  node(obj: Record<string, unknown>, emit: (s: RdfTerm, p: RdfTerm, o: RdfTerm) => void): void {
    const id = obj['@id'];
    if (typeof id !== 'string') throw new Error('a node object without "@id"');
    const s = this.ref(id);
    for (const [k, raw] of Object.entries(obj)) {
      if (k === '@id') continue;
      const values = Array.isArray(raw) ? raw : [raw];
      if (k === '@type') {
        for (const v of values) {
          if (typeof v !== 'string') throw new Error('"@type" values must be strings');
          emit(s, { termType: 'NamedNode', value: V.type }, this.vocab(v));
        }
        continue;
      }
      if (k.startsWith('@')) throw new Error(`keyword ${k} is not supported here`);
      const def = this.terms.get(k);
      const p: RdfTerm = { termType: 'NamedNode', value: def ? def.id : this.iri(k) };
      for (const v of values) emit(s, p, this.value(v, def?.type ?? null));
    }
  }

  private value(v: unknown, coerce: string | null): RdfTerm {
    if (typeof v === 'string') {
      if (coerce === '@id') return this.ref(v);
      return { termType: 'Literal', value: v, ...(coerce ? { datatype: { value: coerce } } : {}) };
    }
    if (typeof v === 'number') return { termType: 'Literal', value: String(v), datatype: { value: Number.isInteger(v) ? V.integer : V.double } };
    if (typeof v === 'boolean') return { termType: 'Literal', value: String(v), datatype: { value: 'http://www.w3.org/2001/XMLSchema#boolean' } };
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o['@id'] === 'string') return this.ref(o['@id']);
      if ('@value' in o)
        return { termType: 'Literal', value: String(o['@value']), ...(typeof o['@type'] === 'string' ? { datatype: { value: this.iri(o['@type']) } } : {}) };
    }
    throw new Error(`unsupported value ${JSON.stringify(v).slice(0, 80)}`);
  }
}

/** Feed the file's triples into the collector (synchronously; the plan did any async work). */
export function readJsonLd(file: string, plan: JsonLdPlan, collector: RdfCollector): void {
  if (plan.mode === 'quads') {
    for (const q of plan.quads) collector.add(q.subject, q.predicate, q.object);
    return;
  }
  let expander: LineExpander | null = null;
  let state = 'context' as 'context' | 'graph' | 'body' | 'end';
  const emit = (s: RdfTerm, p: RdfTerm, o: RdfTerm) => collector.add(s, p, o);
  forEachLine(file, (raw, lineNo) => {
    const line = lineNo === 1 ? raw.replace(/^\ufeff/, '') : raw;
    const at = { file, line: lineNo };
    if (state === 'context') {
      const head = parseJsonAt(`${line.slice(0, -1)}}`, at) as { '@context': Record<string, unknown> };
      try {
        expander = new LineExpander(head['@context']);
      } catch (err) {
        throw new ImportError(`@context: ${(err as Error).message}`, at);
      }
      state = 'graph';
      return;
    }
    if (state === 'graph') {
      state = 'body';
      return;
    }
    if (state === 'end') {
      if (line.trim()) throw new ImportError('text after the end of the document', at);
      return;
    }
    if (line === ']}') {
      state = 'end';
      return;
    }
    if (!line.trim()) return;
    const obj = parseJsonAt(line.endsWith(',') ? line.slice(0, -1) : line, at);
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new ImportError('expected a JSON-LD node object', at);
    try {
      expander!.node(obj as Record<string, unknown>, emit);
    } catch (err) {
      throw new ImportError(`JSON-LD: ${(err as Error).message}`, at);
    }
  });
  if (state !== 'end') throw new ImportError('the file ends early: the "@graph" list is never closed', { file });
}
