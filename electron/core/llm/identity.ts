// Who made an answer or a vector: the engine and its model (a local file by name and size, so
// another file under the same path is another model; an endpoint by its model name). Answers and
// vectors of one identity are interchangeable: the stage cache and the vector index key on it.
import fs from 'node:fs';
import path from 'node:path';
import type { LlmEngine } from './engine';

const identities = new WeakMap<LlmEngine, string>();

export function modelIdentity(engine: LlmEngine): string {
  const known = identities.get(engine);
  if (known) return known;
  const info = engine.info();
  let id: string;
  if (info.engine === 'llama') {
    let size = '';
    try {
      size = `:${fs.statSync(info.model).size}`;
    } catch {
      // the model file is gone: its path alone names it
      size = '';
    }
    id = `llama:${path.basename(info.model)}${size}`;
  } else id = `${info.engine}:${info.model}`;
  identities.set(engine, id);
  return id;
}
