// Candidates from the retrieved passages' best sentences: the typed spans of each (spans.ts), a
// glossary entry's body under its term line, the heading a "this <noun>" sentence stands under, each
// measured against the question (how much of it the sentence holds, how near the question's words the
// span sits, whether the asked noun names it, whether a negated or excepted clause holds it ...).
// Spans that are never answers are left out here: table rules and drawings, a section's number, a
// question's own words, a field's label, a number that is none.
import type { Sentence } from '../../retrieve/sentences';
import { abbreviations, coverage, isTermOnly, termInDocument } from '../../retrieve/sentences';
import { CLAUSE_WORDS, definingClauses, termFit } from './definitions';
import { contentStems, posTags, tokenize } from '../../retrieve/text';
import { stem } from '../../nlp/morphology';
import { STOPWORDS } from '../../nlp/stopwords';
import { DOCUMENT_NOUNS } from '../../retrieve/analysis';
import { headingBefore } from '../../document/layout';
import { limitsNamed, measuredThing, statedLimit, unitKindOf } from '../../retrieve/quantities';
import type { Candidate, Measures } from './types';
import type { AnswerType, QuestionType } from '../../retrieve/question';
import { clip, neighbours, type AnswerContext, type ScoredSentence } from './context';
import { followingClause, purposeClauses, type ClauseKind } from './clauses';
import {
  askedKinds,
  asksMagnitude,
  complementSpans,
  DEFINING_VERB,
  isNoise,
  measureUnit,
  NAMED_BEFORE,
  NUMBER_WORDS_ALONE,
  restrictedSpans,
  typedNounPhrases,
  typedSpans,
  WHOLE_IDENTIFIER,
  type Span,
} from './spans';

/** How many of the best sentences are read (glossary term lines of the asked term are read wherever they rank). */
const SENTENCES_READ = 15;
/**
 * How many of the best sentences are also read for the other kinds of answer (a question's form may be
 * misread: "under which conditions ..." asking a condition, "what does X do with Y" an action): those
 * spans are measured as not of the asked type, and the fitted weights say how much that counts.
 */
const SENTENCES_READ_OTHERWISE = 5;
/** How far down the ranking a sentence writing a value of the asked kind is read (a number with its unit, for a magnitude). */
const MEASURE_SENTENCES_READ = 30;
const OTHER_TYPES: AnswerType[] = ['name', 'value', 'action', 'condition', 'definition'];
/** How many of the best sentences are read for clauses of purpose, reason or result, when the question asks one (and how many for the sentence after them giving it). */
const CLAUSE_SENTENCES_READ = 10;
const FOLLOWING_SENTENCES_READ = 5;

const bit = (b: boolean) => (b ? 1 : 0);

