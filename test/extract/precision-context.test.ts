// What the precision model reads of a triple's document (extract/precision-context.ts): the section
// kind of its evidence, the kind of its sentence, how salient each end is in the document; and the
// choice of the model's features by cross-validation by document (scripts/judgments/select-features.ts).
import { describe, expect, it } from 'vitest';
import { analyzeStructure } from '../../electron/core/document/structure';
import {
  documentSalience,
  endSalience,
  headWord,
  inExampleSection,
  namesItsSection,
  phraseUses,
  sectionKind,
  sentenceKind,
  tripleContext,
} from '../../electron/core/extract/precision-context';
import { tripleFeatures } from '../../electron/core/extract/precision-model';
import { crossValidate, selectFeatures, type Example } from '../../scripts/judgments/select-features';
import { seededRandom } from '../../scripts/judgments/kit';

const text = [
  '1.  Introduction',
  '',
  '   The Network Access Server (NAS) sends an Access-Request to the server.',
  '   The NAS MUST include the User-Name attribute. The server answers the NAS.',
  '',
  '2.  Terminology',
  '',
  '   Authenticator: the end of the link that requires authentication.',
  '',
  '3.  Security Considerations',
  '',
  '   An attacker could read the attribute.',
  '',
  '4.  References',
  '',
  '   [1] Rigney, C., "Remote Authentication Dial In User Service", June 2000.',
  '',
].join('\n');
const structure = analyzeStructure(text);
const at = (phrase: string) => ({ start: text.indexOf(phrase), end: text.indexOf(phrase) + phrase.length });

