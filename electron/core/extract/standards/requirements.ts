// Requirements: subject + normative keyword + action. The keywords are those of RFC 2119 / BCP 14
// (MUST, MUST NOT, SHALL, SHALL NOT, SHOULD, SHOULD NOT, MAY, REQUIRED, RECOMMENDED, OPTIONAL), which
// standards writing in general uses (ISO/IEC directives write shall / should / may in lower case: a
// document without capitalised keywords is read in lower case). The action becomes an event node;
// the triple's relation is the modality, kept with its negation: MUST NOT never reads as MUST.
import type { Span } from '../sentences';
import type { Mention } from '../types';
import { isPronoun } from '../labels';
import { informative, isSkipped, type ChunkContext } from './context';
import { keyRow } from '../classic/figures';
import { englishNlp } from '../../nlp/english';
import { CONDITIONAL_PHRASES, QUESTION_COMPLEMENT_VERBS, TIME_RELATIVE_NOUNS } from '../../nlp/lexicon';
import { entity, event, flat, phraseLabel, trimSpan, type Draft } from './make';

const UPPER = /\b(MUST NOT|MUST|SHALL NOT|SHALL|SHOULD NOT|SHOULD|MAY NOT|MAY)\b/g;
const LOWER = /\b(must not|must|shall not|shall|should not|should)\b/g;
/** UPPER without the global flag: a yes/no test that keeps no lastIndex between calls. */
const HAS_UPPER_KEYWORD = new RegExp(UPPER.source);
/** "It is RECOMMENDED that ...", "X is REQUIRED": the adjective forms, read as the modal they stand for (RFC 2119). */
const ADJECTIVE = /\b(NOT RECOMMENDED|REQUIRED|RECOMMENDED|OPTIONAL)\b/g;
const ADJECTIVE_MODAL: Record<string, string> = { REQUIRED: 'MUST', RECOMMENDED: 'SHOULD', 'NOT RECOMMENDED': 'SHOULD NOT', OPTIONAL: 'MAY' };

/** Words that open a clause: the subject starts after the last of them. */
const OPENERS =
  /(?:^|\s)(?:that|which|then|so|thus|hence|therefore|otherwise|instead|i\.e\.|e\.g\.|whereas|while|although|because|since|unless|if|when|where|once|after|before|until)\s+/gi;
const LEADING_CONJUNCTION =
  /^(?:\([a-z0-9]{1,3}\)\s*|(?:and|or|but|nor|so|yet|also|then|thus|hence|however|further|finally|similarly|likewise|specifically|consequently|additionally)\b[\s,]*)+/i;
const TRAILING_ADVERB = /(?:\s+(?:also|still|then|only|thus|therefore|always|never|however|now|instead|too))+$/i;
/** A reference written after a comma belongs to the phrase before it ("The method in [RFC1234], Section 2.1 SHOULD"). */
const CITATION_ONLY = /^(?:\[[^\]]*\]|[Ss]ections?\s+[\d.]+(?:\s+of\s+\[[^\]]*\])?|RFC\s?\d+)$/;
/** A subject never starts with these (it is a verb phrase or a clause). */
const NOT_SUBJECT_START =
  /^(?:is|are|was|were|be|been|being|has|have|had|do|does|did|not|no|can|could|will|would|to|of|in|on|at|by|for|with|from|as|than|also|only|it|they|there|here|this|that|which|who|what|one|we|you|he|she)\b/i;