export function sentenceSpanCandidates(ctx: AnswerContext): Candidate[] {
  const { type, q } = ctx;
  const out: Candidate[] = [];
  // table-of-contents lines and page furniture are not sentences to answer from
  const usable = ctx.sentences.filter(({ s }) => !/\.{4,}\s*\d+\s*$/.test(s.text) && !/\[Page \d+\]/.test(s.text));
  const chosen = usable.slice(0, SENTENCES_READ);
  const isTermLine = (text: string, passage: number) => termLine(ctx, text, passage);
  // what each sentence read says the asked term (or another) is, for a definition question
  const defined = new Map<Sentence, Definitions>();
  const definitionsIn = (x: ScoredSentence) => {
    let d = defined.get(x.s);
    if (!d) defined.set(x.s, (d = definitionsOf(ctx, x)));
    return d;
  };
  if (type.type === 'definition' && ctx.subjectStems.length) {
    for (const x of usable.slice(SENTENCES_READ))
      if ((x.next && isTermLine(x.s.text, x.passage)) || (holdsTerm(ctx, x) && definitionsIn(x).spans.length)) chosen.push(x);
  }
  // "how long is X": a sentence writing a number with its unit is read a little further down the ranking; for any
  // other value asked, a sentence writing a value of the asked kind by a specific pattern ("reset(2)", "3799/tcp", "= 13")
  const holdsAsked = asksMagnitude(type)
    ? (text: string) => !!measureUnit(text)
    : ctx.numeric && type.type !== 'date'
      ? (text: string) => typedSpans(text, type.type, type.head).some((sp) => sp.level === 'specific')
      : null;
  if (holdsAsked) for (const x of usable.slice(SENTENCES_READ, MEASURE_SENTENCES_READ)) if (holdsAsked(x.s.text)) chosen.push(x);
  const kinds = ctx.asksName ? askedKinds(type) : null;
  const asksGivenName = type.type === 'name' && type.frame.some((w) => /^(?:called|named|termed)$/.test(w));
  const asksNumber = type.phrase.some((w) => /^(?:numeric|numerical|number|integer|decimal|hexadecimal)$/.test(w));
  const asksDocument = !!type.head && DOCUMENT_NOUNS.has(type.head);
  const headLabel = type.head ? new RegExp(String.raw`\b${type.head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\s*[:=]\s*$`, 'i') : null;
  const bestItem = new Map<Sentence, number>();

  for (const x of chosen) {
    const { s, next, score, passage, rank } = x;
    let spans = typedSpans(s.text, type.type, type.head);
    // "which other device": noun phrases of the asked kind ("the tunnel server": a server is a device)
    if (kinds) spans = [...spans, ...typedNounPhrases(s.text, kinds, spans)];
    // "which Accounting-Request packets are tallied by X": the asked noun restated, with the modifier that picks them out
    if (ctx.asksName && ctx.headStems.size) spans = [...spans, ...restrictedSpans(s.text, spans, ctx.headStems, new Set(q.contentStems))];
    // "what must the Peer-Id be": what the sentence says the Peer-Id is or must be
    // (or of its head: "the Widget-Session-Id of a gateway" is said of as "the Widget-Session-Id")
    if (type.type === 'value' && type.subject) {
      const head = /^(.+?)\s+(?:of|for|in|on|at|from|by|with)\s+\S/.exec(type.subject)?.[1];
      spans = [...spans, ...complementSpans(s.text, type.subject), ...(head ? complementSpans(s.text, head) : [])];
    }
    // "what is X called in Y": the name a sentence gives ("... is known as the Supplicant") is labelled by the sentence
    if (asksGivenName) spans = spans.map((sp) => (NAMED_BEFORE.test(s.text.slice(0, sp.start)) ? { ...sp, level: 'specific', complement: true } : sp));
    // "what name is given to X", "what is X called": the terms the sentence defines, each with how much of the
    // question its definition holds (a reverse definition: the question describes, the answer is the term)
    const described = asksGivenName ? definedTermsOf(ctx, x) : [];
    for (const d of described) if (!spans.some((sp) => sp.start === d.span.start && sp.text === d.span.text)) spans.push(d.span);
    const definition: { subjectFirst: number; subjectShare: number } = { subjectFirst: 0, subjectShare: 0 };
    let glossaryEntry = false;
    if (type.type === 'definition' && ctx.subjectStems.length) {
      // (a body defines in words: a lone name on the next line is another entry or a listing)
      if (isTermLine(s.text, passage) && next && next.tokens.length >= 3) {
        // a term line followed by its definition (glossaries)
        const body = clip(next.text);
        spans = [{ text: body, start: 0, end: body.length, level: 'specific', glossary: true }];
        glossaryEntry = true;
      } else {
        Object.assign(definition, definitionShape(ctx, x));
        // the clause that defines the asked term, given whole (it replaces the same text read otherwise)
        for (const clause of definitionsIn(x).spans) {
          const same = spans.findIndex((sp) => sp.start === clause.start && sp.text === clause.text);
          if (same >= 0) spans[same] = clause;
          else spans.push(clause);
        }
      }
    }
    const definitions = type.type === 'definition' && ctx.subjectStems.length && !glossaryEntry ? definitionsIn(x) : null;
    // "this attribute is used to store ...": the section heading above names it
    if (ctx.asksName && type.head && new RegExp(String.raw`\bthis\s+${type.head}\b`, 'i').test(s.text)) {
      const heading = headingBefore(ctx.passageById.get(passage)?.text ?? '', s.start);
      if (heading) spans = [...spans, { text: heading, start: -1, end: -1, level: 'specific' }];
    }
    if (!bestItem.has(s)) {
      let best = 0;
      for (const sp of spans) {
        const item = itemOf(s.text, spans, sp);
        if (item !== null) best = Math.max(best, coverage(ctx.distinctive, contentStems(item)));
      }
      bestItem.set(s, best);
    }
    // the other kinds of answer the best sentences hold (a span already read as the asked type is not read again)
    const typed: { span: Span; as: AnswerType }[] = spans.map((span) => ({ span, as: type.type }));
    if (chosen.indexOf(x) < SENTENCES_READ_OTHERWISE && type.type !== 'yesno')
      for (const other of OTHER_TYPES) {
        if (other === type.type || (other === 'value' && ctx.numeric)) continue;
        for (const span of typedSpans(s.text, other, null))
          if (!typed.some((t) => t.span.start === span.start && t.span.text === span.text)) typed.push({ span, as: other });
      }
    for (const { span, as } of typed) {
      const measured = measureSpan(ctx, x, spans, span, { asksNumber, asksDocument, headLabel, bestItem: bestItem.get(s)!, as });
      if (!measured) continue;
      if (type.type === 'definition' && !glossaryEntry) {
        measured.subjectFirst = definition.subjectFirst;
        measured.subjectShare = definition.subjectShare;
        if (span.named !== undefined) measured.namingMatch = namingMatch(ctx.subjectStems, span.named);
      }
      if (asksGivenName) measured.describedBy = described.find((d) => d.span.start === span.start && d.span.text === span.text)?.share ?? 0;
      if (type.type === 'definition' && ctx.subjectStems.length) {
        measured.definesAsked = bit(!!span.glossary || !!definitions?.spans.includes(span));
        measured.definesOther = bit(!!definitions?.other && !definitions.spans.length);
        // (asked what the term is, a clause saying what it is rather than what it does)
        measured.definesWhat = bit(asksWhatItIs(type) && (!!span.glossary || !!definitions?.copular.has(span)));
      }
      // a glossary body is quoted with its term line ("Master Session Key (MSK): Keying material ...")
      // (a defining clause read with the sentence before it is quoted with it)
      const quoted =
        span.glossary && next ? `${s.text}: ${next.text}` : span.start < 0 && x.prev && span.text.startsWith(x.prev.text) ? `${x.prev.text} ${s.text}` : s.text;
      out.push({
        text: span.text,
        source: span.glossary ? 'glossary' : 'span',
        passageId: passage,
        passageRank: rank,
        sentence: quoted,
        offset: s.start,
        triples: [],
        measures: { ...measured, match: score, passageMatch: ctx.passageCover.get(passage) ?? 0, sentenceRank: 1 / (1 + usable.indexOf(x)) },
      });
    }
    // "why ...", "what is X used for", "what happens if ...": the clauses of purpose, reason or result the sentence
    // writes (and the sentence after it giving them: "This is because ..."), each with how much of the question
    // the predicate it is attached to holds
    const at = chosen.indexOf(x);
    if (ctx.purpose && at < CLAUSE_SENTENCES_READ) {
      const opts = { asksNumber, asksDocument, headLabel, bestItem: bestItem.get(s)!, as: type.type };
      const read: { span: Span; kind: ClauseKind; host: string; quoted: string }[] = purposeClauses(s.text).map((c) => ({
        span: c,
        kind: c.kind,
        host: c.host,
        quoted: s.text,
      }));
      const following = at < FOLLOWING_SENTENCES_READ && next ? followingClause(next.text) : null;
      if (following)
        read.push({
          span: { text: following.text, start: -1, end: -1, level: 'specific' },
          kind: following.kind,
          host: s.text,
          quoted: `${s.text} ${next!.text}`,
        });
      for (const c of read) {
        const measured = measureSpan(ctx, x, spans, c.span, opts);
        if (!measured) continue;
        out.push({
          text: c.span.text,
          source: 'clause',
          passageId: passage,
          passageRank: rank,
          sentence: c.quoted,
          offset: s.start,
          triples: [],
          measures: {
            ...measured,
            match: score,
            passageMatch: ctx.passageCover.get(passage) ?? 0,
            sentenceRank: 1 / (1 + usable.indexOf(x)),
            clauseAsked: bit(clauseAsked(ctx.purpose, c.kind)),
            hostMatch: coverage(ctx.distinctive, contentStems(c.host)),
          },
        });
      }
    }
  }
  return out;
}

