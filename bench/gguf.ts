// GGUF header reading benchmark (not a test): what models.list / models.info pay per file since the
// metadata comes from node-llama-cpp's readGgufFileInfo and the tensor sizes from GgufInsights.
// The first read loads node-llama-cpp and a backend-less Llama (once per process); later reads are
// the header alone. With the tiny model by default; GRAPHWRIGHT_BENCH_MODEL=/path/model.gguf reads
// a real one (a vocabulary of 150k strings makes the header larger).
//   npm run bench -- gguf        (through bench/run.ts)
//   npx tsx bench/gguf.ts        (alone)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGgufInfo } from '../electron/core/llm/gguf/reader';
import { estimateFit } from '../electron/core/llm/models';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-gguf-'));
try {
  const file = process.env.GRAPHWRIGHT_BENCH_MODEL ?? writeTinyModel(path.join(tmp, 'tiny.gguf'));
  let t = performance.now();
  const info = await readGgufInfo(file);
  const first = performance.now() - t;
  const n = 50;
  t = performance.now();
  for (let i = 0; i < n; i++) await readGgufInfo(file);
  const each = (performance.now() - t) / n;
  t = performance.now();
  const memory = { backend: 'cpu' as const, vramTotalBytes: 0, vramFreeBytes: 0, ramTotalBytes: os.totalmem(), ramFreeBytes: os.freemem(), unified: false };
  for (let i = 0; i < n; i++) estimateFit(info, memory);
  const fit = (performance.now() - t) / n;
  console.log(`${path.basename(file)} (${info.architecture}, ${info.quantization}, ${info.tensorCount} tensors, ${(info.sizeBytes / 2 ** 20).toFixed(1)} MiB)`);
  console.log(`  first read (loads node-llama-cpp): ${first.toFixed(0)} ms`);
  console.log(`  each later read: ${each.toFixed(1)} ms`);
  console.log(`  memory fit (GgufInsights estimates): ${fit.toFixed(2)} ms`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
