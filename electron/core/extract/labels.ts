// Label clean-up shared by the extractors and entity resolution.

const DETERMINERS = /^(?:the|a|an|this|that|these|those|its|their|our|his|her|each|every|any|some|such|said)\s+/i;
/** Vague quantities before a plural ("multiple control loops"): dropped from a label. */
const VAGUE_QUANTITIES = new Set(['several', 'multiple', 'many', 'few', 'numerous', 'various', 'both']);
/** Counts before a plural ("twelve columns", "two documents"): the label keeps them, and its plural. */
const COUNT_WORDS = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'twenty']);
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

const IRREGULAR: Record<string, string> = {
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  feet: 'foot',
  teeth: 'tooth',
  indices: 'index',
  matrices: 'matrix',
  vertices: 'vertex',
  analyses: 'analysis',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  caches: 'cache',
  approaches: 'approach',
  schemata: 'schema',
  theses: 'thesis',
  hypotheses: 'hypothesis',
  bases: 'base',
  databases: 'database',
};
const INVARIANT = /(?:ss|us|is|ous|ics|ness)$/i;
const INVARIANT_WORDS = new Set([
  'series',
  'species',
  'news',
  'data',
  'media',
  'means',
  'kbps',
  'mbps',
  'gbps',
  'tbps',
  'khz',
  'mhz',
  'ghz',
  'lens',
  'chaos',
  'alias',
]);

/** The singular of one English word; acronyms, numbers and invariant words are returned as they are. */
export function singularWord(w: string): string {
  if (w.length <= 3 || /\d/.test(w) || /\p{Lu}/u.test(w.slice(1)) || !/^[\p{L}-]+$/u.test(w)) return w;
  const lower = w.toLowerCase();
  const irr = IRREGULAR[lower];
  if (irr) return w[0] === lower[0] ? irr : irr[0].toUpperCase() + irr.slice(1);
  if (INVARIANT.test(lower) || INVARIANT_WORDS.has(lower)) return w;
  if (/[^aeiou]ies$/.test(lower) && lower.length > 4) return `${w.slice(0, -3)}${w.slice(-3) === 'IES' ? 'Y' : 'y'}`;
  if (/(?:sses|shes|ches|xes|zzes)$/.test(lower)) return w.slice(0, -2);
  if (/s$/.test(lower) && !/ss$/.test(lower)) return w.slice(0, -1);
  return w;
}

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
 * A noun phrase as [before, head word, after]: the head is the last word, or the last word before the
 * first "of" ("number of seconds", "list of servers": the complement keeps its number).
 */
function headOf(phrase: string): [string, string, string] | null {
  const of = /^(.*?)([\p{L}-]+)(\s+of\s.*)$/u.exec(phrase);
  if (of && of[1].length + of[2].length > 0) return [of[1], of[2], of[3]];
  const m = /^(.*?)([\p{L}-]+)$/u.exec(phrase);
  return m ? [m[1], m[2], ''] : null;
}

/** Singularise the head word of a noun phrase (the last word, or the last before "of"). */
export function singularPhrase(phrase: string): string {
  const m = headOf(phrase);
  if (!m) return phrase;
  // "twelve columns", "Two documents", "three phases": a count says the head is plural
  const first = /^(\S+)\s/u.exec(m[0]);
  if (first && COUNT_WORDS.has(first[1].toLowerCase())) return phrase;
  return m[0] + singularWord(m[1]) + m[2];
}

/**
 * Singularise a mention's head word unless the head is a name: a capitalised head ("Mars", "United
 * States", "Gasparis") stays as written, except where the document itself writes the singular form
 * ("Access-Requests" beside "Access-Request": the plural of a capitalised term) or the head word in
 * lower case ("Servers" opening a sentence of a document that writes "servers": a common noun).
 */
export function singularMention(phrase: string, documentWrites?: (form: string) => boolean): string {
  const m = headOf(phrase);
  if (!m) return phrase;
  const singular = singularPhrase(phrase);
  if (singular === phrase || !/^\p{Lu}/u.test(m[1])) return singular;
  return documentWrites && (documentWrites(singular) || documentWrites(m[1].toLowerCase())) ? singular : phrase;
}
