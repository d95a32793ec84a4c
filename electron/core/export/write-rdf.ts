// The graph as RDF, one subject block at a time: Turtle and N-Triples through n3's writer, JSON-LD
// as one node object per line. All three carry the same triples (a test checks it).
//
// Mapping (docs/export.md):
//   node      <ent:x> a gw:Entity|gw:Event [, <typ:T>] ; rdfs:label "X" ; skos:altLabel "..." .
//   concept   <cpt:x> a gw:Concept, rdfs:Class ; rdfs:label "X" .
//   type      <typ:T> a gw:NodeType ; rdfs:label "T" .
//   relation  <rel:r> a rdf:Property ; rdfs:label "r" .
//   triple    <edge:h> a rdf:Statement ; rdf:subject/predicate/object ; gw:status ; gw:stage ; gw:confidence ; gw:engine [; gw:model] [; gw:precision]
//             [; gw:surface ; gw:modality ; gw:negated ; gw:condition ; gw:only ; gw:quantity ; gw:preposition ; gw:catenative ; gw:voice]
//             and, for accepted triples only, the asserted <s> <rel:r> <o> .
//   link      _:lN a gw:ConceptLink ; gw:concept <c> ; gw:instance <n> | gw:relation <rel:r> ; gw:level N
//             and <n> a <c> (instances), <n> rdfs:subClassOf <c> (concepts), <rel:r> skos:broader <c> (relations).
//   evidence  <edge:h|node> prov:wasDerivedFrom <chunk> ; prov:qualifiedDerivation _:pN .
//             _:pN a prov:Derivation ; prov:entity <chunk|doc> ; gw:document <doc> ; gw:start ; gw:end ; gw:quote [; gw:rule "id" ...] .
//   document  <doc:H> a prov:Entity, gw:Document ; rdfs:label ; gw:contentHash ; gw:format [; gw:sourcePath] .
//   chunk     <doc:H/chunk/N> a prov:Entity, gw:Chunk ; gw:document <doc:H> ; gw:ordinal ; gw:start ; gw:end [; gw:page] .
import N3 from 'n3';
import type { ExportProvenanceRow } from '../store/export';
import { Iris, V, QUALIFIER_PROPS, exportContext, exportPrefixes, JSONLD_CONTEXT } from './vocab';
import { edgePages, linkPages, nodeKinds, nodePages, type WriteContext } from './select';
import type { TextOut } from './out';

export type Term = { t: 'iri'; v: string } | { t: 'blank'; v: string } | { t: 'lit'; v: string; dt?: string };
export interface Block {
  s: Term;
  po: [string, Term][];
}

const iri = (v: string): Term => ({ t: 'iri', v });
const blank = (v: string): Term => ({ t: 'blank', v });
const lit = (v: string): Term => ({ t: 'lit', v });
const int = (n: number): Term => ({ t: 'lit', v: String(Math.trunc(n)), dt: V.integer });
/** xsd:double in canonical form (9.0E-1), as JSON-LD processors write it: the same literal in every RDF format. */
const canonicalDouble = (n: number) => n.toExponential(15).replace(/(\d)0*e\+?/, '$1E');
const dbl = (n: number): Term => ({ t: 'lit', v: canonicalDouble(n), dt: V.double });
const bool = (b: boolean): Term => ({ t: 'lit', v: String(b), dt: V.boolean });

const KIND_CLASS = { entity: V.Entity, event: V.Event, concept: V.Concept } as const;