describe('the context of a triple in its document', () => {
  it('the section kind: the frame of a standard (security considerations, references) is boilerplate; terminology holds definitions', () => {
    expect(sectionKind(structure, at('The NAS MUST include').start, at('The NAS MUST include').end)).toBe('body');
    expect(sectionKind(structure, at('Authenticator: the end').start, at('Authenticator: the end').end)).toBe('definitions');
    expect(sectionKind(structure, at('An attacker could').start, at('An attacker could').end)).toBe('boilerplate');
    expect(sectionKind(structure, at('[1] Rigney').start, at('[1] Rigney').end)).toBe('boilerplate');
    expect(sectionKind(undefined, 0, 10)).toBe('body');
  });

  it('the sentence kind: a requirement keyword in capitals, a definition, or narrative', () => {
    expect(sentenceKind('The NAS MUST include the User-Name attribute.')).toBe('requirement');
    expect(sentenceKind('The NAS must include the User-Name attribute.')).toBe('narrative');
    expect(sentenceKind('Authenticator: the end of the link that requires authentication.')).toBe('definition');
    expect(sentenceKind('A session is defined as the time between start and stop.')).toBe('definition');
  });

  it("an end's salience: its head word's frequency in the document, an acronym the document defines, a name", () => {
    const doc = documentSalience(text, structure);
    expect(headWord('the Access-Request packet')).toBe('packet');
    expect(headWord('it')).toBeNull();
    const nas = endSalience(doc, 'NAS');
    expect(nas.defined).toBe(true); // "Network Access Server (NAS)"
    expect(nas.named).toBe(true);
    expect(nas.frequency).toBeCloseTo(Math.log1p(3), 10); // the acronym three times
    expect(endSalience(doc, 'Network Access Server').defined).toBe(true);
    const attacker = endSalience(doc, 'attacker');
    expect(attacker).toMatchObject({ frequency: Math.log1p(1), defined: false, named: false });
    expect(endSalience(doc, 'unheard-of thing').frequency).toBe(0);
    const c = tripleContext(doc, at('The NAS MUST include the User-Name attribute.'), { subject: 'NAS', object: 'User-Name attribute' }, 3, 1);
    expect(c).toMatchObject({ section: 'body', sentenceTriples: 3, sameEnds: 1, subject: { named: true }, object: { named: true } });
    expect(tripleContext(doc, at('The NAS MUST include'), { subject: 'NAS', object: 'User-Name attribute' }, 1).sameEnds).toBe(0);
  });

  it("an end's spread: the share of the document's paragraphs (blocks between blank lines) that hold its head word", () => {
    const doc = documentSalience(text, structure);
    // eight paragraphs: four headings, the introduction's two lines, and one each under the other headings
    expect(doc.paragraphs).toBe(8);
    expect(endSalience(doc, 'User-Name attribute').spread).toBeCloseTo(2 / 8, 10); // the introduction and the security note
    expect(endSalience(doc, 'the server').spread).toBeCloseTo(1 / 8, 10);
    expect(endSalience(doc, 'unheard-of thing').spread).toBe(0);
    expect(endSalience(doc, 'it').spread).toBe(0); // no head word
    expect(documentSalience('').paragraphs).toBe(0);
    expect(endSalience(documentSalience(''), 'server').spread).toBe(0);
  });

  it("an end's use relative to the document's length: its head's and its whole phrase's occurrences per 1,000 words", () => {
    const doc = documentSalience(text, structure);
    // the phrase by its stems in a row, a leading determiner left out, a plural matching its singular
    expect(phraseUses(doc, 'the User-Name attribute')).toBeCloseTo((1000 * 1) / doc.total, 10);
    expect(phraseUses(doc, 'User-Name attributes')).toBeCloseTo((1000 * 1) / doc.total, 10);
    expect(phraseUses(doc, 'the attribute')).toBeCloseTo((1000 * 2) / doc.total, 10);
    expect(phraseUses(doc, 'attribute User-Name')).toBe(0); // not in that order
    expect(phraseUses(documentSalience(''), 'attribute')).toBe(0);
    const nas = endSalience(doc, 'NAS');
    expect(nas.headShare).toBeCloseTo(Math.log1p((1000 * 3) / doc.total), 10);
    expect(nas.bare).toBe(false); // an acronym is no bare head
    expect(endSalience(doc, 'the server').bare).toBe(true);
    expect(endSalience(doc, 'RADIUS server').bare).toBe(false);
    // the same share in a document twice as long that says everything twice
    const twice = documentSalience(`${text}\n\n${text}`);
    expect(endSalience(twice, 'NAS').headShare).toBeCloseTo(nas.headShare!, 10);
    expect(endSalience(twice, 'NAS').frequency).toBeGreaterThan(nas.frequency);
  });

  it('an example section: its heading, or an enclosing one, names an example', () => {
    const withExample = [text, '5.  Examples', '', '   The NAS sends an Access-Request with User-Name "bob".', ''].join('\n');
    const s = analyzeStructure(withExample);
    expect(inExampleSection(s, withExample.indexOf('User-Name "bob"'))).toBe(true);
    expect(inExampleSection(s, withExample.indexOf('The NAS MUST include'))).toBe(false);
    expect(inExampleSection(undefined, 0)).toBe(false);
  });

  it("an end that names its section: it shares a content word (by stem) with the innermost section's heading", () => {
    const withAttribute = [text, '5.  User-Name Attribute', '', '   The attribute carries the names of users.', ''].join('\n');
    const s = analyzeStructure(withAttribute);
    const start = withAttribute.indexOf('The attribute carries');
    expect(namesItsSection(s, start, 'User-Name')).toBe(true);
    expect(namesItsSection(s, start, 'attributes')).toBe(true);
    expect(namesItsSection(s, start, 'names of users')).toBe(false);
    expect(namesItsSection(s, withAttribute.indexOf('The NAS MUST include'), 'User-Name attribute')).toBe(false);
    expect(namesItsSection(undefined, start, 'User-Name')).toBe(false);
    const doc = documentSalience(withAttribute, s);
    const context = tripleContext(doc, { start, end: start + 20 }, { subject: 'User-Name Attribute', object: 'names of users' }, 1);
    expect([context.subjectNamesSection, context.objectNamesSection]).toEqual([true, false]);
    const features = ['subject names its section (heading word)', 'object names its section (heading word)'];
    expect(tripleFeatures({ subject: 'User-Name Attribute', relation: 'carries', object: 'names of users', sentence: '', context }, 0.5, features)).toEqual([
      1, 0,
    ]);
    expect(tripleFeatures({ subject: 'User-Name Attribute', relation: 'carries', object: 'names of users', sentence: '' }, 0.5, features)).toEqual([
      null,
      null,
    ]);
  });

  it("the sentence's kind for the model: it gives an example, or opens with a condition (past a list marker)", () => {
    const read = (sentence: string, name: string) => tripleFeatures({ subject: 'NAS', relation: 'sends', object: 'reply', sentence }, 0.5, [name])[0];
    expect(read('For example, the NAS sends a reply.', 'sentence gives an example')).toBe(1);
    expect(read('The NAS sends a reply, e.g. an Access-Accept.', 'sentence gives an example')).toBe(1);
    expect(read('The NAS sends a reply.', 'sentence gives an example')).toBe(0);
    expect(read('If the NAS sends a reply, the peer stops.', 'sentence opens with a condition')).toBe(1);
    expect(read('(a) When the NAS sends a reply, the peer stops.', 'sentence opens with a condition')).toBe(1);
    expect(read('The peer stops if the NAS sends a reply.', 'sentence opens with a condition')).toBe(0);
    // without a context, the features read from it are unknown (the model takes their mean)
    expect(read('The NAS sends a reply.', 'subject phrase uses in document (log)')).toBeNull();
  });
});

