// Exact scores on small hand-made gold where the right answer is known.
import { describe, expect, it } from 'vitest';
import { labelsMatch, mentionStrength, scoreExtraction, wilson, type Prediction } from '../../electron/core/eval/score';
import { contentStems, headWord, normLabel, words } from '../../electron/core/eval/text';
import { familyStem as stem } from '../../electron/core/nlp/morphology';
import type { EvalMention, GoldItem } from '../../shared/contract/eval';

const m = (text: string, start: number | null = null, type: string | null = null): EvalMention => ({
  text,
  type,
  start,
  end: start === null ? null : start + text.length,
});

describe('normalised words', () => {
  it('splits camelCase, underscores and hyphens, stems and drops stopwords', () => {
    expect(words('leaderName')).toEqual(['leader', 'name']);
    expect(words('USED-FOR')).toEqual(['used', 'for']);
    expect(words('birth_place')).toEqual(['birth', 'place']);
    expect(contentStems('is located in')).toEqual([stem('located')]);
    expect(stem('location')).toBe(stem('located'));
    expect(normLabel('The Adolfo_Suárez Airport')).toBe('adolfo suárez airport');
    expect(headWord('the leader of Aarhus')).toBe(stem('Aarhus'));
  });

  it('relations match through words, and through the user relation types', () => {
    expect(labelsMatch('leaderName', 'leader')).toBe(true);
    expect(labelsMatch('location', 'is located in')).toBe(true);
    expect(labelsMatch('USED-FOR', 'uses')).toBe(true);
    expect(labelsMatch('capital', 'leaderName')).toBe(false);
    expect(labelsMatch('country', 'is in')).toBe(false);
    const types = [{ name: 'locatedIn', examples: ['is in', 'lies in'] }];
    expect(labelsMatch('country', 'is in', types)).toBe(false);
    expect(labelsMatch('lies in', 'locatedIn', types)).toBe(true);
    expect(labelsMatch('lies in', 'is in', types)).toBe(true);
  });
});

describe('mention matching rules', () => {
  const text = 'The optical flow algorithm runs fast.';
  const gold = m('optical flow algorithm', 4);
  it('exact needs the same span, head the same last word, overlap any shared character', () => {
    expect(mentionStrength(m('optical flow algorithm', 4), gold, 'exact')).toBe(3);
    expect(mentionStrength(m('flow algorithm', 12), gold, 'exact')).toBe(0);
    expect(mentionStrength(m('flow algorithm', 12), gold, 'head')).toBe(2);
    expect(mentionStrength(m('optical flow', 4), gold, 'head')).toBe(0);
    expect(mentionStrength(m('optical flow', 4), gold, 'overlap')).toBe(1);
    expect(mentionStrength(m('runs', 27), gold, 'overlap')).toBe(0);
    expect(text.slice(4, 26)).toBe('optical flow algorithm');
  });
  it('without spans, labels are compared: normalised, head word, a shared content word', () => {
    expect(mentionStrength(m('Jacob Bundsgaard'), m('Jacob_Bundsgaard'), 'exact')).toBe(3);
    expect(mentionStrength(m('mayor Jacob Bundsgaard'), m('Jacob Bundsgaard'), 'head')).toBe(2);
    expect(mentionStrength(m('Jacob'), m('Jacob Bundsgaard'), 'head')).toBe(0);
    expect(mentionStrength(m('Jacob'), m('Jacob Bundsgaard'), 'overlap')).toBe(1);
  });
});

describe('Wilson interval', () => {
  it('matches the textbook values', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
  });
});

