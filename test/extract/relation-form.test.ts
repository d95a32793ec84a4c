// Pass 7, relation form (extract/classic/relation-form.ts), rule by rule on triples built for the
// purpose: each names the rule id it checks.
import { describe, expect, it } from 'vitest';
import { relationForm, voiceLemma } from '../../electron/core/extract/classic/relation-form';
import type { CandidateTriple } from '../../electron/core/extract/types';

const triple = (head: string, relation: string, tail: string, meta?: Record<string, unknown>): CandidateTriple => ({
  stage: 'EE',
  head: { text: head, kind: 'entity' },
  relation,
  tail: { text: tail, kind: 'entity' },
  rules: ['prop.object'],
  ...(meta ? { meta } : {}),
});

describe('relation form', () => {
  it('rel.lemma and rel.modality: the verb group in lemma form, the modal and the words as written kept in meta', () => {
    const t = relationForm(triple('NAS', 'MUST send', 'request'), true);
    expect(t).toMatchObject({ relation: 'send', meta: { modality: 'MUST', surface: 'MUST send' } });
    expect(t.rules).toEqual(['prop.object', 'rel.modality', 'rel.lemma']);
    // a relation already in its form is left as it is, with no label
    const same = triple('NAS', 'send', 'request');
    expect(relationForm(same, true)).toBe(same);
  });

  it('rel.modality: a requirement keyword that is the whole relation stays the relation ("MUST NOT" never leaves "NOT")', () => {
    for (const relation of ['MUST NOT', 'SHOULD NOT', 'MUST'])
      for (const verbal of [false, true]) expect(relationForm(triple('Digest-HA1', relation, 'be sent'), verbal).relation).toBe(relation);
  });

  it('rel.embedded-object: the noun between verb and preposition leaves the relation', () => {
    const t = relationForm(triple('NAS', 'sends Access-Request packets to', 'server', { object: 'Access-Request packets' }), true);
    expect(t).toMatchObject({ relation: 'send to', meta: { object: 'Access-Request packets', surface: 'sends Access-Request packets to' } });
    expect(t.rules).toContain('rel.embedded-object');
  });

  it('rel.measure: a measurement noun or a unit is no relation, a unit named by its dimension', () => {
    expect(relationForm(triple('Key field', 'length', '16 octets'), false)).toMatchObject({ relation: 'has length', rules: ['prop.object', 'rel.measure'] });
    expect(relationForm(triple('frame', 'maximum frame length', '1500 octets'), false).relation).toBe('has length');
    expect(relationForm(triple('timer', 'seconds', '30'), false).relation).toBe('has duration');
    // a verb relation that mentions a measure is a verb relation
    expect(relationForm(triple('server', 'limits number of', 'clients'), true).relation).toBe('limit number of');
  });

  it('rel.measure-subject: a quantity read as the relation of a measurement noun is the value', () => {
    const t = relationForm(triple('length', '4 octets', 'Lost field'), false);
    expect(t).toMatchObject({ head: { text: 'Lost field' }, relation: 'has length', tail: { text: '4 octets', literal: true, type: 'quantity' } });
    expect(t.rules).toContain('rel.measure-subject');
  });

  it('rel.code: every notion of a numeric type code is "has code"', () => {
    for (const r of ['has type', 'has code', 'type value', 'has value', 'attribute type code', 'value'])
      expect(relationForm({ ...triple('Foo-Bar', r, '26'), rules: ['pattern:value.field'] }, false).relation, r).toBe('has code');
    // a value that is no bare number is no code
    expect(relationForm(triple('Foo-Bar', 'has value', 'VLAN (13)'), false).relation).toBe('has value');
    // a pattern's own relation is its vocabulary
    expect(relationForm(triple('RFC 1', 'stands for', 'Foo'), false).relation).toBe('stands for');
  });

  it('rel.light-verb: the act the verb\'s object named is the relation; the object leaves meta, a recipient\'s "to" after "provide" stays', () => {
    const t = relationForm(triple('server', 'provides support for', 'extension', { object: 'support' }), true);
    expect(t).toMatchObject({ relation: 'support', meta: { surface: 'provides support for' } });
    expect(t.meta?.object).toBeUndefined();
    expect(t.rules).toContain('rel.light-verb');
    expect(relationForm(triple('server', 'must provide protection against', 'attacks', { object: 'protection' }), true)).toMatchObject({
      relation: 'protect against',
      meta: { modality: 'must' },
    });
    expect(relationForm(triple('server', 'provides authentication to', 'peer', { object: 'authentication' }), true).relation).toBe('provide to');
    // a passive is no light verb's act ("is given support for"), nor is a noun naming a thing
    expect(relationForm(triple('server', 'provides mechanism for', 'peer', { object: 'mechanism' }), true).relation).toBe('provide for');
    // the act in the tail: its span moves past the words taken
    const tail = relationForm(
      {
        ...triple('NAS', 'performs', 'validation of the certificate'),
        tail: { text: 'validation of the certificate', kind: 'entity', span: { start: 10, end: 39 } },
      },
      true,
    );
    expect(tail).toMatchObject({
      relation: 'validate',
      tail: { text: 'certificate', span: { start: 28, end: 39 } },
      meta: { surface: 'performs validation of' },
    });
    // (the act "have" holds may be another's: "has the support of vendors" is no "support vendors")
    expect(relationForm(triple('protocol', 'has', 'support of vendors'), true).relation).toBe('have');
  });

  it('rel.catenative and rel.act-adjective: the infinitive or gerund is the relation, the catenative its qualifier', () => {
    expect(relationForm(triple('proxy', 'appears to act as', 'server'), true)).toMatchObject({ relation: 'act as', meta: { catenative: 'appear to' } });
    // (any catenative verb: a verb of trying or requiring is kept as the qualifier, as a modal is)
    expect(relationForm(triple('proxy', 'attempts to send', 'reply'), true)).toMatchObject({
      relation: 'send',
      meta: { catenative: 'attempt to', surface: 'attempts to send' },
    });
    expect(relationForm(triple('client', 'is configured to send', 'reply'), true)).toMatchObject({ relation: 'send', meta: { catenative: 'configured to' } });
    // (an object before the infinitive is its subject: the verb's chain stays)
    expect(relationForm(triple('server', 'allows peer to send', 'reply', { object: 'peer' }), true).relation).toBe('allow to send');
    // (an object after the infinitive is the infinitive's own: the chain is read)
    expect(relationForm(triple('vendor', 'may desire to provide customers with', 'accounts', { object: 'customers' }), true)).toMatchObject({
      relation: 'provide with',
      meta: { catenative: 'desire to', modality: 'may', object: 'customers' },
    });
    // (a participle adjective whose "to" is its preposition has an object after it, no infinitive)
    expect(relationForm(triple('question', 'related to power', 'grid'), true).relation).toBe('relate to power');
    // (after a verb whose "to" may be a preposition, the word after it must be an infinitive: a verb's base
    // form, not commoner as an adjective)
    // (its "existing" opens the tail: rel.gerund-tail)
    expect(relationForm(triple('method', 'compared to existing', 'methods'), true)).toMatchObject({
      relation: 'compare to',
      tail: { text: 'existing methods' },
    });
    expect(relationForm(triple('issue', 'left to separate', 'documents'), true).relation).toBe('leave to separate');
    // (a participle adjective whose "to" may be its preposition opens a chain before a word commoner as a verb)
    expect(relationForm(triple('server', 'trusted to distribute', 'keys'), true)).toMatchObject({ relation: 'distribute', meta: { catenative: 'trusted to' } });
    // (a negative implicative says the act was not done: its chain stays)
    expect(relationForm(triple('proxy', 'fails to send', 'reply'), true).relation).toBe('fail to send');
    expect(relationForm(triple('proxy', 'refused to forward', 'reply'), true).relation).toBe('refuse to forward');
    // (what the catenative leaves must be a verb of its own: "designed to be" stays)
    expect(relationForm(triple('field', 'designed to be', 'small'), true).relation).toBe('design to be');
    expect(relationForm(triple('user', 'entitled to use of', 'service'), true).relation).toBe('entitle to use of');
    expect(relationForm(triple('key', 'needed to enable', 'encryption'), true)).toMatchObject({ relation: 'enable', meta: { catenative: 'needed to' } });
    expect(relationForm(triple('layer', 'responsible for', 'carrying frames'), true)).toMatchObject({ relation: 'carry', tail: { text: 'frames' } });
    expect(relationForm(triple('layer', 'responsible for', 'carrying to the peer'), true).relation).toBe('responsible for');
    // a word in -ing whose commonest sense is a noun's is a modifier, not the act: the adjective stays the relation
    expect(relationForm(triple('server', 'responsible for', 'accounting records'), true)).toMatchObject({
      relation: 'responsible for',
      tail: { text: 'accounting records' },
    });
  });
  it("rel.aspect-gerund: a catenative of aspect before a gerund relates by the gerund's verb, the catenative its qualifier", () => {
    const begun = relationForm(triple('researcher', 'has begun leveraging', 'language model'), true);
    expect(begun).toMatchObject({ relation: 'leverage', meta: { catenative: 'begin', surface: 'has begun leveraging' } });
    expect(begun.rules).toContain('rel.aspect-gerund');
    // (the gerund opening the tail: the tail is its object, the gerund joins the label)
    const tail = relationForm({ ...triple('proxy', 'continues', 'forwarding requests'), tail: { text: 'forwarding requests', kind: 'entity' } }, true);
    expect(tail).toMatchObject({ relation: 'forward', tail: { text: 'requests' }, meta: { catenative: 'continue', surface: 'continues forwarding' } });
    expect(relationForm(triple('NAS', 'should continue using', 'old key'), true)).toMatchObject({
      relation: 'use',
      meta: { catenative: 'continue', modality: 'should' },
    });
    // (a gerund WordNet has as an adjective modifies the tail: "continues existing practice" says no "exist"; one
    // commoner as a noun of its own names no act: "begins accounting" is no "account")
    expect(relationForm(triple('server', 'continues', 'existing practice'), true).relation).toBe('continue');
    expect(relationForm(triple('server', 'continues existing', 'practice'), true)).toMatchObject({ relation: 'continue', tail: { text: 'existing practice' } });
    expect(relationForm(triple('LCP', 'begins', 'accounting records'), true).relation).toBe('begin');
    // (not a verb of another kind: "involves sending" is no "send", nor a negative implicative's "ceases sending";
    // the gerund opens the tail, rel.gerund-tail)
    expect(relationForm(triple('protocol', 'involves sending', 'message'), true)).toMatchObject({ relation: 'involve', tail: { text: 'sending message' } });
    expect(relationForm(triple('server', 'ceases sending', 'reply'), true)).toMatchObject({ relation: 'cease', tail: { text: 'sending reply' } });
    // (nor a passive: "is started" says nothing of a gerund after it)
    expect(relationForm(triple('timer', 'is started using', 'value'), true).rules).not.toContain('rel.aspect-gerund');
  });

  it('rel.gerund-tail: a gerund or an "-ing" adjective ending a verb relation opens the tail; the verb stays the relation', () => {
    const text = 'The relay must support receiving control frames.';
    const t = relationForm(
      {
        ...triple('relay', 'must support receiving', 'control frames'),
        tail: { text: 'control frames', kind: 'entity', span: { start: 33, end: 47 } },
        evidence: { start: 0, end: text.length },
      } as CandidateTriple,
      true,
      false,
      text,
    );
    expect(t).toMatchObject({
      relation: 'support',
      tail: { text: 'receiving control frames', span: { start: 23, end: 47 } },
      meta: { modality: 'must', surface: 'must support receiving' },
    });
    expect(t.rules).toContain('rel.gerund-tail');
    // (a catenative's gerund: the catenative stays the relation, the act in the tail)
    expect(relationForm(triple('gateway', 'avoids rewriting', 'headers'), true)).toMatchObject({ relation: 'avoid', tail: { text: 'rewriting headers' } });
    // (after a preposition the verb selects)
    expect(relationForm(triple('client', 'relies on sending', 'keys'), true)).toMatchObject({ relation: 'rely on', tail: { text: 'sending keys' } });
    // not a preposition or function word in "-ing", a passive, "be", nor with the verb's object in meta.object
    expect(relationForm(triple('key', 'derived using', 'hash'), true).rules).not.toContain('rel.gerund-tail');
    expect(relationForm(triple('record', 'is sent during', 'session'), true).rules).not.toContain('rel.gerund-tail');
    expect(relationForm(triple('timer', 'is started using', 'value'), true).rules).not.toContain('rel.gerund-tail');
    expect(relationForm(triple('proxy', 'sends reports having', 'errors', { object: 'reports' }), true).rules).not.toContain('rel.gerund-tail');
    // a word commoner as a noun of its own is no gerund: "begins accounting" keeps its words
    expect(relationForm(triple('LCP', 'begins accounting', 'records'), true).rules).not.toContain('rel.gerund-tail');
  });

  it("rel.instrument and rel.catenative: the infinitive's own object and preposition are read as an active verb's (rel.object-end)", () => {
    const t = relationForm(triple('checksum', 'must be used to protect frames in', 'tunnel', { object: 'frames' }), true);
    expect(t).toMatchObject({ relation: 'protect', tail: { text: 'frames in tunnel' }, meta: { modality: 'must' } });
    expect(t.rules).toEqual(expect.arrayContaining(['rel.instrument', 'rel.object-end']));
    expect(relationForm(triple('field', 'is intended to carry numbers in', 'frame', { object: 'numbers' }), true)).toMatchObject({
      relation: 'carry',
      tail: { text: 'numbers in frame' },
      meta: { catenative: 'intended to' },
    });
  });

  it('rel.adjunct: a participle preposition ("based on", "owing to") after a verb phrase is its qualifier', () => {
    const t = relationForm(triple('tuple', 'annotated based on', 'rule'), true);
    expect(t).toMatchObject({ relation: 'annotate', meta: { preposition: 'based on', surface: 'annotated based on' } });
    expect(relationForm(triple('reply', 'delayed owing to', 'congestion'), true)).toMatchObject({ relation: 'delay', meta: { preposition: 'owing to' } });
    // (alone, or after "be", it is the relation: "is based on" names what the thing rests on)
    expect(relationForm(triple('method', 'is based on', 'rule'), true).meta?.preposition).not.toBe('based on');
    expect(relationForm(triple('method', 'based on', 'rule'), true).meta?.preposition).not.toBe('based on');
  });

  it('rel.role-preposition: a role preposition the verb does not select leaves for the qualifier; one it selects stays', () => {
    const used = relationForm(triple('key', 'is used for', 'encryption'), true);
    expect(used).toMatchObject({ relation: 'use', meta: { preposition: 'for', surface: 'is used for', voice: 'passive' } });
    expect(used.rules).toContain('rel.role-preposition');
    // a frame of the verb takes a prepositional complement ("refer to", "act as") or names it ("send X to Y", "derive X from Y")
    for (const [written, form] of [
      ['refers to', 'refer to'],
      ['acts as', 'act as'],
      ['is sent to', 'send to'],
      ['is derived from', 'derive from'],
    ])
      expect(relationForm(triple('X', written, 'Y'), true).relation, written).toBe(form);
    // not after "be", nor an adjective's complement; with the verb's own object in meta.object the object starts the tail (rel.object-end)
    expect(relationForm(triple('attribute', 'is for', 'use'), true).relation).toBe('is for');
    expect(relationForm(triple('data', 'is compliant to', 'rule'), true).relation).toBe('is compliant to');
    const own = relationForm(triple('NAS', 'uses keys for', 'encryption', { object: 'keys' }), true);
    expect(own).toMatchObject({ relation: 'use', tail: { text: 'keys for encryption' } });
    expect(own.meta?.preposition).toBeUndefined();
  });

  it("rel.object-end: the verb's own object before a preposition the verb does not select starts the tail, the words as written its label", () => {
    // the sentence "The field contains information about the node." as a document, the ends' spans into it
    const text = 'The field contains information about the node.';
    const at = (w: string) => ({ start: text.indexOf(w), end: text.indexOf(w) + w.length });
    const t = relationForm(
      {
        ...triple('field', 'contains information about', 'node', { object: 'information' }),
        head: { text: 'field', kind: 'entity', span: at('field') },
        tail: { text: 'node', kind: 'entity', span: at('node') },
        evidence: { start: 0, end: text.length },
      },
      true,
      false,
      text,
    );
    expect(t).toMatchObject({ relation: 'contain', tail: { text: 'information about node' }, meta: { surface: 'contains information about' } });
    expect(t.meta?.object).toBeUndefined();
    expect(t.rules).toContain('rel.object-end');
    // the span runs from the object as written to the tail's end
    expect(t.tail.span).toEqual({ start: text.indexOf('information'), end: text.indexOf('node') + 4 });
    // a place preposition the verb's frames do not name does the same; no text, no span
    const placed = relationForm(triple('proxy', 'limits traffic in', 'tunnel', { object: 'traffic' }), true);
    expect(placed).toMatchObject({ relation: 'limit', tail: { text: 'traffic in tunnel', span: null } });
    // a preposition the verb selects stays with the object in meta.object ("send X to Y", "derive X from Y")
    expect(relationForm(triple('NAS', 'sends Access-Request to', 'server', { object: 'Access-Request' }), true)).toMatchObject({
      relation: 'send to',
      tail: { text: 'server' },
      meta: { object: 'Access-Request' },
    });
    // nor "as", "by" or "of", the verb's whatever its frames, nor a passive, nor a tail of ten words or more
    expect(relationForm(triple('peer', 'treats packet as', 'error', { object: 'packet' }), true).relation).toBe('treat as');
    expect(relationForm(triple('key', 'is given keys for', 'peer', { object: 'keys' }), true).rules).not.toContain('rel.object-end');
    const long = relationForm(triple('NAS', 'uses keys for', 'encryption of every packet sent over the link', { object: 'keys' }), true);
    expect(long).toMatchObject({ relation: 'use for', tail: { text: 'encryption of every packet sent over the link' } });
  });

  it('rel.passive-agent: a passive with the agent\'s "by" relates by the participle, "by" its qualifier, the patient first', () => {
    const t = relationForm(triple('key', 'can be generated by', 'server'), true);
    expect(t).toMatchObject({
      head: { text: 'key' },
      relation: 'generate',
      tail: { text: 'server' },
      meta: { modality: 'can', preposition: 'by', surface: 'can be generated by', voice: 'passive' },
    });
    expect(t.rules).toContain('rel.passive-agent');
    // a bare participle (its "be" left out by the reading) is a passive too
    expect(relationForm(triple('key', 'defined by', 'server'), true)).toMatchObject({ relation: 'define', meta: { preposition: 'by', voice: 'passive' } });
    // an amount is no agent (and a verb WordNet lacks, "increment", keeps its participle)
    expect(relationForm(triple('counter', 'is incremented by', '1'), true).relation).toBe('incremented by');
    expect(relationForm(triple('counter', 'is incremented by', 'two'), true).relation).toBe('incremented by');
    // a participle before an agent's "by" is a passive even where the reading saw no "be" in the clause
    // (a reduced relative: "packets sent by the server")
    expect(relationForm(triple('packet', 'sent by', 'server'), true, true)).toMatchObject({ relation: 'send', meta: { preposition: 'by', voice: 'passive' } });
    // (its active past with another preposition stays the active lemma)
    expect(relationForm(triple('proxy', 'sent to', 'server'), true, true).relation).toBe('send to');
  });

  it('rel.prefixed-verb: a prefixed verb WordNet lacks is read by its stem for the preposition rules, the prefix kept', () => {
    // a place, time or manner preposition leaves as after the stem ("loaded before" is "loaded", "before" its qualifier)
    const t = relationForm(triple('table', 'can be pre-loaded before', 'start-up'), true);
    expect(t).toMatchObject({ relation: 'pre-load', meta: { modality: 'can', preposition: 'before', surface: 'can be pre-loaded before', voice: 'passive' } });
    expect(t.rules).toEqual(['prop.object', 'rel.modality', 'rel.lemma', 'rel.adjunct', 'rel.prefixed-verb', 'rel.voice']);
    expect(relationForm(triple('table', 'was loaded before', 'start-up'), true)).toMatchObject({ relation: 'load', meta: { preposition: 'before' } });
    expect(relationForm(triple('client', 're-encrypts during', 'the exchange'), true)).toMatchObject({
      relation: 're-encrypt',
      meta: { preposition: 'during' },
    });
    // a passive's agent "by" leaves as after any participle
    expect(relationForm(triple('record', 'is re-encrypted by', 'the server'), true)).toMatchObject({
      relation: 're-encrypt',
      meta: { preposition: 'by', voice: 'passive' },
    });
    // a preposition the stem selects stays, and so does the prefix ("re-send to" is no "send to")
    const kept = relationForm(triple('client', 're-sends to', 'the server'), true);
    expect(kept.relation).toBe('re-send to');
    expect(kept.rules).not.toContain('rel.prefixed-verb');
    // a prefixed verb WordNet has is read as itself
    expect(relationForm(triple('editor', 're-examines', 'the draft'), true).relation).toBe('re-examine');
  });

  it('rel.naming: a passive verb of naming is one relation, "called" (in its lemma form "call", rel.voice), the words as written its label', () => {
    for (const written of ['is termed', 'are named', 'is designated', 'called'])
      expect(relationForm(triple('entity', written, 'SNMP application entity'), true), written).toMatchObject({ relation: 'call', meta: { voice: 'passive' } });
    const t = relationForm(triple('entity', 'is termed', 'SNMP application entity'), true);
    expect(t).toMatchObject({ meta: { surface: 'is termed' } });
    expect(t.rules).toContain('rel.naming');
    // a naming verb with a preposition, kept in the relation or as its qualifier, names no name
    expect(relationForm(triple('MSK', 'must be named using', 'Session-Id'), true)).toMatchObject({ relation: 'name', meta: { preposition: 'using' } });
    expect(relationForm(triple('port', 'is designated for', 'traffic'), true).relation).not.toBe('call');
    // an active verb of naming is its lemma
    expect(relationForm(triple('author', 'names', 'protocol'), true).relation).toBe('name');
  });
  it('rel.voice: a participle heading a verb relation is its lemma, the voice kept apart and the words as written its label', () => {
    const sent = relationForm(triple('request', 'is sent to', 'server'), true);
    expect(sent).toMatchObject({ head: { text: 'request' }, relation: 'send to', tail: { text: 'server' }, meta: { voice: 'passive', surface: 'is sent to' } });
    expect(sent.rules).toContain('rel.voice');
    // the active voice has the same relation and no voice: one string per notion, the voice telling the two apart
    const sends = relationForm(triple('client', 'sends to', 'server'), true);
    expect(sends.relation).toBe('send to');
    expect(sends.meta?.voice).toBeUndefined();
    expect(sends.rules ?? []).not.toContain('rel.voice');
    // a participle the reading saw as an active past is the active lemma already
    expect(relationForm(triple('proxy', 'sent to', 'server'), true, true).meta?.voice).toBeUndefined();
    // a pattern's or a noun's relation keeps its words
    expect(relationForm(triple('module', 'defined in', 'RFC 1'), false).relation).toBe('defined in');
    // an irregular participle, a prefixed one, none for a word that is no participle or a verb's base form
    expect(voiceLemma('sent')).toBe('send');
    expect(voiceLemma('written')).toBe('write');
    expect(voiceLemma('re-encrypted')).toBe('re-encrypt');
    expect(voiceLemma('set')).toBeNull();
    expect(voiceLemma('uses')).toBeNull();
    expect(voiceLemma('Sent')).toBeNull();
    expect(voiceLemma(undefined)).toBeNull();
  });
});
