// Sentence boundaries that survive scientific and technical prose: "et al.", "Fig. 3", "e.g.",
// "i.e.", decimals (3.14), initials (J. Smith), section numbers, and CJK sentence ends (。！？).
// The one splitter of the project: chunking, extraction evidence and the standards patterns use it.
// Text that has lost its case (a lowercased token table) is split at full stops before lowercase
// words too, since there a lowercase word after a full stop does start a sentence.

export interface Span {
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set(
  (
    'al fig figs eq eqs e.g i.e cf vs viz resp approx ca no nos vol vols pp p sec secs sect ch chap tab ref refs ' +
    'dr mr mrs ms prof st jr sr inc ltd co corp dept univ est ex incl jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'u.s u.k e.u a.k.a ph.d b.sc m.sc def thm lem prop eds ed op no para art'
  ).split(' '),
);

const CJK_END = /[。！？｡]/;
const CLOSERS = /[)\]}"'”’»」』】]/;

/** Is the period at `dot` the end of an abbreviation (so not a sentence end)? */
function isAbbreviation(text: string, dot: number): boolean {
  let i = dot - 1;
  while (i >= 0 && /[\p{L}.]/u.test(text[i])) i--;
  const word = text.slice(i + 1, dot).toLowerCase();
  if (!word) return false;
  if (ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/^\.+/, ''))) return true;
  // Single capital initial: "J. Smith"; dotted acronyms: "U.S."
  if (/^\p{Lu}$/u.test(text.slice(i + 1, dot)) && (i < 0 || !/[\p{L}\p{N}]/u.test(text[i]))) return true; // not "802.1X.
  return /^(\p{L}\.)+\p{L}$/u.test(word);
}

/**
 * Has [start, end) lost its case? Enough letters of a cased script, (almost) none of them
 * capitals: a lowercased text. English prose has a capital every few dozen letters.
 */
export function isCaseless(text: string, start = 0, end = text.length): boolean {
  let lower = 0;
  let upper = 0;
  const stop = Math.min(end, start + 20_000);
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) lower++;
    else if (c >= 65 && c <= 90) upper++;
    else if (c > 127) {
      const ch = text[i];
      if (/\p{Ll}/u.test(ch)) lower++;
      else if (/\p{Lu}/u.test(ch)) upper++;
    }
  }
  return lower >= 200 && upper <= lower * 0.005;
}

/**
 * Split [start, end) of a text into sentence spans (trimmed; whitespace between sentences belongs
 * to none). A blank line always ends a sentence, as does a line break before a list item.
 */
export function splitSentences(text: string, start = 0, end = text.length, options: { caseless?: boolean } = {}): Span[] {
  const caseless = options.caseless ?? isCaseless(text, start, end);
  const out: Span[] = [];
  let s = start;
  const push = (e: number) => {
    let a = s;
    let b = e;
    while (a < b && /\s/.test(text[a])) a++;
    while (b > a && /\s/.test(text[b - 1])) b--;
    if (b > a) out.push({ start: a, end: b });
    s = e;
  };
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '\n') {
      let j = i + 1;
      while (j < end && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r' || text[j] === '\f')) j++;
      if (text[j] === '\n' || (j < end && /^(?:[-*•]|\d{1,3}[.)])\s/.test(text.slice(j, j + 5)))) {
        push(i);
      }
      continue;
    }
    if (CJK_END.test(c)) {
      let j = i + 1;
      while (j < end && CLOSERS.test(text[j])) j++;
      push(j);
      i = j - 1;
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?') continue;
    let j = i + 1;
    while (j < end && (text[j] === '.' || text[j] === '!' || text[j] === '?')) j++;
    while (j < end && CLOSERS.test(text[j])) j++;
    if (j >= end) continue;
    if (!/\s/.test(text[j])) continue; // 3.14, e.g., example.com
    let k = j;
    while (k < end && /\s/.test(text[k])) k++;
    if (k >= end) continue;
    const next = text[k];
    if (/\p{Ll}/u.test(next) && !caseless) continue; // lowercase next: not a new sentence
    if (c === '.' && j === i + 1 && isAbbreviation(text, i)) continue;
    if (c === '.' && /[,;:]/.test(next)) continue;
    // A section number opening the text ("3.1. subgraph retrieval"): it belongs to what follows.
    if (c === '.' && j === i + 1 && /^\s*(?:\d{1,3}\.)*\d{1,3}$/.test(text.slice(s, i))) continue;
    push(j);
    i = j - 1;
  }
  push(end);
  return out;
}
