// Short extractive answers without a model. The question's answer type comes from general English
// question syntax (the wh-word and the head noun after it: "which port", "how many", "what is X");
// candidates come from the ends of the best relation paths and from typed spans of the retrieved
// passages' sentences that hold the question's words (a port "3799/tcp", a code "(13)", the action
// after MUST/SHOULD, the definition after "X is" or under a term). Candidates are ranked by how well
// their sentence matches the question, how well they fit the type and how close they sit to the
// question's words; the confidence decides between an answer and "not in the graph".
import type { RetrievalResult } from '../retrieve/retriever';
import { coverage, isTermOnly, scoreSentences, termInDocument, type QuestionTerm, type Sentence } from '../retrieve/sentences';
import { contentStems, escapeRe, posTags, tokenize } from '../retrieve/text';
import { stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { MONTH_NAME_ALTERNATION, MONTH_NAMES } from '../nlp/months';
import { expansions } from '../nlp/acronyms';
import { answerTypeOf, type AnswerType, type QuestionType } from '../retrieve/question';
import { wordNet } from '../nlp/wordnet';
import { askedCells } from '../retrieve/tables';
export { tableCells, type TableCell } from '../retrieve/tables';

export { answerTypeOf, type AnswerType, type QuestionType } from '../retrieve/question';

// ---------------------------------------------------------------- spans

export interface Span {
  text: string;
  /** Offsets in the sentence. */
  start: number;
  end: number;
  /** How well it fits the asked type, in (0, 1]. */
  fit: number;
  /** The body of a glossary entry for the asked term. */
  glossary?: boolean;
  /** A definition read before "is called <term>": the term it names. */
  named?: string;
  /**
   * What the sentence says the asked subject is or must be ("the Peer-Id MUST be [the null string]"), or the
   * name it gives what it describes ("... is called [an SNMP community profile]"): labelled by the sentence.
   */
  complement?: boolean;
}

const UNIT_HEADS = new Set(['unit', 'units']);
/** The verb of a naming sentence: "X is called / is known as / are termed Y". */
const NAMING = String.raw`(?:is|are)\s+(?:called|known as|termed|referred to as|named)`;
/** The name a naming sentence gives: "... is called [a SNMP access policy]". */
const NAMED_SPAN = new RegExp(String.raw`\b${NAMING}\s+(?:an?\s+|the\s+)?["']?([A-Za-z][\w-]*(?:\s+[\w-]+){0,4}?)["']?(?=\s*[.,;:()]|$)`, 'g');
/** "<definition> is called <term>": the definition, then the term. */
const NAMING_DEFINITION = new RegExp(String.raw`^(.{12,}?)\s+${NAMING}\s+(.+)$`, 'i');
/** A defining verb that is a naming one ("is called ..."). */
const NAMING_VERB_FIRST = new RegExp(String.raw`^${NAMING}\b`, 'i');
const NUM = String.raw`(?:0x[0-9a-f]+|\d+(?:\.\d+)?)`;
const UNITS = String.raw`(?:octets?|bytes?|bits?|seconds?|secs?|s|ms|milliseconds?|minutes?|mins?|hours?|days?|weeks?|years?|kbps|mbps|gbps|kb|mb|gb|hz|khz|mhz|ghz|characters?|packets?|attempts?|times|percent|%)`;
const RANGE = new RegExp(String.raw`\b(?:between\s+${NUM}\s+and|(?:from\s+)?${NUM}\s+(?:to|through))\s+${NUM}\b`, 'gi');
const WORDX = String.raw`[A-Za-z0-9]*(?:[-_/.][A-Za-z0-9]+)*`;
/** A technical identifier: hyphenated or camel-case words ("Call-Serial-Number", "reAuthPeriod"). */
/** Counts written in words ("thirteen scalars", "twenty-one"), one to ninety-nine. */
const NUMBER_WORD = String.raw`(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
const NUMBER_WORDS = new RegExp(String.raw`\b${NUMBER_WORD}\b`, 'gi');
const NUMBER_WORDS_ALONE = new RegExp(String.raw`^${NUMBER_WORD}$`, 'i');
const IDENTIFIER = /\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/;
const WHOLE_IDENTIFIER = new RegExp(`^(?:${IDENTIFIER.source})$`);
// words of a name are joined by one space: a wider gap is a column break of a plain-text layout
const NAME_TERM = String.raw`[A-Z]${WORDX}(?: [A-Z]${WORDX})*|[a-z]+[A-Z]${WORDX}|[a-z][a-z0-9]*(?:[-_/][A-Za-z0-9]+)+`;

function pushAll(out: Span[], re: RegExp, text: string, fit: number, group = 0): void {
  for (const m of text.matchAll(re)) {
    const s = m[group];
    if (!s) continue;
    const start = m.index! + m[0].indexOf(s);
    out.push({ text: s.trim(), start, end: start + s.trim().length, fit });
  }
}

/** Typed spans of one sentence for the asked type (general patterns: numbers, units, names, clauses). */
export function typedSpans(sentence: string, type: AnswerType, head: string | null = null): Span[] {
  const out: Span[] = [];
  const text = sentence;
  switch (type) {
    case 'port':
      pushAll(out, /\b\d{1,5}\/(?:tcp|udp|sctp|dccp)\b/gi, text, 1);
      pushAll(out, /\bports?\s+(?:number\s+)?(\d{1,5})\b/gi, text, 0.9, 1);
      pushAll(out, /\b(\d{1,5})\s+port\b/gi, text, 0.8, 1);
      pushAll(out, new RegExp(String.raw`\b\d{2,5}\b`, 'g'), text, 0.35);
      break;
    case 'number':
    case 'code':
    case 'value': {
      // a named constant with its number: "VLAN (13)", "reset(2)", "zero (0)", "Proxy-Stop (6)"
      // ("four (4)" is a number written twice, no named constant: as sure as a bracketed number)
      pushAll(out, new RegExp(String.raw`\b(?!${NUMBER_WORD}\s?\()[A-Za-z][A-Za-z0-9-]*\s?\(${NUM}\)`, 'gi'), text, 1);
      pushAll(out, new RegExp(String.raw`\b${NUMBER_WORD}\s?\(${NUM}\)`, 'gi'), text, 0.85);
      // a named constant of several words, as an enumeration writes it: "Wireless - IEEE 802.11 (19)", "Token Ring (20)"
      // (words one space apart: a wider gap is a column break)
      pushAll(
        out,
        new RegExp(String.raw`\b(?!(?:A|An|The|This|That|These|Those)\b)[A-Z][\w.-]*(?: (?:- )?(?:[A-Z][\w.-]*|\d[\w.]*)){1,4} ?\(${NUM}\)`, 'g'),
        text,
        1,
      );
      pushAll(out, new RegExp(String.raw`\b(?:octets?|bytes?|bits?)\s+\d+\s*(?:-|to|through)\s*\d+\b`, 'gi'), text, 1);
      pushAll(out, new RegExp(String.raw`\(${NUM}\)`, 'gi'), text, 0.85);
      pushAll(out, new RegExp(String.raw`\b${NUM}\s*(?:-|to|through)\s*${NUM}\s+${UNITS}\b`, 'gi'), text, 0.95);
      // a size with its unit is a value, hardly a code ("4 octets" is a length, not a type number)
      pushAll(out, new RegExp(String.raw`\b${NUM}\s+${UNITS}\b`, 'gi'), text, type === 'value' ? 0.95 : type === 'code' ? 0.5 : 0.8);
      // "= 13", "value of 19", "19 for X", a bare number
      // for a code, no number with a unit after it (the "4" of "is 4 octets" is a size)
      const unitless = type === 'code' ? String.raw`(?!(?:\s+|-)${UNITS}\b)` : '';
      // "= 13" (not ">= 3", a bound), "value of 19", "set to 2", "is 4"
      pushAll(out, new RegExp(String.raw`(?:(?<![<>!=])=|\bvalue\s+(?:of\s+)?|\bset\s+to\s+|\bis\s+)\s*(${NUM})\b${unitless}`, 'gi'), text, 0.9, 1);
      // "68 for Acct-Tunnel-Connection": a number assigned to a named thing
      pushAll(out, new RegExp(String.raw`\b(${NUM})\s+for\s+(?=[A-Z][A-Za-z0-9]*-)`, 'g'), text, 0.9, 1);
      pushAll(out, new RegExp(String.raw`\b${NUM}\b${unitless}`, 'gi'), text, 0.6);
      // "thirteen scalars": a count written in words
      if (type === 'number') pushAll(out, NUMBER_WORDS, text, 0.6);
      // a range: "a value between 1 and 4094", "from 0x01 to 0x1F"
      if (head === 'range') for (const sp of out) if (!/\d\s*(?:-|to|through|and)\s*\d/.test(sp.text)) sp.fit *= 0.5;
      pushAll(out, RANGE, text, head === 'range' ? 1 : 0.7);
      // "which version": a version as protocols write it ("SNMPv3", "IKEv2", "TLS 1.2", "HTTP/1.1", "version 2")
      if (head === 'version') {
        pushAll(out, /\b[A-Za-z]{2,}v\d+[a-z]?\b/g, text, 1);
        pushAll(out, /\b[A-Z][A-Za-z]+(?:\s|\/)\d+(?:\.\d+)+\b/g, text, 1);
        pushAll(out, /\bversion\s+\d+(?:\.\d+)*\b/gi, text, 0.9);
      }
      // a value may be a named one: "the Call-Serial-Number SHOULD be used", "set to RADIUS-Request"
      if (type === 'value') pushAll(out, new RegExp(IDENTIFIER.source, 'g'), text, 0.45);
      // "in what unit": the unit itself, "(in hundredths of a second)", "UNITS \"packets\""
      if (head && UNIT_HEADS.has(head)) {
        pushAll(
          out,
          new RegExp(String.raw`\b(?:tenths|hundredths|thousandths|millionths|billionths|multiples|units)\s+of\s+(?:an?\s+)?${UNITS}\b`, 'gi'),
          text,
          1,
        );
        pushAll(out, new RegExp(String.raw`\b(?:in|as|of)\s+(${UNITS})\b`, 'gi'), text, 0.8, 1);
        pushAll(out, /\bUNITS\s+"([^"]+)"/g, text, 1, 1);
      }
      break;
    }
    case 'date':
      pushAll(out, new RegExp(String.raw`\b(?:${MONTH_NAME_ALTERNATION})\s+(?:\d{1,2},?\s+)?\d{4}\b`, 'g'), text, 1);
      pushAll(out, /\b(?:1[5-9]|20)\d{2}\b/g, text, 0.8);
      break;
    case 'condition':
      // "... MUST NOT decide that X until [all connections have been marked DOWN]", "[If the key expires], the peer
      // ...": the clause a subordinating conjunction opens, up to the clause's end
      pushAll(
        out,
        /\b(?:only\s+)?(?:when|whenever|if|unless|until|once|after|before|as soon as|upon|while|provided that)\s+([^,;:.()]{3,}?)(?=\s*(?:[,;:.()]|$))/gi,
        text,
        1,
        1,
      );
      pushAll(out, new RegExp(String.raw`\b(?:${MONTH_NAME_ALTERNATION})\s+(?:\d{1,2},?\s+)?\d{4}\b`, 'g'), text, 0.6);
      break;
    case 'name':
    case 'list':
    case 'other':
      pushAll(out, new RegExp(String.raw`"([^"]{2,60})"`, 'g'), text, 0.8, 1);
      for (const m of text.matchAll(new RegExp(String.raw`\b(?:${NAME_TERM})\b`, 'g'))) {
        // "The Status-Server" -> "Status-Server": capitalised stopwords and RFC 2119 keywords are not part of a name
        let start = m.index!;
        const words = m[0].split(/(\s+)/);
        const kept: string[] = [];
        for (let k = 0; k < words.length; k += 2) {
          const w = words[k];
          const junk = STOPWORDS.has(w.toLowerCase()) || KEYWORDS.has(w);
          if (junk && !kept.length) {
            start += w.length + (words[k + 1]?.length ?? 0);
            continue;
          }
          if (junk) break;
          kept.push(w);
        }
        const name = kept.join(' ');
        if (name) out.push({ text: name, start, end: start + name.length, fit: 0.8 });
      }
      pushAll(out, /\bRFC[\s-]?\d{3,5}\b/g, text, 0.9);
      // "... is called a SNMP access policy": what a definition names (asked "what name is given to ...")
      pushAll(out, NAMED_SPAN, text, 0.9, 1);
      break;
    case 'action': {
      // what a requirement asks: the clause after MUST / SHOULD / MAY (NOT)
      const m = /\b(MUST|SHOULD|SHALL|MAY|REQUIRED|RECOMMENDED)(\s+NOT)?\b\s*(.+)$/.exec(text);
      if (m) {
        const start = m.index + m[0].length - m[3].length;
        out.push({ text: clip(m[3]), start, end: start + clip(m[3]).length, fit: 1 });
      } else {
        const w = /\b(?:must|should|shall|may|needs? to|is required to)\b(\s+not)?\s*(.+)$/i.exec(text);
        if (w) {
          const start = w.index + w[0].length - w[2].length;
          out.push({ text: clip(w[2]), start, end: start + clip(w[2]).length, fit: 0.7 });
        }
      }
      break;
    }
    case 'definition': {
      // "<definition> is called / is known as <term>": the definition is what comes before
      const named = NAMING_DEFINITION.exec(text);
      if (named) {
        const body = clip(named[1].replace(/^(?:Together|Thus|Hence|In short|In summary),\s*/i, ''));
        const start = text.indexOf(body);
        out.push({ text: body, start, end: start + body.length, fit: 1, named: named[2].replace(/[.;:,]\s*$/, '') });
      }
      // "X is/are/means/refers to ..." or a definition-list body
      // (not the "is" of "is called": that sentence defines the name after it, read above)
      const m = DEFINITION_BODY.exec(text);
      if (m && !(named && NAMING_VERB_FIRST.test(m[0]))) {
        const start = m.index + m[0].length - m[1].length;
        out.push({ text: clip(m[1]), start, end: start + clip(m[1]).length, fit: 1 });
      }
      out.push({ text: clip(text), start: 0, end: clip(text).length, fit: 0.6 });
      break;
    }
    case 'yesno':
      out.push({ text: /\b(?:not|never|no)\b/i.test(text) ? 'No' : 'Yes', start: 0, end: 0, fit: 0.6 });
      break;
  }
  // a number as a name, a name inside a number span...: drop exact repeats, keep the best fit
  const best = new Map<string, Span>();
  for (const s of out) {
    const k = `${s.start}:${s.text.toLowerCase()}`;
    if (!best.has(k) || best.get(k)!.fit < s.fit) best.set(k, s);
  }
  // spans inside a longer span of equal or better fit are the same answer
  const list = [...best.values()];
  return list.filter((s) => !list.some((o) => o !== s && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start && o.fit >= s.fit));
}

