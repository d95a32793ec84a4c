// Word normalisation for evaluation: labels and relations are compared through lower-cased words
// (camelCase, underscores and hyphens split), their derivational family (nlp/ familyStem: "is located in"
// names a location) and the project's stop-word list.
// General English only; nothing here knows a dataset.
import { familyStem } from '../nlp/morphology';
import { FUNCTION_WORDS } from '../nlp/stopwords';

/** Split a label into lower-case words: camelCase, underscores, hyphens, slashes and punctuation break words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+|\.(?!\d)/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

/** Content-word stems of a label or relation (stopwords dropped). */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((w) => !FUNCTION_WORDS.has(w))
    .map(familyStem);
}

/** A label as compared for an exact match: lower-case words joined by one space, leading articles dropped. */
export function normLabel(text: string): string {
  const w = words(text);
  while (w.length > 1 && (w[0] === 'the' || w[0] === 'a' || w[0] === 'an')) w.shift();
  return w.join(' ');
}

/** The head word of a noun phrase: its last content word, stemmed ("" when none). */
export function headWord(text: string): string {
  const w = words(text).filter((x) => !FUNCTION_WORDS.has(x));
  return w.length ? familyStem(w[w.length - 1]) : '';
}

/** Whitespace collapsed to one space, trimmed, lower-cased: how quotes and answers are compared. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Same set, or one non-empty set inside the other. */
export function stemSetsMatch(a: string[], b: string[]): boolean {
  if (!a.length || !b.length) return false;
  const A = new Set(a);
  const B = new Set(b);
  const aInB = [...A].every((x) => B.has(x));
  const bInA = [...B].every((x) => A.has(x));
  return aInB || bInA;
}
