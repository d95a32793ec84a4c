// A thinking model's reasoning is not its answer. Over HTTP a server that does not split reasoning
// out (into `reasoning_content`) sends it inline as <think>…</think> before the answer; some
// templates open the block in the prompt, so the answer text holds only the closing tag. Both are
// taken off before a JSON answer is parsed and before chat text is shown.

const OPEN = /<think>/i;
const CLOSE = /<\/think>/i;
const TAG_NAMES = ['<think>', '</think>'];

/** The answer without its reasoning: every <think>…</think> block, or all text up to a closing tag that was opened in the prompt. */
export function stripThoughts(text: string): string {
  let out = text;
  const firstClose = out.search(CLOSE);
  const firstOpen = out.search(OPEN);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) out = out.slice(firstClose + '</think>'.length);
  out = out.replace(/<think>[\s\S]*?<\/think>/gi, '');
  // a block still open at the end: the model ran out of tokens while thinking
  const open = out.search(OPEN);
  if (open >= 0) out = out.slice(0, open);
  return out === text ? text : out.trimStart();
}

/**
 * The same for streamed text: chunks in, visible text out. A reply that opens with <think> (after
 * blank space) is held back until the block closes; text that does not open with it flows at once.
 */
export class ThoughtFilter {
  private state: 'start' | 'thinking' | 'answer' = 'start';
  private pending = '';

  push(chunk: string): string {
    if (this.state === 'answer') return chunk;
    this.pending += chunk;
    if (this.state === 'start') {
      const lead = this.pending.trimStart();
      if (!lead) return '';
      if (lead.length < '<think>'.length && TAG_NAMES[0].startsWith(lead.toLowerCase())) return '';
      if (!lead.toLowerCase().startsWith('<think>')) {
        this.state = 'answer';
        const out = this.pending;
        this.pending = '';
        return out;
      }
      this.state = 'thinking';
      this.pending = lead.slice('<think>'.length);
    }
    const close = this.pending.search(CLOSE);
    if (close < 0) {
      // keep only what could still hold the start of the closing tag
      this.pending = this.pending.slice(-('</think>'.length - 1));
      return '';
    }
    const out = this.pending.slice(close + '</think>'.length).trimStart();
    this.pending = '';
    this.state = out ? 'answer' : 'start';
    return out;
  }
}
