// graphwright explain on real kit sentences (RFC 3580 §5, read from the kit): the passes of a stored
// triple's sentence, read in its chunk, name the rules stored with the triple; a text gives each
// pass's output, a negated clause says so and yields no triple.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { ruleInfo } from '../../electron/core/extract/rules';
import { triplePrecision } from '../../electron/core/extract/precision';
import { estimatePrecision, qualifierFlags, relationQualifierFlags } from '../../electron/core/extract/precision-model';
import { documentSalience, tripleContext } from '../../electron/core/extract/precision-context';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

const KIT = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'rfc-radius-eap', 'rfc3580.txt');
/** The kit's paragraph that holds `from`, up to its blank line. */
function kitParagraph(from: string): string {
  const text = fs.readFileSync(KIT, 'utf8');
  const at = text.indexOf(from);
  expect(at, from).toBeGreaterThan(0);
  return text.slice(at, text.indexOf('\n\n', at)).replace(/\s+/g, ' ');
}

const t = tmpDir();
const db = path.join(t.dir, 'explain.db');
let text = '';

beforeAll(() => {
  text = kitParagraph('RADIUS, defined in [RFC2865], does not require');
  const store = Store.open(db);
  store.documents.insert({
    title: 'rfc3580 excerpt',
    sourcePath: '/tmp/rfc3580-excerpt.txt',
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: 'h-explain',
    text,
    originalText: text,
    chunks: [{ ordinal: 0, start: 0, end: text.length, page: null, headingPath: [], text, hash: 'c-explain' }],
  });
  store.close();
  expect(cli(['extract', '--db', db, '--engine', 'classic', '--json']).code).toBe(0);
});
afterAll(() => t.cleanup());

describe('graphwright explain', () => {
  it('--triple: the sentence of its evidence, each pass, and the rules stored with the triple', () => {
    const triples = cli(['triples', '--db', db, '--json']).json() as {
      id: number;
      subject: string;
      relation: string;
      object: string;
      rules: string[];
      precision: number | null;
      qualifiers: Record<string, unknown>;
    }[];
    const based = triples.find((x) => x.subject === 'IEEE 802.1X' && x.object === 'EAP');
    expect(based, JSON.stringify(triples)).toBeDefined();
    expect(based!.rules[0]).toMatch(/^prop\./);
    const r = cli(['explain', '--db', db, '--triple', String(based!.id), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const x = r.json();
    // the precision stored with it is the model's over its rule's precision, its shape and its place in the
    // document (extract/precision-context.ts, as the extraction job builds it; this sentence gives one triple)
    expect(based!.precision).not.toBeNull();
    const context = tripleContext(documentSalience(text), { start: x.triple.start, end: x.triple.end }, based!, 1);
    const shape = {
      ...based!,
      sentence: x.sentences[0].text,
      conditional: Boolean(based!.qualifiers.condition),
      qualifiers: qualifierFlags(based!.qualifiers),
      // (the relation form's qualifiers, as the job reads them from the triple's meta: a stored triple's keys are the same)
      relationQualifiers: relationQualifierFlags(based!.qualifiers),
      context,
    };
    expect(based!.precision).toBe(estimatePrecision(based!.rules, shape));
    expect(based!.precision).not.toBe(triplePrecision(based!.rules));
    expect(x.triple).toMatchObject({ id: based!.id, subject: 'IEEE 802.1X', object: 'EAP', rules: based!.rules });
    expect(x.sentences).toHaveLength(1);
    const [s] = x.sentences;
    expect(s.text).toBe('However, IEEE 802.1X is based on EAP.');
    expect(s.passes.tokens.map((k: { text: string }) => k.text)).toContain('based');
    expect(s.passes.phrases.map((p: { text: string }) => p.text)).toEqual(expect.arrayContaining(['IEEE 802.1X', 'EAP']));
    expect(s.passes.clauses.map((c: { verb: string; polarity: string }) => [c.verb, c.polarity])).toEqual([['is based', 'asserted']]);
    // the passes read the stored triple again, with the same rules
    expect(s.passes.triples).toContainEqual(expect.objectContaining({ head: 'IEEE 802.1X', tail: 'EAP', rules: based!.rules }));
    expect(x.rules.map((e: { id: string }) => e.id)).toEqual(based!.rules);
    for (const e of x.rules) expect(e.statement).toBe(ruleInfo(e.id)!.statement);
  });

  it('--text: a negated clause is marked with its rule and asserts nothing', () => {
    const r = cli(['explain', '--text', kitParagraph('The threat can be mitigated by protecting RADIUS'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const x = r.json();
    const negated = x.sentences.flatMap((s: { passes?: { clauses: { verb: string; polarity: string; rule?: string }[] } }) => s.passes?.clauses ?? []);
    expect(negated).toContainEqual(expect.objectContaining({ verb: 'MUST NOT be used', polarity: 'negated', rule: 'polarity.negation' }));
    const read = x.sentences.flatMap((s: { passes?: { triples: { relation: string }[] } }) => s.passes?.triples ?? []);
    expect(read.map((tr: { relation: string }) => tr.relation)).not.toContain('used for');
  });

  it('refuses a missing triple and asks for exactly one of --triple and --text', () => {
    const missing = cli(['explain', '--db', db, '--triple', '999999', '--json']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/no triple 999999/);
    const both = cli(['explain', '--db', db, '--triple', '1', '--text', 'x']);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toMatch(/exactly one of --triple/);
  });
});
