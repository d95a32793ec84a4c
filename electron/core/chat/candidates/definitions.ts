// Candidates that define the asked term from the document's layout rather than one sentence: a
// description field under a line naming the term (document/layout.ts), a formula line whose left side
// is the term ("Session-Id = Type-Code || Method-Id", read with the sentence introducing it), and an
// acronym's expansion where the text introduces it ("Widget Transport Keys (WTKs)"). And the clauses of
// a sentence that say what a term is (definingClauses), with how a written term fits the asked one (termFit).
import { coverage, scoreSentences } from '../../retrieve/sentences';
import { contentStems, posTags } from '../../retrieve/text';
import { STOPWORDS } from '../../nlp/stopwords';
import { descriptionFields } from '../../document/layout';
import { clip, type AnswerContext } from './context';
import { expansions } from './spans';
import type { Candidate } from './types';

/** Description fields of the asked term: `match` is the IDF-weighted share of the term's words its naming line holds. */
export function descriptionCandidates(ctx: AnswerContext): Candidate[] {
  const subject = ctx.subjectStems;
  if (ctx.type.type !== 'definition' || !subject.length) return [];
  const idf = new Map(ctx.terms.map((t) => [t.stem, t.idf]));
  const total = subject.reduce((a, x) => a + (idf.get(x) ?? 1), 0);
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const d of descriptionFields(p.text)) {
      // the naming line nearest the field that holds most of the term (and little else); whether that line
      // opens with the term (the entry's own name: "<term> OBJECT-TYPE", "<term>:") or holds it among others (a
      // list of members inside another entry, "OBJECTS { <other>, <term>,"): the field describes the first
      let match = 0;
      let opens = false;
      for (const name of d.names) {
        const own = contentStems(name);
        if (!own.length || own.length > subject.length + 4) continue;
        const m = subject.filter((x) => own.includes(x)).reduce((a, x) => a + (idf.get(x) ?? 1), 0) / total;
        if (m > match) [match, opens] = [m, namesFirst(name, subject)];
      }
      if (match < 0.6) continue;
      const body = clip(d.body);
      out.push({
        text: body,
        source: 'description',
        passageId: p.id,
        passageRank: rank,
        sentence: body,
        offset: d.offset,
        triples: [],
        measures: { match, passageMatch: ctx.passageCover.get(p.id) ?? 0, subjectFirst: opens ? 1 : 0, novel: 1 },
      });
    }
  });
  return out;
}

/** A naming line opens with the term and is no item of a list (it does not end with a comma, it opens no braces before the term). */
export function namesFirst(line: string, subject: string[]): boolean {
  if (/[,}]\s*$/.test(line) || /^[^{]*\{/.test(line.split(/\s+/).slice(0, 2).join(' '))) return false;
  const own = contentStems(line);
  return subject.length > 0 && subject.every((x) => own.slice(0, subject.length).includes(x));
}

/** "how is the Session-Id constructed": a formula line naming the term, read with the sentence introducing it. */
export function formulaCandidates(ctx: AnswerContext): Candidate[] {
  const subject = ctx.subjectStems;
  if (ctx.type.type !== 'definition' || !subject.length) return [];
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    const all = scoreSentences(p.text, ctx.terms).map((x) => x.sentence);
    all.forEach((x, i) => {
      const m = /^([A-Za-z][\w.-]*(?: [\w.-]+){0,3})\s*:?=\s*(\S.{0,120})$/.exec(x.text);
      if (!m || /^(?:if|when|where|while)\b/i.test(m[1])) return;
      const lhs = contentStems(m[1]);
      if (!lhs.length || !lhs.every((y) => subject.includes(y))) return;
      const intro = all[i - 1] && /:\s*$/.test(all[i - 1].text) ? all[i - 1] : null;
      out.push({
        text: m[2].trim(),
        source: 'formula',
        passageId: p.id,
        passageRank: rank,
        sentence: intro ? `${intro.text} ${x.text}` : x.text,
        offset: intro?.start ?? x.start,
        triples: [],
        measures: {
          match: coverage(ctx.terms, [...x.stems, ...(intro?.stems ?? [])]),
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          subjectFirst: 1,
          novel: 1,
        },
      });
    });
  });
  return out;
}

