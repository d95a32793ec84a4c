// Yes or no, read off a requirement: a question asking whether something may, must or should be done
// (or simply whether it is so) is answered from the sentences that hold it, by their modality (MUST,
// SHOULD, MAY and their lower-case forms) and polarity: "Can X be used without TLS?" over "X MUST NOT be
// used without TLS" is "No". Negating words other than the modal's own ("without", "unless") that the
// question and the sentence share cancel out; one on one side only flips the answer. A condition the
// requirement states ("only when", "if", "unless") is part of the answer; a sentence that states no
// requirement (no modal, no negation: a plain statement, a heading) gives the bare word, its "when" no
// requirement's condition.
import type { Modality } from '../../retrieve/analysis';
import { conditionOf, LEADING_FRAME, requirementClauses, type Requirement, type RequirementClause } from '../../retrieve/requirement';
import { coverage } from '../../retrieve/sentences';
import { contentStems, posTags, tokenize } from '../../retrieve/text';
import { stem } from '../../nlp/morphology';
import type { AnswerContext } from './context';
import type { Candidate } from './types';

// (the requirement a sentence states is read by retrieve/requirement.ts, which the passage ranker reads too)
export { conditionOf, requirementClauses, requirementOf, statedModalities, type Requirement, type RequirementClause } from '../../retrieve/requirement';

/** How many of the best sentences are read. */
const SENTENCES_READ = 10;

/**
 * Yes or no for a question against one requirement. A permission asked ("may / can X ...") holds when the
 * sentence does not forbid it; an obligation asked ("must X ...") holds only when the sentence obliges
 * it; a recommendation asked holds when it obliges or recommends it; without a modality, when it is not
 * negated. A negated question ("must X not ...") asks the opposite; unshared negating words flip it.
 */
export function answerYesNo(asked: { modality: Modality | null; negated: boolean; negations: number }, req: Requirement): boolean {
  let holds: boolean;
  if (asked.negated) {
    // "must X not ...", "is X forbidden to ...": yes when the sentence forbids it
    holds = req.negated && (req.modality === 'must' || req.modality === 'should' || req.modality === null);
  } else if (asked.modality === 'must') holds = !req.negated && req.modality === 'must';
  else if (asked.modality === 'should') holds = !req.negated && (req.modality === 'must' || req.modality === 'should');
  else if (asked.modality === 'may') holds = !req.negated;
  else holds = !req.negated;
  if ((asked.negations + req.negations) % 2 === 1) holds = !holds;
  return holds;
}

/** Words that stand between a modal and its verb ("MUST NOT be used", "MAY also send"): not the verb. */
const BEFORE_VERB = /^(?:not|be|been|also|only|always|never|still|then|either|both|even|further|instead|therefore|thus|n't|\w+ly)$/i;
/** Pronouns and determiners a clause's subject may be written with: they name no party of their own. */
const REFERRING = /^(?:it|they|this|that|these|those|he|she|one|each|either|both|which|who|there)$/i;

/**
 * How a requirement's clause fits the question: the share of the question's distinctive words the clause
 * holds (`requirementMatch`); whether the party it binds, the head of its words before the modal, is the one the
 * question asks about (askedParty; the question's words when it writes none) (`requirementActor`: 1 named, 0 another, 0.5 a pronoun or none written); whether the verb
 * after its modal is one of the question's words (`requirementVerb`). A clause whose party is a pronoun
 * ("..., but it MUST NOT ...") binds the party of the clause before it (`before`).
 */
export function clauseFit(
  ctx: AnswerContext,
  clause: RequirementClause,
  before?: RequirementClause,
): { requirementMatch: number; requirementActor: number; requirementVerb: number } {
  if (clause.modality === null)
    return { requirementMatch: coverage(ctx.distinctive, contentStems(clause.predicate)), requirementActor: 0.5, requirementVerb: 0 };
  const party = partyOf(clause, before);
  const words = [...party.words.map((t) => stem(t.text)), ...contentStems(clause.subject), ...contentStems(clause.predicate)];
  const requirementMatch = coverage(ctx.distinctive, words);
  const requirementActor = !party.head || REFERRING.test(party.head.text) ? 0.5 : partyAsked(ctx, party.head.text) ? 1 : 0;
  const verb = tokenize(clause.predicate).find((t) => !BEFORE_VERB.test(t.text));
  return { requirementMatch, requirementActor, requirementVerb: verb && ctx.qContent.has(stem(verb.text)) ? 1 : 0 };
}

/**
 * The party a requirement's clause binds: its words before the modal, less a condition or a phrase of purpose
 * opening it, and their head (the last word); a pronoun's party is the clause's before it (`before`).
 */
export function partyOf(
  clause: RequirementClause,
  before?: RequirementClause,
): { words: ReturnType<typeof tokenize>; head: ReturnType<typeof tokenize>[number] | undefined } {
  const read = (c: RequirementClause) => {
    const subject = c.subject.replace(LEADING_FRAME, '').replace(/^.*\b(?:if|when|unless|once|after|before|where|while)\b[^,]*,\s*/i, '');
    const words = tokenize(subject).filter((t) => /[a-z0-9]/i.test(t.text));
    return { words, head: words.at(-1) };
  };
  // a passive's agent is the party bound: "X MUST be sent by the relay" binds the relay
  const agent = passiveAgent(clause);
  if (agent) return agent;
  const party = read(clause);
  if (before && (!party.head || REFERRING.test(party.head.text))) {
    const inherited = read(before);
    if (inherited.head && !REFERRING.test(inherited.head.text)) return inherited;
  }
  return party;
}

/** A passive predicate with its agent: "be (not) (adverb) sent ... by the relay"; the agent runs to a preposition, a conjunction or a break. */
const PASSIVE_AGENT = /^(?:not\s+)?(?:be|been)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn|nt|ld|ght)\b[^,;:()]*?\bby\s+([^,;:()]+)/i;
const AGENT_END =
  /\s(?:in|on|over|to|for|with|from|at|into|onto|upon|when|if|unless|after|before|and|or|as|that|which|who|using|via|through|within|without|of|than|while|until|because|since|so)\s.*$/i;

