// Model manager, the models.* contract calls, the engine registry (with the real tiny model) and the CLI.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import { estimateFit, ModelManager } from '../../electron/core/llm/models';
import type { GgufInfo } from '../../electron/core/llm/gguf/reader';
import type { GgufFileInfo } from 'node-llama-cpp';
import { SettingsRepository } from '../../electron/core/store/settings';
import type { MemoryState } from '../../shared/contract/models';
import type { LlmEngine } from '../../electron/core/llm/engine';
import { main } from '../../electron/cli/main';
import { TINY, tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-models-');
const GB = 2 ** 30;
const cpu: MemoryState = { backend: 'cpu', vramTotalBytes: 0, vramFreeBytes: 0, ramTotalBytes: 16 * GB, ramFreeBytes: 8 * GB, unified: false };

let core: Core;
let tiny: string;
beforeAll(() => {
  tiny = path.join(t.dir, 'lib', 'tiny.gguf');
  fs.mkdirSync(path.dirname(tiny), { recursive: true });
  fs.copyFileSync(tinyModelPath(), tiny);
  core = new Core({ dbPath: path.join(t.dir, 'core.db'), dataDir: path.join(t.dir, 'data'), startJobs: false, llm: { maxThreads: 1 } });
});
afterAll(async () => {
  await core.close();
  t.cleanup();
});

async function call<T = any>(name: string, input: unknown): Promise<T> {
  const r = await core.call(name, input);
  if (!r.ok) throw Object.assign(new Error(`${name}: ${r.error.message}`), { code: r.error.code });
  return r.value as T;
}
async function callError(name: string, input: unknown): Promise<{ code: string; message: string }> {
  const r = await core.call(name, input);
  expect(r.ok).toBe(false);
  return (r as { error: { code: string; message: string } }).error;
}

/**
 * A 7B Q4_K_M llama model's header as node-llama-cpp reads it (metadata and a tensor directory,
 * no file, nothing loaded): what GgufInsights estimates from.
 */
async function sevenB(): Promise<GgufInfo> {
  const { GgufInsights, GgmlType } = await import('node-llama-cpp');
  const [E, FF, V, L, H, KV] = [4096, 14336, 32000, 32, 32, 8];
  const tensors: { name: string; dims: number[]; type: number }[] = [
    { name: 'token_embd.weight', dims: [E, V], type: GgmlType.Q4_K },
    { name: 'output_norm.weight', dims: [E], type: GgmlType.F32 },
    { name: 'output.weight', dims: [E, V], type: GgmlType.Q6_K },
  ];
  for (let b = 0; b < L; b++) {
    const t = (n: string, dims: number[], type: number = GgmlType.Q4_K) => tensors.push({ name: `blk.${b}.${n}.weight`, dims, type });
    t('attn_norm', [E], GgmlType.F32);
    t('attn_q', [E, E]);
    t('attn_k', [E, (E / H) * KV]);
    t('attn_v', [E, (E / H) * KV], GgmlType.Q6_K);
    t('attn_output', [E, E]);
    t('ffn_norm', [E], GgmlType.F32);
    t('ffn_gate', [E, FF]);
    t('ffn_up', [E, FF]);
    t('ffn_down', [FF, E], GgmlType.Q6_K);
  }
  const llama = {
    context_length: 32768,
    embedding_length: E,
    block_count: L,
    feed_forward_length: FF,
    vocab_size: V,
    attention: { head_count: H, head_count_kv: KV },
  };
  const tensorInfo = tensors.map((x, k) => ({ name: x.name, dimensions: x.dims, ggmlType: x.type, offset: k, fileOffset: k, filePart: 1 }));
  const fileInfo = {
    version: 3,
    tensorCount: tensors.length,
    metadata: { general: { architecture: 'llama', name: '7b', file_type: 15 }, llama, tokenizer: { ggml: { model: 'llama' } } },
    architectureMetadata: llama,
    metadataSize: 1e6,
    infoEndOffset: 1e6,
    tensorInfo,
    tensorInfoSize: 1e5,
    splicedParts: 1,
    totalTensorCount: tensors.length,
    totalMetadataSize: 1e6,
    fullTensorInfo: tensorInfo,
    totalTensorInfoSize: 1e5,
  } as unknown as GgufFileInfo;
  const insights = await GgufInsights.from(fileInfo);
  return {
    path: '/x/7b.gguf',
    sizeBytes: 1e6 + insights.modelSize,
    version: 3,
    tensorCount: tensors.length,
    architecture: 'llama',
    name: '7b',
    fileType: 15,
    quantization: 'Q4_K_M',
    parameterCount: tensors.reduce((a, x) => a + x.dims.reduce((p, d) => p * d, 1), 0),
    contextLength: 32768,
    embeddingLength: E,
    blockCount: L,
    headCount: H,
    headCountKv: KV,
    feedForwardLength: FF,
    vocabSize: V,
    tokenizerModel: 'llama',
    chatTemplate: 'x',
    isEmbedding: false,
    dataOffset: 1e6,
    tensorDataBytes: insights.modelSize,
    metadata: {},
    tensors: [],
    insights,
  };
}

describe('memory estimate', () => {
  it('puts everything on a GPU with room, splits on a small one, falls back to the CPU or says it does not fit', async () => {
    const info = await sevenB();
    const big = estimateFit(info, { ...cpu, backend: 'cuda', vramTotalBytes: 24 * GB, vramFreeBytes: 23 * GB });
    // llama.cpp's layer count: 32 blocks and the output layer
    expect(big).toMatchObject({ fits: true, where: 'gpu', gpuLayers: 33, totalLayers: 33, contextTokens: 8192 });
    // Q4_K_M weights of a 7.2B model: about 4.3 GiB
    expect(info.parameterCount).toBeGreaterThan(7e9);
    expect(big.weightsBytes).toBeGreaterThan(4 * GB);
    expect(big.weightsBytes).toBeLessThan(4.6 * GB);
    // K and V in f16: 32 layers x 8192 tokens (2 sequences x 4096) x 8 heads x 256 x 2 bytes = 1 GiB, plus llama.cpp's buffers
    expect(big.kvCacheBytes).toBeGreaterThanOrEqual(32 * 8192 * 8 * 256 * 2);
    expect(big.kvCacheBytes).toBeLessThan(1.25 * GB);
    expect(big.needBytes).toBeGreaterThan(5 * GB);

    const small = estimateFit(info, { ...cpu, backend: 'cuda', vramTotalBytes: 4 * GB, vramFreeBytes: 3.5 * GB });
    expect(small.where).toBe('split');
    expect(small.gpuLayers).toBeGreaterThan(0);
    expect(small.gpuLayers).toBeLessThan(33);
    expect(small.note).toMatch(/of 33 layers on the GPU/);

    expect(estimateFit(info, cpu)).toMatchObject({ fits: true, where: 'cpu', gpuLayers: 0 });
    const tinyRam = estimateFit(info, { ...cpu, ramTotalBytes: 4 * GB, ramFreeBytes: 2 * GB });
    expect(tinyRam).toMatchObject({ fits: false, where: 'none' });
    expect(tinyRam.note).toMatch(/too large/);
    expect(estimateFit(info, { ...cpu, backend: 'metal', unified: true, vramTotalBytes: 16 * GB, vramFreeBytes: 12 * GB }).where).toBe('gpu');
  });
});

describe('ModelManager', () => {
  it('lists the models folders, reads metadata, flags broken files, persists added paths', async () => {
    const repo = path.join(t.dir, 'repo-models');
    const data = path.join(t.dir, 'mm-data');
    fs.mkdirSync(path.join(repo, 'sub'), { recursive: true });
    fs.copyFileSync(tinyModelPath(), path.join(repo, 'sub', 'a.gguf'));
    fs.writeFileSync(path.join(repo, 'broken.gguf'), 'not a model');
    fs.writeFileSync(path.join(repo, 'downloading.gguf.part'), 'GGUF');
    const settings = new SettingsRepository(core.store.db);
    const mm = new ModelManager(settings, data, { repoModelsDir: repo, memory: async () => cpu });
    const list = await mm.list();
    expect(list.folders.map((f) => [f.source, f.exists])).toEqual([
      ['repo', true],
      ['data', false],
    ]);
    expect(list.models.map((m) => m.fileName)).toEqual(['broken.gguf', 'a.gguf']);
    const [broken, a] = list.models;
    expect(broken).toMatchObject({ source: 'repo', info: null, fit: null });
    expect(broken.error).toMatch(/not a GGUF model/);
    expect(a.info).toMatchObject({ architecture: 'llama', parameters: '108K', quantization: 'F32', contextLength: TINY.contextLength, isEmbedding: false });
    expect(a.fit).toMatchObject({ fits: true, where: 'cpu' });

    await mm.add(tiny);
    expect(mm.userPaths()).toEqual([tiny]);
    const again = await mm.list();
    expect(again.models.find((m) => m.path === tiny)?.source).toBe('user');
    expect(mm.remove(tiny)).toEqual({ removed: true });
    expect(mm.remove(tiny)).toEqual({ removed: false });
    settings.set('models.paths', []);
  });
});

describe('models.* calls', () => {
  it('info, add, choose and list through the contract', async () => {
    const info = await call('models.info', { path: tiny });
    expect(info.info.architecture).toBe('llama');
    expect(info.fit.fits).toBe(true);

    const bad = path.join(t.dir, 'bad.gguf');
    fs.writeFileSync(bad, 'GGUF'); // magic only: truncated
    expect(await callError('models.info', { path: bad })).toMatchObject({ code: 'failed', message: expect.stringMatching(/truncated/) });
    expect((await callError('models.info', { path: path.join(t.dir, 'none.gguf') })).code).toBe('not_found');
    expect((await callError('models.add', { path: bad })).code).toBe('failed');
    expect((await callError('models.choose', { role: 'chat', path: bad })).code).toBe('failed');
    expect((await callError('models.choose', { role: 'sorting', path: tiny })).code).toBe('bad_request');

    const added = await call('models.add', { path: tiny });
    expect(added).toMatchObject({ kind: 'file', path: tiny });
    const folder = await call('models.add', { path: path.dirname(tiny) });
    expect(folder.kind).toBe('folder');
    expect(folder.models.map((m: { path: string }) => m.path)).toEqual([tiny]);

    const choices = await call('models.choose', { role: 'extraction', path: tiny });
    expect(choices.extraction).toEqual({ kind: 'llama', path: tiny });
    await call('models.choose', { role: 'chat', endpoint: { baseUrl: 'http://gpu-box:8080/v1', model: 'qwen', apiKey: 'k' } });

    const list = await call('models.list', {});
    expect(list.choices.chat).toEqual({ kind: 'openai', baseUrl: 'http://gpu-box:8080/v1', model: 'qwen', apiKey: '***' });
    const entry = list.models.find((m: { path: string }) => m.path === tiny);
    expect(entry.roles).toEqual(['extraction']);
    expect(list.models.filter((m: { path: string }) => m.path === tiny)).toHaveLength(1); // file and folder both added: listed once
    expect(list.memory.ramTotalBytes).toBeGreaterThan(0);
    expect((await call('models.recommended', {})).some((r: { role: string }) => r.role === 'embedding')).toBe(true);
    await call('models.choose', { role: 'chat', path: null });
  });

  it('loads the chosen model once per role on first use, shares it, and reports its status', async () => {
    await call('models.choose', { role: 'extraction', path: tiny });
    await call('models.choose', { role: 'embedding', path: tiny });
    expect((await call('models.engine.status', {})).map((s: { state: string }) => s.state)).toEqual(['idle', 'none', 'idle']);
    expect(await callError('models.engine.load', { role: 'chat' })).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/no model is chosen for chat/),
    });

    const [a, b] = await Promise.all([core.engines.get('extraction'), core.engines.get('embedding')]);
    expect(a).toBe(b); // same file: one engine
    expect(a.info()).toMatchObject({ engine: 'llama', backend: 'cpu', threads: 1, embeddingDimension: 64 });
    const r = await a.generate(
      [{ role: 'user', content: 'Name a thing.' }],
      { type: 'object', properties: { thing: { type: 'string', maxLength: 10 } }, required: ['thing'] },
      { maxTokens: 100 },
    );
    expect(typeof (r.value as { thing: string }).thing).toBe('string');
    expect((await b.embed(['x']))[0]).toHaveLength(64);

    const status = await call('models.engine.status', {});
    expect(status[0]).toMatchObject({ role: 'extraction', state: 'loaded', info: { engine: 'llama', backend: 'cpu' } });

    // Another choice for extraction: the old engine stays for embedding.
    await call('models.choose', { role: 'extraction', path: null });
    expect(await core.engines.get('embedding')).toBe(a);
    const unloaded = await call('models.engine.unload', {});
    expect(unloaded.map((s: { state: string }) => s.state)).toEqual(['none', 'none', 'idle']);
    const err = await a.generate([{ role: 'user', content: 'x' }], { type: 'string', maxLength: 3 }).catch((e) => e);
    expect(err.code).toBe('closed');
  });

  it('lets tests inject an engine for a role', async () => {
    const fake = { info: () => ({ engine: 'openai', model: 'fake', backend: 'remote', contextSize: 0, parallelSequences: 1 }) } as unknown as LlmEngine;
    core.engines.use('chat', fake);
    expect(await core.engines.get('chat')).toBe(fake);
    expect(core.engines.statusOf('chat')).toMatchObject({ state: 'loaded', info: { model: 'fake' } });
    core.engines.use('chat', null);
    await expect(core.engines.get('chat')).rejects.toThrow(/no model is chosen/);
  });
});