describe('choosing the features by cross-validation by document', () => {
  // 10 documents of 40 judged triples: kept mostly when the subject is a name, whatever the sentence's length
  const random = seededRandom(7);
  const examples: Example[] = Array.from({ length: 400 }, (_, i) => {
    const named = random() < 0.5;
    const keep = random() < (named ? 0.8 : 0.2);
    const words = 3 + Math.floor(random() * 20);
    const salience = { frequency: 1, spread: 0.1, defined: false, named };
    return {
      group: `doc${i % 10}`,
      verdict: keep ? 'keep' : 'wrong',
      rules: ['prop.object'],
      shape: {
        subject: named ? 'RADIUS server' : 'server',
        relation: 'sends',
        object: 'reply',
        sentence: Array.from({ length: words }, () => 'word').join(' '),
        context: { section: 'body', sentenceTriples: 1, sameEnds: 0, subject: salience, object: { ...salience, named: false } },
      },
    };
  });

  it('a feature that carries the signal lowers the held-out log loss; the selection keeps it and leaves noise out', () => {
    const base = ['rule precision (logit)'];
    const signal = 'subject named (acronym or capitalised)';
    const noise = 'sentence words (log)';
    expect(crossValidate(examples, [...base, signal], 1).logLoss).toBeLessThan(crossValidate(examples, base, 1).logLoss - 0.05);
    expect(crossValidate(examples, [...base, signal], 1).auc).toBeGreaterThan(0.7);
    const selection = selectFeatures(examples, base, [signal, noise]);
    expect(selection.chosen.features).toContain(signal);
    expect(selection.chosen.features).not.toContain(noise);
  });

  it('with the committed features, the second pass also runs from them and the end with the lower log loss is chosen', () => {
    const base = ['rule precision (logit)'];
    const signal = 'subject named (acronym or capitalised)';
    const noise = 'sentence words (log)';
    // a committed set holding the signal already: its start ends no worse, and a feature it names that is
    // no longer a candidate is left out of it
    const withSignal = selectFeatures(examples, base, [signal, noise], [...base, signal, 'no such feature']);
    expect(withSignal.fromCommitted?.start.features).toEqual([...base, signal]);
    expect(withSignal.chosen.features).toContain(signal);
    // a committed set of noise alone: the path from the base, which finds the signal, is chosen
    const withNoise = selectFeatures(examples, base, [signal, noise], [...base, noise]);
    expect(withNoise.fromCommitted?.chosen).toBe(withNoise.chosen.features.includes(noise));
    expect(withNoise.chosen.features).toContain(signal);
    // a committed set not opening with the rule's precision is no start
    expect(selectFeatures(examples, base, [signal, noise], [noise]).fromCommitted).toBeUndefined();
  });
});