/** Whether a clause of a kind answers what the question asks: a why by a reason or a purpose, a what-for by a purpose, a what-happens by a result. */
export function clauseAsked(asked: ClauseKind, kind: ClauseKind): boolean {
  return asked === kind || (asked === 'reason' && kind === 'purpose');
}

interface Definitions {
  /** The clauses that define the asked term, given whole. */
  spans: Span[];
  /** Those of them whose verb says what the term is (a copula, "means", a naming verb, a list entry), not what it does. */
  copular: Set<Span>;
  /** The sentence says what another term is (by its subject and a copula, a naming verb or a list entry). */
  other: boolean;
}

/** A subject that refers back ("This type ...", "These ..."): what it is is said before. */
const ANAPHOR = /^(?:this|these|that|those|such|it|they)\b/i;

/** Whether a sentence holds the asked term's words (as asked, or as its document writes it), or the acronym asked. */
function holdsTerm(ctx: AnswerContext, x: ScoredSentence): boolean {
  const title = ctx.passageById.get(x.passage)?.document ?? '';
  const own = new Set(x.s.stems);
  return termInDocument(ctx.subjectStems, title).every((y) => own.has(y)) || (!!ctx.type.subject && x.s.text.includes(ctx.type.subject.trim()));
}

/**
 * The clauses of a sentence that define the asked term (definitions.ts definingClauses, the term fitting the
 * asked one or the shorter form its document writes it in), each given whole up to CLAUSE_WORDS words; a
 * naming sentence whose subject refers back is read with the sentence before it ("... new types ... These
 * types are termed <term>"). And whether it defines another term instead.
 */