/** "what does TEK stand for": the expansion where a passage introduces the acronym. */
export function expansionCandidates(ctx: AnswerContext): Candidate[] {
  const { type } = ctx;
  const acronym = type.type === 'definition' && type.subject && /^[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/.test(type.subject.trim()) ? type.subject.trim() : null;
  if (!acronym) return [];
  const asked = type.frame.some((w) => /^(?:stand|acronyms?|abbreviations?|initialisms?)$/.test(w));
  const out: Candidate[] = [];
  ctx.passages.forEach((p, rank) => {
    for (const e of expansions(p.text, acronym)) {
      out.push({
        text: e.text,
        source: 'expansion',
        passageId: p.id,
        passageRank: rank,
        sentence: e.sentence,
        offset: e.offset,
        triples: [],
        measures: {
          passageMatch: ctx.passageCover.get(p.id) ?? 0,
          expansionAsked: asked ? 1 : 0,
          namedDocument: ctx.namedDocuments.has(p.documentId) ? 1 : 0,
          novel: 1,
        },
      });
    }
  });
  return out;
}

/** A word written in capitals (and digits) only: an acronym ("WTP", "KEK"). */
export const ACRONYM = /^[A-Z][A-Z0-9]*[A-Z][A-Z0-9]*s?$/;
/** The initials of a term's words, hyphenated parts counted ("Widget Transport Protocol" -> "WTP"). */
export const initials = (term: string) =>
  term
    .split(/[\s-]+/)
    .filter((w) => /^[A-Za-z]/.test(w) && !STOPWORDS.has(w.toLowerCase()))
    .map((w) => w[0].toUpperCase())
    .join('');

/**
 * How a written term (a determiner aside) fits the asked term (its content stems, and as asked): 1 the same
 * term by lemma, or an acronym and its expansion ("WTP" and "Widget Transport Protocol (WTP)"); 0.5 the
 * asked term with at most two more words; 0 another term.
 */
export function termFit(written: string, subject: string[], asked: string): number {
  const term = written.trim().replace(/^(?:the|a|an|this|these)\s+/i, '');
  if (!term || !subject.length) return 0;
  const bracketed = [...term.matchAll(/\(([^)]*)\)/g)].map((m) => m[1].trim());
  const plain = term.replace(/\([^)]*\)/g, ' ').trim();
  const own = new Set(contentStems(plain));
  const bare = asked.trim().replace(/^(?:the|a|an)\s+/i, '');
  if (own.size === new Set(subject).size && subject.every((x) => own.has(x))) return 1;
  if (ACRONYM.test(bare)) {
    const acronym = bare.replace(/s$/, '');
    if (bracketed.includes(acronym) || initials(plain) === acronym) return 1;
  }
  if (ACRONYM.test(plain) && (bracketed.length ? false : initials(bare) === plain.replace(/s$/, ''))) return 1;
  if (bracketed.some((b) => ACRONYM.test(b) && initials(bare) === b.replace(/s$/, ''))) return 1;
  return subject.every((x) => own.has(x)) && own.size <= new Set(subject).size + 2 ? 0.5 : 0;
}

/** One way a sentence says what a term is. */
export interface DefiningClause {
  /** The term it defines, as written. */
  term: string;
  /**
   * 'subject': the term is the clause's subject ("<term> is / means / consists of / carries ..."); 'naming': the
   * sentence gives the term as the name of what it describes ("... is called <term>", "..., termed <term>,");
   * 'apposition': a relative clause follows the term ("<term>, where ..."); 'entry': a terminology-list entry
   * ("<term>: ...", "<term> - ...").
   */
  how: 'subject' | 'naming' | 'apposition' | 'entry';
  /** The clause's offsets in the sentence (a naming sentence: the whole sentence). */
  start: number;
  end: number;
  /** Its verb says what the term is (a copula, "means", "refers to", "consists of", a naming verb) rather than what it does. */
  copular: boolean;
}

