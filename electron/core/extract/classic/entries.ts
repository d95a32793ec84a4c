// doc.entry-description: the first sentence of an SMI entry's DESCRIPTION ("radiusFoo OBJECT-TYPE ...
// DESCRIPTION "The number of ...") that is a noun phrase with no finite verb of its own describes the
// entry: a participle or relative on the phrase's own head is said of the entry, its name the subject;
// one on a noun inside the phrase picks out what the entry counts or names, and claims nothing. Which entry a
// DESCRIPTION belongs to is the document's structure (document/layout.ts describedEntry).
import { ARTICLES, RELATIVE_PRONOUNS } from '../../nlp/lexicon';
import type { SvoTriple } from './reading';
import type { Token } from './tokens';

export const ENTRY_DESCRIPTION_RULE = {
  id: 'doc.entry-description',
  statement:
    "An SMI entry's DESCRIPTION that opens with a noun phrase and no finite verb describes the entry: a participle or relative on that phrase's own head is said of the entry (its name the subject); one on a noun inside the phrase is no claim.",
};

/**
 * The end of the head of a description that is a noun phrase with no finite verb ("The number of packets
 * received from ...", "The identifier assigned to ..."): an article, its modifiers and nouns, and before the
 * first relative pronoun no auxiliary and no verb but a participle (-ed, -en, -ing). Null when the sentence
 * has a verb of its own.
 */
function describingHeadEnd(tokens: Token[]): number | null {
  if (!ARTICLES.has(tokens[0]?.text.toLowerCase() ?? '')) return null;
  let i = 1;
  while (i < tokens.length && ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[i].pos)) i++;
  if (i === 1) return null;
  for (const t of tokens) {
    if (RELATIVE_PRONOUNS.has(t.text.toLowerCase())) break;
    if (t.pos === 'AUX' || (t.pos === 'VERB' && !/\p{L}{2}(?:ed|en|ing)$/u.test(t.text))) return null;
  }
  return tokens[i - 1].end;
}

/** The sentence's readings as an entry's description reads them (unchanged when `entry` is undefined or the sentence has a verb of its own). */
export function entryReadings(readings: SvoTriple[], tokens: Token[], entry: string | undefined): SvoTriple[] {
  const headEnd = entry ? describingHeadEnd(tokens) : null;
  if (headEnd === null) return readings;
  return readings
    .filter((r) => r.head.start >= tokens[1].start && r.head.end <= headEnd)
    .map((r) => ({ ...r, head: { ...r.head, text: entry! }, rules: [...r.rules, ENTRY_DESCRIPTION_RULE.id] }));
}
