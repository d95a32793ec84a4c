// The features of a question as a whole, read once its candidates are ranked: how well the documents ground
// what it asks (groundedness), how the ranking came out (shares, margins, agreement of independent views), and
// which of them the calibration of confidence may read (CONFIDENCE_FEATURES ...). The candidates' own features
// are in features.ts. Nothing here is a weight: scripts/fit-answers.ts fits them (chat/fit-model.ts).
import type { AnswerContext } from './candidates/context';
import type { Candidate } from './candidates/types';
import { contentStems, escapeRe, posTags } from '../retrieve/text';
import { CANDIDATE_FEATURES, clauseFeatures, consistentAnswers, definedTerm, documentEvidence, isAblated, passageAgreement, shapeFits } from './features';

const bool = (x: boolean) => (x ? 1 : 0);

/** What kind of answer the question asks, for the ranking's trees to weigh a candidate feature by (a feature that matters for one kind and not another). */
const ASKED_KINDS = ['askedNumeric', 'askedDefinition', 'askedYesNo', 'askedDocument', 'askedName'] as const;
/** The same, as question features (a calibration's per-kind intercepts: fit-model.ts calibrationKinds). */
export const ASKED_KIND_FEATURES: readonly (typeof ASKED_KINDS)[number][] = ASKED_KINDS;

/** The inputs of the boosted trees (chat/ranker.ts): the candidate's features, the kind asked, and the linear table's score. */
export const TREE_FEATURES = [...CANDIDATE_FEATURES, ...ASKED_KINDS, 'score'] as const;

/** What the question asks for, as the question features name it (askedNumeric ... askedName). */
function askedKinds(ctx: AnswerContext): Record<(typeof ASKED_KINDS)[number], number> {
  const t = ctx.type.type;
  return {
    askedNumeric: bool(ctx.numeric),
    askedDefinition: bool(t === 'definition'),
    askedYesNo: bool(ctx.q.yesNo),
    askedDocument: bool(ctx.q.whichDocument),
    askedName: bool(t === 'name'),
  };
}

/** The question's asked-kind indicators in the order of ASKED_KIND_FEATURES (1: that kind is asked; several may be). */
export function askedKindValues(ctx: AnswerContext): number[] {
  const kinds = askedKinds(ctx);
  return ASKED_KINDS.map((k) => kinds[k]);
}

/** The trees' input for one merged candidate: its feature vector (candidateFeatures, with support), the kind asked, its linear score. */
export function treeFeatures(features: number[], ctx: AnswerContext, score: number): number[] {
  const kinds = askedKinds(ctx);
  return [...features, ...ASKED_KINDS.map((k) => kinds[k]), score];
}

/**
 * A question feature the calibration of an answer read from passages may read (CONFIDENCE_FEATURES): bounded
 * (a share, a rank, a capped lead, 0 / 1) and read off the ranking or the question alike for every document.
 */
const forConfidence = <N extends string>(name: N) => ({ name, confidence: true }) as const;
/**
 * A question feature the calibration of an answer read from passages does not read: a raw score of the candidate
 * table (its scale grows with the table's weights, so a calibration fitted on one fold's scores reads another's as
 * surer than they are), an input of groundedness alone, or one of answers read off a graph's triples.
 */
const questionOnly = <N extends string>(name: N) => ({ name, confidence: false }) as const;