const ADVERB_LEAD = /^(?:also|still|then|therefore|thus|instead|however|additionally|further|furthermore|subsequently|now)\b[\s,]*/i;
/** Where an action ends: a new clause that is not part of what is required. */
const ACTION_END =
  /;|:\s|,\s+(?:and|but|or|so|as|since|because|while|although|whereas|which|e\.g\.|i\.e\.|for example|for instance)\b|\s+(?:since|because|whereas|although)\b|\s+\(e\.g\.|\.\s*$/;

const MAX_SUBJECT_WORDS = 10;
const MAX_ACTION_WORDS = 20;

/** The noun phrase that ends right before `at` within sentence s: the subject of the verb at `at`. */
export function subjectBefore(text: string, s: Span, at: number): Span | null {
  let from = s.start;
  const pre = text.slice(s.start, at);
  // a clause boundary: the last , ; : or ( before the verb (a subject never spans one, except "such as" lists)
  // commas inside brackets ("([RFC5080], Section 2.2.2)") are no clause boundary
  const masked = pre.replace(/\([^()]*\)|\[[^\]]*\]/g, (m) => ' '.repeat(m.length));
  const cuts = [...masked.matchAll(/[,;:](?=\s)/g)].map((m) => m.index!);
  let k = cuts.length - 1;
  let stop = pre.length;
  // drop trailing segments that are only a citation (or empty): the subject is before them
  while (k >= 0 && (!pre.slice(cuts[k] + 1, stop).trim() || CITATION_ONLY.test(pre.slice(cuts[k] + 1, stop).trim()))) {
    if (!pre.slice(cuts[k] + 1, stop).trim()) break; // "..., MUST be used": no subject in this clause
    stop = cuts[k];
    k--;
  }
  at = s.start + stop;
  if (k >= 0) from = s.start + cuts[k] + 1;
  let seg = text.slice(from, at);
  const lc = LEADING_CONJUNCTION.exec(seg.trimStart());
  if (lc) {
    from += seg.length - seg.trimStart().length + lc[0].length;
    seg = text.slice(from, at);
  }
  // a clause opener inside the segment ("If the ID changes, any attributes MUST ..." was cut above;
  // "... recommended that implementations SHOULD"): start after the last one, when what follows is a subject
  let lastOpener = -1;
  for (const m of seg.matchAll(OPENERS)) {
    // "with that connection", "to which attributes": after a preposition "that"/"which" is a determiner
    if (
      /^\s?(?:that|which)\s/i.test(m[0]) &&
      /\b(?:to|of|in|for|on|by|with|from|at|about|into|over|under|through|via|and|or)\s*$/i.test(seg.slice(0, m.index! + (m[0].startsWith(' ') ? 1 : 0)))
    )
      continue;
    // "documents written after X MUST": after a participle, "after" is a preposition
    if (/^\s?(?:after|before|until)\s/i.test(m[0]) && /\b\p{L}{3,}(?:ed|en)\s*$/u.test(seg.slice(0, m.index! + (m[0].startsWith(' ') ? 1 : 0)))) continue;
    lastOpener = m.index! + m[0].length;
  }
  if (lastOpener > 0) {
    const after = seg.slice(lastOpener);
    // "methods that send the Foo-Id MUST": a relative clause (its first word a verb) belongs to the subject
    const head = seg.slice(0, lastOpener);
    const before = /(\S+)\s+(?:that|which)\s+$/i.exec(head)?.[1] ?? '';
    const nounBefore = /^(?:[A-Z][\w/-]*|[\w/-]+(?:s|er|or|ty|ion|ment|ure|ence|ance|ol|ey|ism|ode|key|ID))$/.test(before) && !CLAUSE_VERB.test(before);
    const relative = /(?:^|\s)(?:that|which)\s+$/i.test(head) && (nounBefore || (/\p{L}/u.test(before) && startsWithVerb(after)));
    if (relative) lastOpener = 0;
  }
  if (lastOpener > 0) {
    const after = seg.slice(lastOpener);
    if (after.trim() && !NOT_SUBJECT_START.test(after.trim())) {
      from += lastOpener;
      seg = after;
    } else if (NOT_SUBJECT_START.test(after.trim())) {
      // a relative clause belongs to the subject ("requests that have not yet had a reply")
      const before = seg.slice(0, lastOpener).replace(/\s*(?:that|which)\s+$/i, '');
      if (!/\b(?:that|which)\s+$/i.test(seg.slice(0, lastOpener))) return null;
      if (!before.trim()) return null;
    }
  }
  const span = trimSpan(text, from, at);
  const adv = TRAILING_ADVERB.exec(text.slice(span.start, span.end));
  if (adv) span.end -= adv[0].length;
  // a term over its indented body ("Theft of service\n      Bypassing the AAA exchange ... SHOULD NOT"): the subject is in the body
  const nl = text.lastIndexOf('\n', span.end - 1);
  if (nl >= span.start) {
    const lineStart = text.lastIndexOf('\n', span.start - 1) + 1;
    const indentAt = (i: number) => /^[ \t]*/.exec(text.slice(i, i + 40))![0].length;
    const body = indentAt(nl + 1);
    if (body > indentAt(lineStart)) span.start = nl + 1 + body;
  }
  // a heading run into its paragraph ("Foo Counter The Foo Counter field"): the phrase after the capitalised determiner
  const merged = /\s(?:The|A|An)\s/.exec(text.slice(span.start, span.end));
  if (merged) span.start += merged.index + 1;
  if (span.end <= span.start) return null;
  const label = text.slice(span.start, span.end);
  const words = label.split(/\s+/).filter(Boolean);
  if (words.length > MAX_SUBJECT_WORDS + 4) return null;
  return span;
}

/** "This value", "such an option": a pointer back to something the sentence does not name. */
const ANAPHORIC = /^(?:(?:this|that|these|those|such(?:\s+an?)?|said)\s+\S+|(?:the\s+)?(?:following|above|aforementioned)(?:\s+\S+)?)$/i;

export function validSubject(label: string): boolean {
  if (!label || !/\p{L}/u.test(label)) return false;
  const words = label.split(/\s+/);
  if (words.length > MAX_SUBJECT_WORDS) return false;
  if (isPronoun(label) || NOT_SUBJECT_START.test(label)) return false;
  // a subject is a noun phrase: no finite verb of its own
  if (/\b(?:is|are|was|were|has|have|had|does|do|did|can|will|would|could|MUST|SHALL|SHOULD|MAY)\b/.test(label)) return false;
  if (/^[a-z]/.test(label) && words.length === 1 && label.length < 4) return false;
  return !(words.length >= 3 && hasOwnVerb(label));
}

/** A verb of the phrase's own, outside a relative clause ("the following table provides a guide to ..."). */
function hasOwnVerb(phrase: string): boolean {
  const nlp = englishNlp();
  const doc = nlp.readDoc(phrase);
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  for (let i = 1; i < values.length; i++) {
    if (pos[i] !== 'VERB' || /(?:ing|ed|en)$/i.test(values[i])) continue;
    if (/^(?:that|which|who)$/i.test(values[i - 1])) continue;
    if (pos[i - 1] === 'NOUN' || pos[i - 1] === 'PROPN') return true;
  }
  return false;
}

