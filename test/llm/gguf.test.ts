import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { tinyModelBytes, TINY, tinyVocabulary, writeTinyModel, sha256 } from '../../electron/core/llm/gguf/tiny';
import { readGgufInfo, GgufError, hasGgufMagic, formatParameterCount } from '../../electron/core/llm/gguf/reader';
import { writeGguf } from '../../electron/core/llm/gguf/writer';
import { ValueType } from '../../electron/core/llm/gguf/format';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-gguf-');
afterAll(() => t.cleanup());

async function gguferr(file: string): Promise<GgufError> {
  try {
    await readGgufInfo(file);
  } catch (err) {
    expect(err).toBeInstanceOf(GgufError);
    return err as GgufError;
  }
  throw new Error(`expected ${file} to be rejected`);
}

describe('tiny model', () => {
  it('is byte-reproducible, and the seed changes it', () => {
    const a = tinyModelBytes();
    const b = tinyModelBytes();
    expect(sha256(a)).toBe(sha256(b));
    expect(a.length).toBeGreaterThan(400_000);
    expect(a.length).toBeLessThan(500_000);
    expect(sha256(tinyModelBytes({ seed: 7 }))).not.toBe(sha256(a));
    const file = writeTinyModel(path.join(t.dir, 'sub', 'tiny.gguf'));
    expect(sha256(fs.readFileSync(file))).toBe(sha256(a));
  });

  it('tinyModelPath writes once into a content-keyed cache', () => {
    const p1 = tinyModelPath();
    const p2 = tinyModelPath();
    expect(p1).toBe(p2);
    expect(path.basename(p1)).toBe(`${sha256(tinyModelBytes()).slice(0, 16)}.gguf`);
    expect(sha256(fs.readFileSync(p1))).toBe(sha256(tinyModelBytes()));
    expect(tinyModelPath({ eosBias: -5 })).not.toBe(p1);
  });
});