/** Question-level features: how well the documents ground the question, and how the ranking came out. */
const QUESTION_FEATURE_SPECS = [
  // the first candidate's ranking score
  questionOnly('topScore'),
  // its lead over the second candidate (0 when it is the only one)
  questionOnly('margin'),
  // its share of the softmax over the question's candidates
  forConfidence('topShare'),
  // it is the only candidate
  questionOnly('single'),
  // share of the question's words (IDF-weighted) that some passage of the documents holds
  forConfidence('grounding'),
  // share of the question's noun weight that no passage holds
  forConfidence('missingNoun'),
  // a name the question writes (capitalised past its first word, an acronym, letters with digits) that no passage holds
  questionOnly('missingName'),
  // share of the question's noun weight that only one or two chunks hold (a word met in passing, not a subject of the documents)
  questionOnly('rareNoun'),
  // share of all the question's words (IDF-weighted, those no chunk holds included) that the best retrieved passage holds
  questionOnly('passageHolds'),
  // share of the question's named terms (IDF-weighted) that one retrieved passage holds together (1 when it names none):
  // what it asks about is written in one place, not its names met apart
  questionOnly('namesTogether'),
  // a retrieved passage holds the asked head noun ("port" in "which port ...") with the question's most specific word
  // that some chunk holds: the thing asked is said of what it is asked about (without a head, its two most specific words)
  questionOnly('headMet'),
  // share of the question's words the best retrieved sentence holds
  forConfidence('bestSentence'),
  // an entity of the graph was linked from the question
  questionOnly('linked'),
  // no candidate was found
  questionOnly('noCandidate'),
  // the first candidate was read by a pattern specific to the asked type
  forConfidence('topSpecific'),
  // the first candidate was read as the asked kind of answer
  forConfidence('topTypeAgrees'),
  // the first candidate was read off the document's layout (a field, a table cell, a header, a description, a glossary entry, a formula, an expansion)
  forConfidence('topFromLayout'),
  // the first candidate is the end of a relation path
  questionOnly('topFromPath'),
  // the question asks for a number, code, port, value or date
  forConfidence('askedNumeric'),
  // the question asks what something is
  forConfidence('askedDefinition'),
  // the question asks yes or no
  forConfidence('askedYesNo'),
  // the question asks which document
  forConfidence('askedDocument'),
  // the question asks for a name (who, which thing, where)
  forConfidence('askedName'),
  // log(1 + the number of other places that gave the first answer): agreement between candidate sources
  forConfidence('topSupport'),
  // the first answer has the shape the asked type wants
  forConfidence('topShapeFit'),
  // no passage was retrieved: the evidence is the graph's triples alone (a graph imported without text)
  questionOnly('graphOnly'),
  // log(1 + the number of other retrieved passages that write the first answer)
  forConfidence('topAgreement'),
  // the first answer's clause holds the question's distinctive words (its clauseMatch)
  forConfidence('topClauseMatch'),
  // the first answer's clause holds a verb of the question
  forConfidence('topClausePredicate'),
  // the first answer's relation path evidence times the link score (0 when it is no path end)
  questionOnly('topPathScore'),
  // log(1 + the number of relation chains reaching the first path end)
  questionOnly('pathSupport'),
  // log(1 + the number of path ends the walk found)
  questionOnly('pathEnds'),
  // the first answer's share and lead within each kind asked (0 for another kind): how sure a ranking is
  // depends on what was asked (a number read with a large share is right far more often than a name)
  ...ASKED_KINDS.map((k) => forConfidence(`${k}Share` as const)),
  ...ASKED_KINDS.map((k) => forConfidence(`${k}Margin` as const)),
  // the first answer's lead over "none of these" (the table's null alternative, NULL_FEATURES; capped at
  // ±MARGIN_CAP; 0 without a null): an answer ranked first among poor candidates leads nothing
  forConfidence('topOverNull'),
  // the null alternative's share of the softmax over the candidates and itself (0 without a null): how
  // likely the table finds that none of the candidates is right
  forConfidence('nullShare'),
  // the first answer's share as log-odds, log(topShare / (1 − topShare)), within ±LOG_ODDS_CAP: a share near 1
  // (0.9 against 0.99) differs little as a share and much as odds, where a calibration weighs it linearly
  forConfidence('topLogOdds'),
  // share of the softmax (candidates and null) held by the answers consistent with the first: it and those
  // whose words contain its words or are contained in them ("42" and "port 42", "Yes" and "Yes, if ...").
  // The same answer proposed from several places and in several forms (redundancy)
  forConfidence('consistentShare'),
  // the first answer's lead over the best answer not consistent with it (capped at MARGIN_CAP; the cap
  // when there is none): the margin between the first two distinct answers, not between two forms of one
  forConfidence('distinctMargin'),
  // the passage ranker's lead of the first retrieved passage over the second (capped at MARGIN_CAP; the
  // cap with one passage, 0 with none)
  forConfidence('passageMargin'),
  // the first answer was read from the first retrieved passage
  forConfidence('topFirstPassage'),
  // definitions: the first answer's sentence defines the asked term itself (its definedTerm)
  forConfidence('topDefinedTerm'),
  // which-document questions: how provably the first answer is the asked document, the best of its own title's
  // share of the question (the passage's own document) and its citing clause's or cited title's (a designation)
  forConfidence('topDocumentEvidence'),
  // the first answer's sentence: the share of the question's words (IDF-weighted) it holds, with its heading or
  // list intro (its match, in [0, 1]): an answer read from a sentence that names what is asked
  forConfidence('topMatch'),
  // the first answer's sentence's reciprocal rank among the retrieved sentences (1 for the best matching)
  forConfidence('topSentenceRank'),
  // share of the question's words within six tokens of the first answer (its near, in [0, 1])
  forConfidence('topNear'),
  // the softmax share of the best answer not consistent with the first (0 when there is none): a rival answer
  forConfidence('rivalShare'),
  // agreement of independent evidence for the first answer, each in [0, 1]:
  // the first answer of a second, simpler view (the candidate weights without the passage inputs,
  // PASSAGE_INPUTS) is the first answer or a form of it
  forConfidence('plainAgrees'),
  // the best-scored candidate read outside the first answer's passage is the first answer or a form of it
  // (0 when every candidate was read from that passage)
  forConfidence('otherPassageAgrees'),
  // share of the retrieved passages that write the first answer (its own included)
  forConfidence('topPassageShare'),
  // the first answer's share of the softmax over it and the best answer not consistent with it (1 without one)
  forConfidence('pairShare'),
  // the first answer was read in more than one way (two or more candidate sources gave its text: a sentence's span
  // and a table cell, a field and a glossary entry): the same answer from independent readers
  forConfidence('topForms'),
  // the first answer's lead over the best answer read in another way (no source of the first's gave it) and not
  // consistent with it, within [0, MARGIN_CAP] (the cap when there is none): a rival from another reader
  forConfidence('formMargin'),
  // the first answer is read as the asked kind (topTypeAgrees with topShapeFit): 1 / the number of distinct answers
  // so read (forms of the first counted once); 0 when the first is not: how many answers of the asked kind compete
  forConfidence('typedAlone'),
  // the first answer was read from the first retrieved passage and that passage holds the asked term (the asked
  // head noun, else the term a definition asks about; the first passage alone when the question names neither)
  forConfidence('firstPassageAsked'),
] as const;
export type QuestionFeature = (typeof QUESTION_FEATURE_SPECS)[number]['name'];
/** Question-level features (QUESTION_FEATURE_SPECS, in order): the question vector's names. */
export const QUESTION_FEATURES: readonly QuestionFeature[] = QUESTION_FEATURE_SPECS.map((s) => s.name);

