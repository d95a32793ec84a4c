// Whether a candidate's form can answer the kind of question asked, read off its text and the answer
// type (retrieve/question.ts) for every candidate source alike. The answer types fall in three groups:
// those only a numeral answers (a count, a port, a date), those a numeral never answers (a name, a list
// of names, a definition, an action, a condition), and those either may (a value, a code, a yes/no, an
// unread form). A candidate clashes with the asked type when its form is one its group excludes: a
// candidate that is wholly a numeral (numbers, a date, a quantity, a range) for a question of the
// second group, a candidate that writes no numeral at all for one of the first. Agreement that is not
// known (the third group, or a form that mixes words and numbers) is no clash.
import type { AnswerType } from '../../retrieve/question';
import { isMonthWord } from '../../nlp/months';
import { NUMBER_WORDS_ALONE, UNIT_WORD } from './spans';

/** The form of a candidate's text: wholly a numeral, words with no numeral, or both. */
export type AnswerForm = 'numeral' | 'words' | 'mixed';

/** The answer types only a numeral answers. */
const NUMERAL_ONLY = new Set<AnswerType>(['number', 'port', 'date']);
/** The answer types a numeral never answers. */
const NO_NUMERAL = new Set<AnswerType>(['name', 'list', 'definition', 'action', 'condition']);

/** A number as digits: an integer, a decimal, with thousands separators, signed, hexadecimal, dotted, a ratio, a time, a percentage. */
const DIGITS = /^[-+\u2212]?(?:0x[0-9a-f]+|\d[\d,.:/-]*%?)$/i;
/** Counts in words beyond one to ninety-nine, and words that count without a number ("once", "none"). */
const COUNT_WORD = /^(?:zero|none|once|twice|thrice|single|dozen|dozens|hundreds?|thousands?|millions?|billions?|half)$/i;
/** The function words a quantity, a range or a date is written with ("at least 128 bits", "between 1 and 5", "the 3rd of June"). */
const QUANTITY_WORD = /^(?:a|an|the|and|or|to|through|between|from|of|per|at|least|most|up|than|more|less|about|approximately|over|under|every|each|by|on)$/i;
/** An ordinal written with digits ("3rd", "21st"). */
const ORDINAL = /^\d+(?:st|nd|rd|th)$/i;

/** Whether one word is a numeral: digits, a number word, a count word, an ordinal in digits. */
const isNumeralWord = (w: string) => DIGITS.test(w) || NUMBER_WORDS_ALONE.test(w) || COUNT_WORD.test(w) || ORDINAL.test(w);

/** The form of a text (wholly a numeral, words only, or both); words are split at spaces and brackets, trailing punctuation off. */
export function answerForm(text: string): AnswerForm {
  const words = text
    .split(/[\s()[\]{}"'\u201c\u201d\u2018\u2019;]+/)
    .map((w) => w.replace(/[.,:;!?]+$/, ''))
    .filter(Boolean);
  let numerals = 0;
  let others = 0;
  for (const w of words) {
    if (isNumeralWord(w)) numerals++;
    else if (!(UNIT_WORD.test(w) || isMonthWord(w) || QUANTITY_WORD.test(w))) others++;
  }
  if (numerals && !others) return 'numeral';
  // (a month or a unit without a number is a word: "June", "seconds")
  return numerals || words.some((w) => /\d/.test(w)) ? 'mixed' : 'words';
}

/**
 * Whether a candidate's text cannot answer the asked type: wholly a numeral for a question no numeral
 * answers ("who directed X" over "1983"), no numeral at all for one only a numeral answers ("how many
 * octets" over "the length field"). False when the agreement is not known.
 */
export function typeClash(text: string, type: AnswerType): boolean {
  if (NUMERAL_ONLY.has(type)) {
    // (a date may be a month's name alone: "published in June")
    return answerForm(text) === 'words' && !(type === 'date' && text.split(/\s+/).some((w) => isMonthWord(w.replace(/[.,]+$/, ''))));
  }
  if (NO_NUMERAL.has(type)) return answerForm(text) === 'numeral';
  return false;
}
