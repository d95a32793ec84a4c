// Honest folds for the precision fit and precision12's candidate features (issue 32: the folds promised
// more than new documents gave): documents sharing a template are one family and a fold holds whole
// families (scripts/judgments/families.ts); the whole selection, nested inside outer folds, gives the
// figure a document it never saw gets (select-features.ts nestedEstimate); and the candidates that read
// a sentence triple's kind (extract/precision-model.ts, extract/precision-context.ts).
import { describe, expect, it } from 'vitest';
import { analyzeStructure } from '../../electron/core/document/structure';
import { documentSalience, endSalience, inIntroductorySection, tripleContext } from '../../electron/core/extract/precision-context';
import { instructionSentence, relationVerbLexFile, trailingWords, tripleFeatures, type TripleShape } from '../../electron/core/extract/precision-model';
import { containment, documentFamilies } from '../../scripts/judgments/families';
import { seededRandom } from '../../scripts/judgments/kit';
import { foldFits, nestedEstimate, type Example } from '../../scripts/judgments/select-features';

describe('families of documents', () => {
  const template = (who: string) =>
    `This memo defines a portion of the Management Information Base for use with network management protocols. ` +
    `In particular it describes the managed objects used for managing ${who} implementations of the protocol. ` +
    `The objects are arranged in groups and each group holds the counters of one entity of the protocol.`;
  const texts = new Map([
    ['client.txt', template('client')],
    ['server.txt', template('server')],
    ['other.txt', 'An access point forwards frames between a wireless station and the distribution system of the network.'],
    ['third.txt', `${template('proxy')} A proxy relays requests between the two of them.`],
  ]);

  it('documents written from one template are one family, named by its first document; a document written apart is its own', () => {
    const families = documentFamilies(texts);
    expect(families.get('client.txt')).toBe('client.txt');
    expect(families.get('server.txt')).toBe('client.txt');
    // linked through the template, although it adds a sentence of its own
    expect(families.get('third.txt')).toBe('client.txt');
    expect(families.get('other.txt')).toBe('other.txt');
  });

  it('containment is the share of the smaller set the larger holds', () => {
    expect(containment(new Set(['a', 'b']), new Set(['a', 'b', 'c', 'd']))).toBe(1);
    expect(containment(new Set(['a', 'b', 'c', 'd']), new Set(['a', 'x']))).toBe(0.5);
    expect(containment(new Set(), new Set(['a']))).toBe(0);
  });

  it('a fold holds whole families: every document of a family is scored by the same fit', () => {
    const examples: Example[] = ['a1', 'a2', 'a3', 'b', 'c', 'd', 'e', 'f'].flatMap((doc) =>
      [0, 1].map((i) => ({
        group: doc,
        family: doc.startsWith('a') ? 'a' : doc,
        verdict: i ? 'keep' : 'wrong',
        rules: ['prop.object'],
        shape: { subject: 'S', relation: 'r', object: 'O', sentence: '' },
      })),
    );
    const { foldOf } = foldFits(examples, ['rule precision (logit)'], 1, { folds: 3 });
    expect(new Set(['a1', 'a2', 'a3'].map((d) => foldOf.get(d))).size).toBe(1);
  });
});

describe('the nested estimate', () => {
  // 15 documents; a triple with a general subject is kept a fifth of the time, another four fifths
  const random = seededRandom(5);
  const examples: Example[] = Array.from({ length: 300 }, (_, i) => {
    const general = random() < 0.5;
    return {
      group: `doc${i % 15}`,
      verdict: random() < (general ? 0.2 : 0.8) ? 'keep' : 'wrong',
      rules: ['prop.object'],
      shape: { subject: general ? 'it' : 'RADIUS server', relation: 'sends', object: 'Access-Reject', sentence: 'It sends an Access-Reject.' },
    };
  });
  const facts = Array.from({ length: 15 }, (_, i) => ({
    group: `doc${i}`,
    holding: [
      { rules: ['prop.object'], shape: { subject: 'RADIUS server', relation: 'sends', object: 'Access-Reject', sentence: 'It sends an Access-Reject.' } },
    ],
  }));

  it('selects, fits and chooses a threshold without each outer fold, and scores the fold by that fit', () => {
    const nested = nestedEstimate(examples, facts, ['rule precision (logit)'], ['rule precision (logit)', 'subject general', 'object general'], undefined, {
      folds: 3,
    });
    expect(nested).toHaveLength(3);
    // every judgment is scored once, by the fit of the folds that did not hold its document
    expect(nested.reduce((n, f) => n + f.scored.length, 0)).toBe(examples.length);
    for (const f of nested) {
      expect(f.features).toContain('subject general');
      const own = new Set(f.scored.map((s) => s.group));
      expect(nested.filter((g) => g !== f).every((g) => g.scored.every((s) => !own.has(s.group)))).toBe(true);
      // the threshold shows the specific subjects and hides the general ones; every fact (a specific subject) is held
      const shown = f.scored.filter((s) => s.p >= f.threshold);
      expect(shown.length).toBeGreaterThan(0);
      expect(f.factsHeld).toBe(f.facts);
    }
    expect(nested.reduce((n, f) => n + f.facts, 0)).toBe(15);
  });
});

