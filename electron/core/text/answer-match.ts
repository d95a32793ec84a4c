// How an answer is graded against its gold answers, and whether a gold quote lies in a passage: the one
// grader of eval qa, the answer model's training labels (chat/fit-model.ts), scripts/eval-answers.ts and
// the rfc-qa bench. Case-insensitive and whitespace-normalised; answers match as whole words.

/** Whitespace runs as one space, trimmed, lower-cased. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether a gold quote lies inside a passage, both whitespace-normalised and case-folded. */
export function quoteInPassage(quote: string, passage: string): boolean {
  const q = squash(quote);
  return q.length > 0 && squash(passage).includes(q);
}

/** A polar gold answer: the answer says it first, or says nothing else. */
const POLAR = new Set(['yes', 'no']);
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const isDigit = (c: string | undefined) => c !== undefined && /\p{N}/u.test(c);
/** Two neighbouring characters belong to one word: letters with letters, digits with digits ("RFC4669" holds the number 4669). */
const sameWord = (a: string | undefined, b: string | undefined) => (isLetter(a) && isLetter(b)) || (isDigit(a) && isDigit(b));

/** Whether `gold` occurs in `answer` (both squashed) as whole words: "4" is not inside "1400", "UDP" not inside "UDPv6". */
function containsAsWords(answer: string, gold: string): boolean {
  for (let i = answer.indexOf(gold); i >= 0; i = answer.indexOf(gold, i + 1)) {
    const end = i + gold.length;
    if (!sameWord(answer[i - 1], gold[0]) && !sameWord(gold[gold.length - 1], answer[end])) return true;
  }
  return false;
}

/**
 * Whether some gold answer is in the answer text (case-insensitive, whitespace-normalised, as whole
 * words). A yes/no gold is the answer's first word or the whole answer: "No" is not inside "Not
 * found", and "Yes, but no ..." answers yes. The one grader of eval qa, scripts/eval-answers.ts and the
 * rfc-qa bench.
 */
export function answerCorrect(answers: string[], answer: string): boolean {
  const a = squash(answer);
  if (!a) return false;
  const firstWord = /^[\p{L}\p{N}]+/u.exec(a)?.[0];
  return answers.some((g) => {
    const s = squash(g);
    if (!s) return false;
    if (POLAR.has(s)) return firstWord === s;
    return containsAsWords(a, s);
  });
}