describe('scoreExtraction on hand-made gold', () => {
  // item 1: "Aarhus has leader Jacob Bundsgaard. Aarhus lies in Denmark." (label gold, WebNLG style)
  const items: GoldItem[] = [
    {
      key: 'a',
      text: 'Aarhus has leader Jacob Bundsgaard. Aarhus lies in Denmark.',
      mentions: [],
      triples: [
        { subject: m('Aarhus'), relation: 'leaderName', object: m('Jacob_Bundsgaard') },
        { subject: m('Aarhus'), relation: 'country', object: m('Denmark') },
      ],
    },
    // item 2: span gold with types (SciERC style)
    {
      key: 'b',
      text: 'We use optical flow for motion estimation.',
      mentions: [m('optical flow', 7, 'Method'), m('motion estimation', 24, 'Task')],
      triples: [{ subject: m('optical flow', 7, 'Method'), relation: 'USED-FOR', object: m('motion estimation', 24, 'Task') }],
    },
  ];
  const predictions: Prediction[] = [
    {
      mentions: [],
      triples: [
        { subject: m('Aarhus', 0), relation: 'has leader', object: m('Jacob Bundsgaard', 18), confidence: 0.9 }, // tp (leader ~ leaderName)
        { subject: m('Aarhus', 36), relation: 'lies in', object: m('Denmark', 51), confidence: 0.5 }, // wrong relation
        { subject: m('Jacob Bundsgaard', 18), relation: 'is', object: m('mayor'), confidence: 0.3 }, // spurious
      ],
    },
    {
      mentions: [m('motion estimation', 24, 'task')],
      triples: [{ subject: m('flow', 15), relation: 'used for', object: m('motion estimation', 24), confidence: 0.8 }], // head match: tp
    },
  ];

  it('counts triples, pairs, mentions and the curve exactly', () => {
    const s = scoreExtraction(items, predictions, { mentionMode: 'head', resamples: 50 });
    // triples: 4 predicted, 3 gold, 2 correct
    expect(s.triples).toMatchObject({ tp: 2, predicted: 4, gold: 3, precision: 0.5, recall: 0.6667 });
    expect(s.triples.f1).toBeCloseTo(4 / 7, 3);
    // pairs (relation ignored): Aarhus–Jacob, Aarhus–Denmark, flow–motion estimation correct; Jacob–mayor not
    expect(s.pairs).toMatchObject({ tp: 3, predicted: 4, gold: 3 });
    // the PR curve walks the confidences 0.9, 0.8, 0.5, 0.3
    expect(s.pr.map((p) => [p.threshold, p.tp, p.predicted])).toEqual([
      [0.9, 1, 1],
      [0.8, 2, 2],
      [0.5, 2, 3],
      [0.3, 2, 4],
    ]);
    expect(s.bestThreshold).toEqual({ threshold: 0.8, f1: 0.8 });
    // errors: one wrong relation, one spurious triple, one missed gold triple (country)
    const tripleErrors = s.errors.filter((e) => e.unit === 'triple').map((e) => [e.kind, e.item]);
    expect(tripleErrors).toEqual(
      expect.arrayContaining([
        ['wrong_relation', 'a'],
        ['spurious', 'a'],
        ['missed', 'a'],
      ]),
    );
    expect(tripleErrors).toHaveLength(3);
    // mentions, item a: gold {Aarhus, Jacob Bundsgaard, Denmark}; predicted {Aarhus@0, Jacob@18, Aarhus@36, Denmark@51, mayor}
    // item b: gold {optical flow, motion estimation}; predicted {motion estimation, flow}
    expect(s.mentions.exact).toMatchObject({ tp: 4, predicted: 7, gold: 5 });
    expect(s.mentions.head).toMatchObject({ tp: 5, predicted: 7, gold: 5 });
    // typed: only "motion estimation (task)" carries a type, and Task ~ task
    expect(s.typedMentions).toMatchObject({ tp: 1, predicted: 1, gold: 5 });
    const task = s.perType.find((t) => t.label === 'Task')!;
    expect(task).toMatchObject({ gold: 1, matched: 1, predicted: 1, precision: 1, recall: 1 });
    const method = s.perType.find((t) => t.label === 'Method')!;
    expect(method).toMatchObject({ gold: 1, matched: 1, predicted: 0, precision: null, recall: 1 });
    const leader = s.perRelation.find((r) => r.label === 'leaderName')!;
    expect(leader).toMatchObject({ gold: 1, matched: 1, recall: 1 });
    const country = s.perRelation.find((r) => r.label === 'country')!;
    expect(country).toMatchObject({ gold: 1, matched: 0, recall: 0 });
  });

  it('exact mentions make the head-word triple a miss; the user relation type rescues "lies in"', () => {
    const exact = scoreExtraction(items, predictions, { mentionMode: 'exact', resamples: 10 });
    expect(exact.triples).toMatchObject({ tp: 1, predicted: 4, gold: 3 });
    const typed = scoreExtraction(items, predictions, { mentionMode: 'head', resamples: 10, relationTypes: [{ name: 'country', examples: ['lies in'] }] });
    expect(typed.triples).toMatchObject({ tp: 3, predicted: 4, gold: 3 });
    expect(typed.errors.filter((e) => e.kind === 'wrong_relation')).toHaveLength(0);
  });

  it('no predictions: zero scores, every gold item missed', () => {
    const s = scoreExtraction(items, [null, null], { resamples: 10 });
    expect(s.triples).toMatchObject({ tp: 0, predicted: 0, gold: 3, precision: 0, recall: 0, f1: 0 });
    expect(s.pr).toEqual([]);
    expect(s.bestThreshold).toBeNull();
    expect(s.errors.filter((e) => e.kind === 'missed' && e.unit === 'triple')).toHaveLength(3);
  });
});
