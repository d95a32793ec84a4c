// The question's missing end read off a sentence's relations: the question is read as a relation
// with one end missing ("What does the server send to the peer?": the server — send — ?), and the
// classic reading of a retrieved sentence (extract/classic: tokens, clauses, subject–verb–object and
// verb–preposition relations) gives the ends of the relations whose verb is the question's and whose
// other end holds the question's words: whole noun phrases, and the ones a coordination joins, as
// span candidates (chat/candidates/sentence-spans.ts). Also the question's predicate and the role
// its wh-word asks for, which the candidate features read (chat/features.ts).
import type { AnswerContext } from './candidates/context';
import { tokenize as classicTokens } from '../extract/classic/tokens';
import { sentenceRelations } from '../extract/classic/sentence';
import { coverage } from '../retrieve/sentences';
import { contentStems } from '../retrieve/text';

/** One relation of a sentence as the slots read it: its two ends (offsets in the sentence) and the stems of its words. */
export interface SentenceRelation {
  head: { start: number; end: number; text: string };
  tail: { start: number; end: number; text: string };
  /** Stems of the relation's words ("is sent to": send; the verb's own object may follow). */
  verb: string[];
}

const readings = new Map<string, SentenceRelation[]>();
/** The relations the classic reading finds in a sentence, cached by its text (a sentence is read by many questions). */
export function sentenceRelationsOf(sentence: string): SentenceRelation[] {
  let got = readings.get(sentence);
  if (!got) {
    got = [];
    // (the reading is for prose: a long line of a table or a drawing holds no relation worth its time)
    if (sentence.length <= 600)
      for (const t of sentenceRelations(classicTokens(sentence, 0, sentence.length), sentence))
        got.push({
          head: { start: t.head.start, end: t.head.end, text: t.head.text },
          tail: { start: t.tail.start, end: t.tail.end, text: t.tail.text },
          verb: contentStems(t.relation.replace(/_/g, ' ')),
        });
    if (readings.size > 20_000) readings.clear();
    readings.set(sentence, got);
  }
  return got;
}

const predicates = new WeakMap<AnswerContext, Set<string>>();
/** Stems of the question's content verbs (what its predicate says), once per question. */
export function predicateStems(ctx: AnswerContext): Set<string> {
  let got = predicates.get(ctx);
  if (!got) {
    const verbs = ctx.q.tags.filter((t) => t.pos === 'VERB').flatMap((t) => contentStems(t.text));
    predicates.set(ctx, (got = new Set(verbs.filter((v) => ctx.qContent.has(v) && !ctx.phraseStems.has(v)))));
  }
  return got;
}

const roles = new WeakMap<AnswerContext, 'subject' | 'object' | null>();
/**
 * What the question's wh-word stands for in its clause: the subject when a verb follows the wh-phrase
 * ("which RFC defines ..."), the object when do-support does ("what does X define"); null otherwise.
 */
export function askedRole(ctx: AnswerContext): 'subject' | 'object' | null {
  let got = roles.get(ctx);
  if (got === undefined) {
    got = null;
    const tags = ctx.q.tags;
    const wh = tags.findIndex((t) => /^(?:what|which|who|whom)$/.test(t.lower));
    if (wh >= 0) {
      let j = wh + 1;
      while (j < tags.length && ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tags[j].pos)) j++;
      const next = tags[j];
      if (next?.pos === 'VERB') got = 'subject';
      else if (next?.pos === 'AUX' && /^(?:do|does|did)$/.test(next.lower)) got = 'object';
    }
    roles.set(ctx, got);
  }
  return got;
}

/** The relation's verb (its first word) is one the question asks with, not a word of its asked phrase (its tagger may read "use" in "does X use" as a noun). */
const verbAsked = (ctx: AnswerContext, r: SentenceRelation) => r.verb.length > 0 && ctx.qContent.has(r.verb[0]) && !ctx.phraseStems.has(r.verb[0]);

/** What joins two items of a coordination ("X, Y and Z"; "X or a Y"). */
const COORDINATION = /^\s*(?:,\s*)?(?:(?:and|or)\s+)?(?:(?:an?|the)\s+)?$/i;

/**
 * The ends of a sentence's relations that answer the question as a whole phrase: the relation's verb is
 * a word the question asks with, its other end holds some of the question's distinctive words, and the
 * end itself adds words the question does not have. Ends of one verb and one other end that a
 * coordination joins ("sends an X and a Y") are also read together, as the reading splits them. Read as
 * candidates so that an argument cut at a coordination or a prepositional phrase by a narrower pattern
 * also stands whole.
 */
export function slotSpans(ctx: AnswerContext, sentence: string): { text: string; start: number; end: number }[] {
  const role = askedRole(ctx);
  const ends = new Map<string, { start: number; end: number }[]>();
  for (const r of sentenceRelationsOf(sentence)) {
    if (!verbAsked(ctx, r)) continue;
    for (const [at, other, side] of [
      [r.head, r.tail, 'subject'],
      [r.tail, r.head, 'object'],
    ] as const) {
      if (role && role !== side) continue;
      if (coverage(ctx.distinctive, contentStems(other.text)) === 0) continue;
      const key = `${side}|${r.verb[0]}|${other.start}`;
      const list = ends.get(key) ?? [];
      if (!list.some((o) => o.start === at.start && o.end === at.end)) list.push({ start: at.start, end: at.end });
      ends.set(key, list);
    }
  }
  const out: { text: string; start: number; end: number }[] = [];
  const add = (start: number, end: number) => {
    const text = sentence.slice(start, end);
    if (contentStems(text).some((x) => !ctx.qStems.has(x)) && !out.some((o) => o.start === start && o.end === end)) out.push({ text, start, end });
  };
  for (const list of ends.values()) {
    list.sort((a, b) => a.start - b.start);
    for (const e of list) add(e.start, e.end);
    // the longest run of ends joined by a coordination
    let from = 0;
    for (let i = 1; i <= list.length; i++) {
      if (i < list.length && list[i].start >= list[i - 1].end && COORDINATION.test(sentence.slice(list[i - 1].end, list[i].start))) continue;
      if (i - from >= 2) add(list[from].start, list[i - 1].end);
      from = i;
    }
  }
  return out;
}