/** A subordinating conjunction right before a subject: its clause ends at the next comma, where the main clause begins. */
const SUBORDINATOR = /(?:^|\s)(?:since|because|although|though|while|whereas|unless|if|when|whenever)\s+$/i;

/** Commas, semicolons and colons inside brackets are no clause boundary; the brackets themselves stay ("(e.g." ends an action). */
const maskBracketed = (seg: string) => seg.replace(/\([^()]*\)|\[[^\]]*\]/g, (m) => m.replace(/[,;:]/g, ' '));

/** Subordinators whose clause a ", and" / ", or" may go on ("sent until X is received, or Y expires"). */
const SUBORDINATE_IN = /(?:^|\s)(?:until|before|after|unless|if|when|whenever|while|once)\s/i;
/** At most this many words in a clause that goes on a subordinate clause after its comma. */
const CONTINUED_CLAUSE_WORDS = 10;

/**
 * Where the action in `seg` ends: ACTION_END, except a serial list's ", and" / ", or" ("between the
 * client, proxy, and server") and, by pattern:requirement.clause-coordination, a ", and" / ", or" that
 * goes on the subordinate clause before it with a clause of its own ("until X is received, or a
 * counter expires": a subject, not a verb, after the conjunction; `joined`).
 */
function actionEnd(seg: string): { end: number | null; joined: boolean } {
  const masked = maskBracketed(seg);
  const re = new RegExp(ACTION_END.source, 'g');
  let joined = false;
  for (let m = re.exec(masked); m; m = re.exec(masked)) {
    const conjunction = /^,\s+(?:and|or)\b/.test(m[0]);
    const list = conjunction && /,\s+[^,;:]{1,40}$/.test(masked.slice(0, m.index));
    const item = /^[^,;:.]*/.exec(masked.slice(m.index + m[0].length))![0];
    if (list && item.trim().split(/\s+/).length <= 6) continue;
    if (conjunction && continuesSubordinate(masked.slice(0, m.index), item, masked.slice(m.index + m[0].length + item.length))) {
      joined = true;
      continue;
    }
    return { end: m.index, joined };
  }
  return { end: null, joined };
}

/** The clause after ", and" / ", or" goes on a subordinate clause of `before` and ends the sentence or clause there. */
function continuesSubordinate(before: string, item: string, after: string): boolean {
  const lastClause = before.slice(before.lastIndexOf(',') + 1);
  if (!SUBORDINATE_IN.test(lastClause) || !item.trim() || wordsIn(item) > CONTINUED_CLAUSE_WORDS) return false;
  if (HAS_UPPER_KEYWORD.test(item) || !/^\s*(?:[;:]|\.?\s*$)/.test(after)) return false;
  return /^\s*\p{Ll}/u.test(item) && opensWithSubject(item);
}

/** The action coordinates two verb phrases ("display X or log it"): "and" / "or" before a verb. */
function coordinatesVerbPhrases(action: string): boolean {
  const nlp = englishNlp();
  const doc = nlp.readDoc(action.slice(0, 300));
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  for (let i = 1; i + 1 < values.length; i++) {
    if (!/^(?:and|or)$/i.test(values[i])) continue;
    // a verb, an adverb before one, or a word the tagger took for a noun with an object right after it ("or log it")
    const next = pos[i + 1] === 'ADV' ? i + 2 : i + 1;
    if (pos[next] === 'VERB' || pos[next] === 'AUX' || (pos[next] === 'NOUN' && (pos[next + 1] === 'PRON' || pos[next + 1] === 'DET'))) return true;
  }
  return false;
}

/** The phrase is a clause opening with its subject: a noun phrase first (no verb, preposition or adverb), a verb after it. */
function opensWithSubject(phrase: string): boolean {
  const nlp = englishNlp();
  const doc = nlp.readDoc(phrase.trim().slice(0, 120));
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  if (!['DET', 'NOUN', 'PROPN', 'PRON', 'ADJ', 'NUM'].includes(pos[0])) return false;
  return pos.slice(1).some((p) => p === 'VERB' || p === 'AUX');
}

/** The action after the keyword: up to the end of the clause, at most MAX_ACTION_WORDS words. */
function actionAfter(text: string, s: Span, from: number, next: number, options: { subordinate?: boolean } = {}): ActionSpan | null {
  let seg = text.slice(from, Math.min(s.end, next));
  const lead = ADVERB_LEAD.exec(seg.trimStart());
  const start = from + (seg.length - seg.trimStart().length) + (lead ? lead[0].length : 0);
  seg = text.slice(start, Math.min(s.end, next));
  const cut = actionEnd(seg);
  let end = cut.end;
  if (options.subordinate) {
    // "since X and Y MUST be co-located, this rule applies": the comma ends it
    const comma = /,\s/.exec(maskBracketed(seg));
    if (comma && (end === null || comma.index < end)) end = comma.index;
  }
  let stop = end !== null ? start + end : Math.min(s.end, next);
  // a following keyword with its own subject ("they MAY stay, or they MAY go")
  if (next < s.end && stop >= next) {
    const back = text.slice(start, next);
    const cut = Math.max(back.lastIndexOf(','), back.search(/\s(?:and|or|but)\s+\S+\s*$/));
    stop = cut > 0 ? start + cut : next;
  }
  const words = [...text.slice(start, stop).matchAll(/\S+/g)];
  if (words.length > MAX_ACTION_WORDS) {
    // cut at the last comma before the limit, else at the limit
    const limitAt = start + words[MAX_ACTION_WORDS - 1].index! + words[MAX_ACTION_WORDS - 1][0].length;
    const comma = text.slice(start, limitAt).lastIndexOf(',');
    stop = comma > 10 ? start + comma : limitAt;
  }
  const span = trimSpan(text, start, stop);
  if (span.end <= span.start) return null;
  const whole = wholePhraseEnd(text, s, span, Math.min(s.end, next));
  return whole && cut.joined && (end === null || start + end >= whole.end) && /,\s+(?:and|or)\s/.test(text.slice(whole.start, whole.end))
    ? { ...whole, joined: true }
    : whole;
}

