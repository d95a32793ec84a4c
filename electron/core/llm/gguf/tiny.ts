// The tiny test model: a ~450 KB llama-architecture GGUF with seeded random weights that loads in
// node-llama-cpp, generates, obeys JSON-schema grammars and gives embeddings. Recipe in
// ../shared/ENVIRONMENT.md ("A tiny GGUF for tests"). Same seed => same bytes, on every machine:
// the random numbers come from a 32-bit integer generator and plain additions (no Math.random,
// no transcendental functions), and every value is stored as float32.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { ValueType } from './format';
import { writeGguf, type GgufKv, type GgufTensor } from './writer';

export const TINY = {
  embeddingLength: 64,
  blockCount: 2,
  feedForwardLength: 128,
  headCount: 4,
  headCountKv: 2,
  /** Its byte-level tokenizer spends a token a character: the extraction's shared system prompt alone is ~3,000. */
  contextLength: 8192,
  ropeDimensionCount: 16,
} as const;

/** A few BPE merges on top of the 256 byte tokens (GPT-2 byte-to-unicode spelling). */
const MERGES: [string, string][] = [
  ['Ġ', 't'],
  ['h', 'e'],
  ['i', 'n'],
  ['Ġ', 'a'],
  ['e', 'r'],
  ['o', 'n'],
  ['Ġt', 'he'],
  ['r', 'e'],
];
const CONTROL = ['<|startoftext|>', '<|endoftext|>', '<|im_start|>', '<|im_end|>'] as const;

const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/**
 * A thinking model's template (the reasoning distills' and Qwen3's shape): an earlier answer's
 * reasoning is rendered inside <think>…</think>, and the model's turn opens a <think> block, so the
 * model must think before it answers.
 */
export const TINY_THINKING_CHAT_TEMPLATE =
  "{% for message in messages %}{% if message['role'] == 'assistant' %}{{'<|im_start|>assistant\\n'}}" +
  "{% if message['reasoning_content'] %}{{'<think>\\n' + message['reasoning_content'] + '\\n</think>\\n\\n'}}{% endif %}" +
  "{{message['content'] + '<|im_end|>' + '\\n'}}{% else %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endif %}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n<think>\\n' }}{% endif %}";

/** GPT-2's byte-to-unicode map: printable bytes stand for themselves, the rest move to U+0100 and up. */
function byteToUnicode(): string[] {
  const bs: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) bs.push(b);
  for (let b = 0xa1; b <= 0xac; b++) bs.push(b);
  for (let b = 0xae; b <= 0xff; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n++);
    }
  }
  const map: string[] = new Array(256);
  bs.forEach((b, i) => (map[b] = String.fromCodePoint(cs[i])));
  return map;
}

/** The vocabulary: id = byte for 0..255, then the merged tokens, then the control tokens. */
export function tinyVocabulary(): { tokens: string[]; types: number[]; bos: number; eos: number; imStart: number; imEnd: number } {
  const tokens = byteToUnicode();
  const types = tokens.map(() => 1); // normal
  for (const [a, b] of MERGES) {
    tokens.push(a + b);
    types.push(1);
  }
  const first = tokens.length;
  for (const c of CONTROL) {
    tokens.push(c);
    types.push(3); // control
  }
  return { tokens, types, bos: first, eos: first + 1, imStart: first + 2, imEnd: first + 3 };
}

/** sfc32: a small, fast, well-mixed 32-bit generator; integer arithmetic only, so identical everywhere. */
function sfc32(seed: number): () => number {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** Approximately normal numbers (Irwin–Hall: the sum of 12 uniforms minus 6 has variance 1). */
function normals(rand: () => number, count: number, std: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let s = 0;
    for (let k = 0; k < 12; k++) s += rand();
    out[i] = (s - 6) * std;
  }
  return out;
}

export interface TinyModelOptions {
  /** Weight of the EOS logit-bias channel (default EOS_BIAS): higher ends free text sooner. */
  eosBias?: number;
  /** Seed of the random weights (default 42). */
  seed?: number;
  /**
   * Training context the file declares (default TINY.contextLength). Its byte-level tokenizer spends
   * about one token per character, four times a real model's, so whole-pipeline runs want more.
   */
  contextLength?: number;
  /** The chat template (default TINY_CHAT_TEMPLATE, ChatML). */
  chatTemplate?: string;
}

