// The bridge document of a question that names two documents and asks about one of them: a context
// sentence names a document ("The widget client module cites the widget server module of <designation>.",
// "The relay handbook points to the beacon transport specification."), and the asking sentence asks what THAT document says.
// The documents are named by designation (resolved to a stored document) or by description: a run of the
// question's consecutive content words that a stored document's identity (its title, with its designation,
// and the year of its date) holds, the document holding more of the run's rare words than any other. Which
// of the named documents the question asks about: one the asking sentence names, else the one its pointing
// words ("that specification") refer back to, else the last one the context names other than the context's
// first (the document the context sentence is about). How far retrieval and answers lean on it is fitted
// (the passage table's second-hop features, the answer table's bridge features), not set here.
import type { AnalyzedQuestion } from './analysis';
import { DESIGNATION } from './analysis';
import { stem } from '../nlp/morphology';
import { STOPWORDS } from '../nlp/stopwords';
import { tokenize, type Token } from './text';
import { backReferenceWords, designationKey } from './second-hop';
import { DOCUMENT_NOUNS } from './question';

/** Nouns that name a kind of document besides those a question asks for ("which RFC"): what a description ends with. */
const DOCUMENT_KINDS = new Set([...DOCUMENT_NOUNS, 'guideline', 'guidelines', 'framework', 'paper', 'draft', 'module', 'profile', 'report', 'recommendation']);
/** Determiners that point back at a thing named before ("that specification"). */
const POINTING = new Set(['that', 'this', 'these', 'those']);
/** A description names a document when it holds this share of its title's weight (or ends with a noun naming a kind of document). */
const TITLE_SHARE = 0.4;

/** A stored document as the bridge reads it: its title, its designation and its date, when known. */
export interface DocumentIdentity {
  documentId: number;
  title: string;
  designation?: string | null;
  date?: string | null;
  /** The designations of the standards it cites (as extraction read them), when known. */
  cites?: string[];
}

/** A document the question names, where it names it (token offsets into the question's text). */
export interface DocumentMention {
  documentId: number;
  /** Character offsets of the words naming it. */
  start: number;
  end: number;
  how: 'designation' | 'description';
  /** 1 for a designation; for a description, how far its score leads the next document's (0..1]. */
  confidence: number;
  /** The question's words at the end of the mention and right after it (the noun that heads it). */
  head: string[];
  /** A designation, or a description headed by a noun naming a kind of document ("specification", "guidelines"). */
  explicit: boolean;
}

export interface BridgeDocument {
  documentId: number;
  how: 'designation' | 'description';
  confidence: number;
  /** Every document the question names (the bridge among them). */
  mentioned: number[];
}

/** A title's content stems, a designation written before it left out ("RFC 9999: Widget Transport" reads "Widget Transport"). */
const titleStems = (title: string): string[] =>
  tokenize(title.replace(new RegExp(`^\\s*(?:${DESIGNATION.source})\\s*:?`, 'i'), ''))
    .filter((t) => !STOPWORDS.has(t.text))
    .map((t) => stem(t.text));

/** A document's identity as a description names it: its title's stems and its year (its designation is read as one). */
const identityStems = (d: DocumentIdentity): Set<string> => {
  const year = /\b(\d{4})\b/.exec(d.date ?? '')?.[1];
  return new Set([...titleStems(d.title), ...(year ? [year] : [])]);
};

/**
 * The documents a question names, in the order it names them: designations resolved to a stored document
 * (confidence 1), and descriptions: maximal runs of two or more distinct consecutive content words that a
 * document's identity holds, each run kept for the document whose run weighs most (IDF over the documents'
 * identities), with the lead over the next document overlapping it as its confidence; a run where two
 * documents weigh the same (editions of one title) names the one of them another document the question names
 * cites (`cites`), when exactly one is so cited (confidence 0), else neither.
 */