/** Which evidence a question is answered from: passages of text, or the graph's triples alone. */
export type EvidenceKind = 'text' | 'graph';
export const evidenceKind = (ctx: AnswerContext): EvidenceKind => (ctx.retrieval.passages.length ? 'text' : 'graph');

/**
 * The question features the confidence of an answer read from passages may be calibrated on: those
 * QUESTION_FEATURE_SPECS marks forConfidence, in its order. scripts/fit-answers.ts picks among them forward by
 * the training folds' log loss (chat/fit-model.ts), so a feature that says "this question is confidently
 * answerable" enters only where it helps. Each is bounded (a share, a rank, a capped lead, 0 / 1): the
 * ranking's raw scores (topScore, margin) are left out, their scale is the candidate table's and grows with its
 * weights, so a calibration fitted on one fold's scores reads another's as surer than they are.
 */
export const CONFIDENCE_FEATURES: readonly QuestionFeature[] = QUESTION_FEATURE_SPECS.filter((s) => s.confidence).map((s) => s.name);
/**
 * The inputs of the small boosted trees a calibration may add to its linear log-odds (answers read from
 * passages; fit-model.ts calibrationTrees): the calibration's usual inputs with the kind asked, so that one
 * input can count for one kind of question and not another, or only together with another input. Each is
 * bounded (a share, a capped lead, 0 / 1), as CONFIDENCE_FEATURES.
 */
export const CONFIDENCE_TREE_FEATURES: readonly QuestionFeature[] = [
  'consistentShare',
  'missingNoun',
  'passageMargin',
  'plainAgrees',
  ...ASKED_KIND_FEATURES,
  'topOverNull',
  'nullShare',
  'topTypeAgrees',
  'topShapeFit',
  'topClauseMatch',
  'otherPassageAgrees',
  'topFromLayout',
  'topSupport',
];
/**
 * The question features the confidence of an answer read off a graph without passages may be calibrated
 * on: scripts/fit-answers.ts picks among them forward by the training folds' log loss (chat/fit-model.ts).
 */
