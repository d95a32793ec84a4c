// Label clean-up shared by the extractors and entity resolution.
import { headOfPhrase, singularPhrase } from '../nlp/morphology';

const DETERMINERS = /^(?:the|a|an|this|that|these|those|its|their|our|his|her|each|every|any|some|such|said)\s+/i;
/** Vague quantities before a plural ("multiple control loops"): dropped from a label. */
const VAGUE_QUANTITIES = new Set(['several', 'multiple', 'many', 'few', 'numerous', 'various', 'both']);
const PRONOUNS = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'he',
  'him',
  'his',
  'she',
  'her',
  'we',
  'us',
  'our',
  'you',
  'your',
  'i',
  'me',
  'my',
  'this',
  'that',
  'these',
  'those',
  'which',
  'who',
  'whom',
  'what',
  'one',
  'ones',
  'itself',
  'themselves',
  'there',
  'here',
  '그',
  '그것',
  '이것',
  '저것',
  '그들',
  '이들',
  '그녀',
  '우리',
  '이',
  '저',
  '해당',
]);

/** Clean a mention: whitespace, surrounding punctuation and quotes, leading determiners. */
export function cleanMention(label: string): string {
  let s = label.normalize('NFKC').replace(/\s+/g, ' ').trim();
  s = s.replace(/^[\s"'`“”‘’([{<,;:.-]+|[\s"'`“”‘’)\]}>,;:.]+$/gu, '').trim();
  // keep a closing bracket that has its opening one
  if (/\([^)]*$/.test(s)) s = s.replace(/\s*\([^)]*$/, '').trim();
  let prev = '';
  while (prev !== s) {
    prev = s;
    s = s.replace(DETERMINERS, '');
    // "multiple control loops", "several servers": a vague quantity before a plural says nothing of what
    const vague = /^(\S+)\s+(?=(\S+))/u.exec(s);
    if (vague && VAGUE_QUANTITIES.has(vague[1].toLowerCase()) && /^\p{Ll}[\p{L}-]*s$/u.test(vague[2])) s = s.slice(vague[0].length);
  }
  return s.trim();
}

export function isPronoun(label: string): boolean {
  return PRONOUNS.has(label.trim().toLowerCase());
}

/**
 * Singularise a mention's head word unless the head is a name: a capitalised head ("Mars", "United
 * States", "Gasparis") stays as written, except where the document itself writes the singular form
 * ("Access-Requests" beside "Access-Request": the plural of a capitalised term) or the head word in
 * lower case ("Servers" opening a sentence of a document that writes "servers": a common noun).
 */
export function singularMention(phrase: string, documentWrites?: (form: string) => boolean): string {
  const m = headOfPhrase(phrase);
  if (!m) return phrase;
  const singular = singularPhrase(phrase);
  if (singular === phrase || !/^\p{Lu}/u.test(m[1])) return singular;
  return documentWrites && (documentWrites(singular) || documentWrites(m[1].toLowerCase())) ? singular : phrase;
}