export function documentMentions(asked: AnalyzedQuestion, documents: DocumentIdentity[]): DocumentMention[] {
  const tokens = asked.tokens;
  const head = (last: number) => [tokens[last]?.text, tokens[last + 1]?.text].filter((x): x is string => !!x);
  const identities = documents.map((d) => ({ d, stems: identityStems(d), title: new Set(titleStems(d.title)) }));
  // words that end two titles or more name a kind of document in this collection
  const endings = new Map<string, number>();
  for (const d of documents) {
    const last = tokenize(d.title).at(-1)?.text;
    if (last && !/\d/.test(last)) endings.set(last, (endings.get(last) ?? 0) + 1);
  }
  const kind = (w: string) => DOCUMENT_KINDS.has(w) || (endings.get(w) ?? 0) >= 2;
  const out: DocumentMention[] = [];
  const byKey = new Map(documents.filter((d) => d.designation).map((d) => [designationKey(d.designation!), d.documentId]));
  const byKeyOf = new Map(documents.filter((d) => d.designation).map((d) => [d.documentId, designationKey(d.designation!)]));
  const citesOf = new Map(documents.map((d) => [d.documentId, d.cites ?? []]));
  const designated: { mention: DocumentMention; first: number }[] = [];
  for (const m of asked.text.matchAll(DESIGNATION)) {
    const doc = byKey.get(designationKey(m[0]));
    if (doc === undefined) continue;
    const first = tokens.findIndex((t) => t.start >= m.index!);
    const last = tokens.findIndex((t) => t.end >= m.index! + m[0].length);
    const mention: DocumentMention = {
      documentId: doc,
      start: m.index!,
      end: m.index! + m[0].length,
      how: 'designation',
      confidence: 1,
      // (and the words after it that say what it is: "RFC N for the client side")
      head: tokens.slice(last, last + 4).map((t) => t.text),
      explicit: true,
    };
    designated.push({ mention, first });
    out.push(mention);
  }
  const df = new Map<string, number>();
  for (const { stems } of identities) for (const s of stems) df.set(s, (df.get(s) ?? 0) + 1);
  const idf = (s: string) => Math.log(1 + documents.length / (df.get(s) ?? 1));
  const content: { token: Token; index: number; stem: string }[] = [];
  tokens.forEach((token, index) => {
    if (!STOPWORDS.has(token.text)) content.push({ token, index, stem: stem(token.text) });
  });
  const runs: { documentId: number; from: number; to: number; weight: number; explicit: boolean }[] = [];
  // a description does not run over punctuation (a comma, a sentence's end, brackets)
  const joined = (k: number) => !/[.,;:?!](?:\s|$)|[()[\]]/.test(asked.text.slice(content[k].token.end, content[k + 1].token.start));
  const weigh = (stems: Iterable<string>) => [...stems].reduce((a, s) => a + idf(s), 0);
  for (const { d, stems, title } of identities) {
    const titleWeight = weigh(title);
    for (let i = 0; i < content.length;) {
      if (!stems.has(content[i].stem)) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < content.length && joined(j) && stems.has(content[j + 1].stem)) j++;
      const distinct = new Set(content.slice(i, j + 1).map((c) => c.stem));
      const weight = weigh(distinct);
      const explicit = head(content[j].index).some(kind);
      if (distinct.size >= 2 && (explicit || weight >= TITLE_SHARE * titleWeight)) runs.push({ documentId: d.documentId, from: i, to: j, weight, explicit });
      i = j + 1;
    }
  }
  runs.sort((a, b) => b.weight - a.weight || a.from - b.from);
  const taken: { from: number; to: number }[] = [];
  const tied: { run: (typeof runs)[number]; documents: number[] }[] = [];
  for (const run of runs) {
    if (taken.some((t) => run.from <= t.to && t.from <= run.to)) continue;
    const rivals = runs.filter((r) => r.documentId !== run.documentId && r.from <= run.to && run.from <= r.to);
    const next = Math.max(0, ...rivals.map((r) => r.weight));
    taken.push(run);
    if (next >= run.weight) {
      tied.push({ run, documents: [run.documentId, ...rivals.filter((r) => r.weight >= run.weight).map((r) => r.documentId)] });
      continue;
    }
    out.push({
      documentId: run.documentId,
      start: content[run.from].token.start,
      end: content[run.to].token.end,
      how: 'description',
      confidence: 1 - next / run.weight,
      head: head(content[run.to].index),
      explicit: run.explicit,
    });
  }
  // a description two documents or more weigh the same (editions of one title) names the one of them that another
  // document the question names cites, when only one is cited so (the context names the document it leads to)
  const cited = (named: number, doc: number) => {
    const key = byKeyOf.get(doc);
    return named !== doc && !!key && (citesOf.get(named) ?? []).some((c) => designationKey(c) === key);
  };
  const context = [...new Set(out.map((m) => m.documentId))];
  for (const { run, documents: rivals } of tied) {
    const chosen = [...new Set(rivals)].filter((doc) => context.some((named) => cited(named, doc)));
    if (chosen.length !== 1) continue;
    out.push({
      documentId: chosen[0],
      start: content[run.from].token.start,
      end: content[run.to].token.end,
      how: 'description',
      confidence: 0,
      head: head(content[run.to].index),
      explicit: run.explicit,
    });
  }
  // a designation heads the noun phrase written right before it ("the server module of <designation>", "the module described
  // in <designation>"): up to three words, none of them part of another description
  for (const { mention, first } of designated) {
    const before = tokens.slice(Math.max(0, first - 3), Math.max(0, first));
    const free = before.filter((t) => !out.some((m) => m !== mention && m.how === 'description' && t.start >= m.start && t.end <= m.end));
    mention.head = [...free.map((t) => t.text), ...mention.head];
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The document a question of two documents asks about (null when none is): in a question of two sentences or
 * more, the last document the asking sentence names explicitly (a designation, a description headed by a noun
 * naming a kind of document); else, of the documents the describing sentences name, when they name two or more,
 * the last one whose head is a word the asking sentence points back with ("that specification" after "the beacon
 * transport specification"), else the last one other than the one they name first (the document they are about,
 * which leads to the bridge). In a question of one sentence naming two documents or more, the last it names
 * explicitly.
 */
export function resolveBridge(asked: AnalyzedQuestion, documents: DocumentIdentity[]): BridgeDocument | null {
  const mentions = documentMentions(asked, documents);
  const mentioned = [...new Set(mentions.map((m) => m.documentId))];
  if (!mentioned.length) return null;
  const pick = (m: DocumentMention | undefined): BridgeDocument | null =>
    m ? { documentId: m.documentId, how: m.how, confidence: m.confidence, mentioned } : null;
  const asking = asked.asking.trim();
  const askingAt = asking && asking !== asked.text.trim() ? asked.text.lastIndexOf(asking) : -1;
  if (askingAt < 0) return mentioned.length >= 2 ? pick(mentions.filter((m) => m.explicit).at(-1)) : null;
  const inAsking = mentions.filter((m) => m.start >= askingAt);
  const named = inAsking.filter((m) => m.explicit).at(-1);
  if (named) return pick(named);
  const describing = mentions.filter((m) => m.start < askingAt);
  if (!describing.length) return null;
  // the words pointing back: the nouns after a pointing determiner, and the word right after one ("that RFC")
  const askingWords = tokenize(asking).map((t) => t.text);
  const pointing = new Set([...backReferenceWords(asked), ...askingWords.filter((_, i) => i > 0 && POINTING.has(askingWords[i - 1]))]);
  const pointed = describing.filter((m) => m.head.some((w) => pointing.has(w)));
  if (new Set(describing.map((m) => m.documentId)).size >= 2 && pointed.length) return pick(pointed.at(-1));
  const first = describing[0].documentId;
  return pick(describing.filter((m) => m.documentId !== first).at(-1));
}