export const GRAPH_CONFIDENCE_FEATURES: readonly QuestionFeature[] = [
  'topShare',
  'margin',
  'topScore',
  'single',
  'linked',
  'topPathScore',
  'pathSupport',
  'pathEnds',
  'topSupport',
  'topShapeFit',
  'askedNumeric',
  'askedName',
  'grounding',
];
/** The question features groundedness (does the documents hold what it asks about) is fitted on. */
export const GROUNDED_FEATURES: readonly QuestionFeature[] = [
  'grounding',
  'missingNoun',
  'missingName',
  'rareNoun',
  'passageHolds',
  'namesTogether',
  'headMet',
  'bestSentence',
  'linked',
  'topShare',
  'noCandidate',
];

/**
 * The inputs of the null alternative ("none of these", chat/ranker.ts): a question-level score the
 * candidates' scores are weighed against, fitted with the candidate weights (chat/fit-model.ts), so that
 * a lone candidate's share means something only when it beats the null. Read from the question alone.
 */
export const NULL_FEATURES = ['null', ...ASKED_KINDS, 'grounding', 'passageHolds', 'bestSentence'] as const;

/** The null alternative's inputs for a question (NULL_FEATURES). */
export function nullFeatures(ctx: AnswerContext): number[] {
  const g = grounding(ctx);
  const values: Record<string, number> = {
    null: 1,
    ...askedKinds(ctx),
    grounding: g.grounding,
    passageHolds: g.passageHolds,
    bestSentence: ctx.sentences[0]?.score ?? 0,
  };
  return NULL_FEATURES.map((f) => (isAblated(f) ? 0 : values[f]));
}

/** The largest lead over the second answer the per-kind margins read (log-odds). */
const MARGIN_CAP = 5;
/** The bound of topLogOdds either way (a share of 1 or 0 within floating point is no infinite evidence). */
const LOG_ODDS_CAP = 6;

/**
 * The redundancy and distinct-margin features of a ranking (best first): the softmax share of the answers
 * consistent with the first (z the softmax's normaliser at `max`), and the first's lead over the best
 * answer that is not.
 */
function redundancy(ranked: { text: string; score: number }[], max: number, z: number): { consistentShare: number; distinctMargin: number } {
  const top = ranked[0];
  if (!top || !z) return { consistentShare: 0, distinctMargin: 0 };
  let mass = 0;
  let other: number | null = null;
  for (const c of ranked) {
    if (c === top || consistentAnswers(top.text, c.text)) mass += Math.exp(c.score - max);
    else other ??= c.score;
  }
  return { consistentShare: mass / z, distinctMargin: other === null ? MARGIN_CAP : Math.min(MARGIN_CAP, Math.max(0, top.score - other)) };
}

/** The softmax share (z the normaliser at `max`) of the best-scored answer not consistent with the first; 0 without one. */
function rivalShare(ranked: { text: string; score: number }[], max: number, z: number): number {
  const top = ranked[0];
  const rival = top && z ? ranked.find((c) => c !== top && !consistentAnswers(top.text, c.text)) : undefined;
  return rival ? Math.exp(rival.score - max) / z : 0;
}

/**
 * The candidate inputs read from a candidate's passage rather than from the candidate and its sentence:
 * the simpler view of a ranking (plainAgrees) weighs candidates without them.
 */
export const PASSAGE_INPUTS: readonly string[] = ['passageMatch', 'passageRank', 'sentenceRank', 'titleMatch'];

/** Second views of a ranking, for the agreement features (ranker.ts computes them; absent: they read 0). */
export interface RankingViews {
  /** The first answer under the candidate weights without PASSAGE_INPUTS (null: no candidate). */
  plainTop: string | null;
  /** The best-scored candidate read outside the first answer's passage (null: none). */
  otherPassageTop: string | null;
}

