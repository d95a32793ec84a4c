// What every candidate source reads of one retrieval, computed once: the analysed question and the
// stems it asks with, the question's terms (less the words that only name a document by its title),
// the retrieved passages' sentences scored against them (with their heading, list or block context),
// the documents the question names, and the graph's labels. Also the small measurements several
// sources share (neighbours of a span, proximity to the question's words).
import type { RetrievalResult, RetrievedPassage } from '../../retrieve/retriever';
import { analyze, type AnalyzedQuestion } from '../../retrieve/analysis';
import { purposeAsked, type PurposeAsked, type QuestionType } from '../../retrieve/question';
import { coverage, scoreSentences, type QuestionTerm, type Sentence } from '../../retrieve/sentences';
import { contentStems } from '../../retrieve/text';
import { stem } from '../../nlp/morphology';
import { blockName } from '../../document/layout';
import { backReferenceWords, twoHopShape } from '../../retrieve/second-hop';

export interface ScoredSentence {
  s: Sentence;
  prev: Sentence | null;
  next: Sentence | null;
  /** Coverage of the question's terms (with its context). */
  score: number;
  passage: number;
  rank: number;
  /** Stems of what its block or section names, when they add to its coverage. */
  topic: string[];
}

/** Nouns that name a kind of the noun before them ("packet type", "reply kind"). */
const CLASSIFIERS = new Set([
  'type',
  'types',
  'kind',
  'kinds',
  'sort',
  'sorts',
  'form',
  'forms',
  'class',
  'classes',
  'category',
  'categories',
  'variety',
  'variant',
  'variants',
]);
const UNIT_HEADS = new Set(['unit', 'units']);
/** The answer types that ask for a number, a code, a port, a value or a date. */
const NUMERIC_TYPES = new Set(['number', 'code', 'value', 'port', 'date']);

export interface AnswerContext {
  q: AnalyzedQuestion;
  type: QuestionType;
  retrieval: RetrievalResult;
  /** Every term of the question with its IDF. */
  allTerms: QuestionTerm[];
  /** The terms less the words naming a document by its title (unless asked about). */
  terms: QuestionTerm[];
  /** The terms less the asked phrase's words. */
  distinctive: QuestionTerm[];
  /** Documents the question names (by designation or title words). */
  namedDocuments: Set<number>;
  passages: RetrievedPassage[];
  passageById: Map<number, RetrievedPassage>;
  passageRank: Map<number, number>;
  passageCover: Map<number, number>;
  /** Every sentence of the passages that holds some of the question's words, best first. */
  sentences: ScoredSentence[];
  /** Stems of every question token; of its content words; of the asking sentence. */
  qStems: Set<string>;
  qContent: Set<string>;
  askingStems: Set<string>;
  phraseStems: Set<string>;
  /** The asked noun ("constant" in "which state machine constant"), with the noun before a classifier. */
  headStems: Set<string>;
  /** The term a definition question asks about; the one asked to act in an action question. */
  subjectStems: string[];
  doerStems: string[];
  numeric: boolean;
  asksName: boolean;
  unitAsked: boolean;
  /** Graph labels of the retrieved triples and the linked entities (lower case). */
  labels: Set<string>;
  /** What the question asks of a predicate beyond its arguments: its purpose, its reason or its result (question.ts purposeAsked). */
  purpose: PurposeAsked | null;
  /** A question of two-passage shape: what its second hop reached (null for a question of one passage). */
  hop: HopContext | null;
}

/**
 * What a two-passage question's answer side reads of its second hop (retrieve/second-hop.ts): the kept
 * passages the hop found (with their secondHop value), the first-hop passages a followed bridge was read
 * from, the bridges (the things reached), and the question's terms split into those of the asking
 * sentence (what is asked about the thing reached, less the words pointing back at it) and those only the
 * describing sentences write.
 */
export interface HopContext {
  found: Map<number, number>;
  sources: Set<number>;
  bridges: { term: string; reference: boolean }[];
  askingTerms: QuestionTerm[];
  describingTerms: QuestionTerm[];
}

