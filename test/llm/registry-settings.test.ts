// The desktop app builds the engine registry with no LLM options of its own: what the user set
// (settings.set llm.*) is what its engines get. Real node-llama-cpp on the tiny model, and a local
// OpenAI-compatible server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Core } from '../../electron/core/core';
import { LLM_SETTINGS, readLlmSettings } from '../../electron/core/llm/settings';
import { tinyModelPath } from '../helpers/tiny-model';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-registry-');
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url === '/props' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/props' ? { default_generation_settings: { n_ctx: 12288 }, total_slots: 1 } : { error: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  t.cleanup();
});

describe('the LLM settings', () => {
  it("size a local model's context and an endpoint's concurrency when the registry builds them", async () => {
    // like the desktop app: no sequences or context of the host's own (threads and CPU only to keep the test light)
    const core = new Core({ dbPath: path.join(t.dir, 'a.db'), startJobs: false, llm: { maxThreads: 1, gpu: false } });
    try {
      core.store.settings.set(LLM_SETTINGS.sequences, 3);
      core.store.settings.set(LLM_SETTINGS.contextSize, 1024);
      core.store.settings.set(LLM_SETTINGS.concurrency, 6);
      const local = await core.engines.open({ kind: 'llama', path: tinyModelPath() });
      expect(local.info()).toMatchObject({ parallelSequences: 3, contextSize: 1024 });
      const remote = await core.engines.open({ kind: 'openai', baseUrl: base, model: 'm' });
      // the server was asked for its context when the engine was built
      expect(remote.info()).toMatchObject({ parallelSequences: 6, contextSize: 12288, contextSource: 'server' });
    } finally {
      await core.close();
    }
  });

  it('read a value of the wrong shape as unset, and "auto" as the sizing rule', async () => {
    const core = new Core({ dbPath: path.join(t.dir, 'b.db'), startJobs: false });
    try {
      core.store.settings.set(LLM_SETTINGS.sequences, 'auto');
      core.store.settings.set(LLM_SETTINGS.concurrency, -2);
      core.store.settings.set(LLM_SETTINGS.remoteContextSize, 32768);
      expect(readLlmSettings(core.store.settings)).toEqual({ remoteContextSize: 32768 });
    } finally {
      await core.close();
    }
  });
});