/** Walk the selection and hand out subject blocks; `drain` is awaited between pages. */
export async function walkRdf(ctx: WriteContext, emit: (b: Block) => void, drain: () => Promise<void>): Promise<void> {
  const { repo, filter } = ctx;
  const iris = new Iris(ctx.base);
  const nodeIri = new Map<number, string>();
  const conceptIds = new Set<number>();
  const types = new Set<string>();
  const relations = new Set<string>();
  const docs = new Set<string>();
  const chunks = new Set<string>();

  const typeIri = (type: string) => {
    const t = iris.type(type);
    if (!types.has(type)) {
      types.add(type);
      emit({
        s: iri(t),
        po: [
          [V.type, iri(V.NodeType)],
          [V.label, lit(type)],
        ],
      });
    }
    return t;
  };
  const relIri = (relation: string) => {
    const r = iris.relation(relation);
    if (!relations.has(relation)) {
      relations.add(relation);
      emit({
        s: iri(r),
        po: [
          [V.type, iri(V.Property)],
          [V.label, lit(relation)],
        ],
      });
    }
    return r;
  };
  /** Evidence of one subject: links added to its block, derivation (and first-seen document, chunk) blocks returned. */
  const evidence = (rows: ExportProvenanceRow[] | undefined, po: [string, Term][]): Block[] => {
    if (!rows?.length) return [];
    const out: Block[] = [];
    const derived = new Set<string>();
    for (const r of rows) {
      const d = iris.document(r.documentHash);
      if (!docs.has(d)) {
        docs.add(d);
        const dpo: [string, Term][] = [
          [V.type, iri(V.ProvEntity)],
          [V.type, iri(V.Document)],
          [V.label, lit(r.documentTitle)],
          [V.contentHash, lit(r.documentHash)],
          [V.format, lit(r.documentFormat)],
        ];
        if (r.documentPath) dpo.push([V.sourcePath, lit(r.documentPath)]);
        if (r.documentVersion != null) dpo.push([V.version, int(r.documentVersion)]);
        if (r.documentEdition) dpo.push([V.edition, lit(r.documentEdition)]);
        out.push({ s: iri(d), po: dpo });
      }
      let source = d;
      if (r.chunkOrdinal != null) {
        source = iris.chunk(r.documentHash, r.chunkOrdinal);
        if (!chunks.has(source)) {
          chunks.add(source);
          const cpo: [string, Term][] = [
            [V.type, iri(V.ProvEntity)],
            [V.type, iri(V.Chunk)],
            [V.document, iri(d)],
            [V.ordinal, int(r.chunkOrdinal)],
            [V.start, int(r.chunkStart!)],
            [V.end, int(r.chunkEnd!)],
          ];
          if (r.page != null) cpo.push([V.page, int(r.page)]);
          out.push({ s: iri(source), po: cpo });
        }
      }
      if (!derived.has(source)) {
        derived.add(source);
        po.push([V.wasDerivedFrom, iri(source)]);
      }
      const p = blank(`p${r.id}`);
      po.push([V.qualifiedDerivation, p]);
      const derivation: [string, Term][] = [
        [V.type, iri(V.Derivation)],
        [V.provEntity, iri(source)],
        [V.document, iri(d)],
        [V.start, int(r.start)],
        [V.end, int(r.end)],
        [V.quote, lit(r.quote)],
      ];
      if (r.clause) derivation.push([V.clause, lit(r.clause)]);
      for (const rule of r.rules) derivation.push([V.rule, lit(rule)]);
      out.push({ s: p, po: derivation });
    }
    return out;
  };

  for (const kind of nodeKinds(filter)) {
    for (const page of nodePages(repo, kind)) {
      const prov = repo.nodeProvenance(page.map((n) => n.id));
      for (const n of page) {
        const s = iris.node(n.kind, n.label);
        nodeIri.set(n.id, s);
        if (kind === 'concept') conceptIds.add(n.id);
        const po: [string, Term][] = [[V.type, iri(KIND_CLASS[n.kind])]];
        if (n.kind === 'concept') po.push([V.type, iri(V.Class)]);
        if (n.type) po.push([V.type, iri(typeIri(n.type))]);
        po.push([V.label, lit(n.label)]);
        for (const a of n.aliases) po.push([V.altLabel, lit(a)]);
        const extra = evidence(prov.get(n.id), po);
        emit({ s: iri(s), po });
        for (const b of extra) emit(b);
      }
      ctx.tick(page.length);
      await drain();
    }
  }

  if (filter.concepts) {
    for (const page of linkPages(repo)) {
      for (const l of page) {
        const c = nodeIri.get(l.conceptId);
        if (!c) continue;
        const b = blank(`l${l.id}`);
        const po: [string, Term][] = [
          [V.type, iri(V.ConceptLink)],
          [V.concept, iri(c)],
        ];
        if (l.nodeId != null) {
          const n = nodeIri.get(l.nodeId);
          if (!n) continue;
          po.push([V.instance, iri(n)]);
          emit({ s: iri(n), po: [[conceptIds.has(l.nodeId) ? V.subClassOf : V.type, iri(c)]] });
        } else {
          const r = relIri(l.relation!);
          po.push([V.relation, iri(r)]);
          emit({ s: iri(r), po: [[V.broader, iri(c)]] });
        }
        po.push([V.level, int(l.level)]);
        if (l.model) po.push([V.model, lit(l.model)]);
        if (l.batch) po.push([V.batch, lit(l.batch)]);
        emit({ s: b, po });
      }
      ctx.tick(page.length);
      await drain();
    }
  }

  for (const page of edgePages(repo)) {
    const prov = repo.edgeProvenance(page.map((e) => e.id));
    for (const e of page) {
      const s = nodeIri.get(e.subjectId);
      const o = nodeIri.get(e.objectId);
      if (!s || !o) throw new Error(`export: triple ${e.id} points to a node outside the selection`);
      const r = relIri(e.relation);
      const id = iris.edge(s, r, o);
      const po: [string, Term][] = [
        [V.type, iri(V.Statement)],
        [V.subject, iri(s)],
        [V.predicate, iri(r)],
        [V.object, iri(o)],
        [V.status, lit(e.status)],
        [V.stage, lit(e.stage)],
        [V.confidence, dbl(e.confidence)],
        [V.engine, lit(e.engine)],
      ];
      if (e.model) po.push([V.model, lit(e.model)]);
      if (e.precision != null) po.push([V.precision, dbl(e.precision)]);
      for (const [key, p, isBool] of QUALIFIER_PROPS) {
        const v = e.qualifiers[key];
        if (v !== undefined) po.push([p, isBool ? bool(v === true) : lit(String(v))]);
      }
      const extra = evidence(prov.get(e.id), po);
      emit({ s: iri(id), po });
      if (e.status === 'accepted') emit({ s: iri(s), po: [[r, iri(o)]] });
      for (const b of extra) emit(b);
    }
    ctx.tick(page.length);
    await drain();
  }
}