/**
 * What a sentence says its subject is or must be: "the Peer-Id MUST be the null string" for the subject "the
 * Peer-Id" gives "the null string" (up to six words, to the clause's end). The subject's words are matched as
 * written, hyphens or spaces between them.
 */
export function complementSpans(sentence: string, subject: string): Span[] {
  const words = subject
    .split(/[\s-]+/)
    .filter(Boolean)
    .filter((w, k) => !(k === 0 && /^(?:the|a|an|its|their|this|that)$/i.test(w)));
  if (!words.length) return [];
  const re = new RegExp(
    String.raw`\b${words.map(escapeRe).join(String.raw`[\s-]+`)}\s+(?:MUST|SHOULD|SHALL|must|should|shall|is|are)\s+(?:(?:NOT|not)\s+)?(?:be\s+)?(?:set\s+to\s+)?((?:[\w"'/-]+\s+){0,5}?[\w"'/-]+)(?=\s*(?:[,;:.()]|$))`,
    'gi',
  );
  const out: Span[] = [];
  for (const m of sentence.matchAll(re)) {
    const start = m.index + m[0].length - m[1].length;
    out.push({ text: m[1], start, end: start + m[1].length, fit: 0.95, complement: true });
  }
  return out;
}

/** Text that ends where a naming sentence gives its name: "... is known as (the) ", "... are called ". */
const NAMED_BEFORE = new RegExp(String.raw`\b${NAMING}\s+(?:an?\s+|the\s+)?["']?$`, 'i');

