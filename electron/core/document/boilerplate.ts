// Which boilerplate region a section heading names: the generic section names of a document type
// (an RFC's "Status of This Memo", "Full Copyright Statement", a standard's "Foreword",
// "Bibliography"). The legal names (copyright, IPR, acknowledgements) and the other names of two
// words or more ("Table of Contents", "Authors' Addresses") are matched tolerantly too, word by
// word, so a misspelt notice ("Copyrigth Notise") is still one: each word keeps its first letter and
// may differ by an edit distance that grows with its length, short words must match exactly, and a
// single generic word is matched only when it is a legal name, so a real heading one letter away
// from a name ("Contexts", "Preferences") is not taken.
//
// The names are a local list, not nlp/ data: they are the section names of document templates (RFC
// 7322 and the IETF Trust's boilerplate; ISO/IEC Directives Part 2), read only by this rule.
import { editDistance } from '../text/similarity';
import type { RegionKind } from './region';

const REGION_BY_HEADING: { kind: RegionKind; re: RegExp }[] = [
  { kind: 'status', re: /^status of (?:this|the) (?:memo|document)\b|^iesg note$/i },
  { kind: 'copyright', re: /^(?:full )?copyright\b.{0,40}$|^(?:legal notices?|disclaimers?|important notices?(?: and disclaimers?\b.*)?|notice to users)$/i },
  { kind: 'ipr', re: /^(?:intellectual property(?: rights)?(?: statement| notice)?|ipr(?: notice| disclosures?)?)$/i },
  { kind: 'toc', re: /^(?:table of )?contents$/i },
  { kind: 'authors', re: /^(?:authors?'?|author's|editors?'?|editor's|contributors?'?)\s+(?:addresses|address|contact information)$|^contact information$/i },
  { kind: 'references', re: /^(?:(?:normative|informative|non-normative)\s+)?references(?: and bibliography)?$|^bibliography$/i },
  { kind: 'acknowledgements', re: /^acknowledge?ments?$|^contributors$|^participants$/i },
  // The legal foreword of IEC/ISO standards ("Foreword": the organisation, its rules, patents).
  { kind: 'front-matter', re: /^foreword$/i },
];

/**
 * The section names matched tolerantly: the legal ones, and the other kinds' names of two words or
 * more (a single generic word, "Contents" or "References", is too close to real headings).
 */
const TOLERANT_NAMES: { kind: RegionKind; names: string[][] }[] = [
  {
    kind: 'copyright',
    names: [
      'copyright',
      'copyright notice',
      'copyright notices',
      'copyright statement',
      'full copyright statement',
      'legal notice',
      'legal notices',
      'disclaimer',
    ].map((n) => n.split(' ')),
  },
  {
    kind: 'ipr',
    names: [
      'intellectual property',
      'intellectual property rights',
      'intellectual property statement',
      'intellectual property notice',
      'intellectual property rights statement',
      'ipr notice',
      'ipr disclosure',
      'ipr disclosures',
    ].map((n) => n.split(' ')),
  },
  { kind: 'acknowledgements', names: ['acknowledgements', 'acknowledgments', 'acknowledgement', 'acknowledgment'].map((n) => n.split(' ')) },
  { kind: 'status', names: ['status of this memo', 'status of the memo', 'status of this document', 'status of the document'].map((n) => n.split(' ')) },
  { kind: 'toc', names: [['table', 'of', 'contents']] },
  {
    kind: 'authors',
    names: ['authors addresses', 'authors address', 'author address', 'editors addresses', 'editors address', 'editor address', 'contact information'].map(
      (n) => n.split(' '),
    ),
  },
  { kind: 'references', names: ['normative references', 'informative references', 'non normative references'].map((n) => n.split(' ')) },
];

/** The most words a heading matched tolerantly has. */
const MAX_NOTICE_WORDS = 6;

/** The edits a word of this length may differ by: none up to 4 letters, one up to 8, then two. */
const allowedEdits = (length: number) => (length <= 4 ? 0 : length <= 8 ? 1 : 2);

// An apostrophe joins its word ("Authors' Addresses", "Author's Address").
const headingWords = (heading: string) =>
  heading
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/** Whether a word is a name's word within its allowed edits; a misspelling keeps the first letter ("Preferences" is no "References"). */
const wordCloseTo = (word: string, nameWord: string) => word[0] === nameWord[0] && editDistance(word, nameWord, 2) <= allowedEdits(nameWord.length);

/** Whether a heading's words are a name's, word for word, each within its allowed edits. */
const closeTo = (words: string[], name: string[]) => words.length === name.length && words.every((w, i) => wordCloseTo(w, name[i]));

/** The boilerplate kind a heading names within a few misspellings ('Copyrigth Notise' -> 'copyright'), or null. */
export function tolerantBoilerplateKind(heading: string): RegionKind | null {
  const words = headingWords(heading);
  if (!words.length || words.length > MAX_NOTICE_WORDS) return null;
  const named = TOLERANT_NAMES.find((t) => t.names.some((n) => closeTo(words, n)))?.kind;
  if (named) return named;
  // "Copyrigth Notice and Disclaimer": a copyright notice or statement, whatever follows it.
  const k = words[0] === 'full' ? 1 : 0;
  const notice = words.length > k + 1 && wordCloseTo(words[k], 'copyright') && ['notice', 'notices', 'statement'].some((n) => wordCloseTo(words[k + 1], n));
  return notice ? 'copyright' : null;
}

/** The boilerplate kind a section heading names exactly ('Table of Contents' -> 'toc'), or null. */
export function exactBoilerplateKindOf(heading: string): RegionKind | null {
  const name = heading.replace(/:$/, '').trim();
  return REGION_BY_HEADING.find((r) => r.re.test(name))?.kind ?? null;
}

/** The boilerplate kind a section heading names ('Full Copyright Statement' -> 'copyright'), or null for a content heading. */
export function boilerplateKindOf(heading: string): RegionKind | null {
  return exactBoilerplateKindOf(heading) ?? tolerantBoilerplateKind(heading.replace(/:$/, '').trim());
}
