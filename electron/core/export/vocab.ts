// The RDF vocabulary of Graphwright exports, the stable IRIs of graph items and the published
// JSON-LD @context (also in docs/graphwright-context.jsonld, kept equal by a test).
import { createHash } from 'node:crypto';
import { normalizeLabel } from '../store/normalize';

export const GW = 'https://w3id.org/graphwright/ns#';
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
export const PROV = 'http://www.w3.org/ns/prov#';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const OWL = 'http://www.w3.org/2002/07/owl#';
export const DEFAULT_BASE = 'https://graphwright.local/kb/';

/** The published context's IRI (the same object is embedded inline in every export). */
export const CONTEXT_IRI = 'https://w3id.org/graphwright/context.jsonld';

const PREFIXES: Record<string, string> = { gw: GW, rdf: RDF, rdfs: RDFS, skos: SKOS, prov: PROV, xsd: XSD };

export const V = {
  type: `${RDF}type`,
  Statement: `${RDF}Statement`,
  Property: `${RDF}Property`,
  subject: `${RDF}subject`,
  predicate: `${RDF}predicate`,
  object: `${RDF}object`,
  label: `${RDFS}label`,
  Class: `${RDFS}Class`,
  subClassOf: `${RDFS}subClassOf`,
  altLabel: `${SKOS}altLabel`,
  prefLabel: `${SKOS}prefLabel`,
  broader: `${SKOS}broader`,
  wasDerivedFrom: `${PROV}wasDerivedFrom`,
  qualifiedDerivation: `${PROV}qualifiedDerivation`,
  Derivation: `${PROV}Derivation`,
  provEntity: `${PROV}entity`,
  ProvEntity: `${PROV}Entity`,
  Entity: `${GW}Entity`,
  Event: `${GW}Event`,
  Concept: `${GW}Concept`,
  NodeType: `${GW}NodeType`,
  ConceptLink: `${GW}ConceptLink`,
  Document: `${GW}Document`,
  Chunk: `${GW}Chunk`,
  status: `${GW}status`,
  stage: `${GW}stage`,
  confidence: `${GW}confidence`,
  precision: `${GW}precision`,
  surface: `${GW}surface`,
  modality: `${GW}modality`,
  negated: `${GW}negated`,
  condition: `${GW}condition`,
  only: `${GW}only`,
  quantity: `${GW}quantity`,
  phrase: `${GW}phrase`,
  preposition: `${GW}preposition`,
  catenative: `${GW}catenative`,
  voice: `${GW}voice`,
  engine: `${GW}engine`,
  model: `${GW}model`,
  concept: `${GW}concept`,
  instance: `${GW}instance`,
  relation: `${GW}relation`,
  level: `${GW}level`,
  batch: `${GW}batch`,
  document: `${GW}document`,
  start: `${GW}start`,
  end: `${GW}end`,
  page: `${GW}page`,
  ordinal: `${GW}ordinal`,
  quote: `${GW}quote`,
  clause: `${GW}clause`,
  rule: `${GW}rule`,
  contentHash: `${GW}contentHash`,
  sourcePath: `${GW}sourcePath`,
  format: `${GW}format`,
  version: `${GW}version`,
  edition: `${GW}edition`,
  integer: `${XSD}integer`,
  double: `${XSD}double`,
  boolean: `${XSD}boolean`,
} as const;

/** The qualifier properties of a reified triple, in the order they are written: [key of TripleQualifiers, property, is boolean]. */
export const QUALIFIER_PROPS = [
  ['surface', V.surface, false],
  ['modality', V.modality, false],
  ['negated', V.negated, true],
  ['condition', V.condition, false],
  ['only', V.only, true],
  ['quantity', V.quantity, false],
  ['phrase', V.phrase, false],
  ['preposition', V.preposition, false],
  ['catenative', V.catenative, false],
  ['voice', V.voice, false],
] as const;

const seg = (s: string) => encodeURIComponent(s);

/** Stable IRIs: from the identity of an item (kind + normalised label, relation text, content hash), never from database ids. */
export class Iris {
  readonly base: string;
  constructor(base: string = DEFAULT_BASE) {
    this.base = normalizeBase(base);
  }
  node(kind: string, label: string): string {
    return `${this.base}${kind}/${seg(normalizeLabel(label))}`;
  }
  relation(relation: string): string {
    return `${this.base}relation/${seg(relation)}`;
  }
  type(type: string): string {
    return `${this.base}type/${seg(type)}`;
  }
  document(hash: string): string {
    return `${this.base}document/${seg(hash)}`;
  }
  chunk(hash: string, ordinal: number): string {
    return `${this.base}document/${seg(hash)}/chunk/${ordinal}`;
  }
  edge(subjectIri: string, relationIri: string, objectIri: string): string {
    return `${this.base}edge/${createHash('sha1').update(`${subjectIri} ${relationIri} ${objectIri}`).digest('hex').slice(0, 24)}`;
  }
}