/** The hop context of a retrieval (null when the question is not of two-passage shape). */
export function hopContext(q: AnalyzedQuestion, retrieval: RetrievalResult, terms: QuestionTerm[]): HopContext | null {
  if (!twoHopShape(q)) return null;
  const read = retrieval.secondHop;
  // the words pointing back at the thing described ("that message") are the bridge's place, not what is asked
  const pointing = new Set(backReferenceWords(q).map((w) => stem(w)));
  return {
    found: new Map((read?.passages ?? []).map((p) => [p.id, p.secondHop])),
    sources: new Set((read?.bridges ?? []).map((b) => b.chunk)),
    bridges: (read?.bridges ?? []).map(({ term, reference }) => ({ term, reference })),
    askingTerms: terms.filter((t) => q.askingStems.has(t.stem) && !pointing.has(t.stem)),
    describingTerms: terms.filter((t) => !q.askingStems.has(t.stem)),
  };
}

/**
 * The noun a question asks for: the head of its noun phrase ("which state machine constant": constant),
 * with the noun before a classifier ("which packet type": [packet, type]). Null when the head is no
 * plain word ("RFC 2865") or not the phrase's last.
 */
export function askedNoun(type: QuestionType): string[] | null {
  if (!type.head || !/^[a-z]+$/.test(type.head) || type.phrase.at(-1) !== type.head) return null;
  return CLASSIFIERS.has(type.head) ? type.phrase.slice(-2) : [type.head];
}

const LIST_ITEM = /^(?:[*\u2022\u00b7o-]|\(?[a-z0-9]{1,2}[.)])\s+\S/;

/**
 * The sentences a list item is read with: the one introducing its list (ending with a colon) and the
 * first one after the list; none when the sentence is no item of a list introduced so.
 */
function listContext(sentences: Sentence[], i: number): Sentence[] {
  if (!LIST_ITEM.test(sentences[i].text)) return [];
  let j = i - 1;
  while (j >= 0 && LIST_ITEM.test(sentences[j].text)) j--;
  if (j < 0 || !/:\s*$/.test(sentences[j].text)) return [];
  let k = i + 1;
  while (k < sentences.length && LIST_ITEM.test(sentences[k].text)) k++;
  return k < sentences.length ? [sentences[j], sentences[k]] : [sentences[j]];
}

/**
 * The documents a question names by (part of) their title, and the question's words doing so: a run of
 * consecutive content words of the question that all occur in the title, two of them in a row there too,
 * three or more holding at least 40 % of the title's content words, or 60 % of a short title.
 */
export function titleScope(question: string, passages: { documentId: number; document: string }[]): { documents: Set<number>; stems: Set<string> } {
  const documents = new Set<number>();
  const stems = new Set<string>();
  const q = contentStems(question);
  const seen = new Set<number>();
  for (const p of passages) {
    if (seen.has(p.documentId)) continue;
    seen.add(p.documentId);
    const title = contentStems(p.document.replace(/^RFC\s?\d+:\s*/i, ''));
    const inTitle = new Set(title);
    if (inTitle.size < 2) continue;
    const pairs = new Set(title.slice(1).map((x, i) => `${title[i]} ${x}`));
    for (let i = 0; i < q.length;) {
      if (!inTitle.has(q[i])) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < q.length && inTitle.has(q[j + 1])) j++;
      const run = q.slice(i, j + 1);
      const paired = run.slice(1).some((x, k) => pairs.has(`${run[k]} ${x}`));
      // three words or more holding 40 % of the title, or most of a short title; two words of a longer
      // title may just name the topic
      const share = new Set(run).size / inTitle.size;
      if (paired && ((run.length >= 3 && share >= 0.4) || share >= 0.6)) {
        documents.add(p.documentId);
        for (const x of run) stems.add(x);
      }
      i = j + 1;
    }
  }
  return { documents, stems };
}