/** The verbs that open a definition or description: "X is ...", "X means ...", "This attribute indicates ...". */
const DEFINING_VERB =
  /\b(?:is defined as|is synonymous with|(?:is|are|can be|may be) used (?:to|for)|refers to|acts as|is|are|means|denotes|describes?|carries|contains|indicates|represents|specifies|signifies|implies)\b/i;
/** What a defining verb says, up to the sentence's end. */
const DEFINITION_BODY = new RegExp(String.raw`${DEFINING_VERB.source}\s+(.+)$`, 'i');

/** At most ~24 words, cut at a clause end. */
function clip(s: string): string {
  let t = s.replace(/\s+/g, ' ').trim();
  const words = t.split(' ');
  if (words.length > 24) t = words.slice(0, 24).join(' ');
  t = t.replace(/[\s,;:]+$/, '');
  return t.replace(/\.$/, '');
}

// ---------------------------------------------------------------- candidates and ranking

export interface AnswerCandidate {
  text: string;
  score: number;
  source: 'path' | 'passage' | 'document';
  /** The sentence it was read from (passages) or the chain's last fact (paths). */
  sentence: string | null;
  passageId: number | null;
  /** Offset of the sentence in its passage's text (passages). */
  offset?: number;
  triples: number[];
}

export interface ExtractiveResult {
  type: QuestionType;
  candidates: AnswerCandidate[];
  /** In [0, 1]: how sure the best candidate is the answer. */
  confidence: number;
}

/** A span right next to the noun the question asks for ("the reAuthPeriod constant"). */
const HEAD_ADJACENT = 1.4;

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

/** Confidence below this: the outcome is not_in_graph. */
export const MIN_CONFIDENCE = 0.2;