/** The party of a passive clause: the head of its agent ("by the relay"); null when the clause is not passive or writes no agent. */
export function passiveAgent(clause: RequirementClause): { words: ReturnType<typeof tokenize>; head: ReturnType<typeof tokenize>[number] | undefined } | null {
  const m = PASSIVE_AGENT.exec(clause.predicate);
  if (!m) return null;
  const words = tokenize(` ${m[1]} `.replace(AGENT_END, ' ')).filter((t) => /[a-z0-9]/i.test(t.text));
  return words.length ? { words, head: words.at(-1) } : null;
}

/** A passive question's agent: "... be sent (to X) by the relay". */
const QUESTION_AGENT = /\b(?:be|been|is|are)\s+(?:\w+ly\s+)?\w+(?:ed|en|wn|nt|ld|ght)\b[^,;:()?]*?\bby\s+([^,;:()?]+)/i;
const AUXILIARY = /^(?:must|shall|should|may|can|could|might|need|will|would|does|do|did|is|are|was|were|has|have)$/;
const WH = /^(?:what|which|who|whom|whose|how|when|where|why)$/;
const parties = new WeakMap<AnswerContext, Set<string>>();
/**
 * The party a question asks about: the content stems between the auxiliary after its wh-word and its verb ("what
 * must the relay do when the server ..." names the relay, not the server); empty when none is written there (a passive:
 * "what may be placed in ...").
 */
export function askedParty(ctx: AnswerContext): Set<string> {
  let got = parties.get(ctx);
  if (!got) {
    const tags = posTags(ctx.q.asking);
    const wh = tags.findIndex((t) => WH.test(t.lower));
    const aux = tags.findIndex((t, k) => k > wh && AUXILIARY.test(t.lower));
    const words: string[] = [];
    if (aux >= 0)
      for (const t of tags.slice(aux + 1)) {
        if (t.pos === 'VERB' || t.pos === 'AUX' || /^[,;:?]$/.test(t.text)) break;
        words.push(t.text);
      }
    // a passive question names its party as the agent: "what must be sent by the relay ..."
    const agent = words.some((w) => /[a-z0-9]/i.test(w)) ? null : QUESTION_AGENT.exec(ctx.q.asking);
    if (agent) words.push(` ${agent[1]} `.replace(AGENT_END, ' '));
    parties.set(ctx, (got = new Set(contentStems(words.join(' ')))));
  }
  return got;
}

/** Whether a party's head word is the party the question asks about (askedParty; any of the question's words when it writes none there). */
function partyAsked(ctx: AnswerContext, head: string): boolean {
  const asked = askedParty(ctx);
  return (asked.size ? asked : ctx.qContent).has(stem(head));
}

/**
 * Where a candidate stands in the requirements its sentence states (a question that is not yes or no: "what must
 * the relay do when ..."): in the part after a clause's modal, whether the party that clause binds is one the
 * question names (`actorAsked`) or another party written out (`actorOther`); both 0 outside a requirement's
 * predicate (in its subject, the candidate may be the party asked for).
 */
