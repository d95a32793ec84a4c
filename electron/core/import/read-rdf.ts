// RDF (Turtle, N-Triples, and JSON-LD through the same collector): Graphwright's own vocabulary
// read back exactly (kinds, types, aliases, reified triples with status, concept links, PROV-O
// evidence), and any other RDF read as a generic knowledge base (every IRI-to-IRI triple an
// accepted 'import' triple; labels from rdfs:label / skos:prefLabel / names, else the IRI's last segment).
import N3 from 'n3';
import { ImportError, readChunks } from './errors';
import { EdgeStatus, Stage } from '../../../shared/schemas';
import type { ImportKind, ImportSink } from './sink';
import { OWL, QUALIFIER_PROPS, RDFS, V, localName } from '../export/vocab';

export interface RdfTerm {
  termType: string;
  value: string;
  datatype?: { value: string };
}

const FOAF_NAME = 'http://xmlns.com/foaf/0.1/name';
const LABELS_PRIMARY = new Set<string>([V.label, V.prefLabel]);
const LABELS_SECONDARY = new Set<string>([
  FOAF_NAME,
  'http://schema.org/name',
  'https://schema.org/name',
  'http://purl.org/dc/terms/title',
  'http://purl.org/dc/elements/1.1/title',
]);
const IGNORED = new Set<string>([`${RDFS}comment`, `${RDFS}seeAlso`, `${RDFS}isDefinedBy`, `${RDFS}domain`, `${RDFS}range`, `${OWL}sameAs`, V.wasDerivedFrom]);
const NEUTRAL_CLASSES = new Set<string>([
  V.Class,
  V.ProvEntity,
  `${OWL}Class`,
  `${OWL}Thing`,
  `${OWL}NamedIndividual`,
  `${OWL}ObjectProperty`,
  `${OWL}DatatypeProperty`,
  `${RDFS}Resource`,
]);
const RECORD_CLASS: Record<string, Special> = {
  [V.NodeType]: 'type',
  [V.Statement]: 'stmt',
  [V.ConceptLink]: 'link',
  [V.Derivation]: 'deriv',
  [V.Document]: 'doc',
  [V.Chunk]: 'chunk',
  [V.Property]: 'prop',
};
const KIND_OF: Record<string, ImportKind> = { [V.Entity]: 'entity', [V.Event]: 'event', [V.Concept]: 'concept' };
const BAG_PREDICATES = new Set<string>([
  V.subject,
  V.predicate,
  V.object,
  V.provEntity,
  V.status,
  V.stage,
  V.confidence,
  V.precision,
  ...QUALIFIER_PROPS.map(([, p]) => p),
  V.engine,
  V.model,
  V.concept,
  V.instance,
  V.relation,
  V.level,
  V.batch,
  V.document,
  V.start,
  V.end,
  V.page,
  V.ordinal,
  V.quote,
  V.clause,
  V.contentHash,
  V.sourcePath,
  V.format,
]);

type Special = 'type' | 'stmt' | 'link' | 'deriv' | 'doc' | 'chunk' | 'prop';

const key = (t: RdfTerm) => (t.termType === 'BlankNode' ? `_:${t.value}` : t.value);
const LIT = '\u0000lit:';

/** Collects triples, then writes the graph they describe into the sink (nodes, links, triples, evidence). */
export class RdfCollector {
  private readonly kinds = new Map<string, ImportKind>();
  private readonly labels = new Map<string, string>();
  private readonly primaryLabel = new Set<string>();
  private readonly aliases = new Map<string, string[]>();
  private readonly classRefs = new Map<string, string[]>();
  private readonly special = new Map<string, Special>();
  private readonly bags = new Map<string, Record<string, string>>();
  private readonly derivs = new Map<string, string[]>();
  /** The rules of each derivation (gw:rule, one literal each). */
  private readonly rules = new Map<string, string[]>();
  private readonly plainLinks: ['sub' | 'broader', string, string][] = [];
  private readonly direct: [string, string, string][] = [];
  private readonly strings = new Map<string, string>();
  count = 0;

