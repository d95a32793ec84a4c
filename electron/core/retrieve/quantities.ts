// Quantities as text writes them: a number (with thousands separators, hexadecimal), a count in words, a
// number with its unit ("128 bits", "a 48-octet key", "sixteen octets"), and whether a question asks a
// magnitude. Read by the passage ranker (a value question wants a passage writing a value of the asked kind)
// and by the answer spans (chat/candidates/spans.ts).
import type { QuestionType } from './question';
import { STOPWORDS } from '../nlp/stopwords';

// (a number written with thousands separators is one number: "3,000", "1,000,000")
export const NUM = String.raw`(?:0x[0-9a-f]+|\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+(?:\.\d+)?)`;
// (a rate's unit whole, before the unit it divides: "bits per second")
export const UNITS = String.raw`(?:(?:bits?|bytes?|octets?|packets?|cells?|frames?)\s+per\s+(?:second|minute|hour)|octets?|bytes?|bits?|seconds?|secs?|s|ms|milliseconds?|minutes?|mins?|hours?|days?|weeks?|years?|kbps|mbps|gbps|kb|mb|gb|hz|khz|mhz|ghz|characters?|packets?|attempts?|times|percent|%)`;
/** Counts written in words ("thirteen scalars", "twenty-one"), one to ninety-nine. */
export const NUMBER_WORD = String.raw`(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
/** A number with its unit ("128 bits", "a 48-octet key", "sixteen octets", "zero octets", "four (4) octets", "6%"), the unit captured. */
export const MEASURE = new RegExp(String.raw`\b(?:${NUM}|(?:zero|${NUMBER_WORD})(?:\s*\(${NUM}\))?)(?:\s*(%)|[\s-]+(${UNITS})\b)`, 'i');
/** The unit of the first number with a unit a text writes (lower case), or null: "at least 128 bits" gives "bits". */
export function measureUnit(text: string): string | null {
  const m = MEASURE.exec(text);
  return m ? (m[1] ?? m[2]).toLowerCase() : null;
}

/** Nouns naming a magnitude: what a number with a unit measures. */
const MAGNITUDE_NOUNS = new Set([
  'length',
  'size',
  'duration',
  'lifetime',
  'timeout',
  'interval',
  'delay',
  'period',
  'age',
  'distance',
  'rate',
  'width',
  'height',
  'depth',
  'weight',
  'bandwidth',
  'time',
]);

/** Whether the question asks a magnitude: "how long / large / often ...", "what length", "which timeout". */
export function asksMagnitude(question: QuestionType): boolean {
  const { wh, head, type } = question;
  if (type !== 'value' && type !== 'number') return false;
  return (/^how (?!many\b)\w+$/.test(wh ?? '') && type === 'value') || (!!head && MAGNITUDE_NOUNS.has(head));
}

/** A value stated as such: a bracketed number ("Reset (2)"), "= 13", "value of 19", "set to 2", "is 4". */
export const STATED_VALUE = new RegExp(String.raw`\(${NUM}\)|(?:(?<![<>!=])=|\bvalue\s+(?:of\s+)?|\bset\s+to\s+|\bis\s+)\s*${NUM}\b`, 'i');
/** A year ("1999", "2012"). */
export const YEAR = /\b(?:1[5-9]|20)\d{2}\b/;

/** What a unit measures: a size, a duration, a rate, a count of things, a share. */
export type UnitKind = 'size' | 'duration' | 'rate' | 'count' | 'share';

const UNIT_KINDS: [RegExp, UnitKind][] = [
  [/\bper\b|^(?:[kmg]?bps|[kmg]?hz)$/, 'rate'],
  [/^(?:octets?|bytes?|bits?|characters?|[kmg]b)$/, 'size'],
  [/^(?:seconds?|secs?|s|ms|milliseconds?|minutes?|mins?|hours?|days?|weeks?|years?)$/, 'duration'],
  [/^(?:packets?|cells?|frames?|attempts?|times)$/, 'count'],
  [/^(?:percent|%)$/, 'share'],
];

/** The kind of a unit as measureUnit reads it ("octets": size, "bits per second": rate); null for none. */
export function unitKindOf(unit: string | null): UnitKind | null {
  if (!unit) return null;
  const u = unit.toLowerCase();
  return UNIT_KINDS.find(([re]) => re.test(u))?.[1] ?? null;
}

/** The kind of magnitude a noun names ("length": size, "timeout": duration), or null. */
const MAGNITUDE_KINDS: Record<string, UnitKind> = {
  length: 'size',
  size: 'size',
  width: 'size',
  duration: 'duration',
  lifetime: 'duration',
  timeout: 'duration',
  interval: 'duration',
  delay: 'duration',
  period: 'duration',
  age: 'duration',
  time: 'duration',
  rate: 'rate',
  bandwidth: 'rate',
};

/**
 * The kind of quantity a value question asks: the unit it names ("how many octets", "in seconds"), else the
 * magnitude its asked noun names ("what length": size); 'none' when it asks a plain value (a code, a constant's
 * value, a count of things), null when it asks no value.
 */
export function askedUnitKind(question: QuestionType, words: readonly string[]): UnitKind | 'none' | null {
  const { type, head } = question;
  if (type !== 'value' && type !== 'number' && type !== 'code') return null;
  for (const w of words) {
    const kind = unitKindOf(new RegExp(String.raw`^${UNITS}$`, 'i').test(w) ? w : null);
    if (kind) return kind;
  }
  if (head && MAGNITUDE_KINDS[head]) return MAGNITUDE_KINDS[head];
  if (/^how (?!many\b|much\b)\w+$/.test(question.wh ?? '')) return null;
  return 'none';
}

/** Words after a measure that are no noun it modifies ("8 octets long", "4 octets in length"). */
const NOT_NOUN = String.raw`(?:of|in|for|to|and|or|with|is|are|was|were|be|long|wide|each|per|after|before|from|when|if|that|which|the|an?|MUST|SHOULD|MAY|SHALL)`;
/** A column break of a plain-text listing: two spaces or more, or a tab. */
const COLUMN = /\s{2,}|\t/;
/** A name as a listing or a sentence writes the thing a number is for: words one space apart, the first a letter. */
const THING = String.raw`(?!${NOT_NOUN}\b)[A-Za-z][\w.-]*(?: (?!${NOT_NOUN}\b)[A-Za-z][\w.-]*){0,5}`;
/** A copula, plain or with a modal ("is", "MUST be", "MUST NOT be"). */
const COPULA = String.raw`(?:is|are|(?:MUST|SHOULD|SHALL|must|should|shall|will|can|may)(?:\s+(?:NOT|not))?\s+be)`;
/** What may stand between a copula and its value: how it is set, or the limit it is ("set to", "at least", "at most"). */
const COPULA_TAIL = String.raw`(?:\s+(?:set to|equal to|always|exactly|at least|at most|up to|limited to|no (?:more|less|fewer) than|(?:less|more|greater|fewer) than))?`;
/** A verb bounding its subject by the value ("MUST NOT exceed", "exceeds"). */
const EXCEEDS = String.raw`(?:(?:MUST|SHOULD|SHALL|must|should|shall|does|do|will|can|cannot|may)(?:\s+(?:NOT|not))?\s+)?exceeds?`;
/** "<thing> is / = / : / is set to / MUST be / MUST be at most / exceeds <value>", the thing read back from the value. */
const THING_BEFORE = new RegExp(
  String.raw`(?:^|[,;(]\s*|\b(?:the|a|an|its|this)\s+)((?:[A-Za-z][\w.-]*\s+){0,3}[A-Za-z][\w.-]*)\s*(?:${COPULA}${COPULA_TAIL}|${EXCEEDS}|of|=|:|::=)\s*(?:\{\s*)?$`,
);

/**
 * The thing a number of a sentence is the value of, as the text binds them: the name of a named constant
 * ("halted(4)": halted), the name a listing's line writes after a number that opens it ("412  Widget-Record",
 * "7 for Widget-Link"), the noun a measure modifies ("a 48-octet RC4 key": RC4 key), or the subject a sentence
 * gives the value of ("the Sequence field is 8 octets", "X = 5"). Null when the text binds it to nothing.
 * (`span`: the value as read, when its text folds the sentence's white space.)
 */
export function measuredThing(sentence: string, start: number, end: number, span = sentence.slice(start, end)): string | null {
  if (start < 0) return null;
  // a named constant: the name around its bracketed number
  const constant = new RegExp(String.raw`^(.*?[A-Za-z].*?)\s*\(\s*${NUM}\s*\)$`, 'i').exec(span);
  if (constant && !new RegExp(String.raw`^${NUMBER_WORD}$`, 'i').test(constant[1].trim())) return constant[1].trim();
  // a listing's line read whole ("104  WidgetRate", "104 (0x68) for WidgetRate"): the name after its number (its other base, "for" between)
  const line = new RegExp(String.raw`^${NUM}(?:\s*\(${NUM}\))?\s+(?:for\s+)?(${THING})$`, 'i').exec(span.replace(/\s+/g, ' '));
  if (line && !new RegExp(String.raw`^${UNITS}\b`, 'i').test(line[1])) return line[1];
  const before = sentence.slice(0, start).split('\n').pop() ?? '';
  const after = sentence.slice(end).split('\n')[0];
  // a listing's line opening with the number (another column may stand before it), or "<number> for <name>": the name after it
  const opens = (before.split(COLUMN).pop() ?? '').trim() === '';
  const cell = after.replace(/^\s+/, '').split(COLUMN)[0];
  const named = new RegExp(String.raw`^(?:\(\s*${NUM}\s*\)\s*)?(for\s+)?(${THING})`).exec(cell);
  const unit = new RegExp(String.raw`[\s-]${UNITS}$`, 'i').test(span);
  if (named && (named[1] || (opens && !unit && /^\s/.test(after) && !new RegExp(String.raw`^${UNITS}\b`, 'i').test(cell)))) return named[2].trim();
  // an attributive measure: the noun it modifies ("a 48 octet RC4 key (384 bits)")
  if (unit) {
    const noun = new RegExp(String.raw`^\s+((?:(?!${NOT_NOUN}\b)[A-Za-z][\w.-]*(?: |$)){1,3})`).exec(after.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' '));
    if (noun) return noun[1].trim();
  }
  // a number in brackets after a name ("Widget-Stop (9)"): the name before it
  const bracketed = new RegExp(String.raw`(?:^|[,;:]\s*|\s)((?:[A-Za-z][\w.-]*\s+){0,3}[A-Za-z][\w.-]*)\s*\(\s*$`).exec(before.split(COLUMN).pop() ?? '');
  // (not a count written twice, "sixteen (16) octets")
  if (bracketed && /^\s*\)/.test(after) && !new RegExp(String.raw`\b(?:${UNITS}|${NUMBER_WORD})$`, 'i').test(bracketed[1])) {
    const words = bracketed[1].split(/\s+/);
    while (words.length > 1 && STOPWORDS.has(words[0].toLowerCase())) words.shift();
    const name = STOPWORDS.has(words[0].toLowerCase()) ? '' : words.join(' ');
    if (name) return name;
  }
  const subject = THING_BEFORE.exec(before.split(COLUMN).pop() ?? '');
  return subject ? subject[1].replace(/^(?:the|an?|its|this)\s+/i, '').trim() : null;
}

/** Which end of its range a value is: the largest allowed, the smallest allowed, or the one taken when none is given. */
export type Limit = 'max' | 'min' | 'default';

const LIMIT_WORDS: [RegExp, Limit][] = [
  [
    /\b(?:max(?:imum|imal)?|largest|longest|highest|greatest|biggest|upper|up\s+to|at\s+most|no\s+more\s+than|not\s+(?:to\s+)?exceed|or\s+(?:less|fewer|below|lower|smaller))\b/i,
    'max',
  ],
  [
    /\b(?:min(?:imum|imal)?|smallest|shortest|lowest|fewest|lower\s+(?:bound|limit)|at\s+least|no\s+(?:less|fewer)\s+than|or\s+(?:more|greater|above|higher|larger)|and\s+(?:above|up|higher|greater|more))\b/i,
    'min',
  ],
  [/\bdefaults?\b|\bdefaulted\b/i, 'default'],
];

/** The limits a text names ("the largest X allowed": max; "at least N": min; "defaults to N": default), first named first. */
export function limitsNamed(text: string): Limit[] {
  const found = LIMIT_WORDS.map(([re, limit]) => ({ limit, at: re.exec(text)?.index ?? -1 })).filter((x) => x.at >= 0);
  return found.sort((a, b) => a.at - b.at).map((x) => x.limit);
}

/** Before a range's upper end ("0..", "1-", "1 to ", "<= "). */
const RANGE_UPPER_BEFORE = /(?:\d\s*(?:\.\.|-|\u2013)|\d\s+(?:to|through)\s+|<=?|\u2264)\s*$/;
/** After a range's lower end ("..255", "-4094", " to 16"). */
const RANGE_LOWER_AFTER = new RegExp(String.raw`^\s*(?:\.\.|-|\u2013|\s(?:to|through)\s)\s*${NUM}`);

/**
 * The limit a value's own text says it is: the words of its clause just before it ("a maximum of 4096", "MUST be at
 * least 16", "the default is 30") and its next two words ("4 and above", "16 or more", "30 (default)"), up to a clause mark or
 * another number. Null when its text says none, or says more than one.
 */
export function statedLimit(sentence: string, start: number, end: number): Limit | null {
  if (start < 0) return null;
  const before = (
    sentence
      .slice(Math.max(0, start - 48), start)
      .split(/[.;:,\n]|\d/)
      .pop() ?? ''
  )
    .split(/\s+/)
    .slice(-5)
    .join(' ');
  const after = (sentence.slice(end, end + 32).split(/[.;:,\n]|\d/)[0] ?? '').trim().split(/\s+/).slice(0, 2).join(' ');
  const own = [...limitsNamed(before), ...limitsNamed(after)];
  // a range's ends ("0..255", "1-4094", "from 1 to 16"; "<= 65", ">= 4"): the upper end is the largest, the lower the smallest
  const lead = sentence.slice(Math.max(0, start - 12), start);
  const tail = sentence.slice(end, end + 12);
  const value = sentence.slice(start, end);
  if (RANGE_UPPER_BEFORE.test(lead) || /^\s*(?:<=?|\u2264)/.test(value)) own.push('max');
  else if (RANGE_LOWER_AFTER.test(tail) || /(?:>=?|\u2265)\s*$/.test(lead) || /^\s*(?:>=?|\u2265)/.test(value)) own.push('min');
  const kinds = [...new Set(own)];
  return kinds.length === 1 ? kinds[0] : null;
}
