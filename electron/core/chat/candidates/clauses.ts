// The clauses of a sentence that say why its predicate holds, what it is for, or what follows from it:
// a purpose ("in order to ...", "so that ...", "... is used to / for ...", an infinitive of purpose after a
// clause), a reason ("because ...", "since ...", "due to ..."), a result ("... results in / leads to ...",
// "therefore ...", the consequent of a conditional "if / when A, B"). A question asking why, what for or what
// happens (retrieve/question.ts purposeAsked) is answered by such a clause, not by the sentence that
// restates it. Each clause comes with the rest of its sentence (its host: the predicate it is attached to),
// which features.ts measures against the question. General English syntax only; nothing here weighs.
import { escapeRe, posTags } from '../../retrieve/text';
import { CLAUSE_OPENERS, PURPOSE_MARKERS, REASON_MARKERS, RESULT_MARKERS } from '../../nlp/lexicon';
import type { PurposeAsked } from '../../retrieve/question';
import type { Span } from './spans';

export type ClauseKind = PurposeAsked;

export interface ClauseSpan extends Span {
  kind: ClauseKind;
  /** The sentence's text outside the clause and its marker: the predicate the clause is attached to. */
  host: string;
}

/** At most this many words of a clause are kept. */
const CLAUSE_WORDS = 24;

/** Phrases as one alternation, longest first (so "because of" wins over "because"). */
const alternation = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => escapeRe(p).replace(/ /g, String.raw`\s+`))
    .join('|');

/**
 * Markers opening a clause of purpose, reason or result, by kind (nlp/lexicon purpose-, reason- and
 * result-markers). The clause is what follows the marker, with the marker's own last words where the match
 * captures them ("to carry ...", "solely for naming ...", "because of ..."): an answer says "to X" or
 * "because Y" as the text does.
 */
const MARKERS: { kind: ClauseKind; re: RegExp; level: Span['level'] }[] = [
  { kind: 'purpose', re: new RegExp(String.raw`\b((?:${alternation(PURPOSE_MARKERS.subordinators)})\s+)`, 'gi'), level: 'specific' },
  // "X is used to carry Y", "is needed for Y", "serves to", "is intended solely for"
  {
    kind: 'purpose',
    re: new RegExp(String.raw`\b(?:${alternation(PURPOSE_MARKERS.predicates)})\s+((?:only\s+|solely\s+|primarily\s+|mainly\s+)?(?:to|for)\s+)`, 'gi'),
    level: 'specific',
  },
  // "useful in tracing a fault", "helpful for X": what a thing is good for
  { kind: 'purpose', re: new RegExp(String.raw`\b(?:${alternation(PURPOSE_MARKERS.adjectives)})\s+((?:to|for|in)\s+)`, 'gi'), level: 'specific' },
  // "allows the peer to detect ...": what is made possible
  { kind: 'purpose', re: new RegExp(String.raw`\b(?:${alternation(PURPOSE_MARKERS.enablers)})\s+(?:(?!to\b)[\w.-]+\s+){0,4}?(to\s+)`, 'gi'), level: 'typed' },
  { kind: 'reason', re: new RegExp(String.raw`\b((?:${alternation(REASON_MARKERS.subordinators)})\s+)`, 'gi'), level: 'specific' },
  // "X suffers from being Y", "stems from", "caused by": what a state comes from
  { kind: 'reason', re: new RegExp(String.raw`\b(?:${alternation(REASON_MARKERS['from-verbs'])})\s+(from\s+)`, 'gi'), level: 'typed' },
  { kind: 'reason', re: new RegExp(String.raw`\b(?:${alternation(REASON_MARKERS['by-participles'])})\s+(by\s+)`, 'gi'), level: 'typed' },
  { kind: 'reason', re: new RegExp(String.raw`\b(?:(?:${alternation(REASON_MARKERS.openers)}) (?:that\s+)?)()`, 'gi'), level: 'specific' },
  // (not "as a result of X": that names a reason)
  { kind: 'result', re: new RegExp(String.raw`\b(?:${alternation(RESULT_MARKERS.connectives)}),?\s+(?!of\b)()`, 'gi'), level: 'typed' },
  // "X, so Y": a coordinator of result after a comma (not "so that", "so as to", "so long as", "and so on / forth")
  {
    kind: 'result',
    re: new RegExp(String.raw`,\s+(?:${alternation(RESULT_MARKERS['after-comma'])})\s+(?!(?:that|as|long|far|on|forth|much|many)\b)()`, 'gi'),
    level: 'typed',
  },
];

/** The conditional conjunctions whose clause is the condition of the rest (its consequent: a result). */
const CONDITION = new RegExp(String.raw`^(?:${alternation(CLAUSE_OPENERS.condition)})\b`, 'i');
/** A sentence opening with a subordinate clause of another kind ("Because A when B, C"): no consequent read inside it. */
const SUBORDINATE = new RegExp(String.raw`^(?:${alternation(CLAUSE_OPENERS.other)})\b`, 'i');
const CONDITION_INSIDE = new RegExp(String.raw`\s(?:${alternation(CLAUSE_OPENERS['condition-inside'])})\s`, 'i');
/** What "this is" is followed by in a sentence giving the reason or purpose of the one before ("This is because A", "This is done to A"). */
const FOLLOWING_MARKER = alternation([...REASON_MARKERS.subordinators, ...PURPOSE_MARKERS.subordinators, 'to', 'for']);
/** A reason's subordinator of one word, opening a sentence that gives the reason of the one before ("Because ..."). */
const REASON_OPENER = alternation(REASON_MARKERS.subordinators.filter((w) => !w.includes(' ')));
const FOLLOWING = new RegExp(
  String.raw`^\s*(?:(?:this|that|it)\s+(?:is|was)\s+(?:(?:done|needed|required|necessary|so)\s+)?(?=(?:${FOLLOWING_MARKER})\b)|(${alternation(RESULT_MARKERS['sentence-connectives'])})\b,?\s*|(?=(?:${REASON_OPENER})\b))`,
  'i',
);
const OPENS_REASON = new RegExp(String.raw`^(?:${alternation(REASON_MARKERS.subordinators)})\b`, 'i');

