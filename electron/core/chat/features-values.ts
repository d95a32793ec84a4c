// The candidate inputs of value questions (chat/features.ts lists and documents them): a number with its
// unit against the magnitude asked, the thing a value measures and the name its text binds it to against the
// question's named thing, and the kind of its unit against the kind asked. Each reads 0 unless a value is asked.
import type { AnswerContext } from './candidates/context';
import type { Candidate } from './candidates/types';
import { contentStems, escapeRe } from '../retrieve/text';
import { coverage } from '../retrieve/sentences';
import { asksMagnitude, measureUnit } from './candidates/spans';
import { askedUnitKind, limitsNamed, unitKindOf, UNITS, type Limit } from '../retrieve/quantities';
import { ACRONYM, initials } from './candidates/definitions';
import { STOPWORDS } from '../nlp/stopwords';
import { answerForm } from './candidates/type-fit';
import { askedLabelledValues, type LabelledValue } from '../retrieve/tables';

const bool = (x: boolean) => (x ? 1 : 0);

/** quantityFit and unitNamed of a candidate: whether it is a number with a unit, asked as a magnitude / with its unit named. */
export function measureFeatures(c: Candidate, ctx: AnswerContext): { quantityFit: number; unitNamed: number } {
  if (!ctx.numeric) return { quantityFit: 0, unitNamed: 0 };
  const unit = measureUnit(c.text);
  if (!unit) return { quantityFit: 0, unitNamed: 0 };
  const named = unit !== '%' && contentStems(unit).some((x) => ctx.qContent.has(x));
  return { quantityFit: bool(asksMagnitude(ctx.type)), unitNamed: bool(named) };
}

const unitKinds = new WeakMap<AnswerContext, ReturnType<typeof askedUnitKind>>();
/** measuresNamed, measuresOther and unitKindClash of a candidate (0 unless a value is asked). */
export function valueFeatures(c: Candidate, ctx: AnswerContext): { measuresNamed: number; measuresOther: number; unitKindClash: number } {
  if (!ctx.numeric || ctx.type.type === 'date') return { measuresNamed: 0, measuresOther: 0, unitKindClash: 0 };
  const thing = c.measures.measured ? contentStems(c.measures.measured) : [];
  let asked = unitKinds.get(ctx);
  if (asked === undefined)
    unitKinds.set(
      ctx,
      (asked = askedUnitKind(
        ctx.type,
        ctx.q.tokens.map((t) => t.raw),
      )),
    );
  const kind = c.measures.unitKind ?? unitKindOf(measureUnit(c.text));
  return {
    measuresNamed: thing.length ? coverage(ctx.distinctive, thing) : 0,
    measuresOther: thing.length ? thing.filter((x) => !ctx.qContent.has(x)).length / thing.length : 0,
    unitKindClash: bool(!!asked && !!kind && asked !== kind),
  };
}

