// Helpers of the llama engine (llama.ts): messages to node-llama-cpp's chat history, a JSON
// completeness probe, and load failures as clear errors.
import path from 'node:path';
import type { ChatHistoryItem, ChatWrapper } from 'node-llama-cpp';
import { LlmError, type ChatMessage } from './engine';
import type { GgufInfo } from './gguf/reader';

/**
 * Chat messages as node-llama-cpp's chat history, ending with the model's empty turn to fill.
 * `closeThought`: that turn starts with an empty, closed thought block (a thinking model's template
 * then answers at once: "<think>\n\n</think>" before the answer).
 */
export function toHistory(messages: ChatMessage[], options: { closeThought?: boolean } = {}): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  for (const m of messages) {
    if (m.role === 'system') history.push({ type: 'system', text: m.content });
    else if (m.role === 'user') history.push({ type: 'user', text: m.content });
    else history.push({ type: 'model', response: [m.content] });
  }
  history.push({ type: 'model', response: options.closeThought ? [{ type: 'segment', segmentType: 'thought', text: '', ended: true }] : [] });
  return history;
}

/** Whether the chat template has thought segments (Qwen3, reasoning distills, gpt-oss, ...). */
export function thinks(wrapper: ChatWrapper): boolean {
  return Boolean(wrapper.settings.segments?.thought);
}

/** A model that fails to load, as an LlmError that says why (memory, a bad file) and names the file. */
export function loadError(modelPath: string, gguf: GgufInfo, err: unknown): LlmError {
  const message = (err as Error)?.message ?? String(err);
  const name = path.basename(modelPath);
  const memory = /memory|alloc|vram|ram\b/i.test(message) || (err as Error)?.name === 'InsufficientMemoryError';
  return new LlmError(
    'load_failed',
    memory
      ? `not enough memory to load ${name} (${(gguf.sizeBytes / 2 ** 30).toFixed(1)} GiB of weights): ${message}`
      : `cannot load ${name} (${gguf.architecture}, ${gguf.quantization}): ${message}`,
    { cause: err },
  );
}