function definitionsOf(ctx: AnswerContext, x: ScoredSentence): Definitions {
  const subject = ctx.subjectStems;
  const asked = ctx.type.subject ?? '';
  const local = termInDocument(subject, ctx.passageById.get(x.passage)?.document ?? '');
  // a longer term holding the asked one defines it only if the asked term's head is its head ("a gadget relay
  // table" for "relay table"; not "an example of a <term>", "the <term> module")
  const fitTo = (term: string, stems: string[]) => {
    const f = termFit(term, stems, asked);
    return f === 0.5 && contentStems(term.split(/\s(?:of|for)\s/i)[0].replace(/\([^)]*\)/g, ' ')).pop() !== stems[stems.length - 1] ? 0 : f;
  };
  const fit = (term: string) => Math.max(fitTo(term, subject), local.length < subject.length ? fitTo(term, local) : 0);
  const spans: Span[] = [];
  const copular = new Set<Span>();
  let other = false;
  for (const c of definingClauses(x.s.text)) {
    if (fit(c.term) < 0.5) {
      if (c.copular && c.how !== 'apposition' && !ANAPHOR.test(c.term)) other = true;
      continue;
    }
    let text = x.s.text
      .slice(c.start, c.end)
      .replace(/\s+/g, ' ')
      .trim()
      .split(' ')
      .slice(0, CLAUSE_WORDS)
      .join(' ')
      .replace(/[\s.,;:]+$/, '');
    let start = c.start + (x.s.text.slice(c.start).length - x.s.text.slice(c.start).trimStart().length);
    if (c.how === 'naming' && ANAPHOR.test(x.s.text.trim()) && x.prev) {
      text = `${x.prev.text.replace(/\s+/g, ' ').trim()} ${text}`;
      start = -1;
    }
    if (text && !spans.some((sp) => sp.text === text)) {
      const span: Span = { text, start, end: start < 0 ? -1 : start + text.length, level: 'specific' };
      spans.push(span);
      if (c.copular) copular.add(span);
    }
  }
  return { spans, copular, other };
}

/**
 * Whether a definition question asks what the term is ("what is X", "what is meant by X", "what kind of thing is
 * X", "how is X defined", "define X") rather than what it does, holds or is for ("what does X count", "what is X
 * used for"): its frame holds no verb but one of meaning, naming or defining.
 */
export function asksWhatItIs(type: QuestionType): boolean {
  return type.type === 'definition' && type.frame.every((w) => WHAT_IT_IS_FRAME.test(w));
}
const WHAT_IT_IS_FRAME =
  /^(?:means?|meant|meaning|called|named|termed|kind|type|sort|class|terms?|words?|phrases?|expressions?|acronyms?|abbreviations?|initialisms?|define|defined|explain|describe|counts?|qualif(?:y|ies)|serves?)$/;

/**
 * The terms a sentence defines (definitions.ts definingClauses: a subject with a verb saying what it is, a name a
 * naming verb gives, a terminology-list entry; or a short term line whose definition is the next line), each as a
 * span of the sentence with the share of the question's distinctive words (IDF-weighted) its definition holds.
 */