/** An action's span; `reshaped` when pattern:requirement.phrase-end moved its end, `joined` when pattern:requirement.clause-coordination kept a clause after its comma. */
type ActionSpan = Span & { reshaped?: boolean; joined?: boolean };

/** A single quote that opens a quotation (after a space or bracket, before a letter or digit): no apostrophe. */
const opensSingle = (seg: string, i: number) => seg[i] === "'" && (i === 0 || /[\s([]/.test(seg[i - 1])) && /[\p{L}\p{N}]/u.test(seg[i + 1] ?? '');

/** The offset of the single quote `seg` opens and does not close, or -1 ("is 'auth-int'": closed). */
function unclosedSingle(seg: string): number {
  let open = -1;
  for (let i = 0; i < seg.length; i++) {
    if (open < 0 && opensSingle(seg, i)) open = i;
    else if (open >= 0 && seg[i] === "'" && !/[\p{L}\p{N}]/u.test(seg[i + 1] ?? '')) open = -1;
  }
  return open;
}

/** A closing quote trimSpan took off a quote the span opened ('changed to "deprecated"', "is 'auth-int'"). */
function keepClosingQuote(text: string, span: Span): Span {
  const seg = text.slice(span.start, span.end);
  const quotes = (seg.match(/"/g) ?? []).length;
  if (quotes % 2 === 1 && text[span.end] === '"') return { start: span.start, end: span.end + 1 };
  if (unclosedSingle(seg) >= 0 && text[span.end] === "'") return { start: span.start, end: span.end + 1 };
  return span;
}

/** The offset in `seg` of a bracket or quote it opens and does not close, or -1. */
function unclosedOpening(seg: string): number {
  const open: number[] = [];
  let quote = -1;
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === '(' || c === '[') open.push(i);
    else if ((c === ')' || c === ']') && open.length) open.pop();
    else if (c === '"') quote = quote < 0 ? i : -1;
  }
  const first = [...open, quote, unclosedSingle(seg)].filter((i) => i >= 0);
  return first.length ? Math.min(...first) : -1;
}

/** The offset in `seg` of a closing bracket it never opened, or -1. */
function unopenedClosing(seg: string): number {
  let depth = 0;
  for (let i = 0; i < seg.length; i++) {
    if (seg[i] === '(' || seg[i] === '[') depth++;
    else if (seg[i] === ')' || seg[i] === ']') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Word classes no phrase ends on: a determiner, a preposition, a conjunction, the infinitive "to". */
const DANGLING_POS = new Set(['DET', 'ADP', 'CCONJ', 'SCONJ']);
/** Before its verb a subject may strand a preposition ("servers it connects to"); never a determiner or conjunction. */
const DANGLING_SUBJECT_POS = new Set(['DET', 'CCONJ']);
function endsDangling(phrase: string, classes = DANGLING_POS): boolean {
  const nlp = englishNlp();
  const doc = nlp.readDoc(phrase.slice(-200));
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  const last = pos.length - 1;
  if (last < 0) return false;
  return classes.has(pos[last]) || (classes === DANGLING_POS && pos[last] === 'PART' && values[last].toLowerCase() === 'to');
}

/** At most this many words are added to reach a phrase's end; further than that the triple is not made. */
const EXTEND_WORDS = 10;

/**
 * pattern:requirement.phrase-end: an action never ends inside a bracket or quote it opened, nor on a
 * determiner, preposition or conjunction ("be deployed between the"): it extends to the end of that
 * bracket or phrase (the next clause boundary) within EXTEND_WORDS words, else the bracket is left out,
 * else no action. It never runs into the next keyword's clause (`limit`): a conjunction before that
 * clause ("MUST do X and SHOULD do Y") is left off.
 */
function wholePhraseEnd(text: string, s: Span, span: Span, limit: number): ActionSpan | null {
  let { start, end } = keepClosingQuote(text, span);
  // a bracket the action closes but never opened is the end of a parenthetical the requirement stood in: it ends before it
  const stray = unopenedClosing(text.slice(start, end));
  if (stray >= 0) ({ start, end } = trimSpan(text, start, start + stray));
  const reshaped = () => (end !== span.end ? { start, end, reshaped: true } : { start, end });
  for (let step = 0; step < 4; step++) {
    const seg = text.slice(start, end);
    const open = unclosedOpening(seg);
    if (open >= 0) {
      const closer = seg[open] === '(' ? ')' : seg[open] === '[' ? ']' : seg[open];
      const close = text.indexOf(closer, end);
      if (close >= 0 && close < s.end && wordsIn(text.slice(end, close)) <= EXTEND_WORDS) end = close + 1;
      else ({ start, end } = trimSpan(text, start, start + open));
      continue;
    }
    // a preposition stranded at the clause's end ("services they are entitled to") ends it as written
    const atBoundary = /^\s*(?:[,;:.!?)\]]|$)/.test(text.slice(end, s.end));
    if (atBoundary || !endsDangling(seg)) return end > start ? reshaped() : null;
    // a conjunction right before the next keyword's clause: the action ends before it
    const conjunction = /\s+(?:and|or|but|nor)$/i.exec(seg);
    if (!text.slice(end, limit).trim() || (conjunction && !/\p{L}/u.test(text.slice(end, limit)))) {
      if (!conjunction) return null;
      ({ start, end } = trimSpan(text, start, end - conjunction[0].length));
      continue;
    }
    // to the next clause boundary: a comma, semicolon or colon outside brackets, or the sentence's end
    const rest = maskBracketed(text.slice(end, limit));
    const boundary = /[,;:](?=\s)|\.\s*$/.exec(rest);
    const to = end + (boundary ? boundary.index : rest.length);
    if (wordsIn(text.slice(end, to)) > EXTEND_WORDS) return null;
    const next = trimSpan(text, start, to);
    if (next.end <= end) return null;
    ({ start, end } = keepClosingQuote(text, next));
  }
  return null;
}

const wordsIn = (s: string) => (s.match(/\S+/g) ?? []).length;

/** Words before "that" that open a clause rather than a relative clause ("Note that", "ensures that"). */
const CLAUSE_VERB =
  /^(?:Note|is|was|has|does|this|thus|so|such|as|than|ensures?|requires?|means|implies|states|says|indicates|specifies|assumes|guarantees|recommends?|given|possible|likely|important|known|expected|required|recommended|RECOMMENDED|REQUIRED|suggests?|follows|process|address)$/;

/** The phrase opens with a verb ("export the Server-Id", "have not yet received"). */
function startsWithVerb(phrase: string): boolean {
  const nlp = englishNlp();
  const doc = nlp.readDoc(phrase.trim().slice(0, 80));
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  return pos[0] === 'VERB' || pos[0] === 'AUX' || (pos[0] === 'ADV' && (pos[1] === 'VERB' || pos[1] === 'AUX'));
}

/** The offset of the clause's main verb: the first verb after a noun that is not a participle (those modify the noun). */
function firstVerb(clause: string): number {
  const nlp = englishNlp();
  const doc = nlp.readDoc(clause.slice(0, 300));
  const values = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nlp.its.pos) as string[];
  let cursor = 0;
  let noun = false;
  for (let i = 0; i < values.length; i++) {
    const at = clause.indexOf(values[i], cursor);
    if (at < 0) continue;
    cursor = at + values[i].length;
    if (pos[i] === 'NOUN' || pos[i] === 'PROPN') noun = true;
    else if (noun && (pos[i] === 'VERB' || pos[i] === 'AUX') && !/(?:ing|ed)$/.test(values[i])) return at;
  }
  return -1;
}

/** "Clients and servers", "Proxies and NASes": one requirement for each (two short noun phrases only). */
function coordinated(text: string, span: Span, label: string): { label: string; span: Span; shared?: boolean }[] {
  const m = /^(\S+(?:\s\S+)?)\s+(?:and|or)\s+(\S+(?:\s\S+)?)$/.exec(label);
  if (!m) return [{ label, span }];
  const [a, b] = [m[1], m[2]];
  const one = (x: string) => !x.includes(' ');
  // "Peer and authenticator authorization" shares its head noun: keep it whole
  if (!(one(a) && one(b)) && !(/s$/.test(a) && /s$/.test(b))) return [{ label, span }];
  const raw = text.slice(span.start, span.end);
  const ia = raw.indexOf(a);
  const ib = raw.lastIndexOf(b);
  // pattern:requirement.shared-modifier: "Foo clients and servers" are Foo clients and Foo servers
  const shared = !one(a) && one(b) ? a.split(' ')[0] : null;
  return [
    { label: a, span: ia >= 0 ? { start: span.start + ia, end: span.start + ia + a.length } : span },
    {
      label: shared ? `${shared} ${b}` : b,
      span: ib >= 0 ? { start: span.start + ib, end: span.start + ib + b.length } : span,
      ...(shared ? { shared: true } : {}),
    },
  ];
}

/** A condition opening the words before a requirement's subject: a conditional conjunction or phrase ("in the case of"). */
const OPENING_CONDITION = new RegExp(
  `^\\s*((?:if|when|whenever|unless|where|${CONDITIONAL_PHRASES.map((p) => p.join('\\s+')).join('|')})\\b[\\s\\S]*?)\\s*(?:,\\s*)?(?:\\bthen\\b)?\\s*,?\\s*$`,
  'i',
);

/**
 * The condition a requirement is stated under, when the words before its subject open with one ("If X,
 * then", "When X,", "Unless X,"): that clause, as written, is the triple's qualifier (meta.condition).
 */
function openingCondition(before: string): string | null {
  return openingConditionOf(before)?.condition ?? null;
}

/**
 * A connective adverb and its comma before a condition ("Similarly, if X, ...", "That is, when X, ..."):
 * pattern:requirement.connective-condition reads the condition after it.
 */
const LEADING_CONNECTIVE =
  /^\s*(?:(?:\p{L}+ly|however|also|further|furthermore|moreover|likewise|thus|hence|therefore|then|again|instead|that is|in addition|in particular|in general|in practice|as well|for example|for instance)\s*,\s*)+/iu;

function openingConditionOf(before: string): { condition: string; connective: boolean } | null {
  // "If X, Y SHOULD do A, and Z MUST do B": Z's condition is X, not X with Y's requirement
  const other = HAS_UPPER_KEYWORD.exec(before);
  if (other) {
    const comma = before.slice(0, other.index).lastIndexOf(', ');
    if (comma < 0) return null;
    before = before.slice(0, comma);
  }
  const lead = LEADING_CONNECTIVE.exec(before);
  const m = OPENING_CONDITION.exec(lead ? before.slice(lead[0].length) : before);
  return m && m[1].trim().length > 4 ? { condition: m[1].replace(/\s+/g, ' ').replace(/,$/, '').trim(), connective: Boolean(lead) } : null;
}

/** Openers of a condition after the action ("MUST discard it if X", "..., when X", "unless X", "only if X"). */
const TRAILING_OPENER = new RegExp(
  `(?:^|[\\s,])((?:only\\s+)?(?:if|when|whenever|unless|while|${CONDITIONAL_PHRASES.map((p) => p.join('\\s+')).join('|')}))\\s+(?=[\\p{L}\\p{N}"'(\\[])`,
  'giu',
);
/** Words before "if" that make it no condition of the action: "whether if", a concessive "even if". */
const NOT_CONDITION_BEFORE = new Set(['whether', 'even']);
/** "if" / "when" after a verb that takes a question ("check if X") or "when" after a noun of time ("the moment when X"): no condition. */
function opensNoCondition(prev: string, opener: string): boolean {
  const word = prev.toLowerCase();
  if (QUESTION_COMPLEMENT_VERBS.has(word) || NOT_CONDITION_BEFORE.has(word)) return true;
  return /^(?:when|whenever)$/.test(opener) && TIME_RELATIVE_NOUNS.has(word);
}
/** At most this many words of a condition after the action; a longer one is cut at its last comma before. */
const MAX_CONDITION_WORDS = 30;
/** A citation closing a clause ("([RFC1234], Appendix B)", "[7]"): no part of a condition or an action's label. */
const TRAILING_CITATION = /\s*(?:\((?:[^()]*\[[^\]]*\][^()]*|(?:[Ss]ection|[Aa]ppendix|RFC)\s[^()]*)\)|\[[^\]]*\])\s*$/;