/** The clause from offset `from` to the next clause end (a semicolon, a colon, a full stop, a bracket; a comma too when `comma`), cut to CLAUSE_WORDS words. */
function clauseFrom(sentence: string, from: number, comma: boolean): { text: string; end: number } {
  const rest = sentence.slice(from);
  const stop = (comma ? /[;:()]|,\s|\.(?:\s|$)/ : /[;:()]|\.(?:\s|$)/).exec(rest);
  let text = (stop ? rest.slice(0, stop.index) : rest).replace(/\s+/g, ' ').trim();
  const words = text.split(' ');
  if (words.length > CLAUSE_WORDS) text = words.slice(0, CLAUSE_WORDS).join(' ');
  text = text.replace(/[\s.,;:]+$/, '');
  return { text, end: from + text.length };
}

const norm = (t: string) => t.replace(/\s+/g, ' ').trim();

/**
 * The clauses of purpose, reason and result a sentence writes, each with its kind, its offsets in the
 * sentence and its host (the sentence less the clause and its marker). A clause opening the sentence
 * ("Because A, B") ends at its comma; one inside it runs to the clause's end.
 */
export function purposeClauses(sentence: string): ClauseSpan[] {
  const out: ClauseSpan[] = [];
  const add = (kind: ClauseKind, start: number, level: Span['level'], comma: boolean) => {
    const lead = sentence.slice(start).length - sentence.slice(start).trimStart().length;
    const from = start + lead;
    const { text, end } = clauseFrom(sentence, from, comma);
    if (text.split(' ').length < 2 || out.some((c) => c.start === from && c.kind === kind)) return;
    // (the marker's words stay with the host: "is used to" is said of the predicate)
    const host = norm(`${sentence.slice(0, from)} ${sentence.slice(end)}`);
    out.push({ text, start: from, end, level, kind, host });
  };
  for (const { kind, re, level } of MARKERS)
    for (const m of sentence.matchAll(re)) {
      const opens = !sentence.slice(0, m.index).trim() || /[.;:]\s*$/.test(sentence.slice(0, m.index));
      add(kind, m.index! + m[0].length - m[1].length, level, opens);
    }
  // an infinitive of purpose after a clause ("the peer retries the request to recover from a loss"): "to" and a
  // verb in its base form, after a noun, a pronoun or a participle (not "has to", "need to", "able to", a "to" of
  // a verb's object)
  const tags = posTags(sentence);
  let at = 0;
  const offsets = tags.map((t) => {
    const k = sentence.indexOf(t.text, at);
    if (k >= 0) at = k + t.text.length;
    return k;
  });
  for (let i = 1; i + 1 < tags.length; i++) {
    if (tags[i].lower !== 'to' || tags[i + 1].pos !== 'VERB' || offsets[i] < 0 || offsets[i + 1] < 0) continue;
    const prev = tags[i - 1];
    if (!['NOUN', 'PROPN', 'PRON', 'NUM', 'ADV'].includes(prev.pos) && !(prev.pos === 'VERB' && /(?:ed|en)$/.test(prev.lower))) continue;
    if (/^(?:able|unable|likely|unlikely|have|has|had|need|needs|ought|going|used|want|wants|tries|try|attempt|attempts)$/.test(prev.lower)) continue;
    add('purpose', offsets[i], 'typed', false);
  }
  // a conditional's consequent: "If A, B" gives B; "B if A" gives B
  const trimmed = sentence.trimStart();
  const lead = sentence.length - trimmed.length;
  if (CONDITION.test(trimmed)) {
    const comma = trimmed.search(/,\s/);
    if (comma > 0) {
      const from = lead + comma + 1;
      const { text, end } = clauseFrom(sentence, from + (sentence.slice(from).length - sentence.slice(from).trimStart().length), false);
      const start = end - text.length;
      if (text.split(' ').length >= 2) out.push({ text, start, end, level: 'typed', kind: 'result', host: norm(sentence.slice(0, from)) });
    }
  } else if (!SUBORDINATE.test(trimmed)) {
    const inside = CONDITION_INSIDE.exec(sentence);
    if (inside && inside.index > 0) {
      const text = clauseFrom(sentence, lead, true).text;
      const body = norm(sentence.slice(lead, inside.index));
      const kept = text.length <= body.length ? text : body;
      if (kept.split(' ').length >= 2 && !out.some((c) => c.start === lead && c.kind === 'result'))
        out.push({ text: kept, start: lead, end: lead + kept.length, level: 'typed', kind: 'result', host: norm(sentence.slice(inside.index)) });
    }
  }
  return out;
}

/**
 * A sentence that gives the reason, the purpose or the result of the one before it ("This is because A",
 * "This is done to A", "Therefore, <clause>", "As a result, <clause>"): its clause, with no host of its own (the sentence
 * before is the host). Null for any other sentence.
 */
export function followingClause(sentence: string): { text: string; kind: ClauseKind } | null {
  const m = FOLLOWING.exec(sentence);
  if (!m) return null;
  // (a reason's or a purpose's marker stays with it: "because of X", "to X")
  const rest = sentence.slice(m[0].length);
  const kind: ClauseKind = m[1] ? 'result' : OPENS_REASON.test(rest) ? 'reason' : 'purpose';
  const { text } = clauseFrom(sentence, m[0].length, false);
  return text.split(' ').length >= 2 ? { text, kind } : null;
}