/** Candidates from the path ends and from the passages' sentences, ranked, with a confidence. */
export function extractCandidates(question: string, retrieval: RetrievalResult): ExtractiveResult {
  const type = answerTypeOf(question);
  const allTerms = retrieval.terms ?? [];
  // "According to the 802.1X RADIUS usage guidelines, which RFC ...": words naming a document by its title
  // say where to look, not what to find; its passages come first and the words are not matched in sentences
  const scope = titleScope(question, retrieval.passages);
  // the term asked about ("key wrap" in "In EAP key management, what does "key wrap" mean") is looked for all the same
  const asked = new Set(contentStems([type.subject ?? '', ...[...question.matchAll(/"([^"]+)"/g)].map((m) => m[1])].join(' ')));
  const scoped = allTerms.filter((t) => !scope.stems.has(t.stem) || asked.has(t.stem));
  const terms = scoped.some((t) => t.df > 0) ? scoped : allTerms;
  const qTokens = tokenize(question);
  const qStems = new Set(qTokens.map((t) => stem(t.text)));
  const qContent = new Set(qTokens.filter((t) => !STOPWORDS.has(t.text)).map((t) => stem(t.text)));
  const qLower = question.toLowerCase();
  const candidates: AnswerCandidate[] = [];

  // path ends: the question named the relations and the entity (their score says how well)
  for (const a of (retrieval.answers ?? []).slice(0, 20)) {
    // the question's own words are an answer only after the others
    // (and one made mostly of them, "Session-Timeout attribute" for "if Session-Timeout is sent ...", comes after one that is new)
    const labelStems = tokenize(a.label).map((t) => stem(t.text));
    const novel = labelStems.length ? labelStems.filter((x) => !qStems.has(x)).length / labelStems.length : 1;
    const own = qLower.includes(a.label.toLowerCase()) && a.label.length > 2 ? 0.25 : 0.6 + 0.4 * novel;
    // with passages to read, the text is the first witness and a path of extracted triples the second
    // (a path end the passages also name adds up with their span below)
    const withText = retrieval.passages.length && terms.some((t) => t.df > 0) ? 0.45 : 1;
    const fit = pathTypeFit(a.label, type.type);
    candidates.push({ text: a.label, score: a.score * fit * own * withText, source: 'path', sentence: null, passageId: null, triples: a.triples });
  }

  // passage spans: the sentences that best hold the question's words
  const sentences: { s: Sentence; prev: Sentence | null; next: Sentence | null; score: number; passage: number; rank: number; topic: string[] }[] = [];
  const passageCover = new Map<number, number>();
  // a question that names a standard ("RFC 1157", resolved by the retriever) asks first about what that document says
  const namedDocuments = new Set([...(retrieval.standards ?? []).map((st) => st.documentId), ...scope.documents]);
  const passageDocument = new Map(retrieval.passages.map((p) => [p.id, p.documentId]));
  retrieval.passages.forEach((p, rank) => {
    const scored = scoreSentences(p.text, terms);
    passageCover.set(
      p.id,
      coverage(
        terms,
        scored.flatMap((x) => x.sentence.stems),
      ),
    );
    scored.forEach((sc, i) => {
      // an item of a list is read with the sentence introducing the list ("IANA has already assigned TCP
      // ports ..., as outlined below:") and the one closing it ("the assigned values MUST be used as the default ports")
      const context = listContext(
        scored.map((x) => x.sentence),
        i,
      );
      let score = context.length ? Math.max(sc.score, 0.85 * coverage(terms, [...sc.sentence.stems, ...context.flatMap((x) => x.stems)])) : sc.score;
      // a sentence is about what its section or block names ("3.19. Termination-Action" over "The value
      // RADIUS-Request (1) indicates ...", "radiusAccServUpTime OBJECT-TYPE" over its DESCRIPTION)
      const name = sc.score > 0 ? blockName(p.text, sc.sentence.start, sc.sentence.text) : null;
      const withName = name ? coverage(terms, [...sc.sentence.stems, ...contentStems(name)]) : 0;
      // (what the name adds is near every span of the sentence)
      const topic = name && withName > coverage(terms, sc.sentence.stems) ? contentStems(name) : [];
      score = Math.max(score, 0.85 * withName);
      if (score > 0)
        sentences.push({ s: sc.sentence, prev: scored[i - 1]?.sentence ?? null, next: scored[i + 1]?.sentence ?? null, score, passage: p.id, rank, topic });
    });
  });
  sentences.sort((a, b) => b.score - a.score || a.rank - b.rank);
  const termCover = globalCoverage(allTerms, question);
  const subjectStems = type.subject && type.type === 'definition' ? contentStems(type.subject) : [];
  const doerStems = type.subject && type.type === 'action' ? contentStems(type.subject) : [];
  const phraseStems = new Set(type.phrase.map((w) => stem(w)));
  const asksName = type.type === 'name' || type.type === 'list';
  const headStems = new Set((askedNoun(type) ?? type.phrase.slice(-2)).map((w) => stem(w)));
  const distinctive = terms.filter((t) => !phraseStems.has(t.stem));
  const questionStems = new Set(contentStems(question));
  // the sentence that asks (a scenario may come first: "The memo names CMOT ... In which RFC is CMOT specified?")
  const askingStems = new Set(
    contentStems(
      question
        .split(/(?<=[.?!])\s+/)
        .filter((p) => /\b(?:what|which|who|whom|whose|when|where|how|why)\b/i.test(p))
        .pop() ?? question,
    ),
  );
  // "Category: Informational": a field labelled with the asked noun
  const headLabel = type.head ? new RegExp(String.raw`\b${escapeRe(type.head)}s?\s*[:=]\s*$`, 'i') : null;
  const kinds = asksName ? askedKinds(type) : null;
  const bestItem = new Map<Sentence, number>();
  const labels = new Set<string>();
  for (const t of retrieval.triples) for (const l of [t.subject, t.object]) if (l.length > 1) labels.add(l.toLowerCase());
  for (const e of retrieval.entities) labels.add(e.label.toLowerCase());
  const askedTransport = qTokens.map((t) => t.text).filter((w) => TRANSPORTS.has(w));
  const questionNegated = /\b(?:not|never|n't)\b/i.test(question);
  const unitAsked = !!type.head && UNIT_HEADS.has(type.head);
  const asksNumber = type.phrase.some((w) => /^(?:numeric|numerical|number|integer|decimal|hexadecimal)$/.test(w));
  const numeric = type.type === 'number' || type.type === 'code' || type.type === 'value' || type.type === 'port' || type.type === 'date';
  // table-of-contents lines ("Key Wrap ........ 41") and page furniture are not sentences to answer from
  const usable = sentences.filter(({ s }) => !/\.{4,}\s*\d+\s*$/.test(s.text) && !/\[Page \d+\]/.test(s.text));
  const chosen = usable.slice(0, 15);
  // a glossary's term line: the term as asked, or as its document writes it ("Peer" in an EAP document for "the EAP peer")
  const isTermLine = (text: string, passage: number) => {
    const own = contentStems(text);
    const title = retrieval.passages.find((p) => p.id === passage)?.document ?? '';
    return [subjectStems, termInDocument(subjectStems, title)].some(
      (term, k) =>
        (k === 0 || term.length < subjectStems.length) && term.every((y) => own.includes(y)) && own.length <= term.length + 3 && isTermOnly(text, term),
    );
  };
  if (type.type === 'definition' && subjectStems.length) {
    // glossary entries of the term, wherever their line ranks
    for (const x of usable.slice(15)) if (x.next && isTermLine(x.s.text, x.passage)) chosen.push(x);
  }
  const asksGivenName = type.type === 'name' && type.frame.some((w) => /^(?:called|named|termed)$/.test(w));
  for (const { s, prev, next, score, passage, rank, topic } of chosen) {
    let spans = typedSpans(s.text, type.type, type.head);
    // "which other device": noun phrases of the asked kind ("the tunnel server": a server is a device)
    if (kinds) spans = [...spans, ...typedNounPhrases(s.text, kinds, spans)];
    // "which Accounting-Request packets are tallied by X" over "... Accounting-Request packets received from unknown
    // addresses": the asked noun restated tells nothing; the modifier after it is what picks them out
    if ((type.type === 'name' || type.type === 'list') && headStems.size) spans = [...spans, ...restrictedSpans(s.text, spans, headStems, questionStems)];
    // "what must the Peer-Id be": what the sentence says the Peer-Id is or must be ("... the Peer-Id MUST be the null string")
    if (type.type === 'value' && type.subject) spans = [...spans, ...complementSpans(s.text, type.subject)];
    // "what is X called in Y", "what does Y call X": the name a sentence gives ("... is known as the Supplicant") first
    // (the name is labelled by the description the sentence gives it, as "Type: 68" is by its label)
    if (asksGivenName)
      spans = spans.map((sp) => (NAMED_BEFORE.test(s.text.slice(0, sp.start)) ? { ...sp, fit: 1, complement: true } : { ...sp, fit: sp.fit * 0.7 }));
    let sentenceScore = score;
    if (type.type === 'definition' && subjectStems.length) {
      // a term line followed by its definition (glossaries), or "<term> is/means ..." in the sentence
      if (isTermLine(s.text, passage) && next) {
        const body = clip(next.text);
        spans = [{ text: body, start: 0, end: body.length, fit: 1, glossary: true }];
        sentenceScore = Math.max(score, 0.9);
      } else {
        const own = contentStems(s.text);
        const holds = subjectStems.filter((x) => own.includes(x)).length / subjectStems.length;
        const verb = DEFINING_VERB.exec(s.text);
        const before = verb ? contentStems(s.text.slice(0, verb.index)) : [];
        // "<term> is ...": the term is what stands right before the verb ("the Supplicant identity is" is not about the Supplicant)
        let subjectFirst =
          verb &&
          before.length > 0 &&
          subjectStems.includes(before[before.length - 1]) &&
          subjectStems.filter((x) => before.includes(x)).length / subjectStems.length >= 0.6;
        // "3.10. Framed-MTU ... This attribute indicates ...": "this <noun>" before the verb names the section's term
        if (!subjectFirst && verb && /^(?:This|These|The|Such an?)\s+[A-Za-z-]+\s*$/i.test(s.text.slice(0, verb.index).trim())) {
          const heading = headingBefore(retrieval.passages.find((p) => p.id === passage)?.text ?? '', s.start);
          const named = heading ? [...contentStems(heading), ...before] : [];
          subjectFirst = !!heading && subjectStems.filter((x) => named.includes(x)).length / subjectStems.length >= 0.6;
        }
        // a glossary entry (term line, then its definition) beats a sentence that only uses the term
        spans = spans.map((sp) => {
          // "... is called <term>": a definition when the term it names is the asked one
          if (sp.named !== undefined) {
            const named = contentStems(sp.named);
            // "is called a key wrap algorithm or ...": a longer term holding the asked one names something else
            const first = contentStems(sp.named.split(/\s+or\s+|,\s*/)[0]);
            const longer = first.some((x) => !subjectStems.includes(x)) ? 0.5 : 1;
            return { ...sp, fit: sp.fit * longer * (subjectStems.filter((x) => named.includes(x)).length / subjectStems.length >= 0.6 ? 1 : 0.2) };
          }
          return { ...sp, fit: sp.fit * (subjectFirst ? 0.8 : holds >= 0.6 ? 0.4 : 0.2) };
        });
      }
    }
    // "this attribute is used to store ...": the section heading above names it
    if (asksName && type.head && new RegExp(String.raw`\bthis\s+${type.head}\b`, 'i').test(s.text)) {
      const heading = headingBefore(retrieval.passages.find((p) => p.id === passage)?.text ?? '', s.start);
      if (heading) spans = [...spans, { text: heading, start: -1, end: -1, fit: 0.95 }];
    }
    if (!bestItem.has(s)) {
      let best = 0;
      for (const sp of spans) {
        const item = itemOf(s.text, spans, sp);
        if (item !== null) best = Math.max(best, coverage(distinctive, contentStems(item)));
      }
      bestItem.set(s, best);
    }
    for (const span of spans) {
      const spanTokens = tokenize(span.text);
      const spanStems = spanTokens.map((t) => stem(t.text));
      if (!numeric && !['definition', 'action', 'condition', 'yesno'].includes(type.type) && isNoise(span.text, span.start, s.text)) continue;
      // an answer is not the question's own words (a number it names is still new)
      const hasNewNumber = numeric && spanTokens.some((t) => /\d/.test(t.text) && !qStems.has(t.text));
      // table rules and ASCII drawings ("| | |Derivation |") are not text to answer with
      if (
        !numeric &&
        (/(?:\|[^|]*){3,}|[+=-]{4,}/.test(span.text) || (span.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 0.6 * span.text.replace(/\s/g, '').length)
      )
        continue;
      const novel = hasNewNumber || span.glossary ? 1 : spanStems.length ? spanStems.filter((x) => !qStems.has(x)).length / spanStems.length : 1;
      if (type.type !== 'yesno' && novel === 0) continue;
      // (a value may be a name, unless the question asks for a number: "which numeric X value")
      const named = type.type === 'value' && !asksNumber && WHOLE_IDENTIFIER.test(span.text);
      // "4.1.  Acct-Tunnel-Connection": the number of a section heading is not a value of it
      // ("68 for Acct-Tunnel-Connection", a number and a small word, is a value)
      if (
        numeric &&
        span.start === 0 &&
        /^\d+(?:\.\d+)*\.?\s+(?!(?:for|of|to|in|on|at|by|or|and)\s)\S/.test(s.text) &&
        /^\d+(?:\.\d+)*$/.test(span.text) &&
        s.tokens.length <= 10
      )
        continue;
      if (
        numeric &&
        !named &&
        !span.complement &&
        !unitAsked &&
        !spanTokens.some((t) => /\d/.test(t.text)) &&
        !/\bzero\b/i.test(span.text) &&
        !(type.type === 'number' && NUMBER_WORDS_ALONE.test(span.text))
      )
        continue;
      // a bibliographic reference ("[RFC5997]", "RFC 3539") answers only a question about documents
      const isReference = /^\[?RFC[\s-]?\d+\]?$/.test(span.text) || /\[[^\]]*$/.test(s.text.slice(Math.max(0, span.start - 12), span.start));
      const asksDocument = !!type.head && REFERENCE_HEADS.has(type.head);
      if (asksDocument && !isReference && !numeric) continue;
      const referenceFit = isReference && !asksDocument && type.type !== 'definition' && type.type !== 'action' ? 0.3 : 1;
      // (a coded value's own name counts: "Token Ring (20)" for "which value is used for Token Ring")
      let near = span.glossary ? 1 : span.start < 0 ? 0.6 : proximity(s, span, terms, [...(hasNewNumber ? spanStems : []), ...topic]);
      // a port of the transport the question names ("over TCP": 1812/tcp, not "UDP port 1645")
      let transport = 1;
      if (type.type === 'port' && askedTransport.length && span.start >= 0) {
        const around = [...spanTokens.map((t) => t.text), ...neighbours(s, span, 3)].filter((w) => TRANSPORTS.has(w));
        if (around.length) transport = around.some((w) => askedTransport.includes(w)) ? 1.2 : 0.4;
      }
      // a span next to the words of the asked phrase ("PAP authentication", "port 161", "Status-Server packets")
      // the asked noun right next to the span names what it is ("the reAuthPeriod constant", "Status-Server packet")
      // (in an enumeration the question's other words pick an item; the noun introducing the list,
      // "values of Ethernet (15), Wireless - IEEE 802.11 (19), ...", stands next to its first item only)
      const item = itemOf(s.text, spans, span);
      const itemCover = item === null ? -1 : coverage(distinctive, contentStems(item));
      const picked = itemCover >= 0 && !!bestItem.get(s);
      const adjacent =
        headStems.size && (neighbours(s, span, 1).some((x) => headStems.has(x)) || (type.type === 'number' && countedNoun(s.text, span, headStems)))
          ? HEAD_ADJACENT
          : !picked && phraseStems.size && neighbours(s, span, 2).some((x) => phraseStems.has(x))
            ? 1.25
            : 1;
      // "SNMP (RFC-1157) or CMOT (RFC-1095)": a bracketed span belongs to the word before it; the one the asking
      // sentence names (other than the asked noun: "port (2083/tcp)" is just a port) is the one asked about, one the question never names is about something else
      const owner = /([\p{L}\p{N}][\p{L}\p{N}-]*)\s*\(\s*$/u.exec(s.text.slice(Math.max(0, span.start - 40), span.start));
      const ownerStem = owner ? stem(owner[1].toLowerCase()) : null;
      const bracketed =
        !ownerStem || !/^\s*\)/.test(s.text.slice(span.end))
          ? 1
          : askingStems.has(ownerStem) && !phraseStems.has(ownerStem)
            ? 1.3
            : questionStems.has(ownerStem)
              ? 1
              : 0.8;
      // "where should X put Y": the place after a locative preposition ("in the Class attribute")
      const place =
        type.wh === 'where' &&
        span.start > 0 &&
        /\b(?:in|into|at|on|within|inside|under)\s+(?:the\s+|a\s+|an\s+|its\s+)?$/i.test(s.text.slice(Math.max(0, span.start - 20), span.start))
          ? 1.4
          : 1;
      // in an enumeration ("Ethernet (15), Wireless - IEEE 802.11 (19), ..."), the item holding the question's
      // other words; what the question asks for (its phrase) is shared by every item
      // (a coded item, "Wireless - IEEE 802.11 (19)", that holds them is what the question names)
      const itemFit = picked ? 0.7 + (/\d/.test(span.text) ? 0.5 : 0.3) * (itemCover / bestItem.get(s)!) : 1;
      const known = labels.has(span.text.toLowerCase()) ? 1.1 : 1;
      // "Category: Informational", "Type: 68": a field labelled with the asked noun holds the answer;
      // such a line names little else, so the passage around it speaks for it
      // (or a field list: a line "Type", then "86 for Acct-Tunnel-Packets-Lost")
      // and so does the subject a sentence says the value of ("the Peer-Id MUST be [the null string]")
      const labelled =
        span.complement ||
        (!!type.head &&
          span.start >= 0 &&
          (headLabel!.test(s.text.slice(Math.max(0, span.start - 40), span.start)) ||
            (span.start <= 1 && !!prev && prev.tokens.length <= 2 && prev.stems.some((x) => phraseStems.has(x)) && /^[\p{L}\d -]+$/u.test(prev.text.trim()))));
      const base = labelled ? Math.max(sentenceScore, 0.9 * passageCover.get(passage)!) : sentenceScore;
      // "all messages except those which report traps": what follows "except" is what the span is not for
      const after = s.text.slice(span.end);
      const except = /\b(?:except|other than|but not|excluding)\b/i.exec(after);
      const excluded =
        except && !/\b(?:except|other than|but not|excluding)\b/i.test(question) && coverage(distinctive, contentStems(after.slice(except.index))) > 0.2
          ? 0.5
          : 1;
      // a name glued to the question's own words ("IEEE 802.1X") is part of what the question names
      const glued = !numeric && neighbours(s, span, 1).some((x) => qContent.has(x) && !phraseStems.has(x)) ? 0.5 : 1;
      // "MUST NOT use ports 1645 or 1646": what a negated clause names is what the answer is not
      const clauseBefore =
        s.text
          .slice(0, span.start)
          .split(/[;:]|,\s+(?:and|but)\s+/)
          .pop() ?? '';
      // (a question asking what must not be done wants just those: "which ports must X not use")
      const inNegated = /\b(?:not|never|no longer)\b/i.test(clauseBefore + s.text.slice(span.end, span.end + 40).split(/[.;]/)[0]);
      // "what must a proxy do": a requirement whose subject is the one asked about ("... the proxy MUST ...")
      const doerFit = type.type === 'action' && doerStems.length && clauseSubjectHead(clauseBefore) === doerStems[doerStems.length - 1] ? 1.25 : 1;
      const negated =
        type.type === 'action' || type.type === 'condition' || type.type === 'yesno' ? 1 : questionNegated ? (inNegated ? 1 : 0.6) : inNegated ? 0.6 : 1;
      // a labelled value, or a definition read off its term ("<term> is ...", "... is called <term>"), is next to what it answers by construction
      // so is a span the asked noun names as its kind ("the reAuthPeriod constant" for "which constant"; a port
      // or a code is next to its noun everywhere)
      if (labelled || (type.type === 'definition' && span.fit >= 0.7) || (adjacent === HEAD_ADJACENT && asksName)) near = 1;
      const sc =
        base *
        excluded *
        (namedDocuments.has(passageDocument.get(passage)!) ? 1.25 : 1) *
        Math.min(1.4, (labelled ? 1.4 : span.fit * Math.max(adjacent, place)) * known * transport) *
        bracketed *
        itemFit *
        negated *
        doerFit *
        glued *
        referenceFit *
        (0.5 + 0.5 * near) *
        (0.6 + 0.4 * novel) *
        (1 - 0.03 * rank) *
        termCover;
      // a glossary body is quoted with its term line ("Master Session Key (MSK): Keying material ...")
      const quoted = span.glossary && next ? `${s.text}: ${next.text}` : s.text;
      candidates.push({ text: span.text, score: sc, source: 'passage', sentence: quoted, passageId: passage, offset: s.start, triples: [] });
    }
  }

  // "4.1. Acct-Tunnel-Connection ... Description ... This Attribute indicates ...", a MIB object's
  // DESCRIPTION "...": a field labelled as the description, under a line naming the term
  if (type.type === 'definition' && subjectStems.length) {
    const weight = new Map(terms.map((t) => [t.stem, t.idf]));
    retrieval.passages.forEach((p, rank) => {
      for (const d of describedFields(p.text, subjectStems, weight)) {
        candidates.push({
          text: d.body,
          score: 0.9 * d.match * (1 - 0.03 * rank) * termCover,
          source: 'passage',
          sentence: d.body,
          passageId: p.id,
          triples: [],
        });
      }
    });
  }

  // "how is the Session-Id constructed": a formula line naming the term ("Session-Id = Type-Code || Method-Id"),
  // read with the sentence introducing it (which says when it applies)
  if (type.type === 'definition' && subjectStems.length) {
    retrieval.passages.forEach((p, rank) => {
      const all = scoreSentences(p.text, terms).map((x) => x.sentence);
      all.forEach((x, i) => {
        const m = /^([A-Za-z][\w.-]*(?: [\w.-]+){0,3})\s*:?=\s*(\S.{0,120})$/.exec(x.text);
        if (!m || /^(?:if|when|where|while)\b/i.test(m[1])) return;
        const lhs = contentStems(m[1]);
        if (!lhs.length || !lhs.every((y) => subjectStems.includes(y))) return;
        const intro = all[i - 1] && /:\s*$/.test(all[i - 1].text) ? all[i - 1] : null;
        const cover = coverage(terms, [...x.stems, ...(intro?.stems ?? [])]);
        candidates.push({
          text: m[2].trim(),
          score: 0.95 * cover * (1 - 0.03 * rank) * termCover,
          source: 'passage',
          sentence: intro ? `${intro.text} ${x.text}` : x.text,
          passageId: p.id,
          offset: intro?.start ?? x.start,
          triples: [],
        });
      });
    });
  }

  // "what does TEK stand for": an acronym's expansion where the text introduces it, "Transient EAP Keys (TEKs)"
  // or "TEK (Transient EAP Key)": the words whose initials spell it
  let expansionAsked: Set<AnswerCandidate> | null = null;
  const acronym = type.type === 'definition' && type.subject && /^[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/.test(type.subject.trim()) ? type.subject.trim() : null;
  if (acronym) {
    const asksExpansion = type.frame.some((w) => /^(?:stand|acronyms?|abbreviations?|initialisms?)$/.test(w));
    const found: AnswerCandidate[] = [];
    retrieval.passages.forEach((p, rank) => {
      for (const e of expansions(p.text, acronym)) {
        found.push({
          text: e.text,
          score: 0.95 * (namedDocuments.has(p.documentId) ? 1.25 : 1) * (1 - 0.03 * rank) * termCover,
          source: 'passage',
          sentence: e.sentence,
          passageId: p.id,
          offset: e.offset,
          triples: [],
        });
      }
    });
    candidates.push(...found);
    if (found.length && asksExpansion) expansionAsked = new Set(found);
  }

  // a field list ("Value" / "12" / "Description" / "This value MAY be used to mark the creation of a tunnel
  // link"): the field the question asks for (its head noun names the label), in the record whose other
  // fields and heading hold the question's other words
  if (type.head && numeric) {
    const asked = new Set([stem(type.head), ...type.phrase.map((w) => stem(w))]);
    retrieval.passages.forEach((p, rank) => {
      for (const rec of fieldRecords(p.text)) {
        const field = rec.fields.find((f) => asked.has(stem(f.label.toLowerCase())));
        if (!field || rec.fields.length < 2) continue;
        // the record's best sentence (with its heading) holds the question's other words
        const context = [rec.heading, ...rec.fields.filter((f) => f !== field).map((f) => f.body)].join('\n');
        const cover = Math.max(0, ...scoreSentences(context, distinctive).map((x) => x.score));
        if (cover < 0.5) continue;
        const spans = typedSpans(field.body, type.type, type.head).sort((a, b) => b.fit - a.fit || a.start - b.start);
        const text = spans[0]?.text ?? clip(field.body);
        if (!/\d/.test(text) && !unitAsked) continue;
        candidates.push({
          text,
          score: cover * (1 - 0.03 * rank) * termCover,
          source: 'passage',
          sentence: `${rec.heading ? `${rec.heading}: ` : ''}${field.label} ${field.body}`.replace(/\s+/g, ' '),
          passageId: p.id,
          offset: field.offset,
          triples: [],
        });
      }
    });
  }

  // a table ("Media  Framed-MTU  Length" over "===" rules): the cell in the column the question names,
  // on the row whose key the question names ("What Framed-MTU ... for IEEE 802.11 media": 2304)
  if (numeric || type.type === 'name') {
    retrieval.passages.forEach((p, rank) => {
      for (const { cell, match } of askedCells(question, p.text)) {
        if (numeric && !/\d/.test(cell.value)) continue;
        candidates.push({
          text: cell.value,
          score: 0.95 * match * (1 - 0.03 * rank) * termCover,
          source: 'passage',
          sentence: cell.quote,
          passageId: p.id,
          offset: cell.offset,
          triples: [],
        });
      }
    });
  }

  // what a named standard's header says: its title, category, date, edition, the documents it updates or obsoletes
  // when the question asks for it: a date when it asks "when" (not "when discussing key lifetimes, which
  // constant ..."), the others when the asked noun is the field's or a document's
  const askedWords = [type.head ?? '', ...type.phrase].join(' ');
  const asksField = (field: (typeof HEADER_FIELDS)[number]) =>
    field.key === 'date'
      ? type.type === 'date' || field.asks.test(askedWords)
      : field.asks.test(question) && (!type.head || REFERENCE_HEADS.has(type.head) || field.asks.test(askedWords));
  for (const st of retrieval.standards ?? []) {
    for (const field of HEADER_FIELDS) {
      const value = st[field.key];
      if (!value || (Array.isArray(value) && !value.length) || !asksField(field)) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      candidates.push({ text, score: 0.95, source: 'document', sentence: `${st.id} ${field.label}: ${text}`, passageId: st.chunkId, triples: [] });
    }
  }

  // "which attribute holds the MAC address": a candidate whose head noun is another noun of the question
  // ("Access Point MAC address") is what the question already names, not the kind it asks for
  if (asksName && headStems.size)
    for (const c of candidates) {
      const last = tokenize(c.text).at(-1);
      const head = last ? stem(last.text) : null;
      if (head && qContent.has(head) && !headStems.has(head) && !/\d/.test(head)) c.score *= 0.6;
    }

  // asked what an acronym stands for, a definition of what it is comes second
  if (expansionAsked) for (const c of candidates) if (!expansionAsked.has(c)) c.score *= 0.7;

  // the same answer from two places adds up (a path end the passages also name)
  const merged = new Map<string, AnswerCandidate>();
  for (const c of candidates.sort((a, b) => b.score - a.score)) {
    const k = c.text.toLowerCase().replace(/\s+/g, ' ');
    const got = merged.get(k);
    if (!got) merged.set(k, { ...c });
    else {
      got.score = Math.min(1, got.score + 0.25 * c.score);
      if (!got.sentence && c.sentence) [got.sentence, got.passageId, got.offset] = [c.sentence, c.passageId, c.offset];
      if (!got.triples.length && c.triples.length) got.triples = c.triples;
    }
  }
  const ranked = [...merged.values()].sort((a, b) => b.score - a.score);
  const confidence = Math.round(Math.min(1, ranked[0]?.score ?? 0) * 1000) / 1000;
  return { type, candidates: ranked, confidence };
}

/**
 * How much of the question the documents speak of, in [0, 1]: the IDF-weighted share of its words
 * that some passage holds. A missing noun (the topic: "coffee", "spider") weighs fully, a missing verb
 * or adjective less (a paraphrase: "decline" for "need not accept"). Squared below 0.85 of the
 * question covered: a question whose rarest nouns the documents never use is about something else.
 */
function globalCoverage(terms: QuestionTerm[], question: string): number {
  const tags = new Map(posTags(question).map((t) => [t.lower, t.pos]));
  let all = 0;
  let have = 0;
  for (const t of terms) {
    const pos = tags.get(t.word) ?? 'NOUN';
    const weight = t.df > 0 || pos === 'NOUN' || pos === 'PROPN' || pos === 'NUM' || pos === 'X' ? t.idf : 0.3 * t.idf;
    all += weight;
    if (t.df > 0) have += weight;
  }
  if (!all) return 1;
  return Math.min(1, have / all / 0.85) ** 2;
}

/** A standard's header fields (its own identification, from document/structure) and the question words that ask for each. */
const HEADER_FIELDS: { key: 'title' | 'category' | 'date' | 'edition' | 'updates' | 'obsoletes'; label: string; asks: RegExp }[] = [
  { key: 'obsoletes', label: 'Obsoletes', asks: /\b(?:obsolet\w*|replac\w*|supersed\w*)\b/i },
  { key: 'updates', label: 'Updates', asks: /\bupdat\w*\b/i },
  { key: 'category', label: 'Category', asks: /\b(?:category|status|track|maturity)\b/i },
  { key: 'title', label: 'Title', asks: /\b(?:title|titled)\b/i },
  { key: 'date', label: 'Date', asks: /\b(?:when|date|published|year)\b/i },
  { key: 'edition', label: 'Edition', asks: /\b(?:edition|version)\b/i },
];

interface FieldRecord {
  heading: string;
  fields: { label: string; body: string; offset: number }[];
}

/**
 * Field lists of a plain-text layout: a short label line ("Value", "Description", "Type") with its body
 * on the more indented lines below it; consecutive labels at one indentation form a record, headed by
 * the last less indented line above it ("3.4.  Tunnel-Link-Start").
 */
export function fieldRecords(text: string): FieldRecord[] {
  const lines = text.split('\n');
  const indent = (l: string) => l.length - l.trimStart().length;
  const offsets: number[] = [];
  let at = 0;
  for (const l of lines) {
    offsets.push(at);
    at += l.length + 1;
  }
  const out: FieldRecord[] = [];
  let rec: FieldRecord | null = null;
  let recIndent = -1;
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    const k = indent(line);
    const label = /^[A-Z][A-Za-z-]*(?: [A-Za-z-]+){0,2}$/.test(line.trim());
    // the body: the following lines indented deeper than the label
    let j = i + 1;
    const body: string[] = [];
    while (j < lines.length && (!lines[j].trim() || indent(lines[j]) > k)) {
      if (lines[j].trim()) body.push(lines[j].trim());
      j++;
    }
    if (label && body.length) {
      if (!rec || recIndent !== k) {
        if (rec && rec.fields.length) out.push(rec);
        rec = { heading, fields: [] };
        recIndent = k;
      }
      rec.fields.push({ label: line.trim(), body: body.join(' '), offset: offsets[i] });
      i = j - 1;
      continue;
    }
    if (rec && k <= recIndent) {
      if (rec.fields.length) out.push(rec);
      rec = null;
      recIndent = -1;
    }
    heading = line.trim();
  }
  if (rec && rec.fields.length) out.push(rec);
  return out;
}

/**
 * The documents a question names by (part of) their title, and the question's words doing so: a run of
 * consecutive content words of the question that all occur in the title, two of them in a row there too,
 * three or more holding at least 40 % of the title's content words, or 60 % of a short title ("the 802.1X RADIUS usage guidelines" for "IEEE
 * 802.1X Remote Authentication Dial In User Service (RADIUS) Usage Guidelines").
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
      // three words or more holding 40 % of the title, or most of a short title ("RADIUS over TCP");
      // two words of a longer title ("RADIUS accounting") may just name the topic
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

const TRANSPORTS = new Set(['tcp', 'udp', 'sctp', 'dccp', 'quic']);
const REFERENCE_HEADS = new Set([
  'rfc',
  'rfcs',
  'document',
  'documents',
  'specification',
  'specifications',
  'standard',
  'standards',
  'memo',
  'reference',
  'references',
]);

const DESCRIPTION_LABEL = /^\s*(?:DESCRIPTION|Description|Definition|Meaning)\s*:?\s*(.*)$/;

/**
 * Description fields of a term: a short line naming the term (a section heading, a MIB object's first
 * line), then within a few lines a field labelled Description / DESCRIPTION / Definition, whose body
 * (the rest of the line, or the next paragraph; a quoted body up to its closing quote) defines it.
 * `match`: the IDF-weighted share of the term's stems the naming line holds.
 */
function describedFields(text: string, subject: string[], idf: Map<string, number>): { body: string; match: number }[] {
  const lines = text.split('\n');
  const total = subject.reduce((a, x) => a + (idf.get(x) ?? 1), 0);
  const out: { body: string; match: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const own = contentStems(lines[i]);
    if (!own.length || own.length > subject.length + 4) continue;
    const match = subject.filter((x) => own.includes(x)).reduce((a, x) => a + (idf.get(x) ?? 1), 0) / total;
    if (match < 0.6) continue;
    for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
      if (/^\s*\d+(?:\.\d+)*\.?\s+\S/.test(lines[j])) break; // the next section
      const m = DESCRIPTION_LABEL.exec(lines[j]);
      if (!m) continue;
      let body = m[1].trim();
      let k = j + 1;
      if (!body) {
        while (k < lines.length && !lines[k].trim()) k++;
        body = (lines[k] ?? '').trim();
        k++;
      }
      // a quoted body may run over several lines
      if (body.startsWith('"') && !/"\s*$/.test(body.slice(1))) {
        while (k < lines.length && lines[k].trim() && !body.slice(1).includes('"')) body += ` ${lines[k++].trim()}`;
      }
      body = body.replace(/^"|"\s*$/g, '').split(/(?<=[.!?])\s+(?=[A-Z])/)[0];
      if (body) out.push({ body: clip(body), match });
      break;
    }
  }
  return out;
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
  // numbered things alike (references, codes): a word alike to another is no sign of a list
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
    // a code closes its own item (the span's own code, or the first after it); other separators stand between items
    if (end <= span.start) from = Math.max(from, end);
    else if (isCode && c.index! >= span.start) to = Math.min(to, end);
    else if (!isCode && c.index! >= span.end) to = Math.min(to, c.index!);
  }
  return sentence.slice(from, to);
}

/**
 * What the text above a sentence names as its subject: the lines it is indented under (a MIB object's
 * "radiusAccServUpTime OBJECT-TYPE" over its DESCRIPTION, "error-status ... INTEGER {" over "genErr(5),",
 * a section heading over its paragraphs), nearest first, at most three.
 */
function blockName(text: string, offset: number, sentence: string): string | null {
  // prose is about its section; a listing's line ("genErr(5),", a DESCRIPTION's text) about the lines above it
  const listing = /^\s*(?:[A-Z][A-Z-]+\s*$|[\w-]+\(\d+\),?\s*$|")/.test(sentence) || /^\s*DESCRIPTION\s*$/m.test(text.slice(Math.max(0, offset - 80), offset));
  if (!listing) return headingBefore(text, offset);
  const lines = text.slice(0, offset).split('\n');
  const own = lines.pop() ?? '';
  let min = /^[ \t]*/.exec(own)![0].length;
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0 && min > 0 && out.length < 3; i--) {
    const line = lines[i];
    if (!line.trim()) continue;
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (indent < min) {
      min = indent;
      // a name or heading line, not prose (a chunk's first line loses its indentation)
      if (!/[.!?]["')\]]?\s*$/.test(line) && line.trim().split(/\s+/).length <= 12) out.push(line.trim());
    }
  }
  return out.length ? out.join(' ') : headingBefore(text, offset);
}

/** The nearest heading line above an offset of a passage ("3.20.  Called-Station-Id" -> "Called-Station-Id"). */
function headingBefore(text: string, offset: number): string | null {
  const lines = text.slice(0, offset).split('\n').reverse();
  for (const line of lines.slice(1)) {
    const m = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?([A-Z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*(?:\s[A-Z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*){0,3})\s*$/.exec(line);
    if (m) return m[1];
  }
  return null;
}

/**
 * A glossary's term line: the term alone, not a sentence about it ("A Supplicant is an entity ..." ends
 * with a period and is the body), and not a longer term holding it ("Message-Authenticator").
 */
/** RFC 2119 keywords, sentence-initial common words, single letters: not names. */
const KEYWORDS = new Set(['MUST', 'SHOULD', 'SHALL', 'MAY', 'NOT', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL']);
export function isNoise(text: string, start: number, sentence: string): boolean {
  if (KEYWORDS.has(text) || text.length < 2) return true;
  // "Section 3.4", "Figure 2": references to the document's own parts
  if (/^(?:Section|Sections|Appendix|Figure|Table|Page|Chapter)$/.test(text) || MONTH_NAMES.includes(text)) return true;
  const lower = text.toLowerCase();
  if (STOPWORDS.has(lower)) return true;
  // a lone capitalised word opening the sentence is usually a common word ("Since", "For", "These")
  if (start <= 1 && /^[A-Z][a-z]+$/.test(text) && !new RegExp(String.raw`\b${text}\b`).test(sentence.slice(text.length))) return true;
  // a field's label opening its line ('UNITS "packets"', "SYNTAX Counter32", "Type: 68"): the value follows it
  if (start <= 1 && /^[A-Z][A-Z-]+$/.test(text) && /^\s*(?::\s*\S|"|\S+\s*$)/.test(sentence.slice(start + text.length))) return true;
  return false;
}

/**
 * Spans restating the asked noun ("RADIUS Accounting-Request packets": mostly the question's words, ending in its
 * head) taken with the modifier after them: a participle clause ("received from unknown addresses") or a relative
 * clause ("that are not recorded"), up to the clause's end.
 */
function restrictedSpans(text: string, spans: Span[], head: Set<string>, question: Set<string>): Span[] {
  const out: Span[] = [];
  for (const sp of spans) {
    const own = contentStems(sp.text);
    if (!own.length || !head.has(own[own.length - 1]) || own.filter((x) => question.has(x)).length * 2 < own.length + 1) continue;
    const m = /^\s+((?:that|which|who)\s+[^,;:.()]{3,80}|(?:[a-z]+ed|[a-z]+ing)\s+[^,;:.()]{3,80})/.exec(text.slice(sp.end));
    if (!m || /^(?:is|are|was|were|has|have|must|should|may|can|will|shall)\b/i.test(m[1])) continue;
    const end = sp.end + m[0].length;
    out.push({ text: text.slice(sp.start, end).trim(), start: sp.start, end, fit: Math.max(sp.fit, 0.9) });
  }
  return out;
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
 * the last comma ("In order to ..., [lower layers] MUST NOT", "[EAP keying material] passed down to the peer lower
 * layer MUST NOT": material, not layer).
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

/** Stems of the tokens within k tokens left and right of the span. */
function neighbours(s: Sentence, span: Span, k: number): string[] {
  const abs = s.start + span.start;
  const absEnd = s.start + span.end;
  const first = s.tokens.findIndex((t) => t.end > abs);
  let last = first;
  while (last + 1 < s.tokens.length && s.tokens[last + 1].start < absEnd) last++;
  if (first < 0) return [];
  return [...s.stems.slice(Math.max(0, first - k), first), ...s.stems.slice(last + 1, last + 1 + k)];
}

/** How much of the question's word weight sits within 6 tokens of the span, in [0, 1]. */
function proximity(s: Sentence, span: Span, terms: QuestionTerm[], own: string[] = []): number {
  return Math.min(1, 2 * coverage(terms, [...neighbours(s, span, 6), ...own]));
}

/** How well a node label fits the asked type (a number for "how many", anything for a name). */
function pathTypeFit(label: string, type: AnswerType): number {
  const numeric = /^\s*(?:0x[0-9a-f]+|\d+(?:\.\d+)?)/i.test(label);
  switch (type) {
    case 'number':
    case 'code':
    case 'port':
      return numeric ? 1 : 0.2;
    case 'date':
      return /\d{3,4}/.test(label) ? 1 : 0.3;
    case 'value':
      return numeric ? 1 : 0.5;
    case 'definition':
    case 'action':
    case 'condition':
      return 0.3;
    default:
      return 1;
  }
}

// ---------------------------------------------------------------- noun phrases of the asked kind

/** What "who" asks for: people, organisations and the devices and programs that act (WordNet's "causal agent"). */
const AGENT_KINDS = ['causal agent', 'person', 'organization', 'device', 'machine'];

/**
 * The noun a question asks for: the head of its noun phrase ("which state machine constant": constant, not
 * machine), with the noun before a classifier ("which packet type": a type of packet, so [packet, type]).
 * Null when the head is no plain word ("RFC 2865") or not the phrase's last.
 */
function askedNoun(type: QuestionType): string[] | null {
  if (!type.head || !/^[a-z]+$/.test(type.head) || type.phrase.at(-1) !== type.head) return null;
  return CLASSIFIERS.has(type.head) ? type.phrase.slice(-2) : [type.head];
}

/**
 * The kinds a name question asks for, as WordNet noun lemmas: the asked noun ("which other device": device;
 * "which packet type": packet), or agents for "who". Null when there is no such noun or no WordNet.
 */
function askedKinds(type: QuestionType): string[] | null {
  const wn = wordNet();
  if (!wn) return null;
  if (type.wh === 'who' || type.wh === 'whom') return AGENT_KINDS;
  const noun = askedNoun(type)?.[0];
  const lemma = noun ? wn.baseForms(noun, 'n')[0] : undefined;
  return lemma ? [lemma] : null;
}

/** WordNet noun lemmas a noun is a kind of (its senses' hypernyms, a few levels up), cached per word. */
const kindCache = new Map<string, Set<string>>();
function kindsOf(noun: string): Set<string> {
  let got = kindCache.get(noun);
  if (!got) {
    const wn = wordNet();
    const lemma = wn?.baseForms(noun, 'n')[0];
    got = new Set(lemma && wn ? [lemma, ...wn.hypernyms(lemma, { pos: ['n'], depth: 8, maxSenses: 3 })] : []);
    if (kindCache.size > 5000) kindCache.clear();
    kindCache.set(noun, got);
  }
  return got;
}

const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

/**
 * Noun phrases of a sentence (runs of adjectives and nouns ending in a noun, hyphen- or slash-joined
 * parts kept: "the backend authentication server", "RADIUS client") whose head noun is one of the asked
 * kinds, as spans that no other span already covers.
 */
export function typedNounPhrases(sentence: string, kinds: string[], taken: Span[] = []): Span[] {
  const tags = posTags(sentence);
  const out: Span[] = [];
  let cursor = 0;
  const toks = tags.map((t) => {
    const at = sentence.indexOf(t.text, cursor);
    const start = at < 0 ? cursor : at;
    cursor = start + t.text.length;
    return { ...t, start, end: start + t.text.length };
  });
  for (let i = 0; i < toks.length; i++) {
    if (!PHRASE_POS.has(toks[i].pos) || STOPWORDS.has(toks[i].lower)) continue;
    let j = i;
    while (
      j + 1 < toks.length &&
      j - i < 6 &&
      (PHRASE_POS.has(toks[j + 1].pos) || (/^[-/]$/.test(toks[j + 1].text) && toks[j + 1].start === toks[j].end && toks[j + 2]?.start === toks[j + 1].end))
    )
      j++;
    // a tagger's slip: a noun of the asked kind tagged as a verb, closing a noun run and taking no object
    // ("the destination transport address/VERB that ...")
    const after = toks[j + 1];
    if (
      after?.pos === 'VERB' &&
      toks[j].pos === 'NOUN' &&
      /^[a-z]+$/.test(after.lower) &&
      !['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ'].includes(toks[j + 2]?.pos ?? '') &&
      kinds.some((x) => kindsOf(after.lower).has(x))
    )
      toks[++j] = { ...after, pos: 'NOUN' };
    // the phrase ends in its head noun
    let k = j;
    while (k >= i && toks[k].pos !== 'NOUN' && toks[k].pos !== 'PROPN') k--;
    if (k >= i && /^[a-z]+$/.test(toks[k].lower) && toks[k].pos === 'NOUN') {
      const has = kindsOf(toks[k].lower);
      if (kinds.some((x) => has.has(x))) {
        const start = toks[i].start;
        const end = toks[k].end;
        if (!taken.some((x) => x.start === start && x.end === end)) out.push({ text: sentence.slice(start, end), start, end, fit: 0.85 });
      }
    }
    i = j;
  }
  return out;
}