/** Brackets' content blanked (same length): no opener inside a parenthetical is the action's. */
const blankBracketed = (seg: string) => seg.replace(/\([^()]*\)|\[[^\]]*\]/g, (m) => ' '.repeat(m.length));

/**
 * pattern:requirement.trailing-condition: a condition after the action ("MUST discard the packet if X",
 * "MUST NOT do A, while X", "... only when X") is the triple's qualifier, not part of its object: the
 * action ends before its opener and the clause, to the end of the requirement's clause, is the condition.
 * "if" / "when" after a verb that takes a question ("check if X") and "when" after a noun of time open
 * no condition; an action left with fewer than two words, or ending where no phrase ends, is not split.
 */
function trailingCondition(text: string, s: Span, act: Span, limit: number): { action: Span; condition: string } | null {
  const clauseEnd = Math.min(s.end, limit);
  const region = blankBracketed(text.slice(act.start, clauseEnd));
  const actLength = act.end - act.start;
  const re = new RegExp(TRAILING_OPENER.source, 'giu');
  for (let m = re.exec(region); m; m = re.exec(region)) {
    const at = m.index + m[0].indexOf(m[1]);
    if (at >= actLength && !/^[\s,]*$/.test(region.slice(actLength, at))) break; // past the action's clause
    const before = region.slice(0, at).replace(/[\s,]+$/, '');
    const prev = /(\S+)$/.exec(before)?.[1] ?? '';
    const word = m[1].toLowerCase().split(/\s+/).pop()!;
    if (opensNoCondition(prev, word)) continue;
    // "at least as long as X": a comparison; the subordinator "as long as" opens a clause with its subject
    if (/^(?:as|so)\s+long\s+as$/i.test(m[1]) && !opensWithSubject(region.slice(at + m[1].length))) continue;
    const action = trimSpan(text, act.start, act.start + Math.min(at, actLength));
    const actionWords = wordsIn(text.slice(action.start, action.end));
    if (actionWords < 2 || endsDangling(text.slice(action.start, action.end))) return null;
    // "do A or do B if C": the condition may hold for the last verb phrase only; the action stays whole
    if (coordinatesVerbPhrases(text.slice(action.start, action.end))) return null;
    // the condition: to the end of the clause (a semicolon, a colon, a clause the action list ends at, the next keyword's clause)
    const rest = region.slice(at);
    const stop =
      /;|:\s|,\s+(?:but|so|since|because|whereas|which|e\.g\.|i\.e\.|for example|for instance|in which case)\b|\s+(?:since|because|whereas|although)\b|\.\s*$/.exec(
        rest,
      );
    let end = act.start + at + (stop ? stop.index : rest.length);
    if (end >= limit && limit < s.end) {
      // "A MUST do B if C, and D MUST do E": C's clause ends at the comma before D
      const back = text.slice(act.start + at, limit);
      const comma = back.lastIndexOf(',');
      if (comma < 0) return null;
      end = act.start + at + comma;
    }
    // "when X, and to 0 otherwise": a ", and" / ", or" that opens no clause of its own ends the condition
    const conj = /,\s+(?:and|or)\s+/g;
    const inCondition = region.slice(at, end - act.start);
    for (let c = conj.exec(inCondition); c; c = conj.exec(inCondition)) {
      if (opensWithSubject(/^[^,;:]*/.exec(inCondition.slice(c.index + c[0].length))![0])) continue;
      end = act.start + at + c.index;
      break;
    }
    const words = [...text.slice(act.start + at, end).matchAll(/\S+/g)];
    if (words.length > MAX_CONDITION_WORDS) {
      const limitAt = act.start + at + words[MAX_CONDITION_WORDS - 1].index! + words[MAX_CONDITION_WORDS - 1][0].length;
      const comma = text.slice(act.start + at, limitAt).lastIndexOf(',');
      if (comma < 0) return null;
      end = act.start + at + comma;
    }
    let condition = flat(text.slice(act.start + at, end));
    for (let prevCondition = ''; prevCondition !== condition;) {
      prevCondition = condition;
      condition = condition.replace(TRAILING_CITATION, '').replace(/[\s,;:.]+$/, '');
    }
    if (wordsIn(condition) < 3) return null;
    return { action, condition };
  }
  return null;
}