/** The tiny model's bytes. Pure: the same options give the same bytes. */
export function tinyModelBytes(options: TinyModelOptions = {}): Buffer {
  const seed = options.seed ?? 42;
  const rand = sfc32(seed);
  const { embeddingLength: E, blockCount, feedForwardLength: F, headCount, headCountKv } = TINY;
  const vocab = tinyVocabulary();
  const V = vocab.tokens.length;
  const kvDim = (E / headCount) * headCountKv;

  const kvs: GgufKv[] = [
    { key: 'general.architecture', type: ValueType.STRING, value: 'llama' },
    { key: 'general.name', type: ValueType.STRING, value: 'graphwright-tiny' },
    { key: 'general.file_type', type: ValueType.UINT32, value: 0 },
    { key: 'llama.context_length', type: ValueType.UINT32, value: options.contextLength ?? TINY.contextLength },
    { key: 'llama.embedding_length', type: ValueType.UINT32, value: E },
    { key: 'llama.block_count', type: ValueType.UINT32, value: blockCount },
    { key: 'llama.feed_forward_length', type: ValueType.UINT32, value: F },
    { key: 'llama.attention.head_count', type: ValueType.UINT32, value: headCount },
    { key: 'llama.attention.head_count_kv', type: ValueType.UINT32, value: headCountKv },
    { key: 'llama.rope.dimension_count', type: ValueType.UINT32, value: TINY.ropeDimensionCount },
    { key: 'llama.rope.freq_base', type: ValueType.FLOAT32, value: 10000 },
    { key: 'llama.attention.layer_norm_rms_epsilon', type: ValueType.FLOAT32, value: 1e-5 },
    { key: 'llama.vocab_size', type: ValueType.UINT32, value: V },
    { key: 'tokenizer.ggml.model', type: ValueType.STRING, value: 'gpt2' },
    { key: 'tokenizer.ggml.pre', type: ValueType.STRING, value: 'default' },
    { key: 'tokenizer.ggml.tokens', type: ValueType.ARRAY, itemType: ValueType.STRING, items: vocab.tokens },
    { key: 'tokenizer.ggml.token_type', type: ValueType.ARRAY, itemType: ValueType.INT32, items: vocab.types },
    { key: 'tokenizer.ggml.merges', type: ValueType.ARRAY, itemType: ValueType.STRING, items: MERGES.map(([a, b]) => `${a} ${b}`) },
    { key: 'tokenizer.ggml.bos_token_id', type: ValueType.UINT32, value: vocab.bos },
    { key: 'tokenizer.ggml.eos_token_id', type: ValueType.UINT32, value: vocab.eos },
    { key: 'tokenizer.ggml.padding_token_id', type: ValueType.UINT32, value: vocab.eos },
    { key: 'tokenizer.ggml.add_bos_token', type: ValueType.BOOL, value: true },
    { key: 'tokenizer.chat_template', type: ValueType.STRING, value: options.chatTemplate ?? TINY_CHAT_TEMPLATE },
  ];

  const ones = (n: number) => new Float32Array(n).fill(1);
  const tensors: GgufTensor[] = [];

  // Channel 0 of every token embedding is 1: the residual stream carries a constant that the
  // output layer turns into a per-token logit bias (output.weight[tok * E]).
  const tokenEmbd = normals(rand, E * V, 0.02);
  for (let t = 0; t < V; t++) tokenEmbd[t * E] = 1;
  tensors.push({ name: 'token_embd.weight', dims: [E, V], data: tokenEmbd });

  for (let i = 0; i < blockCount; i++) {
    const q = normals(rand, E * E, 0.02);
    const k = normals(rand, E * kvDim, 0.02);
    const v = normals(rand, E * kvDim, 0.02);
    const attnOutput = normals(rand, E * E, 0.02);
    const gate = normals(rand, E * F, 0.02);
    const up = normals(rand, E * F, 0.02);
    const ffnDown = normals(rand, F * E, 0.02);
    // Nothing writes into channel 0: zero the rows that produce it (row length first, so output
    // channel 0 is the first row).
    attnOutput.fill(0, 0, E);
    ffnDown.fill(0, 0, F);
    // Nothing reads channel 0 either: otherwise the constant 1 turns into the same vector added to
    // every position, a context-free bias that makes one token win everywhere.
    for (const w of [q, k, v, attnOutput, gate, up]) for (let j = 0; j < w.length; j += E) w[j] = 0;
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [E], data: ones(E) },
      { name: `blk.${i}.attn_q.weight`, dims: [E, E], data: q },
      { name: `blk.${i}.attn_k.weight`, dims: [E, kvDim], data: k },
      { name: `blk.${i}.attn_v.weight`, dims: [E, kvDim], data: v },
      { name: `blk.${i}.attn_output.weight`, dims: [E, E], data: attnOutput },
      { name: `blk.${i}.ffn_norm.weight`, dims: [E], data: ones(E) },
      { name: `blk.${i}.ffn_gate.weight`, dims: [E, F], data: gate },
      { name: `blk.${i}.ffn_up.weight`, dims: [E, F], data: up },
      { name: `blk.${i}.ffn_down.weight`, dims: [F, E], data: ffnDown },
    );
  }
  tensors.push({ name: 'output_norm.weight', dims: [E], data: ones(E) });

  const output = normals(rand, E * V, 1);
  for (let t = 0; t < V; t++) {
    let bias = 0;
    if (t < 0x20 || (t >= 0x7f && t < 256)) bias = -6; // control bytes and non-ASCII: keep output valid UTF-8
    if (t === vocab.bos || t === vocab.imStart) bias = -6;
    if (t === vocab.eos) bias = options.eosBias ?? EOS_BIAS;
    output[t * E] = bias;
  }
  tensors.push({ name: 'output.weight', dims: [E, V], data: output });

  return writeGguf(kvs, tensors);
}

const EOS_BIAS = 0.05;

/** Write the tiny model to a file (atomically: a temporary file, then a rename). Returns the path. */
export function writeTinyModel(file: string, options: TinyModelOptions = {}): string {
  const bytes = tinyModelBytes(options);
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, target);
  return target;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
