// What carries a document's identity into the precision model (issue 32: a model that ranks training
// documents' triples better than new documents'): scripts/judgments/select-features.ts scores a model
// in-sample, by folds and one document out (documentDiagnostics), by group (groupFigures), fits the
// per-rule table cross-fitted by document (fitExamples) and chooses its prior strength on the folds
// (chooseStrength). Small hand-made cases with known answers.
import { describe, expect, it } from 'vitest';
import { bestStep, chooseStrength, documentDiagnostics, fitExamples, groupFigures, type Example } from '../../scripts/judgments/select-features';
import { seededRandom } from '../../scripts/judgments/kit';
import { tripleFeatures, type TripleShape } from '../../electron/core/extract/precision-model';

describe('figures by group', () => {
  it('counts, the weighted keep share and mean estimate, the AUC, and what a threshold shows', () => {
    const figures = groupFigures(
      [
        { group: 'b', p: 0.9, keep: true },
        { group: 'b', p: 0.2, keep: false },
        { group: 'a', p: 0.6, keep: false, w: 3 },
        { group: 'a', p: 0.4, keep: true, w: 1 },
      ],
      0.5,
    );
    expect(figures.map((g) => g.group)).toEqual(['a', 'b']);
    const [a, b] = figures;
    expect(a).toMatchObject({ n: 2, shown: 1, kept: 0, auc: 0 });
    expect(a.keep).toBeCloseTo(1 / 4, 10);
    expect(a.meanP).toBeCloseTo((3 * 0.6 + 0.4) / 4, 10);
    expect(b).toMatchObject({ n: 2, shown: 1, kept: 1, auc: 1, keep: 0.5 });
    expect(b.logLoss).toBeCloseTo(-(Math.log(0.9) + Math.log(0.8)) / 2, 10);
  });
});

describe("a rule judged in one document only carries that document's verdicts", () => {
  // 12 documents, each with its own rule id (no rule is seen in two documents) and its own keep rate:
  // the per-rule share memorises each document, and says nothing about a document not fitted on.
  const random = seededRandom(11);
  const examples: Example[] = Array.from({ length: 480 }, (_, i) => {
    const doc = i % 12;
    const keep = random() < 0.1 + (0.8 * doc) / 11;
    return {
      group: `doc${doc}`,
      verdict: keep ? 'keep' : 'wrong',
      rules: [`prop.only-in-${doc}`],
      shape: { subject: 'RADIUS server', relation: 'sends', object: 'reply', sentence: 'The RADIUS server sends a reply.' },
    };
  });
  const features = ['rule precision (logit)'];

  it('in-sample it ranks well; held out, one document at a time or by folds, it ranks nothing', () => {
    const d = documentDiagnostics(examples, features, 1);
    expect(d.inSample.auc).toBeGreaterThan(0.75);
    expect(d.leaveOneOut.auc).toBeLessThan(0.6);
    expect(d.folds.auc).toBeLessThan(0.6);
    expect(d.inSample.logLoss).toBeLessThan(d.leaveOneOut.logLoss - 0.05);
    expect(d.heldOut).toHaveLength(examples.length);
  });

  it('cross-fitted, every row reads a share its own document did not give, and the model learns no positive weight for it', () => {
    const plain = fitExamples(examples, features, 1);
    const crossed = fitExamples(examples, features, 1, { crossFitted: true });
    expect(plain.model.weights[0]).toBeGreaterThan(0.5);
    // (each row reads the family's share without its own document: a document that keeps more reads a lower share)
    expect(crossed.model.weights[0]).toBeLessThan(0.05);
    // the table the model predicts with is the full one either way
    expect(crossed.table).toEqual(plain.table);
  });
});

describe("the per-rule table's prior strength, chosen on the folds by document", () => {
  const random = seededRandom(13);
  const features = ['rule precision (logit)'];
  const judged = (rule: (i: number) => string, keepRate: (i: number) => number): Example[] =>
    Array.from({ length: 480 }, (_, i) => ({
      group: `doc${i % 12}`,
      verdict: random() < keepRate(i) ? 'keep' : 'wrong',
      rules: [rule(i)],
      shape: { subject: 'RADIUS server', relation: 'sends', object: 'reply', sentence: 'The RADIUS server sends a reply.' },
    }));

  it('many rules judged a few times each, all keeping half: their shares are noise and the strongest prior wins', () => {
    const { strength, tried } = chooseStrength(
      judged(
        (i) => `prop.r${Math.floor(i / 7) % 60}`,
        () => 0.5,
      ),
      features,
      1,
      [1, 4, 32],
    );
    expect(tried.map((t) => t.strength)).toEqual([1, 4, 32]);
    expect(strength).toBe(32);
  });

  it("a strength that saves less than the folds' noise (0.002 of log loss) leaves the one in use", () => {
    // one rule judged everywhere: the prior barely moves its share
    const one = judged(
      () => 'prop.object',
      () => 0.4,
    );
    expect(chooseStrength(one, features, 1, [1, 32], 4).strength).toBe(4);
  });
});

