// Quantities as text writes them: a number (with thousands separators, hexadecimal), a count in words, a
// number with its unit ("128 bits", "a 48-octet key", "sixteen octets"), and whether a question asks a
// magnitude. Read by the passage ranker (a value question wants a passage writing a value of the asked kind)
// and by the answer spans (chat/candidates/spans.ts).
import type { QuestionType } from './question';

// (a number written with thousands separators is one number: "3,000", "1,000,000")
export const NUM = String.raw`(?:0x[0-9a-f]+|\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+(?:\.\d+)?)`;
// (a rate's unit whole, before the unit it divides: "bits per second")
export const UNITS = String.raw`(?:(?:bits?|bytes?|octets?|packets?|cells?|frames?)\s+per\s+(?:second|minute|hour)|octets?|bytes?|bits?|seconds?|secs?|s|ms|milliseconds?|minutes?|mins?|hours?|days?|weeks?|years?|kbps|mbps|gbps|kb|mb|gb|hz|khz|mhz|ghz|characters?|packets?|attempts?|times|percent|%)`;
/** Counts written in words ("thirteen scalars", "twenty-one"), one to ninety-nine. */
export const NUMBER_WORD = String.raw`(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
/** A number with its unit ("128 bits", "a 48-octet key", "sixteen octets", "four (4) octets", "6%"), the unit captured. */
export const MEASURE = new RegExp(String.raw`\b(?:${NUM}|${NUMBER_WORD}(?:\s*\(${NUM}\))?)(?:\s*(%)|[\s-]+(${UNITS})\b)`, 'i');
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