// ---- Turtle and N-Triples

function n3Term(t: Term): N3.Term {
  const { namedNode, blankNode, literal } = N3.DataFactory;
  if (t.t === 'iri') return namedNode(t.v);
  if (t.t === 'blank') return blankNode(t.v);
  return t.dt ? literal(t.v, namedNode(t.dt)) : literal(t.v);
}

export async function writeTurtle(ctx: WriteContext, lineMode: boolean): Promise<void> {
  const out = ctx.target.open(lineMode ? 'graph.nt' : 'graph.ttl', lineMode ? 'application/n-triples' : 'text/turtle');
  const sink = { write: (chunk: string, _enc?: unknown, cb?: () => void) => (out.write(chunk), cb?.(), true), end: (cb?: () => void) => cb?.() };
  const writer = lineMode
    ? new N3.Writer(sink as unknown as NodeJS.WritableStream, { format: 'N-Triples' })
    : new N3.Writer(sink as unknown as NodeJS.WritableStream, { prefixes: exportPrefixes(ctx.base) });
  if (!lineMode) out.write(`# Graphwright ${ctx.version} export. Vocabulary: ${JSONLD_CONTEXT.gw}\n`);
  const { namedNode } = N3.DataFactory;
  await walkRdf(
    ctx,
    (b) => {
      const s = n3Term(b.s) as N3.Quad_Subject;
      for (const [p, o] of b.po) writer.addQuad(s, namedNode(p), n3Term(o) as N3.Quad_Object);
    },
    () => out.drain(),
  );
  await new Promise<void>((resolve, reject) => writer.end((err) => (err ? reject(err) : resolve())));
  await out.close();
}

// ---- JSON-LD

interface TermInfo {
  name: string;
  coerce: '@id' | string | null;
}

