// Task prefixes of embedding families, added by the engine itself (real node-llama-cpp on a copy
// of the tiny model named like a nomic-embed file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { LlamaEngine } from '../../electron/core/llm/llama';
import { embeddingPrefixes, withTaskPrefix } from '../../electron/core/llm/embedding-tasks';
import { embeddingModelIdentity } from '../../electron/core/retrieve/dense';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-embed-');
let engine: LlamaEngine;

beforeAll(async () => {
  const file = path.join(t.dir, 'nomic-embed-text-v1.5.f32.gguf');
  fs.copyFileSync(tinyModelPath(), file);
  engine = await LlamaEngine.load({ modelPath: file, maxThreads: 1, gpu: false, sequences: 1, contextSize: 512 });
});
afterAll(async () => {
  await engine?.close();
  t.cleanup();
});

describe('embedding task prefixes', () => {
  it('are known by family from the model name', () => {
    expect(embeddingPrefixes('nomic-embed-text-v1.5.Q8_0.gguf')).toMatchObject({ family: 'nomic', query: 'search_query: ', document: 'search_document: ' });
    expect(embeddingPrefixes('multilingual-e5-large')).toMatchObject({ family: 'e5', query: 'query: ', document: 'passage: ' });
    expect(embeddingPrefixes('bge-small-en-v1.5')?.document).toBe('');
    expect(embeddingPrefixes('bge-m3')).toBeNull();
    expect(embeddingPrefixes('all-MiniLM-L6-v2')).toBeNull();
    expect(withTaskPrefix(['search_query: x', 'y'], embeddingPrefixes('nomic-embed-text'), 'query')).toEqual(['search_query: x', 'search_query: y']);
  });

  it('are added by the local engine: a question and a passage of the same words embed apart', async () => {
    expect(engine.info().embeddingFamily).toBe('nomic');
    const [asQuery] = await engine.embed(['What is EAP?'], { task: 'query' });
    const [prefixed] = await engine.embed(['search_query: What is EAP?']);
    const [asDocument] = await engine.embed(['What is EAP?']);
    const [documentPrefixed] = await engine.embed(['search_document: What is EAP?'], { task: 'query' });
    expect(asQuery).not.toEqual(asDocument);
    // a text that already carries a prefix keeps it; the default task is 'document'
    expect(asDocument).toEqual((await engine.embed(['search_document: What is EAP?']))[0]);
    expect(prefixed).not.toEqual(documentPrefixed);
  });

  it('make the vector index another model: vectors with and without prefixes never mix', () => {
    expect(embeddingModelIdentity(engine)).toMatch(/\+nomic$/);
  });

  it('keep a batch in input order', async () => {
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const batch = await engine.embed(texts);
    for (const [i, text] of texts.entries()) expect(batch[i]).toEqual((await engine.embed([text]))[0]);
  });
});