describe("precision12's candidate features", () => {
  const feature = (name: string, shape: Partial<TripleShape>) =>
    tripleFeatures({ subject: 'S', relation: 'r', object: 'O', sentence: '', ...shape }, 0.5, [name])[0];

  it("the relation verb's WordNet class: an event an actor performs, or a state or a having, past modals and auxiliaries", () => {
    expect(relationVerbLexFile('enters')).toBe(38); // verb.motion
    expect(relationVerbLexFile('sends')).toBe(38);
    expect(relationVerbLexFile('MUST NOT contain')).toBe(42); // verb.stative
    expect(relationVerbLexFile('is')).toBe(42);
    expect(relationVerbLexFile('has length')).toBe(40); // "have": possession
    expect(relationVerbLexFile('length')).toBeNull();
    expect(feature('relation verb an event (WordNet class)', { relation: 'enters' })).toBe(1);
    expect(feature('relation verb an event (WordNet class)', { relation: 'contains' })).toBe(0);
    expect(feature('relation verb a state or having (WordNet class)', { relation: 'must contain' })).toBe(1);
    // a relation with no verb is neither
    expect(feature('relation verb a state or having (WordNet class)', { relation: 'length' })).toBe(0);
  });

  it('an end that names a person (a role or an actor) by its first noun sense', () => {
    expect(feature('subject a person (WordNet noun.person)', { subject: 'the user' })).toBe(1);
    expect(feature('subject a person (WordNet noun.person)', { subject: 'Access-Request packet' })).toBe(0);
    expect(feature('object a person (WordNet noun.person)', { object: 'network administrator' })).toBe(1);
  });

  it('a sentence that instructs: a bare verb first (past a list marker), or a numbered step', () => {
    expect(instructionSentence('Send the Access-Request to the server.')).toBe(true);
    expect(instructionSentence('(a) Set the flag to one.')).toBe(true);
    expect(instructionSentence('3. The peer answers the challenge.')).toBe(true);
    // a word with more noun senses than verb senses opens a noun phrase
    expect(instructionSentence('Access to the server is limited.')).toBe(false);
    expect(instructionSentence('The client MUST send it.')).toBe(false);
    expect(feature('sentence an instruction or a step', { sentence: 'Send the reply.' })).toBe(1);
  });

  it('the words that run on after an end before a punctuation mark closes its phrase (a cut argument)', () => {
    const sentence = 'The authenticator MUST transmit an EAP packet with the Code field set to 1 (Request).';
    expect(trailingWords('EAP packet', sentence)).toBe(7);
    expect(trailingWords('EAP packet with the Code field set to 1', sentence)).toBe(0);
    // found by its stems: a singularised label still matches
    expect(trailingWords('authenticators', sentence)).toBe(12);
    expect(trailingWords('keying material', sentence)).toBeNull();
    expect(feature('object trailing words before punctuation (log)', { object: 'EAP packet', sentence })).toBeCloseTo(Math.log1p(7), 10);
  });

  it("the ends' shares of the sentence's characters", () => {
    expect(feature('subject share of the sentence', { subject: 'NAS', sentence: 'The NAS sends.' })).toBeCloseTo(3 / 14, 10);
    expect(feature('object share of the sentence', { object: 'x'.repeat(40), sentence: 'short' })).toBe(1);
  });

  it('an end its document names in a heading, an introductory section, and where the evidence sits', () => {
    const text = [
      '1.  Introduction',
      '',
      '   The peer sends an identity to the authenticator.',
      '',
      '2.  Key Derivation',
      '',
      '   The server derives the key from the master secret.',
      '',
      '3.  Security Considerations',
      '',
      '   An attacker could read the secret.',
      '',
    ].join('\n');
    const structure = analyzeStructure(text);
    const doc = documentSalience(text, structure);
    // the frame's headings name no term of the document
    expect([...doc.headingWords].sort()).toEqual(['derivation', 'introduction', 'key']);
    expect(endSalience(doc, 'session key').inHeading).toBe(true);
    expect(endSalience(doc, 'security').inHeading).toBe(false);
    const at = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });
    expect(inIntroductorySection(structure, at('The peer sends').start)).toBe(true);
    expect(inIntroductorySection(structure, at('The server derives').start)).toBe(false);
    const c = tripleContext(doc, at('The server derives the key'), { subject: 'server', object: 'key' }, 1);
    expect(c).toMatchObject({ introductory: false, object: { inHeading: true }, subject: { inHeading: false } });
    expect(c.position).toBeCloseTo(text.indexOf('The server derives') / text.length, 10);
    const shape = { subject: 'server', relation: 'derives', object: 'key', sentence: 'The server derives the key.', context: c };
    expect(tripleFeatures(shape, 0.5, ['object named in a heading', 'section is introductory'])).toEqual([1, 0]);
    // without a context they say nothing
    expect(tripleFeatures({ ...shape, context: undefined }, 0.5, ['object named in a heading', 'evidence position in document (share)'])).toEqual([null, null]);
  });
});
