// The question, read once. Retrieval (linking, relation paths, passage terms and re-ranking, table
// cells), the answer candidates and their features all read this one value instead of tokenizing,
// stemming, tagging and typing the question again: its tokens with their stems and lemmas, the parts
// of speech, the content words, the terms it names (quoted, written as identifiers, a term whose
// definition it mentions, a standard's designation), the answer type (question.ts), and what a
// yes/no question about a requirement asks: its modality and its polarity.
import { posTags, tokenize, type Token } from './text';
import { lemma, stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { answerTypeOf, DOCUMENT_NOUNS, type QuestionType } from './question';

/** What a question about a requirement asks of it: an obligation, a recommendation or a permission. */
export type Modality = 'must' | 'should' | 'may';

export interface AnalyzedQuestion {
  /** The question as asked. */
  text: string;
  /** The sentence that asks (a scenario may come first: "A NAS sends X. Which port ...?"). */
  asking: string;
  tokens: Token[];
  /** Stem and lemma of each token. */
  stems: string[];
  lemmas: string[];
  /** Parts of speech (universal tags) of the question's words. */
  tags: { text: string; lower: string; pos: string }[];
  /** Content words (no stopwords, no one letter but digits). */
  content: Token[];
  /** Distinct stems of the content words, in order. */
  contentStems: string[];
  /** Content stems of the asking sentence. */
  askingStems: Set<string>;
  /** The answer type from the question's syntax. */
  type: QuestionType;
  /** A term the question puts in quotes ("the phrase 'RADIUS request packet'"). */
  quoted: string | null;
  /** A term whose definition the question mentions without asking for it ("cite as the definition of X"). */
  defined: string | null;
  /** Words written as identifiers ("widgetTotalNoReplies", "retryPeriod"), lower-cased. */
  identifiers: string[];
  /** Document designations as written ("RFC 1157", "IEC 61850-7-4"). */
  designations: string[];
  /** An auxiliary or modal opens the question: it asks yes or no. */
  yesNo: boolean;
  /** The modality a question about a requirement asks ("may X ...", "is X required to ..."), if any. */
  modality: Modality | null;
  /** The question is negated ("must X not ...", "is X forbidden to ..."). */
  negated: boolean;
  /** Negating words of the asking sentence other than the modal's own ("without", "unless", "no", "not"). */
  negations: number;
  /** It asks under what condition something holds ("under what condition may X ...", "in which cases must X ..."). */
  asksCondition: boolean;
  /** It asks which document (standard, RFC, specification) says something. */
  whichDocument: boolean;
}

const MODAL_OF: Record<string, Modality> = {
  must: 'must',
  shall: 'must',
  need: 'must',
  should: 'should',
  ought: 'should',
  may: 'may',
  can: 'may',
  could: 'may',
  might: 'may',
};
/** A question asking for a condition: "under what condition(s)", "in which cases", "when must / may ...". */
const ASKS_CONDITION =
  /\b(?:under|in)\s+(?:what|which)\s+(?:conditions?|circumstances?|cases?|situations?)\b|\b(?:what|which)\s+(?:conditions?|circumstances?)\b|^\s*when\s+(?:must|shall|should|may|can|need)\b/i;
/** A subordinate clause of time or condition opening a question, up to its comma. */
const LEADING_CONDITION = /^\s*(?:when|whenever|if|unless|while|after|before|once|until|as long as|in case)\b[^,?]*,/i;

/** "is X required / allowed / recommended to ...": a modality asked with a passive. */
const PASSIVE_MODALITY: [RegExp, Modality][] = [
  [/^(?:required|obliged|obligated|mandated|mandatory|compelled)$/, 'must'],
  [/^(?:recommended|expected|advised|encouraged|supposed)$/, 'should'],
  [/^(?:allowed|permitted|optional|acceptable|able|free)$/, 'may'],
];
/** "is X prohibited / forbidden from ...": an obligation not to. */
const PROHIBITED = /^(?:prohibited|forbidden|barred|precluded|disallowed|banned)$/;
const AUXILIARIES = /^(?:is|are|was|were|do|does|did|can|could|must|should|may|might|will|would|shall|has|have|had|need|ought)$/;
const NEGATING = /^(?:not|never|no|none|neither|nor|without|unless|except|n't|cannot)$/;
export { DOCUMENT_NOUNS };

/** A term the question puts in quotes: two to six words, no apostrophe of a possessive. */
export function quotedTerm(question: string): string | null {
  const m = /(?<![\p{L}\p{N}])["'\u2018\u201c]([^"'\u2019\u201d]{2,60})["'\u2019\u201d](?![\p{L}\p{N}])/u.exec(question);
  return m && m[1].trim().split(/\s+/).length <= 6 ? m[1].trim() : null;
}

/**
 * The term whose definition a question mentions without asking for it: "... cite as the definition of
 * X" (X), "the meaning of the term X" (X), "the entity that EAP refers to as the peer" (peer); up to six words.
 */
export function definedTerm(question: string): string | null {
  const named =
    /\b(?:refers?\s+to\s+as|referred\s+to\s+as|known\s+as|termed)\s+(?:the\s+|an?\s+)?["'\u2018\u201c]?([^,;:?!"'\u2019\u201d]+?)["'\u2019\u201d]?\s*(?:[,;:?!]|$)/i.exec(
      question,
    );
  if (named && named[1].trim().split(/\s+/).length <= 6) return named[1].trim();
  const m = /\b(?:definition|meaning)\s+of\s+(?:the\s+)?(?:(?:term|phrase|word|acronym|abbreviation)\s+)?([^,;:?!]+?)\s*(?:[,;:?!]|$)/i.exec(question);
  return m && m[1].trim().split(/\s+/).length <= 6 ? m[1].trim() : null;
}

/** The last sentence of a question that holds a question word (or the last sentence). */
function askingSentence(question: string): string {
  const parts = question.split(/(?<=[.?!])\s+/).filter((p) => p.trim());
  return [...parts].reverse().find((p) => /\b(?:what|which|who|whom|whose|when|where|how|why)\b/i.test(p)) ?? parts[parts.length - 1] ?? question;
}

function analyzeText(text: string): AnalyzedQuestion {
  const tokens = tokenize(text);
  const stems = tokens.map((t) => stem(t.text));
  const content = tokens.filter((t) => !STOPWORDS.has(t.text) && (t.text.length > 1 || /\d/.test(t.text)));
  const asking = askingSentence(text);
  const askingTokens = tokenize(asking);
  const type = answerTypeOf(text);
  const words = askingTokens.map((t) => t.text);
  // "Can X be used without TLS?", "Is X required to ...?", "Must X not ...?"
  const yesNo =
    type.type === 'yesno' || (words.length > 0 && AUXILIARIES.test(words[0]) && !/\b(?:what|which|who|whom|when|where|how|why)\b/.test(words.join(' ')));
  let modality: Modality | null = null;
  let negated = false;
  let modalAt = -1;
  // a subordinate clause opening the question up to its comma ("When X must be reset, may Y ...?") is the
  // question's condition: its modal is not the one asked about
  const lead = LEADING_CONDITION.exec(asking);
  const first = lead
    ? Math.max(
        0,
        askingTokens.findIndex((t) => t.start >= lead[0].length),
      )
    : 0;
  for (const [k, w] of words.entries()) {
    if (k < first) continue;
    if (MODAL_OF[w] && (k === first || modalAt < 0)) {
      modality = MODAL_OF[w];
      modalAt = k;
      if (k === first) break;
    }
  }
  if (!modality || modalAt > first) {
    for (const [k, w] of words.entries()) {
      if (k < first) continue;
      if (PROHIBITED.test(w)) {
        modality = 'must';
        negated = true;
        modalAt = k;
        break;
      }
      const passive = PASSIVE_MODALITY.find(([re]) => re.test(w));
      if (passive && (words[k + 1] === 'to' || w === 'optional' || w === 'mandatory' || w === 'acceptable')) {
        modality = passive[1];
        modalAt = k;
        break;
      }
    }
  }
  // the modal's own negation ("must X not", "cannot") makes the question negated; other negating words
  // ("without TLS", "unless") are part of what is asked about
  let negations = 0;
  for (const [k, w] of words.entries()) {
    if (!NEGATING.test(w) && !/n't$/.test(w)) continue;
    const ownNot =
      (w === 'not' || w === "n't") && modalAt >= 0 && k > modalAt && k <= modalAt + 4 && !words.slice(modalAt + 1, k).some((x) => NEGATING.test(x));
    if (w === 'cannot' || /n't$/.test(w) || ownNot) negated = true;
    else negations++;
  }
  const designations = [...text.matchAll(DESIGNATION)].map((m) => m[0]);
  const whichDocument = !!type.head && DOCUMENT_NOUNS.has(type.head) && type.type !== 'definition';
  return {
    text,
    asking,
    tokens,
    stems,
    lemmas: tokens.map((t) => lemma(t.text)),
    tags: posTags(text),
    content,
    contentStems: [...new Set(content.map((t) => stem(t.text)))],
    askingStems: new Set(askingTokens.filter((t) => !STOPWORDS.has(t.text)).map((t) => stem(t.text))),
    type,
    quoted: quotedTerm(text),
    defined: definedTerm(text),
    identifiers: [...new Set(content.filter((t) => /[a-z][A-Z]/.test(t.raw)).map((t) => t.text))],
    designations,
    yesNo,
    modality,
    negated,
    negations,
    asksCondition: ASKS_CONDITION.test(asking),
    whichDocument,
  };
}

/** A standard's designation as written ("RFC 1157", "rfc-1157", "IEC 61850-7-4"). */
export const DESIGNATION = /\b(?:RFC|BCP|STD|FYI)[\s-]?\d{1,5}\b|\b(?:IEC|ISO|IEEE|ITU-T)\s?[\w.-]*\d[\w.-]*/gi;

const cache = new Map<string, AnalyzedQuestion>();

/** The question analysed (cached: the same text is analysed once however many stages read it). */
export function analyze(question: string): AnalyzedQuestion {
  let got = cache.get(question);
  if (!got) {
    got = analyzeText(question);
    if (cache.size > 500) cache.delete(cache.keys().next().value!);
    cache.set(question, got);
  }
  return got;
}

/** A stage's input: the analysed question, or its text (analysed here, once). */
export type QuestionInput = string | AnalyzedQuestion;
export const analyzed = (q: QuestionInput): AnalyzedQuestion => (typeof q === 'string' ? analyze(q) : q);
