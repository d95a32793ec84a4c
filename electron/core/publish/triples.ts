// The local graph as the set of N-Triples lines a SPARQL store receives: the Turtle export's own
// mapping (walkRdf), with blank nodes skolemised (RDF 1.1 §3.5) so a triple can be deleted again
// (DELETE DATA takes no blank nodes) and a later publish finds the same line. Pull turns the
// skolem IRIs back into blank nodes.
import { createHash } from 'node:crypto';
import N3 from 'n3';
import type { Db } from '../store/db';
import { ExportRepository } from '../store/export';
import { walkRdf, type Term } from '../export/write-rdf';
import { DEFAULT_BASE, normalizeBase, XSD } from '../export/vocab';
import type { WriteContext } from '../export/select';
import type { ExportOptions } from '../../../shared/contract/export';
import { toFilter, withDocumentIdentities } from '../export';
import { version } from '../version';

/** What a publish carries: the export's selection options. */
export type PublishOptions = Pick<Partial<ExportOptions>, 'acceptedOnly' | 'documentId' | 'concepts' | 'provenance' | 'base'>;

const GENID = '/.well-known/genid/';

/** The skolem IRI of a blank node of an export with this base. */
function skolemIri(base: string, id: string): string {
  return `${normalizeBase(base)}.well-known/genid/${encodeURIComponent(id)}`;
}

const writer = new N3.Writer({ format: 'N-Triples' });
const { namedNode, literal } = N3.DataFactory;

function n3(t: Term, base: string): N3.NamedNode | N3.Literal {
  if (t.t === 'iri') return namedNode(t.v);
  if (t.t === 'blank') return namedNode(skolemIri(base, t.v));
  return t.dt ? literal(t.v, namedNode(t.dt)) : literal(t.v);
}

/** One N-Triples line without its final " .\n": the same text SPARQL's INSERT DATA reads. */
export function tripleText(s: N3.Term, p: N3.Term, o: N3.Term): string {
  return writer.quadToString(s as N3.Quad_Subject, p as N3.Quad_Predicate, o as N3.Quad_Object).replace(/ \.\n$/, '');
}

export const tripleHash = (line: string) => createHash('sha1').update(line).digest('base64url').slice(0, 22);

/** hash → N-Triples line (skolemised) of every triple the selection exports. */
export async function localTriples(
  db: Db,
  options: PublishOptions,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const filter = toFilter(options);
  // like an export without `paths`: a shared store gets document identities (title, hash, name), never local paths
  const repo = withDocumentIdentities(new ExportRepository(db, filter));
  const counts = repo.counts();
  const total = counts.nodes.entity + counts.nodes.event + counts.nodes.concept + counts.edges + counts.conceptLinks;
  const base = normalizeBase(options.base ?? DEFAULT_BASE);
  let done = 0;
  const ctx: WriteContext = {
    repo,
    filter,
    base,
    version,
    target: {
      open() {
        throw new Error('publish writes no files');
      },
    },
    tick(n) {
      if (signal?.aborted) throw new Error('publish cancelled');
      done += n;
      onProgress?.(Math.min(done, total), total);
    },
  };
  const out = new Map<string, string>();
  await walkRdf(
    ctx,
    (b) => {
      const s = n3(b.s, base);
      for (const [p, o] of b.po) {
        const line = tripleText(s, namedNode(p), n3(o, base));
        out.set(tripleHash(line), line);
      }
    },
    async () => undefined,
  );
  return out;
}

/** A remote quad with skolem IRIs turned back into blank nodes, for the import reader. */
export function unskolemize(t: N3.Term): N3.Term {
  if (t.termType !== 'NamedNode') return t;
  const i = t.value.indexOf(GENID);
  if (i < 0) return t;
  const id = decodeURIComponent(t.value.slice(i + GENID.length)).replace(/[^A-Za-z0-9_-]/g, '_');
  return N3.DataFactory.blankNode(id || 'b');
}

/**
 * A comparison key of a triple that survives a store's rewriting of literals: numbers compared by
 * value (a store may write 9.0E-1 back as 0.9), every other term by its N-Triples text.
 */
export function canonicalKey(s: N3.Term, p: N3.Term, o: N3.Term): string {
  let obj: N3.Term = o;
  if (o.termType === 'Literal') {
    const dt = o.datatype?.value ?? '';
    if (dt === `${XSD}double` || dt === `${XSD}float` || dt === `${XSD}decimal` || dt === `${XSD}integer` || dt === `${XSD}int` || dt === `${XSD}long`) {
      const family = dt === `${XSD}double` || dt === `${XSD}float` ? 'double' : 'number';
      obj = literal(String(Number(o.value)), namedNode(`${XSD}${family}`));
    } else if (dt === `${XSD}string`) obj = literal(o.value);
  }
  return tripleText(s, p, obj);
}

/** Parse N-Triples or Turtle text into quads; a syntax error names the source. */
export function parseTriples(text: string, mediaType: string, source: string): N3.Quad[] {
  const format = /turtle/i.test(mediaType) ? 'Turtle' : 'N-Triples';
  try {
    return new N3.Parser({ format }).parse(text);
  } catch (err) {
    throw new Error(`${source}: the ${format} answer does not parse: ${(err as Error).message}`);
  }
}