describe('graphwright models (CLI)', () => {
  async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    try {
      const code = await main(args);
      return { code, out, err };
    } finally {
      o.mockRestore();
      e.mockRestore();
    }
  }

  it('info prints metadata (and JSON with --json); errors name the file', async () => {
    const human = await run(['models', 'info', tiny]);
    expect(human.code).toBe(0);
    expect(human.out).toMatch(/architecture\s+llama/);
    expect(human.out).toMatch(/parameters\s+108K/);
    const json = await run(['models', 'info', tiny, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ path: tiny, info: { architecture: 'llama', chatTemplate: expect.stringContaining('im_start') } });
    const notModel = path.join(t.dir, 'readme.gguf');
    fs.writeFileSync(notModel, '# hello');
    const bad = await run(['models', 'info', notModel]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/readme\.gguf is not a GGUF model/);
    expect(bad.out).toBe('');
    expect((await run(['models', 'info'])).code).toBe(2);
    expect((await run(['models', 'frobnicate'])).err).toMatch(/unknown models subcommand/);
  });

  it('add, choose and list against a database', async () => {
    const db = path.join(t.dir, 'cli.db');
    expect((await run(['models', 'add', tiny, '--db', db])).code).toBe(0);
    expect((await run(['models', 'choose', 'chat', tiny, '--db', db])).out).toMatch(/^chat: /);
    const list = await run(['models', 'list', '--db', db, '--json']);
    expect(list.code).toBe(0);
    const parsed = JSON.parse(list.out);
    expect(parsed.models.find((m: { path: string }) => m.path === tiny).roles).toEqual(['chat']);
    const dl = await run(['models', 'download', 'ftp://example.com/x.gguf', '--db', db]);
    expect(dl.code).toBe(1);
    expect(dl.err).toMatch(/only http and https/);
  });
});