function definedTermsOf(ctx: AnswerContext, x: ScoredSentence): { span: Span; share: number }[] {
  const text = x.s.text;
  const out: { span: Span; share: number }[] = [];
  const add = (term: string, definition: string) => {
    const bare = term
      .trim()
      .replace(/^["'\u201c]+|["'\u201d]+$/g, '')
      .replace(/^(?:the|a|an)\s+/i, '');
    const start = bare ? text.indexOf(bare) : -1;
    if (start < 0 || bare.split(/\s+/).length > 8 || out.some((d) => d.span.start === start)) return;
    const share = coverage(ctx.distinctive, contentStems(definition));
    out.push({ span: { text: bare, start, end: start + bare.length, level: 'specific' }, share });
  };
  for (const c of definingClauses(text)) {
    if (!c.copular || ANAPHOR.test(c.term)) continue;
    const clause = text.slice(c.start, c.end);
    const at = clause.indexOf(c.term);
    add(c.term, at < 0 ? clause : `${clause.slice(0, at)} ${clause.slice(at + c.term.length)}`);
  }
  // a term line (a few words, no verb, no closing stop) whose definition is the next line
  const words = text.trim().split(/\s+/);
  if (
    x.next &&
    x.next.tokens.length >= 3 &&
    words.length <= 6 &&
    !/[.;,]$/.test(text.trim()) &&
    !posTags(text).some((t) => t.pos === 'VERB' || t.pos === 'AUX')
  )
    add(text.replace(/:\s*$/, ''), x.next.text);
  return out;
}

/** A glossary's term line: the term as asked, or as its document writes it ("Peer" in an EAP document for "the EAP peer"). */
function termLine(ctx: AnswerContext, text: string, passage: number): boolean {
  const own = contentStems(text);
  const title = ctx.passageById.get(passage)?.document ?? '';
  const subject = ctx.subjectStems;
  return [subject, termInDocument(subject, title)].some(
    (term, k) => (k === 0 || term.length < subject.length) && term.every((y) => own.includes(y)) && own.length <= term.length + 3 && isTermOnly(text, term),
  );
}

/**
 * How a sentence defines the asked term: whether the term stands right before its defining verb
 * ("<term> is ..."; "This attribute indicates ..." under a heading naming the term), and the share of
 * the term's words it holds.
 */
function definitionShape(ctx: AnswerContext, x: ScoredSentence): { subjectFirst: number; subjectShare: number } {
  const subject = ctx.subjectStems;
  const own = contentStems(x.s.text);
  const share = subject.filter((y) => own.includes(y)).length / subject.length;
  const verb = DEFINING_VERB.exec(x.s.text);
  const before = verb ? contentStems(x.s.text.slice(0, verb.index)) : [];
  let first =
    !!verb && before.length > 0 && subject.includes(before[before.length - 1]) && subject.filter((y) => before.includes(y)).length / subject.length >= 0.6;
  if (!first && verb && /^(?:This|These|The|Such an?)\s+[A-Za-z-]+\s*$/i.test(x.s.text.slice(0, verb.index).trim())) {
    const heading = headingBefore(ctx.passageById.get(x.passage)?.text ?? '', x.s.start);
    const named = heading ? [...contentStems(heading), ...before] : [];
    first = !!heading && subject.filter((y) => named.includes(y)).length / subject.length >= 0.6;
  }
  return { subjectFirst: bit(first), subjectShare: share };
}

/** How the name a definition gives fits the asked term: 1 the term, 0.5 a longer term holding it, 0 another. */
function namingMatch(subject: string[], named: string): number {
  const stems = contentStems(named);
  if (subject.filter((x) => stems.includes(x)).length / subject.length < 0.6) return 0;
  const first = contentStems(named.split(/\s+or\s+|,\s*/)[0]);
  return first.some((x) => !subject.includes(x)) ? 0.5 : 1;
}

const TRANSPARENT_TYPES = new Set(['definition', 'action', 'condition', 'yesno']);
const NUMERIC = new Set(['number', 'code', 'value', 'port', 'date']);
/** A constant written in capitals ("NULL", "TRUE"): a value by name. */
const CONSTANT_WORD = /^[A-Z][A-Z0-9_]{2,}$/;

/** The measurements of one span of a sentence; null when the span is never an answer. */
function measureSpan(
  ctx: AnswerContext,
  x: ScoredSentence,
  spans: Span[],
  span: Span,
  o: { asksNumber: boolean; asksDocument: boolean; headLabel: RegExp | null; bestItem: number; as: AnswerType },
): Measures | null {
  const { terms, qStems, qContent, phraseStems, headStems } = ctx;
  // the span is judged as the kind of answer it was read as
  const type = { ...ctx.type, type: o.as };
  const numeric = NUMERIC.has(o.as);
  const { s, prev } = x;
  const spanTokens = tokenize(span.text);
  const spanStems = spanTokens.map((t) => stem(t.text));
  if (!numeric && !TRANSPARENT_TYPES.has(type.type) && isNoise(span.text, span.start, s.text)) return null;
  // an answer is not the question's own words (a number it names is still new)
  const hasNewNumber = numeric && spanTokens.some((t) => /\d/.test(t.text) && !qStems.has(t.text));
  // table rules and ASCII drawings are not text to answer with
  if (!numeric && (/(?:\|[^|]*){3,}|[+=-]{4,}/.test(span.text) || (span.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 0.6 * span.text.replace(/\s/g, '').length))
    return null;
  const novel = hasNewNumber || span.glossary ? 1 : spanStems.length ? spanStems.filter((y) => !qStems.has(y)).length / spanStems.length : 1;
  if (type.type !== 'yesno' && novel === 0) return null;
  // (a value may be a name, unless the question asks for a number: "which numeric X value")
  const named = type.type === 'value' && !o.asksNumber && (WHOLE_IDENTIFIER.test(span.text) || CONSTANT_WORD.test(span.text));
  // "4.1.  Widget-Tunnel-Link": the number of a section heading is not a value of it (a whole number
  // without its dot before a column break, "13   widgetRate", is a listing's line: its number is the value)
  if (
    numeric &&
    span.start === 0 &&
    /^\d+(?:\.\d+)*\.?\s+(?!(?:for|of|to|in|on|at|by|or|and)\s)\S/.test(s.text) &&
    !/^\d+(?:\s{2,}|\t)/.test(s.text) &&
    /^\d+(?:\.\d+)*$/.test(span.text) &&
    s.tokens.length <= 10
  )
    return null;
  if (
    numeric &&
    !named &&
    !span.complement &&
    !span.quoted &&
    !ctx.unitAsked &&
    !spanTokens.some((t) => /\d/.test(t.text)) &&
    !/\bzero\b/i.test(span.text) &&
    !((type.type === 'number' || type.type === 'value') && NUMBER_WORDS_ALONE.test(span.text)) &&
    // a size or a time said in words ("sixteen octets") is a value as much as "16 octets"
    !measureUnit(span.text)
  )
    return null;
  // a bibliographic reference ("[RFC5997]", "RFC 3539") answers only a question about documents
  const isReference = /^\[?RFC[\s-]?\d+\]?$/.test(span.text) || /\[[^\]]*$/.test(s.text.slice(Math.max(0, span.start - 12), span.start));
  if (o.asksDocument && !isReference && !numeric) return null;
  const item = itemOf(s.text, spans, span);
  const itemCover = item === null ? -1 : coverage(ctx.distinctive, contentStems(item));
  const picked = itemCover >= 0 && o.bestItem > 0;
  const headAdjacent =
    headStems.size > 0 && (neighbours(s, span, 1).some((y) => headStems.has(y)) || (type.type === 'number' && countedNoun(s.text, span, headStems)));
  const phraseAdjacent = !headAdjacent && !picked && phraseStems.size > 0 && neighbours(s, span, 2).some((y) => phraseStems.has(y));
  // "SNMP (RFC-1157) or CMOT (RFC-1095)": a bracketed span belongs to the word before it
  const owner = /([\p{L}\p{N}][\p{L}\p{N}-]*)\s*\(\s*$/u.exec(s.text.slice(Math.max(0, span.start - 40), span.start));
  const ownerStem = owner && /^\s*\)/.test(s.text.slice(span.end)) ? stem(owner[1].toLowerCase()) : null;
  const bracketAsked = !!ownerStem && ctx.askingStems.has(ownerStem) && !phraseStems.has(ownerStem);
  const bracketOther = !!ownerStem && !bracketAsked && !ctx.qContent.has(ownerStem);
  const place =
    type.wh === 'where' &&
    span.start > 0 &&
    /\b(?:in|into|at|on|within|inside|under)\s+(?:the\s+|a\s+|an\s+|its\s+)?$/i.test(s.text.slice(Math.max(0, span.start - 20), span.start));
  // "Category: Informational", a field list's "Type" line over "86 for ...", the subject a sentence gives the value of
  const labelled =
    !!span.complement ||
    (!!type.head &&
      span.start >= 0 &&
      (o.headLabel!.test(s.text.slice(Math.max(0, span.start - 40), span.start)) ||
        (span.start <= 1 && !!prev && prev.tokens.length <= 2 && prev.stems.some((y) => phraseStems.has(y)) && /^[\p{L}\d -]+$/u.test(prev.text.trim()))));
  // "all messages except those which report traps": what follows "except" is what the span is not for
  const after = s.text.slice(Math.max(0, span.end));
  const except = /\b(?:except|other than|but not|excluding)\b/i.exec(after);
  const excluded =
    !!except && !/\b(?:except|other than|but not|excluding)\b/i.test(ctx.q.text) && coverage(ctx.distinctive, contentStems(after.slice(except.index))) > 0.2;
  const glued = !numeric && neighbours(s, span, 1).some((y) => qContent.has(y) && !phraseStems.has(y));
  // "MUST NOT use ports 1645 or 1646": what a negated clause names is what the answer is not
  const clauseBefore =
    s.text
      .slice(0, Math.max(0, span.start))
      .split(/[;:]|,\s+(?:and|but)\s+/)
      .pop() ?? '';
  const inNegated = span.start >= 0 && /\b(?:not|never|no longer)\b/i.test(clauseBefore + s.text.slice(span.end, span.end + 40).split(/[.;]/)[0]);
  const questionNegated = /\b(?:not|never|n't)\b/i.test(ctx.q.text);
  const doer = type.type === 'action' && ctx.doerStems.length > 0 && clauseSubjectHead(clauseBefore) === ctx.doerStems[ctx.doerStems.length - 1];
  const near =
    span.glossary || span.start < 0
      ? coverage(terms, s.stems)
      : Math.min(1, coverage(terms, [...neighbours(s, span, 6), ...(hasNewNumber ? spanStems : []), ...x.topic]));
  return {
    typeAgrees: bit(o.as === ctx.type.type),
    specificity: span.level,
    near,
    local: span.start < 0 ? 0 : coverage(terms, [...spanStems, ...neighbours(s, span, 3)]),
    novel,
    headAdjacent: bit(headAdjacent),
    phraseAdjacent: bit(phraseAdjacent),
    labelled: bit(labelled),
    polarityMismatch: bit(!TRANSPARENT_TYPES.has(type.type) && inNegated !== questionNegated),
    excluded: bit(excluded),
    glued: bit(glued),
    citedReference: bit(isReference && !o.asksDocument && type.type !== 'definition' && type.type !== 'action'),
    inList: bit(picked),
    itemShare: picked ? itemCover / o.bestItem : 0,
    bracketAsked: bit(bracketAsked),
    bracketOther: bit(bracketOther),
    place: bit(place),
    doer: bit(doer),
    abbreviated: span.start < 0 ? 0 : abbreviatedNear(ctx, s.text, span),
    graphLabel: bit(ctx.labels.has(span.text.toLowerCase())),
    namedDocument: bit(ctx.namedDocuments.has(ctx.passageById.get(x.passage)?.documentId ?? -1)),
    ...(ctx.numeric ? valueOf(s.text, span) : {}),
  };
}

/** What a value span measures, the kind of its unit and the limit its text says it is (each absent when there is none). */
function valueOf(sentence: string, span: Span): Pick<Measures, 'measured' | 'unitKind' | 'limit'> {
  const measured = span.complement ? null : measuredThing(sentence, span.start, span.end, span.text);
  const unitKind = unitKindOf(measureUnit(span.text));
  // the limit its own words say it is: those around it, or those it holds ("4 and above")
  const limit = statedLimit(sentence, span.start, span.end) ?? (limitsNamed(span.text).length === 1 ? limitsNamed(span.text)[0] : null);
  return { ...(measured ? { measured } : {}), ...(unitKind ? { unitKind } : {}), ...(limit ? { limit } : {}) };
}

/** A span's shape: letters, digits and the rest ("RFC2868" and "RFC2867" are alike, "VLAN (13)" and "reset(2)" too). */
const shape = (t: string) =>
  t
    .replace(/\p{L}+/gu, 'a')
    .replace(/\d+/g, '0')
    .replace(/\s+/g, '');

/**
 * The item a numbered span stands for in a sentence listing several alike: when the spans lead their clauses
 * ("[RFC2868] defines ... for authentication, and [RFC2867] defines ... for accounting"), the text from
 * the span to the next one; otherwise the enumeration item around it.
 */
function itemOf(sentence: string, spans: Span[], span: Span): string | null {
  if (span.start < 0) return null;
  if (!/\d/.test(span.text)) return enumerationItem(sentence, span);
  const alike = spans.filter((x) => x.start >= 0 && shape(x.text) === shape(span.text)).sort((a, b) => a.start - b.start);
  if (
    alike.length >= 2 &&
    contentStems(sentence.slice(0, alike[0].start)).length <= 2 &&
    contentStems(sentence.slice(alike[alike.length - 1].end)).length > 2
  ) {
    const next = alike.find((x) => x.start > span.start);
    return sentence.slice(span.start, next ? next.start : sentence.length);
  }
  return enumerationItem(sentence, span);
}

/**
 * The enumeration item of a sentence holding a span: the stretch between list separators (commas,
 * semicolons, "and", "or") or after a coded item's "(13)"; null when the sentence is no list.
 */
function enumerationItem(sentence: string, span: Span): string | null {
  if (span.start < 0) return null;
  const cuts = [...sentence.matchAll(/,|;|\s(?:and|or)\s|\(\s*(?:0x[0-9a-f]+|\d+)\s*\)/gi)];
  if (cuts.length < 2) return null;
  let from = 0;
  let to = sentence.length;
  for (const c of cuts) {
    const end = c.index! + c[0].length;
    const isCode = c[0].startsWith('(');
    if (end <= span.start) from = Math.max(from, end);
    else if (isCode && c.index! >= span.start) to = Math.min(to, end);
    else if (!isCode && c.index! >= span.end) to = Math.min(to, c.index!);
  }
  return sentence.slice(from, to);
}

/**
 * Whether a number counts the asked noun: its noun phrase ("256 \"in flight\" RADIUS packets": up to four words, a
 * quoted modifier skipped, up to a function word or a punctuation mark) ends in it.
 */
function countedNoun(text: string, span: Span, head: Set<string>): boolean {
  const after = text
    .slice(span.end, span.end + 60)
    .replace(/"[^"]{1,30}"|'[^']{1,30}'/g, ' ')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  for (const w of after.slice(0, 4)) {
    if (STOPWORDS.has(w.toLowerCase())) return false;
    if (head.has(stem(w.toLowerCase()))) return true;
  }
  return false;
}

/**
 * The stem of the head noun of a clause's subject, read from the text before its verb: the first noun run after
 * the last comma ("In order to ..., [lower layers] MUST NOT": layers).
 */
function clauseSubjectHead(before: string): string | null {
  const segment = before.split(',').pop() ?? '';
  let head: string | null = null;
  for (const t of posTags(segment)) {
    if (t.pos === 'NOUN' || t.pos === 'PROPN') head = t.lower;
    else if (head || !['DET', 'ADJ', 'NUM', 'PUNCT'].includes(t.pos)) break;
  }
  return head && /^[a-z][a-z0-9-]*$/.test(head) ? stem(head) : null;
}

/**
 * The share of the question's words (IDF-weighted) that the span's stretch of text (to a line break, a list
 * mark, a clause mark or another number) writes only abbreviated, within six words of it: a listing's label
 * shortens the words a question spells out ("radius-acct" for "RADIUS accounting"; retrieve/sentences.ts
 * abbreviations reads them). A question word the sentence writes in full is not counted.
 */
export function abbreviatedNear(ctx: AnswerContext, sentence: string, span: { start: number; end: number }): number {
  const stretch = /[\n*\u2022;,]|\d/;
  const before = tokenize(sentence.slice(0, span.start).split(stretch).pop() ?? '').slice(-6);
  const after = tokenize(sentence.slice(span.end).split(stretch)[0] ?? '').slice(0, 6);
  if (!before.length && !after.length) return 0;
  const held = new Set(contentStems(sentence));
  const found = abbreviations([...before, ...after], ctx.terms).filter((x) => !held.has(x));
  return found.length ? coverage(ctx.terms, found) : 0;
}
