// Word normalisation for evaluation: labels and relations are compared through lower-cased words
// (camelCase, underscores and hyphens split), a light suffix stemmer and a short stopword list.
// General English only; nothing here knows a dataset.

const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'by',
  'to',
  'in',
  'on',
  'at',
  'for',
  'with',
  'as',
  'has',
  'have',
  'had',
  'its',
  'it',
  'this',
  'that',
  'and',
  'or',
  'from',
  'into',
  'their',
  'his',
  'her',
  'does',
  'do',
  'did',
]);

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

/** A light English suffix stemmer: located/location/locate, uses/used/using, leaders/leader meet. */
export function stem(word: string): string {
  let s = word.toLowerCase();
  if (s.length <= 2 || /\d/.test(s)) return s;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else {
    for (const suf of ['ments', 'ment', 'ings', 'ing', 'ions', 'ion', 'ers', 'er', 'ed', 'es', 's']) {
      const keep = suf.length <= 2 ? 2 : 3;
      if (s.endsWith(suf) && s.length - suf.length >= keep && !(suf === 's' && /(ss|us|is)$/.test(s))) {
        s = s.slice(0, -suf.length);
        break;
      }
    }
  }
  if (s.endsWith('e') && s.length > 2) s = s.slice(0, -1);
  if (/([bdfgklmnprt])\1$/.test(s)) s = s.slice(0, -1);
  return s;
}

export const isStopword = (w: string) => STOP.has(w);

/** Content-word stems of a label or relation (stopwords dropped). */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w))
    .map(stem);
}

/** A label as compared for an exact match: lower-case words joined by one space, leading articles dropped. */
export function normLabel(text: string): string {
  const w = words(text);
  while (w.length > 1 && (w[0] === 'the' || w[0] === 'a' || w[0] === 'an')) w.shift();
  return w.join(' ');
}

/** The head word of a noun phrase: its last content word, stemmed ("" when none). */
export function headWord(text: string): string {
  const w = words(text).filter((x) => !STOP.has(x));
  return w.length ? stem(w[w.length - 1]) : '';
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