/** The share of the retrieved passages that write an answer (its own passage counted). */
function passageShare(c: Candidate, ctx: AnswerContext): number {
  if (!ctx.passages.length) return 0;
  const text = c.text.trim();
  if (text.length < 2) return 0;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(text)}(?![\\p{L}\\p{N}])`, 'iu');
  return ctx.passages.filter((p) => p.id === c.passageId || re.test(p.text)).length / ctx.passages.length;
}

/** The first answer's share of the softmax over it and the best answer not consistent with it (1 without one). */
function pairShare(ranked: { text: string; score: number }[]): number {
  const top = ranked[0];
  if (!top) return 0;
  const rival = ranked.find((c) => c !== top && !consistentAnswers(top.text, c.text));
  return rival ? 1 / (1 + Math.exp(rival.score - top.score)) : 1;
}

/** The sources that gave a ranked answer (its own, with those merged into it). */
const sourcesOf = (c: Pick<Candidate, 'source' | 'sources'>) => new Set([c.source, ...(c.sources ?? [])]);

/** The first answer's lead over the best answer read by none of its sources and not consistent with it, within [0, MARGIN_CAP] (the cap without one). */
function formMargin(ranked: (Candidate & { score: number })[]): number {
  const top = ranked[0];
  if (!top) return 0;
  const own = sourcesOf(top);
  const rival = ranked.find((c) => c !== top && ![...sourcesOf(c)].some((x) => own.has(x)) && !consistentAnswers(top.text, c.text));
  return rival ? Math.min(MARGIN_CAP, Math.max(0, top.score - rival.score)) : MARGIN_CAP;
}

/** A candidate read as the asked kind of answer with the shape that kind wants. */
const readAsAsked = (c: Candidate, type: string) => (c.measures.typeAgrees ?? 1) === 1 && shapeFits(c.text, type);

/** 1 / the number of distinct answers read as the asked kind (forms of the first counted once) when the first is one; else 0. */
function typedAlone(ranked: Candidate[], type: string): number {
  const top = ranked[0];
  if (!top || !readAsAsked(top, type)) return 0;
  return 1 / (1 + ranked.filter((c) => c !== top && readAsAsked(c, type) && !consistentAnswers(top.text, c.text)).length);
}

/**
 * Whether the first answer was read from the first retrieved passage and that passage holds the asked term:
 * the asked head noun (with the noun before a classifier), else the term a definition asks about; every
 * stem of it. A question naming neither: the first passage alone.
 */
function firstPassageAsked(top: Candidate, ctx: AnswerContext): boolean {
  if (top.passageRank !== 0 || top.passageId === null) return false;
  const asked = ctx.headStems.size ? [...ctx.headStems] : ctx.subjectStems;
  if (!asked.length) return true;
  const passage = ctx.passageById.get(top.passageId);
  if (!passage) return false;
  const own = new Set(contentStems(passage.text));
  return asked.every((x) => own.has(x));
}

/** The passage ranker's lead of the first retrieved passage over the second, within [0, MARGIN_CAP] (the cap with one passage). */
function passageMargin(ctx: AnswerContext): number {
  const [first, second] = ctx.retrieval.passages;
  if (!first) return 0;
  if (!second) return MARGIN_CAP;
  return Math.min(MARGIN_CAP, Math.max(0, first.score - second.score));
}

/** A value read within each kind asked: the value for the kind the question asks, 0 for the others. */
function perKind<S extends string>(kinds: Record<(typeof ASKED_KINDS)[number], number>, suffix: S, value: number) {
  return Object.fromEntries(ASKED_KINDS.map((k) => [`${k}${suffix}`, kinds[k] * value])) as Record<`${(typeof ASKED_KINDS)[number]}${S}`, number>;
}

const LAYOUT_SOURCES = new Set(['field', 'table', 'header', 'description', 'glossary', 'formula', 'expansion']);

/**
 * The question-level vector from the ranking (its candidates' scores, best first). With the score of
 * the null alternative (`nullScore`, a model with one), the first answer's share is taken over the
 * candidates and the null: a lone candidate has a share of 1 only when it far outscores the null.
 */
export function questionFeatures(
  ctx: AnswerContext,
  ranked: (Candidate & { score: number })[],
  nullScore: number | null = null,
  views: RankingViews | null = null,
): number[] {
  const g = grounding(ctx);
  const top = ranked[0];
  const topClause = top ? clauseFeatures(top, ctx) : { clauseMatch: 0, clausePredicate: 0 };
  const second = ranked[1];
  const max = Math.max(top?.score ?? 0, nullScore ?? -Infinity);
  const withNull = nullScore === null ? 0 : Math.exp(nullScore - max);
  const z = ranked.reduce((a, c) => a + Math.exp(c.score - max), 0) + withNull;
  const t = ctx.type.type;
  const kinds = askedKinds(ctx);
  const topShare = top ? Math.exp(top.score - max) / z : 0;
  // (a lead beyond MARGIN_CAP log-odds decides either way: the cap keeps a few outliers from setting the slope)
  const margin = top && second ? Math.min(MARGIN_CAP, top.score - second.score) : 0;
  const values: Record<QuestionFeature, number> = {
    topScore: top?.score ?? 0,
    margin: top && second ? top.score - second.score : 0,
    topShare,
    single: bool(!!top && !second),
    grounding: g.grounding,
    missingNoun: g.missingNoun,
    missingName: bool(g.missingName),
    rareNoun: g.rareNoun,
    passageHolds: g.passageHolds,
    namesTogether: g.namesTogether,
    headMet: bool(g.headMet),
    bestSentence: ctx.sentences[0]?.score ?? 0,
    linked: bool(ctx.retrieval.entities.some((e) => e.kind !== 'passage')),
    noCandidate: bool(!top),
    topSpecific: bool(top?.measures.specificity === 'specific'),
    topTypeAgrees: bool(!!top && (top.measures.typeAgrees ?? 1) === 1),
    topFromLayout: bool(!!top && LAYOUT_SOURCES.has(top.source)),
    topFromPath: bool(top?.source === 'path'),
    ...askedKinds(ctx),
    topSupport: Math.log1p(top?.support ?? 0),
    topShapeFit: bool(!!top && shapeFits(top.text, t)),
    graphOnly: bool(!ctx.retrieval.passages.length),
    topAgreement: top ? passageAgreement(top, ctx) : 0,
    topClauseMatch: topClause.clauseMatch,
    topClausePredicate: topClause.clausePredicate,
    topPathScore: top?.measures.pathScore ?? 0,
    pathSupport: Math.log1p(top?.source === 'path' ? (ctx.retrieval.answers.find((a) => a.label === top.text)?.support ?? 0) : 0),
    pathEnds: Math.log1p(ctx.retrieval.answers.length),
    ...perKind(kinds, 'Share', topShare),
    ...perKind(kinds, 'Margin', margin),
    topOverNull: top && nullScore !== null ? Math.max(-MARGIN_CAP, Math.min(MARGIN_CAP, top.score - nullScore)) : 0,
    nullShare: nullScore === null || !z ? 0 : withNull / z,
    topLogOdds: top ? Math.max(-LOG_ODDS_CAP, Math.min(LOG_ODDS_CAP, Math.log(topShare / Math.max(1e-12, 1 - topShare)))) : 0,
    ...redundancy(ranked, max, z),
    passageMargin: passageMargin(ctx),
    topFirstPassage: bool(top?.passageRank === 0),
    topDefinedTerm: top ? definedTerm(top, ctx) : 0,
    topDocumentEvidence: top ? documentEvidence(top, ctx) : 0,
    topMatch: top?.measures.match ?? 0,
    topSentenceRank: top?.measures.sentenceRank ?? 0,
    topNear: top?.measures.near ?? 0,
    rivalShare: rivalShare(ranked, max, z),
    plainAgrees: bool(!!top && !!views?.plainTop && consistentAnswers(top.text, views.plainTop)),
    otherPassageAgrees: bool(!!top && !!views?.otherPassageTop && consistentAnswers(top.text, views.otherPassageTop)),
    topPassageShare: top ? passageShare(top, ctx) : 0,
    pairShare: pairShare(ranked),
    topForms: bool(!!top && sourcesOf(top).size > 1),
    formMargin: formMargin(ranked),
    typedAlone: typedAlone(ranked, t),
    firstPassageAsked: bool(!!top && firstPassageAsked(top, ctx)),
  };
  return QUESTION_FEATURES.map((f) => (isAblated(f) ? 0 : values[f]));
}

/**
 * How the documents ground a question: the IDF-weighted share of its words some chunk holds, and the
 * share of its noun weight (nouns, names, numbers: what a question is about) that none holds. A word the
 * retrieved facts hold (an entity or relation label of the graph) is grounded too: a graph imported as
 * triples has no chunk that writes its labels. A noun only one or two chunks hold (its document
 * frequency) is grounded weakly: a word met in passing, as an off-topic question's words often are.
 */
export function grounding(ctx: AnswerContext): Grounding {
  let got = groundings.get(ctx);
  if (!got) groundings.set(ctx, (got = measureGrounding(ctx)));
  return got;
}

interface Grounding {
  grounding: number;
  missingNoun: number;
  missingName: boolean;
  passageHolds: number;
  rareNoun: number;
  namesTogether: number;
  headMet: boolean;
}
const groundings = new WeakMap<AnswerContext, Grounding>();

function measureGrounding(ctx: AnswerContext): Grounding {
  const tags = new Map(posTags(ctx.q.text).map((t) => [t.lower, t.pos]));
  const inFacts = new Set(ctx.retrieval.triples.flatMap((t) => contentStems(`${t.subject} ${t.relation.replace(/_/g, ' ')} ${t.object}`)));
  const held = (t: { df: number; stem: string }) => t.df > 0 || inFacts.has(t.stem);
  let all = 0;
  let have = 0;
  let nouns = 0;
  let missing = 0;
  let rare = 0;
  for (const t of ctx.allTerms) {
    all += t.idf;
    if (held(t)) have += t.idf;
    const pos = tags.get(t.word) ?? 'NOUN';
    if (pos === 'NOUN' || pos === 'PROPN' || pos === 'NUM' || pos === 'X') {
      nouns += t.idf;
      if (!held(t)) missing += t.idf;
      else if (t.df > 0 && t.df <= 2 && !inFacts.has(t.stem)) rare += t.idf;
    }
  }
  // a name: capitalised (not as the question's first word), all capitals, or letters with digits or a "+"
  const names = new Set(
    ctx.q.content.filter((t, i) => (/^\p{Lu}/u.test(t.raw) && (i > 0 || ctx.q.tokens[0] !== t)) || /\d/.test(t.raw) || /\+/.test(t.raw)).map((t) => t.text),
  );
  const missingName = ctx.allTerms.some((t) => !held(t) && names.has(t.word));
  // the best passage's share of every word asked (a word no chunk holds counts against it), or the
  // retrieved facts' share when they hold more (a graph imported as triples has no passages)
  let passageHolds = all ? ctx.allTerms.reduce((a, t) => a + (inFacts.has(t.stem) ? t.idf : 0), 0) / all : 0;
  const named = ctx.allTerms.filter((t) => names.has(t.word));
  const nameWeight = named.reduce((a, t) => a + t.idf, 0);
  let namesTogether = nameWeight ? named.reduce((a, t) => a + (inFacts.has(t.stem) ? t.idf : 0), 0) / nameWeight : 1;
  // the asked head noun and the most specific word (highest IDF) some chunk holds, other than the head; without a
  // head noun, the two most specific held words
  const headStem = askedHeadStem(ctx);
  const specific = ctx.allTerms.filter((t) => t.df > 0 && t.stem !== headStem).sort((a, b) => b.idf - a.idf);
  const pair = headStem ? [headStem, specific[0]?.stem] : [specific[0]?.stem, specific[1]?.stem];
  const wanted = pair.filter((x): x is string => !!x);
  let headMet = wanted.length > 0 && wanted.every((x) => inFacts.has(x));
  for (const p of ctx.passages) {
    const own = new Set(contentStems(p.text));
    const held = ctx.allTerms.reduce((a, t) => a + (own.has(t.stem) ? t.idf : 0), 0);
    passageHolds = Math.max(passageHolds, all ? held / all : 0);
    if (nameWeight) namesTogether = Math.max(namesTogether, named.reduce((a, t) => a + (own.has(t.stem) ? t.idf : 0), 0) / nameWeight);
    if (wanted.length && wanted.every((x) => own.has(x))) headMet = true;
  }
  return {
    grounding: all ? have / all : 0,
    missingNoun: nouns ? missing / nouns : 0,
    missingName,
    passageHolds,
    rareNoun: nouns ? rare / nouns : 0,
    namesTogether,
    headMet,
  };
}

/** The stem of the noun a question asks for: the head of its wh-phrase, or the last word of the term a definition asks about. */
function askedHeadStem(ctx: AnswerContext): string | null {
  const head = ctx.type.head ?? (ctx.type.subject ? ctx.type.subject.split(/\s+/).pop() : null);
  return head ? (contentStems(head)[0] ?? null) : null;
}