export function answerContext(retrieval: RetrievalResult): AnswerContext {
  const q = retrieval.analysis ?? analyze(retrieval.question);
  const type = q.type;
  const allTerms = retrieval.terms ?? [];
  // "According to the <words of a title>, which standard ...": words naming a document by its title
  // say where to look, not what to find (unless they are the term asked about)
  const scope = titleScope(q.text, retrieval.passages);
  const asked = new Set(contentStems([type.subject ?? '', ...[...q.text.matchAll(/"([^"]+)"/g)].map((m) => m[1])].join(' ')));
  const scoped = allTerms.filter((t) => !scope.stems.has(t.stem) || asked.has(t.stem));
  const terms = scoped.some((t) => t.df > 0) ? scoped : allTerms;
  const phraseStems = new Set(type.phrase.map((w) => stem(w)));
  const passages = retrieval.passages;
  const numeric = NUMERIC_TYPES.has(type.type);
  const passageCover = new Map<number, number>();
  const sentences: ScoredSentence[] = [];
  passages.forEach((p, rank) => {
    const scored = scoreSentences(p.text, terms);
    passageCover.set(
      p.id,
      coverage(
        terms,
        scored.flatMap((x) => x.sentence.stems),
      ),
    );
    scored.forEach((sc, i) => {
      // a list item is read with the sentence introducing its list and the one closing it
      const context = listContext(
        scored.map((x) => x.sentence),
        i,
      );
      let score = context.length ? Math.max(sc.score, 0.85 * coverage(terms, [...sc.sentence.stems, ...context.flatMap((x) => x.stems)])) : sc.score;
      // a sentence is about what its section or block names (for a value asked, a sentence holding none of the
      // question's words too: a listing's description states the value of the object named above it)
      const name = sc.score > 0 || numeric ? blockName(p.text, sc.sentence.start, sc.sentence.text) : null;
      const withName = name ? coverage(terms, [...sc.sentence.stems, ...contentStems(name)]) : 0;
      const topic = name && withName > coverage(terms, sc.sentence.stems) ? contentStems(name) : [];
      score = Math.max(score, 0.85 * withName);
      if (score > 0)
        sentences.push({ s: sc.sentence, prev: scored[i - 1]?.sentence ?? null, next: scored[i + 1]?.sentence ?? null, score, passage: p.id, rank, topic });
    });
  });
  sentences.sort((a, b) => b.score - a.score || a.rank - b.rank);
  const labels = new Set<string>();
  for (const t of retrieval.triples) for (const l of [t.subject, t.object]) if (l.length > 1) labels.add(l.toLowerCase());
  for (const e of retrieval.entities) labels.add(e.label.toLowerCase());
  return {
    q,
    type,
    retrieval,
    allTerms,
    terms,
    distinctive: terms.filter((t) => !phraseStems.has(t.stem)),
    namedDocuments: new Set([...(retrieval.standards ?? []).map((st) => st.documentId), ...scope.documents]),
    passages,
    passageById: new Map(passages.map((p) => [p.id, p])),
    passageRank: new Map(passages.map((p, i) => [p.id, i])),
    passageCover,
    sentences,
    qStems: new Set(q.stems),
    qContent: new Set(q.contentStems),
    askingStems: q.askingStems,
    phraseStems,
    headStems: new Set((askedNoun(type) ?? type.phrase.slice(-2)).map((w) => stem(w))),
    subjectStems: type.subject && type.type === 'definition' ? contentStems(type.subject) : [],
    doerStems: type.subject && type.type === 'action' ? contentStems(type.subject) : [],
    numeric,
    asksName: type.type === 'name' || type.type === 'list',
    unitAsked: !!type.head && UNIT_HEADS.has(type.head),
    labels,
    purpose: purposeAsked(q.text),
    hop: hopContext(q, retrieval, allTerms),
  };
}

/** Stems of the tokens within k tokens left and right of a span of a sentence. */
export function neighbours(s: Sentence, span: { start: number; end: number }, k: number): string[] {
  const abs = s.start + span.start;
  const absEnd = s.start + span.end;
  const first = s.tokens.findIndex((t) => t.end > abs);
  let last = first;
  while (last + 1 < s.tokens.length && s.tokens[last + 1].start < absEnd) last++;
  if (first < 0) return [];
  return [...s.stems.slice(Math.max(0, first - k), first), ...s.stems.slice(last + 1, last + 1 + k)];
}

/** At most ~24 words, cut at a clause end. */
export function clip(s: string): string {
  let t = s.replace(/\s+/g, ' ').trim();
  const words = t.split(' ');
  if (words.length > 24) t = words.slice(0, 24).join(' ');
  t = t.replace(/[\s,;:]+$/, '');
  return t.replace(/\.$/, '');
}
