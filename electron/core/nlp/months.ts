// The one month list (lexicon/months.json) and the patterns built from it.
import { MONTHS } from './lexicon';

/** The months' names, January first. */
export const MONTH_NAMES: readonly string[] = MONTHS.map((m) => m.name);

/** The months' names as a regular-expression alternation ("January|February|...|December"). */
export const MONTH_NAME_ALTERNATION = MONTH_NAMES.join('|');

const MONTH_WORD = new RegExp(`^(?:${MONTHS.flatMap((m) => [m.name, ...m.abbreviations.flatMap((a) => [a, `${a}\\.`])]).join('|')})$`, 'i');

/** A month's name or abbreviation as one word, any case ("November", "Nov", "Nov.", "Sept"). */
export function isMonthWord(word: string): boolean {
  return MONTH_WORD.test(word);
}