/** A table legend's cardinality mark opening the subject ("1* One or more copies of X MAY appear"): a key to a table, no requirement. */
const LEGEND_MARK = /^(?:\d+[+*]|\d+-\d+|[*+])(?:\s|$)/;

const QUOTED_KEYWORD = /["“'](?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)(?: NOT)?["”']/;

export function requirements(ctx: ChunkContext): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  const upper = ctx.doc.upperKeywords;
  if (!upper && !ctx.doc.lowerKeywords) return out; // no provisions: "should" in prose is no requirement
  for (const s of ctx.sentences) {
    if (isSkipped(ctx, s) || informative(ctx.doc, s.start)) continue; // an informative annex, a note or an example states no requirement
    const sentence = text.slice(s.start, s.end);
    if (QUOTED_KEYWORD.test(sentence) || /\?\s*$/.test(sentence)) continue; // the keyword convention itself; questions
    const re = new RegExp((upper ? UPPER : LOWER).source, 'g');
    const hits = [...sentence.matchAll(re)].map((m) => ({ at: s.start + m.index!, kw: m[1], end: s.start + m.index! + m[0].length }));
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i];
      const subj = subjectBefore(text, s, h.at);
      if (!subj) continue;
      const subjectLabel = phraseLabel(text.slice(subj.start, subj.end));
      if (!validSubject(subjectLabel) || ANAPHORIC.test(flat(text.slice(subj.start, subj.end)))) continue;
      if (endsDangling(subjectLabel, DANGLING_SUBJECT_POS)) continue; // pattern:requirement.phrase-end: "the address of the"
      // pattern:requirement.legend: a cardinality mark, or a table's key cell before a column gap ("0     This option ...")
      if (LEGEND_MARK.test(subjectLabel) || keyRow(text.slice(subj.start, s.end))) continue;
      const subordinate = SUBORDINATOR.test(text.slice(s.start, subj.start));
      const limit = hits[i + 1]?.at ?? s.end;
      const read = actionAfter(text, s, h.end, limit, { subordinate });
      if (!read) continue;
      const rules: string[] = [];
      if (read.reshaped) rules.push('pattern:requirement.phrase-end');
      if (read.joined) rules.push('pattern:requirement.clause-coordination');
      const after = trailingCondition(text, s, read, limit);
      const act: Span = after ? after.action : read;
      if (after) rules.push('pattern:requirement.trailing-condition');
      let action = flat(text.slice(act.start, act.end));
      const actionWords = action.split(/\s+/).length;
      if (actionWords < 2 || !/^\p{Ll}/u.test(action)) continue; // "MAY be", "MUST ..." fragments; a capital starts a new sentence
      // pattern:requirement.citation-off: a citation closing a whole phrase is no part of what is required ("use the encoding [3]")
      const cited = TRAILING_CITATION.exec(action);
      if (cited && cited.index > 0 && !endsDangling(action.slice(0, cited.index))) {
        action = action.slice(0, cited.index);
        rules.push('pattern:requirement.citation-off');
      }
      const modality = h.kw.toUpperCase();
      const opening = openingConditionOf(text.slice(s.start, subj.start));
      if (opening?.connective) rules.push('pattern:requirement.connective-condition');
      const condition = [opening?.condition, after?.condition].filter(Boolean).join(' and ') || null;
      for (const who of coordinated(text, subj, subjectLabel)) {
        const own = who.shared ? [...rules, 'pattern:requirement.shared-modifier'] : rules;
        out.push({
          pattern: upper ? 'requirement' : 'requirement.lower',
          head: entity(who.label, who.span),
          relation: modality,
          tail: event(action, { start: act.start, end: act.end }, 'requirement'),
          evidence: s,
          meta: { modality, negated: /NOT$/.test(modality), keyword: h.kw, ...(condition ? { condition } : {}) },
          modal: true,
          ...(own.length ? { rules: own } : {}),
        });
      }
    }
    if (!upper) continue;
    // "It is RECOMMENDED that implementations use X" / "Support for X is REQUIRED": the document requires it
    for (const m of sentence.matchAll(ADJECTIVE)) {
      const at = s.start + m.index!;
      const kw = m[1];
      const modality = ADJECTIVE_MODAL[kw];
      const before = text.slice(s.start, at);
      const after = text.slice(at + kw.length, s.end);
      // (a condition opening the sentence, "Where X, it is RECOMMENDED that ...", is the triple's qualifier)
      const impersonal = (head: Mention, tail: Mention, condition: string | null) =>
        out.push({
          pattern: 'requirement.impersonal',
          head,
          relation: modality,
          tail,
          evidence: s,
          meta: { modality, negated: /NOT$/.test(modality), keyword: kw, ...(condition ? { condition } : {}) },
          modal: true,
        });
      const itIs = /\b[Ii]t is\s+$/.test(before);
      if (itIs) {
        // "It is RECOMMENDED that X SHOULD ..." is read by the modal above; "... that X use Y" / "for X to do Y"
        const that = /^\s+(?:that|for)\s+([\s\S]*)$/.exec(after);
        if (!that || HAS_UPPER_KEYWORD.test(that[1])) continue;
        const clauseStart = at + kw.length + after.indexOf(that[1]);
        // subject: the words up to the (subjunctive) verb ("that EAP methods utilizing X choose Y")
        const verbAt = firstVerb(that[1]);
        if (verbAt < 0) continue;
        let subjRaw = that[1].slice(0, verbAt).replace(/\s+to\s*$/, '');
        // "the Foo Protocol explicitly send": the adverb goes with the action
        const adverb = /\s+\p{L}+ly\s*$/u.exec(subjRaw);
        const actionAt = adverb ? clauseStart + adverb.index + 1 : clauseStart + verbAt;
        if (adverb) subjRaw = subjRaw.slice(0, adverb.index);
        const subjectLabel = phraseLabel(subjRaw);
        if (!validSubject(subjectLabel) || ANAPHORIC.test(flat(subjRaw))) continue;
        const subj = trimSpan(text, clauseStart, clauseStart + subjRaw.length);
        const act = actionAfter(text, s, actionAt, s.end);
        if (!act) continue;
        const action = flat(text.slice(act.start, act.end));
        if (action.split(/\s+/).length < 2) continue;
        impersonal(entity(subjectLabel, subj), event(action, act, 'requirement'), openingCondition(before.replace(/\b[Ii]t is\s+$/, '')));
        continue;
      }
      // "X is/are REQUIRED": the document requires X; "X are REQUIRED to do Y": X must do Y
      const cop = /\s(?:is|are)\s+(?:also\s+)?$/.exec(before);
      if (!cop) continue;
      const cuts = [...before.slice(0, cop.index).matchAll(/[,;:](?=\s)/g)];
      let rawStart = s.start + (cuts.length ? cuts[cuts.length - 1].index! + 1 : 0);
      let raw = text.slice(rawStart, s.start + cop.index);
      for (let prev = ''; prev !== raw;) {
        prev = raw;
        const lead =
          /^\s*(?:\([a-z0-9]{1,3}\)|so\s+that|that|and|or|but|where|when|if|since|because|while|although|as|thus|hence|therefore|nevertheless|however)\b\s*/i.exec(
            raw,
          );
        if (lead && lead[0].length) {
          rawStart += lead[0].length;
          raw = raw.slice(lead[0].length);
        }
      }
      const what = phraseLabel(raw);
      if (!what || !validSubject(what) || ANAPHORIC.test(flat(raw)) || /^(?:its|their|this|that|it|these|those)\b/i.test(raw.trim())) continue;
      const condition = openingCondition(text.slice(s.start, rawStart));
      const personal = /^\s+to\s+(?=\p{Ll})/u.exec(after);
      if (personal) {
        const act = actionAfter(text, s, at + kw.length + personal[0].length, s.end);
        if (!act) continue;
        const action = flat(text.slice(act.start, act.end));
        if (action.split(/\s+/).length < 2) continue;
        impersonal(entity(what, trimSpan(text, rawStart, rawStart + raw.length)), event(action, act, 'requirement'), condition);
        continue;
      }
      if (!ctx.doc.self) continue;
      const tailEnd = /^[^,;:.]*/.exec(after)![0];
      const span = trimSpan(text, rawStart, at + kw.length + tailEnd.length);
      const label = flat(`${what}${tailEnd.trim() ? ` ${tailEnd.trim()}` : ''}`);
      impersonal(entity(ctx.doc.self, null, 'standard'), event(label, span, 'requirement'), condition);
    }
  }
  return out;
}