export function candidateParty(ctx: AnswerContext, sentence: string, at: number): { actorAsked: number; actorOther: number } {
  const none = { actorAsked: 0, actorOther: 0 };
  if (at < 0) return none;
  const clauses = requirementClauses(sentence);
  const i = clauses.findIndex((c) => c.modality !== null && at >= c.start && at < c.end);
  if (i < 0) return none;
  const clause = clauses[i];
  const predicate = clause.predicate ? sentence.indexOf(clause.predicate, clause.start) : -1;
  // (in a passive's subject, the candidate is what its agent does or sends: "X MUST be sent by the relay")
  const agent = passiveAgent(clause);
  if (predicate < 0 || (at < predicate && !agent)) return none;
  const party = agent ?? partyOf(clause, clauses[i - 1]);
  if (!party.head || REFERRING.test(party.head.text)) return none;
  const named = partyAsked(ctx, party.head.text);
  return { actorAsked: named ? 1 : 0, actorOther: named ? 0 : 1 };
}

/**
 * What a yes/no question asks, its own condition set apart: "Is X allowed to retransmit when no response has
 * arrived?" asks a permission under a condition; the condition's negating words ("no response", "a service it
 * cannot offer") neither negate the question nor flip the answer, as a requirement's condition does not.
 */
export function askedRequirement(q: AnswerContext['q']): { modality: Modality | null; negated: boolean; negations: number } {
  const c = conditionOf(q.asking);
  // (a "cannot" of the condition made the question negated only when no negated modal stands outside it)
  const rest = c ? q.asking.replace(c.body, ' ') : q.asking;
  // a negation in a subordinate clause past the opening auxiliary ("... for a server whose address is not X?",
  // "... attributes it does not know?") describes a thing the question names: it neither negates nor flips
  const described = [...rest.matchAll(QUESTION_SUBORDINATE_NOT)].filter((m) => m.index! > 0);
  const modal = described.filter((m) => /n't$|cannot$/i.test(m[0])).length;
  let main = rest;
  for (const m of described) main = main.replace(m[0], ' ');
  // (the question was read as negated by a negation set apart here when none is left outside: then it is not; a
  // plain "not" so read, one near the modal, was not among the other negating words)
  const cleared =
    q.negated && !!(c?.cannot || described.length) && !/\b(?:not|cannot)\b|n't\b|\b(?:prohibited|forbidden|barred|precluded|disallowed|banned)\b/i.test(main);
  const plain = described.length - modal - (cleared && !c?.cannot && !modal ? 1 : 0);
  return { modality: q.modality, negated: q.negated && !cleared, negations: Math.max(0, q.negations - (c?.negations ?? 0) - plain) };
}

/** A subordinate clause's negated verb in a question: an auxiliary after the opening one, with its "not" ("is not", "does not", "cannot"). */
const QUESTION_SUBORDINATE_NOT =
  /\b(?:is|are|was|were|do|does|did|has|have|had)\s+(?:not|never)\b|\b(?:is|are|was|were|do|does|did|has|have|had)n't\b|(?<=\b(?:that|which|who|it|they)\s+)cannot\b/gi;

export function requirementCandidates(ctx: AnswerContext): Candidate[] {
  const { q } = ctx;
  if (!q.yesNo) return [];
  const asked = askedRequirement(q);
  const out: Candidate[] = [];
  for (const x of ctx.sentences.slice(0, SENTENCES_READ)) {
    // the sentence's requirement whose clause holds most of the question, then whose verb is the question's (the first of equals)
    let req: RequirementClause | null = null;
    let fit = { requirementMatch: -1, requirementActor: 0, requirementVerb: 0 };
    const clauses = requirementClauses(x.s.text);
    for (const [i, clause] of clauses.entries()) {
      const f = clauseFit(ctx, clause, clauses[i - 1]);
      if (f.requirementMatch > fit.requirementMatch || (f.requirementMatch === fit.requirementMatch && f.requirementVerb > fit.requirementVerb))
        [req, fit] = [clause, f];
    }
    if (!req) continue;
    const yes = answerYesNo(asked, req);
    const word = yes ? 'Yes' : 'No';
    // (a condition is the requirement's: a sentence stating none, a plain statement or a heading, gives the bare word)
    const stated = req.modality !== null || req.negated;
    const text = req.condition && stated ? `${word}, ${req.condition}` : word;
    out.push({
      text,
      source: 'requirement',
      passageId: x.passage,
      passageRank: x.rank,
      sentence: x.s.text,
      offset: x.s.start,
      triples: [],
      measures: {
        match: x.score,
        passageMatch: ctx.passageCover.get(x.passage) ?? 0,
        modalityMatch: q.modality && req.modality === q.modality ? 1 : 0,
        keyword: req.keyword ? 1 : 0,
        requirementStated: stated ? 1 : 0,
        ...fit,
        novel: 1,
      },
    });
  }
  // how the read sentences vote: the share of their match (coverage of the question) that gives the same word
  const total = out.reduce((a, c) => a + (c.measures.match ?? 0), 0);
  const share = (word: string) => out.reduce((a, c) => a + (c.text.startsWith(word) ? (c.measures.match ?? 0) : 0), 0) / (total || 1);
  for (const c of out) c.measures.polarityShare = share(c.text.startsWith('Yes') ? 'Yes' : 'No');
  return out;
}