/** A list item's mark: "(1)", "a.", "2)", a dash or a bullet. */
const LIST_MARK = /^(?:\(\w{1,3}\)|\w{1,2}[.)]|[-*\u2022])\s+/;
/** A frame opening a sentence up to its first comma: a preposition or a subordinating or linking word ("In X, ...", "When ..., ..."). */
const FRAME =
  /^(?:in|for|within|under|with|when|if|where|as|thus|hence|therefore|however|here|also|generally|typically|usually|often|note that)\b[^,;]{0,100},\s*/i;
/** Where a further clause with its own subject may start: after a semicolon, or a comma and a coordinating word. */
const CLAUSE_BREAK = /;\s+|,\s+(?:and|but|while|whereas)\s+/g;
const MODAL = /^(?:must|should|shall|may|might|can|could|will|would|need|ought|cannot)$/i;
/** The lemmas of a verb saying what its subject is. */
const COPULAR = /^(?:is|are|was|were|be|means?|denotes?|refers?|consists?|comprises?|represents?|defines?|constitutes?)$/i;
const SUBJECT_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'X', 'SYM']);
/** A naming verb and the name it gives, up to a clause mark or the sentence's end. */
const NAMING =
  /(?:\b(?:is|are|was|were|be)\s+(?:[a-z]+ly\s+)?|,\s*)(?:called|termed|known as|referred to as|named)\s+(?:an?\s+|the\s+)?["'\u201c]?([A-Za-z][\w.-]*(?:\s+[\w.()-]+){0,6}?)["'\u201d]?(?=\s*[.,;:"\u201d]|\s*$)/gi;
/** A relative clause or a restatement after a comma: "<term>, where ...", "<term>, i.e., ...". */
const APPOSITION = /,\s+(?:where|in which|which|i\.e\.,?|that is,)\s+/gi;
/** A terminology-list entry written on one line: "<term>: <body>", "<term> - <body>". */
const ENTRY = /^([A-Za-z][^:;,.]{0,60}?)\s*(?::|\s--?)\s+(\S.*)$/;
/** How many words of a clause are given at most. */
export const CLAUSE_WORDS = 60;

/** The clauses of a sentence that say what a term is (any term: the caller fits each clause's term to the asked one). */
export function definingClauses(sentence: string): DefiningClause[] {
  const out: DefiningClause[] = [];
  const text = sentence.replace(/\s+$/, '');
  const end = (from: number) => {
    const stop = text.slice(from).search(/;\s/);
    return stop < 0 ? text.length : from + stop;
  };
  // the term is the subject of the sentence's clause (after a list mark or an opening frame) or of a further clause
  const mark = LIST_MARK.exec(text);
  const starts = new Set<number>([mark ? mark[0].length : 0]);
  for (const s of [...starts]) {
    const frame = FRAME.exec(text.slice(s));
    if (frame) starts.add(s + frame[0].length);
  }
  for (const m of text.matchAll(CLAUSE_BREAK)) starts.add(m.index + m[0].length);
  for (const s of [...starts].sort((a, b) => a - b)) {
    const subject = clauseSubject(text.slice(s));
    if (subject) out.push({ term: subject.term, how: 'subject', start: s, end: end(s + subject.verbAt), copular: subject.copular });
  }
  // "... is called <term>", "<definition>, termed <term>, ..."
  for (const m of text.matchAll(NAMING)) out.push({ term: m[1].replace(/[.,;:]+$/, ''), how: 'naming', start: 0, end: text.length, copular: true });
  // "<term>, where ...": the term is the noun phrase before the comma (after the previous clause mark or coordinating word)
  for (const m of text.matchAll(APPOSITION)) {
    const before = text.slice(0, m.index);
    const cut = Math.max(...[...before.matchAll(/[,;:(]\s*|\b(?:or|and|both|either)\s+/gi)].map((c) => c.index + c[0].length), 0);
    const term = before.slice(cut).trim();
    if (!term || term.split(/\s+/).length > 8) continue;
    const after = m.index + m[0].length;
    const stop = text.slice(after).search(/[,;]/);
    out.push({ term, how: 'apposition', start: cut + before.slice(cut).indexOf(term), end: stop < 0 ? text.length : after + stop, copular: false });
  }
  const entry = ENTRY.exec(text.replace(LIST_MARK, ''));
  if (entry && entry[1].split(/\s+/).length <= 5 && !posTags(entry[1]).some((t) => t.pos === 'VERB' || t.pos === 'AUX'))
    out.push({ term: entry[1].trim(), how: 'entry', start: 0, end: text.length, copular: true });
  return out.filter((c) => c.end > c.start);
}

/**
 * The subject of a clause and its verb: a noun phrase (determiners, adjectives, nouns, numbers, an "of" or
 * "for" inside, brackets and hyphens skipped) right before its first verb (an adverb between them allowed);
 * null when the clause opens otherwise, when its verb is a modal (a requirement, not a definition) or a
 * naming verb (the subject is then the definition and the name comes after).
 */
function clauseSubject(clause: string): { term: string; verbAt: number; copular: boolean } | null {
  const head = clause.slice(0, 240);
  const tags = posTags(head);
  let at = 0;
  let depth = 0;
  let words = 0;
  let nouns = 0;
  let subjectEnd = 0;
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i];
    const found = head.indexOf(t.text, at);
    const offset = found < 0 ? at : found;
    at = offset + t.text.length;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    if (depth > 0 || /^[()[\]\-/"'\u201c\u201d]$/.test(t.text)) {
      if (depth === 0 || t.text === '(' || t.text === '[') subjectEnd = at;
      continue;
    }
    if (MODAL.test(t.lower)) return null;
    // a second determiner after a noun opens a clause inside the subject ("every frame a relay forwards")
    if (t.pos === 'DET' && nouns > 0 && tags[i - 1]?.pos !== 'ADP') return null;
    if (SUBJECT_POS.has(t.pos) || (t.pos === 'ADP' && /^(?:of|for)$/.test(t.lower) && words > 0)) {
      if (++words > 10) return null;
      if (t.pos === 'NOUN' || t.pos === 'PROPN') nouns++;
      subjectEnd = at;
      continue;
    }
    const verbAt = (k: number) => k < tags.length && (tags[k].pos === 'VERB' || tags[k].pos === 'AUX');
    // a word's hyphenated part ("widget-based"), a noun read as a verb before the verb ("a relay table consists")
    const glued = offset > 0 && head[offset - 1] === '-';
    // (or a modifier read as a verb inside the noun phrase: "the push model")
    const nounBeforeVerb =
      t.pos === 'VERB' && (verbAt(i + 1) || (tags[i + 1]?.pos === 'ADV' && verbAt(i + 2)) || (words > 0 && /^(?:NOUN|PROPN)$/.test(tags[i + 1]?.pos ?? '')));
    if ((glued || nounBeforeVerb) && words > 0) {
      if (++words > 10) return null;
      nouns++;
      subjectEnd = at;
      continue;
    }
    if (t.pos === 'ADV' && verbAt(i + 1)) continue;
    // (a participle is no finite verb: "<noun> performing ..." still names the subject)
    // (a definition is in the present tense: "were deployed" tells a history)
    if ((t.pos === 'VERB' || t.pos === 'AUX') && nouns > 0 && !(t.pos === 'VERB' && /(?:ing|ed)$/.test(t.lower)) && !/^(?:was|were|had|did)$/.test(t.lower)) {
      const rest = head.slice(offset);
      if (/^(?:is|are|was|were)\s+(?:[a-z]+ly\s+)?(?:called|termed|known as|referred to as|named)\b/i.test(rest)) return null;
      // a negated predicate says what the term is not or does not do
      if (/^\S+\s+(?:not|never)\b|^\S+n't\b/i.test(rest)) return null;
      return { term: head.slice(0, subjectEnd).trim(), verbAt: offset, copular: COPULAR.test(t.lower) };
    }
    return null;
  }
  return null;
}