describe("precision10's candidate features", () => {
  const feature = (name: string, shape: Partial<TripleShape>) =>
    tripleFeatures({ subject: 'S', relation: 'r', object: 'O', sentence: '', ...shape }, 0.5, [name])[0];

  it('an end that runs on in its sentence into a coordination or a complement, found by its stems', () => {
    const sentence = 'Existing approaches rely on predefined domain ontologies and rules.';
    // the label singularised ("ontology") still finds "ontologies", followed by "and"
    expect(feature('object runs on in the sentence', { object: 'predefined domain ontology', sentence })).toBe(1);
    expect(feature('object runs on in the sentence', { object: 'predefined domain ontologies and rules', sentence })).toBe(0);
    expect(feature('subject runs on in the sentence', { subject: 'security', sentence: 'The security of these Attributes relies on trust.' })).toBe(1);
    expect(
      feature('subject runs on in the sentence', { subject: 'security of these Attributes', sentence: 'The security of these Attributes relies on trust.' }),
    ).toBe(0);
    // an end the sentence does not hold in a row says nothing
    expect(feature('object runs on in the sentence', { object: 'rules ontology', sentence })).toBe(0);
  });

  it("the sentence's clause marks, a fragment without closing punctuation, and its share of words with digits", () => {
    expect(feature('sentence clause marks (log)', { sentence: 'If the NAS, which is busy, fails; it stops.' })).toBeCloseTo(Math.log1p(3 + 2), 10);
    expect(feature('sentence a fragment (no closing punctuation)', { sentence: 'The NAS sends a reply.' })).toBe(0);
    expect(feature('sentence a fragment (no closing punctuation)', { sentence: '(2) the resolution of MIB references in' })).toBe(1);
    expect(feature('sentence words with digits (share)', { sentence: 'Type 26 for X' })).toBeCloseTo(1 / 4, 10);
    expect(feature('sentence words with digits (share)', { sentence: '' })).toBe(0);
  });
});

describe("precision11's candidate features", () => {
  const feature = (name: string, shape: Partial<TripleShape>) =>
    tripleFeatures({ subject: 'S', relation: 'r', object: 'O', sentence: '', ...shape }, 0.5, [name])[0];

  it('a quantifier left out of an end, and a subject taken from the start of its prepositional chain', () => {
    // "Some EAP methods are capable of deriving keys ..." read with subject "EAP method"
    expect(feature('quantifier left out of an end (np.quantifier)', { rules: ['prop.object', 'subj.noun-phrase', 'np.quantifier'] })).toBe(1);
    expect(feature('quantifier left out of an end (np.quantifier)', { rules: ['prop.object', 'subj.noun-phrase'] })).toBe(0);
    expect(feature('subject from a prepositional chain (arg.chain-start)', { rules: ['prop.verb-preposition', 'arg.chain-start'] })).toBe(1);
    expect(feature('subject from a prepositional chain (arg.chain-start)', {})).toBe(0);
  });

  it("a subject read out of a relative clause, and an infinitive's agent as the first rule", () => {
    for (const rule of ['subj.relative', 'subj.relative-complement', 'subj.reduced-relative'])
      expect(feature('subject from a relative clause (subj.relative)', { rules: ['prop.object', rule] })).toBe(1);
    // a main clause's subject found after a relative clause is no reading of the relative clause
    expect(feature('subject from a relative clause (subj.relative)', { rules: ['prop.object', 'subj.after-relative'] })).toBe(0);
    // "It also allows the AAA intermediary to impersonate the peer": a possibility read as a fact
    expect(feature('infinitive agent (prop.infinitive-agent)', { rules: ['prop.infinitive-agent', 'arg.coordination'] })).toBe(1);
    expect(feature('infinitive agent (prop.infinitive-agent)', { rules: ['prop.object', 'prop.infinitive-agent'] })).toBe(0);
  });
});

describe('a step of the forward selection', () => {
  const trial = (feature: string, logLoss: number, auc: number) => ({ features: ['rule precision (logit)', feature], l2: 1, logLoss, auc });
  const current = { logLoss: 0.43, auc: 0.85 };

  it('takes the largest saving among the candidates that save 0.002 and keep the AUC, past one that lowers the AUC', () => {
    const tries = [trial('a', 0.4, 0.84), trial('b', 0.425, 0.86), trial('c', 0.42, 0.851), trial('d', 0.4295, 0.9)];
    expect(bestStep(tries, current)?.features[1]).toBe('c');
  });

  it('takes none when no candidate meets both', () => {
    expect(bestStep([trial('a', 0.4, 0.84), trial('d', 0.4295, 0.9)], current)).toBeNull();
    expect(bestStep([], current)).toBeNull();
  });
});
