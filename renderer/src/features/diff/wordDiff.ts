// A word-level difference between two texts (a clause or a quote in two editions), so that a changed
// number or word stands out ("4096" → "65535") instead of being found by eye. Tokens are words,
// single punctuation marks and runs of whitespace; the longest common subsequence of tokens is kept
// and the rest is marked removed (in the older text) or added (in the newer one). Whitespace alone
// never counts as a change.

export interface DiffPart {
  text: string;
  /** same: in both; removed: only in the older text; added: only in the newer one. */
  kind: 'same' | 'removed' | 'added';
}

/** Past this many token pairs the middle (after the common start and end) is shown as one change. */
const MAX_CELLS = 4_000_000;

export function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? [];
}

const isSpace = (t: string) => /^\s+$/.test(t);

/** Push a part, merging it with the previous one of the same kind. */
function push(out: DiffPart[], text: string, kind: DiffPart['kind']): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ text, kind });
}

/** The older text's parts and the newer text's parts: each the whole text, its changes marked. */
export function wordDiff(older: string, newer: string): { older: DiffPart[]; newer: DiffPart[] } {
  const a = tokens(older);
  const b = tokens(newer);
  // the common start and end need no table
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const ma = a.slice(start, a.length - end);
  const mb = b.slice(start, b.length - end);

  const keepA = new Array<boolean>(ma.length).fill(false);
  const keepB = new Array<boolean>(mb.length).fill(false);
  if (ma.length && mb.length && ma.length * mb.length <= MAX_CELLS) {
    // LCS lengths from the end: lcs[i][j] for ma[i..], mb[j..] (one row of Uint32 per i)
    const w = mb.length + 1;
    const lcs = new Uint32Array((ma.length + 1) * w);
    for (let i = ma.length - 1; i >= 0; i--)
      for (let j = mb.length - 1; j >= 0; j--)
        lcs[i * w + j] = ma[i] === mb[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    for (let i = 0, j = 0; i < ma.length && j < mb.length;) {
      if (ma[i] === mb[j]) {
        keepA[i++] = true;
        keepB[j++] = true;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) i++;
      else j++;
    }
  }
  const side = (all: string[], middle: string[], keep: boolean[], changed: DiffPart['kind']): DiffPart[] => {
    const out: DiffPart[] = [];
    push(out, all.slice(0, start).join(''), 'same');
    // whitespace between two changed words belongs to the change; elsewhere it is the same
    middle.forEach((t, i) => {
      const between = isSpace(t) && !keep[i] && i > 0 && i < middle.length - 1 && !keep[i - 1] && !keep[i + 1];
      push(out, t, keep[i] || (isSpace(t) && !between) ? 'same' : changed);
    });
    push(out, all.slice(all.length - end).join(''), 'same');
    return out;
  };
  return { older: side(a, ma, keepA, 'removed'), newer: side(b, mb, keepB, 'added') };
}

/** Whether two texts differ beyond whitespace. */
export function differs(older: string, newer: string): boolean {
  return older.replace(/\s+/g, ' ').trim() !== newer.replace(/\s+/g, ' ').trim();
}
