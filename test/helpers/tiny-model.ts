// The tiny GGUF test model for any test that needs a real LLM (extraction, chat, retrieval...).
//
//   import { tinyModelPath } from '../helpers/tiny-model';
//   const engine = await LlamaEngine.load({ modelPath: tinyModelPath(), maxThreads: 1 });
//
// About 450 KB, llama architecture, random seeded weights, byte-level tokenizer, ChatML template.
// It loads in the real node-llama-cpp, obeys JSON-schema grammars (bound every string and array:
// maxLength / maxItems, or it runs to maxTokens), streams, and embeds (64 dimensions). Its words
// are noise: assert on shape and validity, never on content. Greedy output (temperature 0) is
// reproducible. Load it once per test file (beforeAll) with maxThreads: 1.
//
// The file is written once into os.tmpdir()/graphwright-tiny-model-<uid>/<sha256 prefix>.gguf, keyed by
// its content, so parallel test processes share it and a changed generator gets a new file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256, tinyModelBytes, TINY, type TinyModelOptions } from '../../electron/core/llm/gguf/tiny';

export { TINY };
export type { TinyModelOptions };

const cache = new Map<string, string>();

/**
 * Path of the tiny model file (created on first use). Options: `seed` (other random weights),
 * `eosBias` (default 0.05; negative, e.g. -5, makes free text never end before maxTokens).
 */
export function tinyModelPath(options: TinyModelOptions = {}): string {
  const key = JSON.stringify(options);
  const known = cache.get(key);
  if (known && fs.existsSync(known)) return known;
  const bytes = tinyModelBytes(options);
  // one folder per user: a folder another user made first could not be written to (nor trusted)
  const dir = path.join(os.tmpdir(), `graphwright-tiny-model-${process.getuid?.() ?? os.userInfo().username}`);
  const file = path.join(dir, `${sha256(bytes).slice(0, 16)}.gguf`);
  if (!fs.existsSync(file) || fs.statSync(file).size !== bytes.length) {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file); // atomic: a concurrent reader sees the old file or the whole new one
  }
  cache.set(key, file);
  return file;
}