function expand(value: string, ctx: Record<string, unknown>): string {
  const i = value.indexOf(':');
  if (i > 0) {
    const p = ctx[value.slice(0, i)];
    if (typeof p === 'string') return p + value.slice(i + 1);
  }
  return value;
}

/** Compact block → JSON-LD node object, against the export's context. */
class JsonLdCompactor {
  private readonly props = new Map<string, TermInfo>();
  private readonly classes = new Map<string, string>();
  private readonly prefixes: [string, string][];

  constructor(readonly context: Record<string, unknown>) {
    for (const [name, def] of Object.entries(context)) {
      if (typeof def === 'string') {
        const full = expand(def, context);
        if (def === full) continue; // an absolute IRI: a prefix
        if (/^[A-Z]/.test(name)) this.classes.set(full, name);
        else this.props.set(full, { name, coerce: null });
      } else if (def && typeof def === 'object') {
        const d = def as Record<string, string>;
        this.props.set(expand(d['@id'], context), { name, coerce: d['@type'] ? (d['@type'] === '@id' ? '@id' : expand(d['@type'], context)) : null });
      }
    }
    // Longest namespace first, so ent: wins over kb:.
    this.prefixes = Object.entries(context)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && /[/#:]$/.test(e[1]) && expand(e[1], context) === e[1])
      .sort((a, b) => b[1].length - a[1].length);
  }

  compactIri(v: string): string {
    for (const [p, ns] of this.prefixes) {
      if (v.startsWith(ns) && v.length > ns.length) {
        const rest = v.slice(ns.length);
        if (!rest.startsWith('//') && !/[\s"<>]/.test(rest)) return `${p}:${rest}`;
      }
    }
    return v;
  }

  private ref(t: Term): string {
    return t.t === 'blank' ? `_:${t.v}` : this.compactIri(t.v);
  }

  node(b: Block): Record<string, unknown> {
    const obj: Record<string, unknown> = { '@id': this.ref(b.s) };
    const types: string[] = [];
    for (const [p, o] of b.po) {
      if (p === V.type && o.t !== 'lit') {
        types.push(o.t === 'iri' ? (this.classes.get(o.v) ?? this.compactIri(o.v)) : `_:${o.v}`);
        continue;
      }
      const info = this.props.get(p);
      let key: string;
      let value: unknown;
      if (info) {
        key = info.name;
        if (o.t !== 'lit') value = info.coerce === '@id' ? this.ref(o) : { '@id': this.ref(o) };
        else if ((info.coerce === null && !o.dt) || (info.coerce && info.coerce === o.dt)) value = o.v;
        else value = o.dt ? { '@value': o.v, '@type': this.compactIri(o.dt) } : { '@value': o.v };
      } else {
        key = this.compactIri(p);
        if (o.t !== 'lit') value = { '@id': this.ref(o) };
        else value = o.dt ? { '@value': o.v, '@type': this.compactIri(o.dt) } : o.v;
      }
      const prev = obj[key];
      if (prev === undefined) obj[key] = value;
      else if (Array.isArray(prev)) prev.push(value);
      else obj[key] = [prev, value];
    }
    if (types.length) obj['@type'] = types.length === 1 ? types[0] : types;
    return obj;
  }
}

/**
 * JSON-LD with the published context inline (no network needed to read it), one node object per
 * line of "@graph": our reader streams it line by line; any JSON-LD processor reads it whole.
 */
export async function writeJsonLd(ctx: WriteContext): Promise<void> {
  const out = ctx.target.open('graph.jsonld', 'application/ld+json');
  const context = exportContext(ctx.base);
  const compactor = new JsonLdCompactor(context);
  out.write(`{"@context": ${JSON.stringify(context)},\n`);
  out.write('"@graph": [\n');
  let first = true;
  await walkRdf(
    ctx,
    (b) => {
      out.write(`${first ? '' : ',\n'}${JSON.stringify(compactor.node(b))}`);
      first = false;
    },
    () => out.drain(),
  );
  out.write('\n]}\n');
  await out.close();
}

export type { TextOut };