/** A name written as one word of joined parts ("Widget-Peak-Rate", "retryPeriod", "max_widgets"). */
const JOINED_NAME = /[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*/g;
const joinedNames = (text: string) => [...text.matchAll(JOINED_NAME)].map((m) => m[0].toLowerCase());

interface QuestionNames {
  /** Joined names the question writes (lower case). */
  joined: Set<string>;
  /** The initials of the question's runs of content words, one string per run (to find an acronym's expansion). */
  initialRuns: string[];
  /** Acronyms the question writes. */
  acronyms: Set<string>;
}
const questionNames = new WeakMap<AnswerContext, QuestionNames>();
function namesOfQuestion(ctx: AnswerContext): QuestionNames {
  let got = questionNames.get(ctx);
  if (got) return got;
  const runs: string[] = [];
  let run = '';
  for (const w of ctx.q.text.split(/[^A-Za-z0-9-]+/)) {
    if (!w || STOPWORDS.has(w.toLowerCase()) || !/^[A-Za-z]/.test(w)) {
      if (run) runs.push(run);
      run = '';
      continue;
    }
    run += initials(w);
  }
  if (run) runs.push(run);
  got = {
    joined: new Set(joinedNames(ctx.q.text)),
    initialRuns: runs,
    acronyms: new Set(ctx.q.tokens.filter((t) => ACRONYM.test(t.raw)).map((t) => t.raw.replace(/s$/, ''))),
  };
  questionNames.set(ctx, got);
  return got;
}

/** Whether a name and the question write the same thing as an acronym and its expansion ("MTU" and "maximum transmission unit"). */
function acronymAgrees(name: string, asked: QuestionNames): boolean {
  const words = name.split(/\s+/);
  if (words.length === 1 && ACRONYM.test(name)) {
    const short = name.replace(/s$/, '');
    if (short.length >= 2 && asked.initialRuns.some((r) => r.includes(short))) return true;
  }
  const own = initials(name);
  return own.length >= 2 && asked.acronyms.has(own);
}

/** Whether a joined name is another one with parts added before or after it ("widget-rate-low" of "widget-rate"). */
function extendsName(longer: string, shorter: string): boolean {
  if (longer.length <= shorter.length) return false;
  if (longer.startsWith(shorter) && /[-_]/.test(longer[shorter.length])) return true;
  return longer.endsWith(shorter) && /[-_]/.test(longer[longer.length - shorter.length - 1]);
}

/**
 * boundAsked and boundOther of a value candidate (0 unless a value is asked or its text binds it to no name):
 * the name as retrieve/quantities measuredThing, a field record's heading or a table row's key reads it.
 */
export function boundFeatures(c: Candidate, ctx: AnswerContext): { boundAsked: number; boundOther: number } {
  const name = c.measures.measured?.trim();
  if (!name || !ctx.numeric || ctx.type.type === 'date') return { boundAsked: 0, boundOther: 0 };
  const asked = namesOfQuestion(ctx);
  const joined = joinedNames(name);
  if (joined.some((n) => asked.joined.has(n)) || acronymAgrees(name, asked)) return { boundAsked: 1, boundOther: 0 };
  // a joined name that one the question writes is a part of, or the other way round ("Widget-Rate-Low" where
  // "Widget-Rate" is asked): the name of another thing, however many words they share
  if (joined.some((n) => [...asked.joined].some((a) => extendsName(n, a) || extendsName(a, n)))) return { boundAsked: 0, boundOther: 1 };
  const own = [...new Set(contentStems(name))];
  if (!own.length) return { boundAsked: 0, boundOther: 0 };
  const precision = own.filter((x) => ctx.qContent.has(x)).length / own.length;
  const recall = coverage(ctx.distinctive, own);
  return {
    boundAsked: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    boundOther: bool(precision === 0 && !c.text.toLowerCase().includes(name.toLowerCase())),
  };
}

const askedLimits = new WeakMap<AnswerContext, Limit | null>();
/**
 * limitAgrees and limitOther of a value candidate (0 unless a value is asked and the question names one limit: "the
 * largest X allowed", "the minimum X", "the default X"): its own text says it is that limit, or another one ("at
 * least 16" where the largest is asked, a default where the maximum is).
 */
export function limitFeatures(c: Candidate, ctx: AnswerContext): { limitAgrees: number; limitOther: number } {
  if (!ctx.numeric || ctx.type.type === 'date') return { limitAgrees: 0, limitOther: 0 };
  let asked = askedLimits.get(ctx);
  if (asked === undefined) {
    const named = [...new Set(limitsNamed(ctx.q.text))];
    askedLimits.set(ctx, (asked = named.length === 1 ? named[0] : null));
  }
  const own = c.measures.limit;
  if (!asked || !own) return { limitAgrees: 0, limitOther: 0 };
  return { limitAgrees: bool(own === asked), limitOther: bool(own !== asked) };
}

/** How many words a candidate without a numeral must have to read as a clause rather than a named value ("badValue", "IETF Widget Group"). */
const CLAUSE_WORDS = 4;
/**
 * valueWords and valueClause of a candidate (0 unless a value is asked): the log of its length in words, and whether it
 * is a clause writing no numeral at all where the value is asked (a unit asked for excepted: "tenths of a minute").
 */
export function shapeFeatures(c: Candidate, ctx: AnswerContext): { valueWords: number; valueClause: number } {
  if (!ctx.numeric) return { valueWords: 0, valueClause: 0 };
  const words = c.text.trim().split(/\s+/).length;
  return {
    valueWords: Math.log1p(words),
    valueClause: bool(!ctx.unitAsked && words >= CLAUSE_WORDS && answerForm(c.text) === 'words'),
  };
}

/** A unit of measure written as a word of its own (not the "s" of a possessive, nor inside another word), or a percent sign. */
const UNIT_WRITTEN = new RegExp(String.raw`(?<![\p{L}\p{N}'\u2019])${UNITS}(?![\p{L}\p{N}])|%`, 'iu');
/**
 * unitWritten of a candidate: 1 when the question asks for a unit ("in what units", "which unit") and it writes a unit
 * of measure as a word ("octets", "30 seconds", "tenths of a minute", "frames per minute"); 0 otherwise.
 */
export function unitWritten(c: Candidate, ctx: AnswerContext): number {
  return bool(ctx.unitAsked && UNIT_WRITTEN.test(c.text));
}

const askedBlocks = new WeakMap<AnswerContext, Map<number, LabelledValue[]>>();
/**
 * labelAsked of a candidate (0 unless a value is asked): 1 when its text, where its sentence writes it in its passage as
 * whole words, stands in the value of a structured block labelled with the asked field (retrieve/tables.ts askedLabelledValues).
 */
export function labelAsked(c: Candidate, ctx: AnswerContext): number {
  if (!ctx.numeric || c.passageId === null || c.offset === undefined || !c.sentence) return 0;
  let byPassage = askedBlocks.get(ctx);
  if (!byPassage) askedBlocks.set(ctx, (byPassage = new Map()));
  let blocks = byPassage.get(c.passageId);
  if (!blocks) {
    const text = ctx.passages.find((p) => p.id === c.passageId)?.text ?? '';
    byPassage.set(c.passageId, (blocks = text ? askedLabelledValues(ctx.q, text) : []));
  }
  if (!blocks.length) return 0;
  // where the sentence writes it as a whole word or words (not a part of a longer code or number)
  const sentence = c.sentence;
  return bool(
    [...sentence.matchAll(new RegExp(escapeRe(c.text), 'g'))].some((m) => {
      const [before, after] = [sentence[m.index - 1] ?? ' ', sentence[m.index + c.text.length] ?? ' '];
      if (/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after)) return false;
      const start = c.offset! + m.index;
      const end = start + c.text.length;
      return blocks.some((b) => start < b.end && end > b.start);
    }),
  );
}