  /**
   * One flat copy per distinct string. A parser's tokens are slices of its input buffer: kept as
   * they are, each would hold a whole slice of the file in memory.
   */
  private intern(v: string): string {
    const known = this.strings.get(v);
    if (known !== undefined) return known;
    const flat = v.length > 12 ? Buffer.from(v, 'utf8').toString('utf8') : v;
    this.strings.set(flat, flat);
    return flat;
  }

  add(s: RdfTerm, p: RdfTerm, o: RdfTerm): void {
    if (s.termType !== 'NamedNode' && s.termType !== 'BlankNode') return; // triple terms (RDF-star) are not read
    if (p.termType !== 'NamedNode') return;
    this.count++;
    const sk = this.intern(key(s));
    const pv = this.intern(p.value);
    const isLit = o.termType === 'Literal';
    if (!isLit && o.termType !== 'NamedNode' && o.termType !== 'BlankNode') return;
    const ov = isLit ? (o.value.length > 200 ? Buffer.from(o.value, 'utf8').toString('utf8') : this.intern(o.value)) : this.intern(key(o));
    if (pv === V.type) {
      if (isLit) return;
      const kind = KIND_OF[ov];
      if (kind) this.kinds.set(sk, kind);
      else if (RECORD_CLASS[ov]) {
        if (ov !== V.Property || !this.special.has(sk)) this.special.set(sk, RECORD_CLASS[ov]);
      } else if (!NEUTRAL_CLASSES.has(ov)) push(this.classRefs, sk, ov);
      return;
    }
    if (LABELS_PRIMARY.has(pv) || LABELS_SECONDARY.has(pv)) {
      if (!isLit) return;
      if (LABELS_PRIMARY.has(pv)) {
        if (!this.primaryLabel.has(sk)) {
          this.primaryLabel.add(sk);
          this.labels.set(sk, ov);
        }
      } else if (!this.labels.has(sk)) this.labels.set(sk, ov);
      return;
    }
    if (pv === V.altLabel) {
      if (isLit) push(this.aliases, sk, ov);
      return;
    }
    if (IGNORED.has(pv)) return;
    if (pv === V.subClassOf || pv === V.broader) {
      if (!isLit) this.plainLinks.push([pv === V.subClassOf ? 'sub' : 'broader', sk, ov]);
      return;
    }
    if (pv === V.qualifiedDerivation) {
      if (!isLit) push(this.derivs, sk, ov);
      return;
    }
    if (pv === V.rule) {
      if (isLit) push(this.rules, sk, ov);
      return;
    }
    if (BAG_PREDICATES.has(pv)) {
      let bag = this.bags.get(sk);
      if (!bag) this.bags.set(sk, (bag = {}));
      bag[localName(pv)] = ov;
      return;
    }
    this.direct.push([sk, pv, isLit ? LIT + ov : ov]);
  }

  private label(k: string): string {
    if (k.startsWith(LIT)) return k.slice(LIT.length);
    return this.labels.get(k) ?? (k.startsWith('_:') ? k.slice(2) : localName(k));
  }

  private relationName(k: string): string {
    return this.labels.get(k) ?? localName(k);
  }