// node-llama-cpp's readGgufFileInfo reads the files the tiny writer makes; ours are the error checks.
describe('GGUF reader', () => {
  it('reads the tiny model without loading it', async () => {
    const info = await readGgufInfo(tinyModelPath());
    const vocab = tinyVocabulary();
    expect(info).toMatchObject({
      version: 3,
      architecture: 'llama',
      name: 'graphwright-tiny',
      fileType: 0,
      quantization: 'F32',
      contextLength: TINY.contextLength,
      embeddingLength: TINY.embeddingLength,
      blockCount: TINY.blockCount,
      headCount: TINY.headCount,
      headCountKv: TINY.headCountKv,
      feedForwardLength: TINY.feedForwardLength,
      vocabSize: vocab.tokens.length,
      tokenizerModel: 'gpt2',
      isEmbedding: false,
      tensorCount: 3 + 9 * TINY.blockCount,
    });
    expect(info.chatTemplate).toContain('<|im_start|>');
    const E = TINY.embeddingLength;
    const V = vocab.tokens.length;
    const perBlock = 2 * E + 2 * E * E + 2 * E * (E / 2) + 3 * E * TINY.feedForwardLength;
    expect(info.parameterCount).toBe(2 * E * V + E + TINY.blockCount * perBlock);
    expect(formatParameterCount(info.parameterCount)).toBe('108K');
    // Long arrays are summarised, short ones kept.
    expect(info.metadata['tokenizer.ggml.tokens']).toEqual({ length: V });
    expect(info.metadata['tokenizer.ggml.merges']).toContain('Ġ t');
    expect(info.metadata['tokenizer.ggml.eos_token_id']).toBe(vocab.eos);
    expect(info.metadata['tokenizer.ggml.add_bos_token']).toBe(true);
    expect(info.tensors.find((x) => x.name === 'token_embd.weight')?.dims).toEqual([E, V]);
    expect(info.dataOffset % 32).toBe(0);
    expect(info.dataOffset + info.tensorDataBytes).toBeLessThanOrEqual(info.sizeBytes);
    // GgufInsights weighs the tensors: every one is F32 here, 4 bytes a parameter.
    expect(info.tensorDataBytes).toBe(info.parameterCount * 4);
    expect(info.insights.totalLayers).toBe(TINY.blockCount + 1);
  });

  it('round-trips every metadata type', async () => {
    const file = path.join(t.dir, 'types.gguf');
    const data = new Float32Array([1, 2, 3, 4]);
    fs.writeFileSync(
      file,
      writeGguf(
        [
          { key: 'general.architecture', type: ValueType.STRING, value: 'bert' },
          { key: 'u8', type: ValueType.UINT8, value: 200 },
          { key: 'i8', type: ValueType.INT8, value: -5 },
          { key: 'u16', type: ValueType.UINT16, value: 60000 },
          { key: 'i16', type: ValueType.INT16, value: -300 },
          { key: 'u32', type: ValueType.UINT32, value: 4e9 },
          { key: 'i32', type: ValueType.INT32, value: -2e9 },
          { key: 'f32', type: ValueType.FLOAT32, value: 0.5 },
          { key: 'f64', type: ValueType.FLOAT64, value: Math.PI },
          { key: 'u64', type: ValueType.UINT64, value: 2n ** 60n },
          { key: 'i64', type: ValueType.INT64, value: -42n },
          { key: 'b', type: ValueType.BOOL, value: false },
          { key: 's', type: ValueType.STRING, value: 'héllo ✓' },
          { key: 'arr', type: ValueType.ARRAY, itemType: ValueType.INT32, items: [1, -2, 3] },
        ],
        [{ name: 'w', dims: [2, 2], data }],
      ),
    );
    const info = await readGgufInfo(file);
    expect(info.metadata).toMatchObject({
      u8: 200,
      i8: -5,
      u16: 60000,
      i16: -300,
      u32: 4e9,
      i32: -2e9,
      f32: 0.5,
      f64: Math.PI,
      u64: 2n ** 60n,
      i64: -42,
      b: false,
      s: 'héllo ✓',
      arr: [1, -2, 3],
    });
    expect(info.isEmbedding).toBe(true); // bert
    expect(info.quantization).toBe('F32'); // no file type: the tensors' type
    expect(info.parameterCount).toBe(4);
    expect(info.contextLength).toBeNull();
  });

  it('rejects a file that is not GGUF, with a clear reason', async () => {
    const text = path.join(t.dir, 'notes.gguf');
    fs.writeFileSync(text, '<!DOCTYPE html><html>not a model</html>');
    const e = await gguferr(text);
    expect(e.code).toBe('not_gguf');
    expect(e.message).toMatch(/notes\.gguf is not a GGUF model/);

    const empty = path.join(t.dir, 'empty.gguf');
    fs.writeFileSync(empty, '');
    expect((await gguferr(empty)).code).toBe('not_gguf');

    expect((await gguferr(path.join(t.dir, 'missing.gguf'))).message).toMatch(/file not found/);
    expect((await gguferr(t.dir)).code).toBe('io');
    expect(hasGgufMagic(Buffer.from('GGUF'))).toBe(true);
    expect(hasGgufMagic(Buffer.from('GGU'))).toBe(false);
  });

  it('rejects truncated files: in the header, in the metadata, in the tensor data', async () => {
    const bytes = tinyModelBytes();
    const info = await readGgufInfo(tinyModelPath());
    for (const [name, size] of [
      ['head', 10],
      ['meta', 3000],
      ['data', bytes.length - 1000],
    ] as const) {
      const file = path.join(t.dir, `cut-${name}.gguf`);
      fs.writeFileSync(file, bytes.subarray(0, size));
      const e = await gguferr(file);
      expect(e.code, name).toBe('truncated');
      expect(e.message).toMatch(/truncated/);
    }
    expect(info.sizeBytes).toBe(bytes.length);
  });

  it('rejects an unknown version and corrupt counts', async () => {
    const bytes = Buffer.from(tinyModelBytes());
    bytes.writeUInt32LE(99, 4);
    const v = path.join(t.dir, 'v99.gguf');
    fs.writeFileSync(v, bytes);
    expect((await gguferr(v)).code).toBe('unsupported_version');

    const huge = Buffer.from(tinyModelBytes());
    huge.writeBigUInt64LE(2n ** 62n, 16); // KV count
    const h = path.join(t.dir, 'huge.gguf');
    fs.writeFileSync(h, huge);
    expect(['corrupt', 'truncated']).toContain((await gguferr(h)).code);
  });
});
