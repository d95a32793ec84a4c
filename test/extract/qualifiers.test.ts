// A triple's qualifiers reach the editor: the relation written in its lemma form keeps the words as
// written, the modal kept out of it is the triple's modality, a requirement its polarity, in
// triples.list, triples --json and the evidence call (shared/schemas.ts TripleQualifiers); a bounded
// count on the object is its quantity; a preposition of place, time or manner taken out of the relation is its preposition;
// a catenative verb taken out before its infinitive ("may choose to reject") is its catenative.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modalityText } from '../../renderer/src/features/review/qualifiers';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';

const TEXT = `Widget Exchange Protocol

1.  Introduction

   The key words "MUST", "MUST NOT", "SHOULD" and "MAY" in this document are to be interpreted as
   described in RFC 2119.

   The gateway must send each request to the registry.

   The gateway MUST NOT acknowledge a request twice.

   The registry sends at least two replies to the gateway.

   Each request is stored in the journal.

   The registry may choose to reject the request.

   Each reply is sent to the gateway by the registry.
`;

type Row = { subject: string; relation: string; label: string; object: string; qualifiers: Record<string, unknown> };

const tmp = tmpDir('qualifiers');
afterAll(() => tmp.cleanup());

describe('qualifiers of a triple', () => {
  it('triples --json carries the relation as written, its modality and its polarity', () => {
    const dir = tmp.dir;
    const file = path.join(dir, 'widgets.txt');
    fs.writeFileSync(file, TEXT);
    const db = path.join(dir, 'q.db');
    expect(cli(['ingest', file, '--db', db]).code).toBe(0);
    expect(cli(['extract', '--engine', 'classic', '--db', db]).code).toBe(0);
    const rows = cli(['triples', '--db', db, '--json']).json() as Row[];
    const forward = rows.find((t) => t.subject === 'gateway' && t.relation === 'send' && t.object === 'request');
    expect(forward, JSON.stringify(rows.map((t) => [t.subject, t.relation, t.object]))).toBeDefined();
    // the lemma form keeps what was written, and the modal is the triple's modality
    expect(forward!.relation).not.toMatch(/must/i);
    expect(forward!.qualifiers).toMatchObject({ modality: 'must', surface: 'must send' });
    // a requirement keeps its keyword as the relation, with its modality and polarity
    const ack = rows.find((t) => t.subject === 'gateway' && /MUST NOT/.test(t.relation));
    expect(ack, JSON.stringify(rows)).toBeDefined();
    expect(ack!.qualifiers).toMatchObject({ modality: 'MUST NOT', negated: true });
    // a bounded count is a qualifier, not part of the object
    const returns = rows.find((t) => t.subject === 'registry' && t.relation === 'send');
    expect(returns, JSON.stringify(rows.map((t) => [t.subject, t.relation, t.object]))).toBeDefined();
    expect(returns!.object).toMatch(/^repl(?:y|ies)$/);
    expect(returns!.qualifiers).toMatchObject({ quantity: 'at least two' });
    // a preposition of place ending the relation is its qualifier (rel.adjunct), the words as written its label
    const stored = rows.find((t) => t.subject === 'request' && t.object === 'journal');
    expect(stored, JSON.stringify(rows.map((t) => [t.subject, t.relation, t.object]))).toBeDefined();
    // (and the passive's participle its verb's lemma, the voice kept apart: rel.voice)
    expect(stored!.relation).toBe('store');
    expect(stored!.qualifiers).toMatchObject({ preposition: 'in', surface: 'stored in', voice: 'passive' });
    // a catenative verb taken out of the relation before its infinitive is its qualifier (rel.catenative)
    const reject = rows.find((t) => t.subject === 'registry' && t.object === 'request' && t.relation === 'reject');
    expect(reject, JSON.stringify(rows.map((t) => [t.subject, t.relation, t.object]))).toBeDefined();
    expect(reject!.qualifiers).toMatchObject({ modality: 'may', catenative: 'choose to', surface: 'may choose to reject' });
    // a passive written as its verb's lemma keeps its voice apart, and its label is the words as written
    // (rel.voice): the relation alone, "send to", would make the reply the sender
    const sent = rows.find((t) => t.subject === 'reply' && t.object === 'gateway');
    expect(sent, JSON.stringify(rows.map((t) => [t.subject, t.relation, t.object]))).toBeDefined();
    expect(sent!.relation).toBe('send to');
    expect(sent!.qualifiers).toMatchObject({ voice: 'passive' });
    expect(sent!.label).toBe(sent!.qualifiers.surface);
    expect(sent!.label).toMatch(/^(?:is )?sent to$/);
    // an active relation is labelled by itself and has no voice
    expect(forward!.label).toBe('send');
    expect(forward!.qualifiers.voice).toBeUndefined();
    // the plain listing shows the label too
    const listed = cli(['triples', '--db', db]).stdout;
    expect(listed).toContain(`reply | ${sent!.label} | gateway`);
    // every row has the field, {} when nothing qualifies it
    expect(rows.every((t) => typeof t.qualifiers === 'object' && t.qualifiers !== null)).toBe(true);
  }, 180_000);

  it('the modality an editor reads: the keyword as written with its negation', () => {
    expect(modalityText({ modality: 'MUST', negated: true })).toBe('MUST NOT');
    expect(modalityText({ modality: 'MUST NOT', negated: true })).toBe('MUST NOT');
    expect(modalityText({ modality: 'can', negated: true })).toBe('can not');
    expect(modalityText({ modality: 'should' })).toBe('should');
    expect(modalityText({ negated: true })).toBe('not');
    expect(modalityText({ surface: 'holds' })).toBe('');
    expect(modalityText(undefined)).toBe('');
  });
});