/** A base usable as a JSON-LD prefix and a Turtle namespace: it must end with '/', '#' or ':'. */
export function normalizeBase(base: string): string {
  return /[/#:]$/.test(base) ? base : `${base}/`;
}

/** Namespace prefixes of an export (Turtle @prefix, JSON-LD context): the vocabularies plus the base's sub-spaces. */
export function exportPrefixes(base: string): Record<string, string> {
  const b = normalizeBase(base);
  return {
    ...PREFIXES,
    kb: b,
    ent: `${b}entity/`,
    evt: `${b}event/`,
    cpt: `${b}concept/`,
    rel: `${b}relation/`,
    typ: `${b}type/`,
    doc: `${b}document/`,
    edge: `${b}edge/`,
  };
}

/** The last path or fragment segment of an IRI, percent-decoded: a readable name for generic KB items. */
export function localName(iri: string): string {
  const m = /[^/#:]+$/.exec(iri.replace(/[/#]+$/, ''));
  const raw = m ? m[0] : iri;
  try {
    return decodeURIComponent(raw);
  } catch {
    // not percent-encoded after all: the name as it is
    return raw;
  }
}

/** The @context of Graphwright JSON-LD (without the per-export `kb` base prefix). */
export const JSONLD_CONTEXT: Record<string, unknown> = {
  gw: GW,
  rdf: RDF,
  rdfs: RDFS,
  skos: SKOS,
  prov: PROV,
  xsd: XSD,
  Entity: 'gw:Entity',
  Event: 'gw:Event',
  Concept: 'gw:Concept',
  NodeType: 'gw:NodeType',
  ConceptLink: 'gw:ConceptLink',
  Document: 'gw:Document',
  Chunk: 'gw:Chunk',
  Statement: 'rdf:Statement',
  Property: 'rdf:Property',
  Class: 'rdfs:Class',
  Derivation: 'prov:Derivation',
  ProvEntity: 'prov:Entity',
  label: 'rdfs:label',
  altLabel: { '@id': 'skos:altLabel', '@container': '@set' },
  subject: { '@id': 'rdf:subject', '@type': '@id' },
  predicate: { '@id': 'rdf:predicate', '@type': '@id' },
  object: { '@id': 'rdf:object', '@type': '@id' },
  status: 'gw:status',
  stage: 'gw:stage',
  confidence: { '@id': 'gw:confidence', '@type': 'xsd:double' },
  precision: { '@id': 'gw:precision', '@type': 'xsd:double' },
  surface: 'gw:surface',
  modality: 'gw:modality',
  negated: { '@id': 'gw:negated', '@type': 'xsd:boolean' },
  condition: 'gw:condition',
  only: { '@id': 'gw:only', '@type': 'xsd:boolean' },
  quantity: 'gw:quantity',
  phrase: 'gw:phrase',
  preposition: 'gw:preposition',
  catenative: 'gw:catenative',
  voice: 'gw:voice',
  engine: 'gw:engine',
  model: 'gw:model',
  concept: { '@id': 'gw:concept', '@type': '@id' },
  instance: { '@id': 'gw:instance', '@type': '@id' },
  relation: { '@id': 'gw:relation', '@type': '@id' },
  level: { '@id': 'gw:level', '@type': 'xsd:integer' },
  batch: 'gw:batch',
  subClassOf: { '@id': 'rdfs:subClassOf', '@type': '@id' },
  broader: { '@id': 'skos:broader', '@type': '@id' },
  wasDerivedFrom: { '@id': 'prov:wasDerivedFrom', '@type': '@id', '@container': '@set' },
  qualifiedDerivation: { '@id': 'prov:qualifiedDerivation', '@type': '@id', '@container': '@set' },
  entity: { '@id': 'prov:entity', '@type': '@id' },
  document: { '@id': 'gw:document', '@type': '@id' },
  start: { '@id': 'gw:start', '@type': 'xsd:integer' },
  end: { '@id': 'gw:end', '@type': 'xsd:integer' },
  page: { '@id': 'gw:page', '@type': 'xsd:integer' },
  ordinal: { '@id': 'gw:ordinal', '@type': 'xsd:integer' },
  quote: 'gw:quote',
  clause: 'gw:clause',
  rule: { '@id': 'gw:rule', '@container': '@set' },
  contentHash: 'gw:contentHash',
  sourcePath: 'gw:sourcePath',
  format: 'gw:format',
  version: { '@id': 'gw:version', '@type': 'xsd:integer' },
  edition: 'gw:edition',
};

/** The context written into an export: the published one plus the prefixes of the export's IRI base. */
export function exportContext(base: string): Record<string, unknown> {
  const { gw: _gw, rdf: _rdf, rdfs: _rdfs, skos: _skos, prov: _prov, xsd: _xsd, ...baseSpaces } = exportPrefixes(base);
  return { ...JSONLD_CONTEXT, ...baseSpaces };
}
