// Thinking models: a tiny GGUF whose chat template opens a <think> block on the model's turn (the
// reasoning distills' and Qwen3's shape), through the REAL node-llama-cpp. Its EOS is biased away,
// so a thought never ends by itself: without a thought budget it would eat the whole answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { TINY_THINKING_CHAT_TEMPLATE } from '../../electron/core/llm/gguf/tiny';
import { validateJson } from '../../electron/core/llm/json-schema';
import { parseModelJson } from '../../electron/core/llm/json';
import { stripThoughts, ThoughtFilter } from '../../electron/core/llm/thoughts';
import { tinyModelPath } from '../helpers/tiny-model';

let engine: LlamaEngine;

beforeAll(async () => {
  engine = await LlamaEngine.load({
    modelPath: tinyModelPath({ chatTemplate: TINY_THINKING_CHAT_TEMPLATE, eosBias: -5 }),
    maxThreads: 1,
    sequences: 1,
    contextSize: 1024,
    gpu: false,
  });
});
afterAll(async () => {
  await engine?.close();
});

const messages = [{ role: 'user' as const, content: 'What does the NAS send?' }];

async function collect(it: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const t of it) text += t;
  return text;
}

describe('a thinking chat template', () => {
  it('is recognised as one (its template has a thought segment)', () => {
    expect(engine.thinking).toBe(true);
  });

  it('answers a chat with non-empty text: the thought has its own budget and is closed at it', async () => {
    const text = await collect(engine.stream(messages, { maxTokens: 24, temperature: 0, thoughtBudget: 16 }));
    expect(text.trim().length).toBeGreaterThan(0);
    expect(text).not.toContain('<think>');
  });

  it('answers at once with a thought budget of 0 (an empty thought block is closed for it)', async () => {
    const text = await collect(engine.stream(messages, { maxTokens: 16, temperature: 0, thoughtBudget: 0 }));
    expect(text.trim().length).toBeGreaterThan(0);
  });

  it('generates JSON right after an empty thought block', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 12 } }, required: ['name'], additionalProperties: false };
    const r = await engine.generate(messages, schema, { maxTokens: 40 });
    expect(validateJson(schema, r.value)).toEqual([]);
    expect(r.text?.startsWith('{')).toBe(true);
    expect(engine.formatPrompt(messages, { closeThought: true })).toMatch(/<think>\s*<\/think>\s*$/);
  });
});

describe('reasoning text over HTTP', () => {
  it('is taken off before a JSON answer is parsed', () => {
    expect(parseModelJson('<think>\nThe user wants a name.\n</think>\n\n{"name":"NAS"}')).toEqual({ name: 'NAS' });
    // the template opened the block in the prompt: only the closing tag comes back
    expect(parseModelJson('the passage names the NAS, so {"a":1} is wrong\n</think>\n{"name":"NAS"}')).toEqual({ name: 'NAS' });
    expect(stripThoughts('no reasoning here')).toBe('no reasoning here');
  });

  it('is held back from streamed chat text, in whatever pieces it arrives', () => {
    const pieces = ['<th', 'ink>\nweigh', 'ing the passages</th', 'ink>\n\nThe NAS', ' sends it [P1].'];
    const f = new ThoughtFilter();
    expect(pieces.map((p) => f.push(p)).join('')).toBe('The NAS sends it [P1].');
    const plain = new ThoughtFilter();
    expect(['The ', '<b>NAS</b>'].map((p) => plain.push(p)).join('')).toBe('The <b>NAS</b>');
  });
});