  /** Write what was collected; `where` names the file for errors. */
  emit(sink: ImportSink, file: string): void {
    function fail(reason: string): never {
      throw new ImportError(reason, { file });
    }
    sink.where = { file };
    const isNode = (k: string) => !this.special.has(k) || this.kinds.has(k);
    // 1. Nodes: every typed node, every end of a reified or plain triple, every instance of a link.
    const nodes = new Set<string>(this.kinds.keys());
    for (const [k, bag] of this.bags) {
      const sp = this.special.get(k);
      if (sp === 'stmt') {
        if (!bag.subject || !bag.predicate || !bag.object) fail(`statement ${k} lacks rdf:subject, rdf:predicate or rdf:object`);
        nodes.add(bag.subject);
        nodes.add(bag.object);
      } else if (sp === 'link' && bag.instance) nodes.add(bag.instance);
    }
    for (const [s, , o] of this.direct) {
      if (!isNode(s) || !isNode(o)) continue;
      nodes.add(s);
      nodes.add(o);
    }
    const ordered = [...nodes].sort((a, b) => Number(this.kinds.get(b) === 'concept') - Number(this.kinds.get(a) === 'concept'));
    for (const k of ordered) {
      let type: string | null = null;
      const refs = this.classRefs.get(k) ?? [];
      const typeRef = refs.find((r) => this.special.get(r) === 'type') ?? refs.find((r) => this.kinds.get(r) !== 'concept');
      if (typeRef) type = this.relationName(typeRef);
      sink.node(k, { kind: this.kinds.get(k) ?? 'entity', label: this.label(k), type, aliases: this.aliases.get(k) ?? [] });
    }
    // 2. Concept links: detailed link records first, then plain rdf:type / rdfs:subClassOf / skos:broader to a concept.
    const linked = new Set<string>();
    for (const [k, bag] of this.bags) {
      if (this.special.get(k) !== 'link') continue;
      const c = bag.concept ? sink.nodeId(bag.concept) : undefined;
      if (c === undefined) return fail(`concept link ${k} has no known gw:concept`);
      const level = bag.level !== undefined ? Number(bag.level) : 0;
      if (!Number.isInteger(level)) fail(`concept link ${k}: gw:level is not an integer`);
      if (bag.instance) {
        sink.link(c, { nodeId: sink.nodeId(bag.instance)! }, level, bag.model ?? null, bag.batch ?? null);
        linked.add(`${bag.concept}|${bag.instance}`);
      } else if (bag.relation) {
        sink.link(c, { relation: this.relationName(bag.relation) }, level, bag.model ?? null, bag.batch ?? null);
        linked.add(`${bag.concept}|${bag.relation}`);
      } else fail(`concept link ${k} has neither gw:instance nor gw:relation`);
    }
    const isConcept = (k: string) => this.kinds.get(k) === 'concept';
    for (const k of ordered) {
      for (const r of this.classRefs.get(k) ?? []) {
        if (isConcept(r) && !linked.has(`${r}|${k}`)) {
          linked.add(`${r}|${k}`);
          sink.link(sink.nodeId(r)!, { nodeId: sink.nodeId(k)! });
        }
      }
    }
    for (const [how, s, o] of this.plainLinks) {
      if (!isConcept(o) || linked.has(`${o}|${s}`)) continue;
      linked.add(`${o}|${s}`);
      const c = sink.nodeId(o)!;
      const n = sink.nodeId(s);
      if (n !== undefined) sink.link(c, { nodeId: n });
      else if (how === 'broader' || this.special.get(s) === 'prop') sink.link(c, { relation: this.relationName(s) });
    }
    // 3. Triples: reified statements keep their status, stage, confidence, engine, model, precision and qualifiers; plain ones are accepted imports.
    for (const [k, bag] of this.bags) {
      if (this.special.get(k) !== 'stmt') continue;
      sink.where = { file };
      const status = bag.status ?? 'accepted';
      if (!EdgeStatus.safeParse(status).success) fail(`statement ${k}: unknown gw:status ${JSON.stringify(status)}`);
      const stage = bag.stage ?? 'import';
      if (!Stage.safeParse(stage).success) fail(`statement ${k}: unknown gw:stage ${JSON.stringify(stage)}`);
      const confidence = bag.confidence !== undefined ? Number(bag.confidence) : undefined;
      if (confidence !== undefined && !Number.isFinite(confidence)) fail(`statement ${k}: gw:confidence is not a number`);
      const qualifiers: Record<string, unknown> = {};
      for (const [key, , isBool] of QUALIFIER_PROPS) {
        const v = bag[key];
        if (v === undefined) continue;
        if (isBool && v !== 'true' && v !== 'false') fail(`statement ${k}: gw:${key} is not a boolean: ${JSON.stringify(v)}`);
        qualifiers[key] = isBool ? v === 'true' : v;
      }
      sink.edge(k, sink.nodeId(bag.subject)!, sink.nodeId(bag.object)!, {
        precision: sink.precision(bag.precision, `statement ${k}`),
        qualifiers: sink.qualifiers(Object.keys(qualifiers).length ? qualifiers : undefined, `statement ${k}`),
        relation: this.relationName(bag.predicate),
        status: status as EdgeStatus,
        stage: stage as Stage,
        confidence,
        engine: bag.engine,
        model: bag.model ?? null,
      });
    }
    for (const [s, p, o] of this.direct) {
      if (!isNode(s) || !isNode(o)) continue;
      sink.edge(null, sink.nodeId(s)!, sink.nodeId(o)!, { relation: this.relationName(p) });
    }
    // 4. Evidence.
    for (const [k, list] of this.derivs) {
      const target = this.special.get(k) === 'stmt' ? { edgeId: sink.edgeId(k) } : { nodeId: sink.nodeId(k) };
      if (Object.values(target)[0] === undefined) continue;
      for (const d of list) {
        const bag = this.bags.get(d);
        if (!bag) return fail(`derivation ${d} has no properties`);
        const docKey = bag.document ?? (bag.entity && this.special.get(bag.entity) === 'doc' ? bag.entity : undefined);
        if (!docKey) fail(`derivation ${d} has no gw:document`);
        const doc = this.bags.get(docKey) ?? {};
        const chunk = bag.entity && this.special.get(bag.entity) === 'chunk' ? this.bags.get(bag.entity) : undefined;
        const start = Number(bag.start);
        const end = Number(bag.end);
        if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) fail(`derivation ${d}: bad span [${bag.start}, ${bag.end})`);
        sink.provenance(target as { edgeId: number } | { nodeId: number }, {
          document: {
            title: this.labels.get(docKey) ?? localName(docKey),
            hash: doc.contentHash ?? null,
            path: doc.sourcePath ?? null,
            format: doc.format ?? null,
          },
          chunk:
            chunk && chunk.ordinal !== undefined
              ? {
                  ordinal: Number(chunk.ordinal),
                  start: Number(chunk.start ?? start),
                  end: Number(chunk.end ?? end),
                  page: chunk.page !== undefined ? Number(chunk.page) : null,
                }
              : null,
          start,
          end,
          quote: bag.quote ?? '',
          rules: this.rules.get(d),
        });
      }
    }
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Parse Turtle or N-Triples synchronously, slice by slice, into the collector. */
export function parseRdfFile(file: string, format: 'ttl' | 'nt', collector: RdfCollector): void {
  const parser = new N3.Parser({ format: format === 'nt' ? 'N-Triples' : 'Turtle' });
  let onData: ((chunk: string) => void) | undefined;
  let onEnd: (() => void) | undefined;
  let error: Error | null = null;
  const fake = {
    on(event: string, cb: (...args: unknown[]) => void) {
      if (event === 'data') onData = cb as (chunk: string) => void;
      else if (event === 'end') onEnd = cb as () => void;
      return fake;
    },
  };
  (parser as unknown as { parse(input: unknown, cb: (err: Error | null, q: N3.Quad | null) => void): void }).parse(fake, (err, q) => {
    if (error) return;
    if (err) error = err;
    else if (q) collector.add(q.subject as RdfTerm, q.predicate as RdfTerm, q.object as RdfTerm);
  });
  const check = () => {
    if (!error) return;
    const e = error as Error & { context?: { line?: number } };
    const line = e.context?.line ?? Number(/line (\d+)/.exec(e.message)?.[1] ?? NaN);
    throw new ImportError(`${format === 'nt' ? 'N-Triples' : 'Turtle'} syntax error: ${e.message.replace(/ on line \d+\.?$/, '')}`, {
      file,
      line: Number.isFinite(line) ? line : undefined,
    });
  };
  readChunks(file, (text) => {
    onData!(text);
    check();
  });
  onEnd!();
  check();
}
