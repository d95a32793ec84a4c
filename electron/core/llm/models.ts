// The model manager: where GGUF files are, what they are (metadata read without loading), whether
// they fit this machine, which one each role uses, and downloads.
//
// Folders, in order: the repository's models/ (see models/README.md), the app-data models folder
// (<dataDir>/models, where downloads go), then the files and folders the user added (persisted in
// the settings under 'models.paths').
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { SettingsRepository } from '../store/settings';
import { isDir, repoRoot } from '../paths';
import { ApiError } from '../../../shared/errors';
import type {
  DownloadJobParams,
  EngineChoice,
  GgufSummary,
  MemoryFit,
  MemoryState,
  ModelEntry,
  ModelFolder,
  ModelRole,
  ModelsList,
  RecommendedModel,
  RoleChoices,
} from '../../../shared/contract/models';
import { formatParameterCount, GgufError, readGgufInfo, type GgufInfo } from './gguf/reader';
import { readChoices, writeChoice } from './registry';
import { detectMemory } from './runtime';
import { downloadFileName, parseDownloadUrl } from './download';
import { log } from '../log';

const SETTINGS_PATHS = 'models.paths';
const SCAN_DEPTH = 2;
const GiB = 2 ** 30;

interface EstimateOptions {
  /** Tokens per sequence (default: the model's context, at most 4096). */
  contextSize?: number;
  sequences?: number;
}

/**
 * What loading a model takes, and where its layers would go on this machine: the weights and the
 * context (KV cache, compute buffers) per placement from node-llama-cpp's GgufInsights, which follows
 * llama.cpp's own allocation; the placement policy (all on the GPU, split, CPU, or too large) is ours.
 */
export function estimateFit(info: GgufInfo, memory: MemoryState, options: EstimateOptions = {}): MemoryFit {
  const insights = info.insights;
  const layers = insights.totalLayers;
  const weights = insights.modelSize || info.sizeBytes;
  const perSeq = Math.min(options.contextSize ?? info.contextLength ?? 4096, info.contextLength ?? 4096, 4096);
  const sequences = info.isEmbedding ? 1 : Math.max(1, options.sequences ?? 2);
  const contextTokens = info.isEmbedding ? Math.min(info.contextLength ?? 512, 2048) : perSeq * sequences;
  const context = (gpuLayers: number, includeGraphOverhead = true) =>
    // node-llama-cpp's contextSize is per sequence (each sequence gets its own cells)
    insights.estimateContextResourceRequirements({
      contextSize: info.isEmbedding ? contextTokens : perSeq,
      modelGpuLayers: gpuLayers,
      sequences,
      isEmbeddingContext: info.isEmbedding,
      includeGraphOverhead,
    });
  /** RAM and VRAM with this many layers on the GPU. */
  const at = (gpuLayers: number) => {
    const m = insights.estimateModelResourceRequirements({ gpuLayers });
    const c = context(gpuLayers);
    return { ram: m.cpuRam + c.cpuRam, vram: m.gpuVram + c.gpuVram };
  };
  const kv = context(0, false);
  const kvCache = kv.cpuRam + kv.gpuVram;
  const onCpu = at(0);
  const need = onCpu.ram + onCpu.vram;

  const ramBudget = Math.max(0, memory.ramTotalBytes - Math.min(memory.ramTotalBytes * 0.25, 1.5 * GiB));
  const gb = (n: number) => `${(n / GiB).toFixed(n < 10 * GiB ? 1 : 0)} GB`;
  const base = { needBytes: Math.round(need), weightsBytes: weights, kvCacheBytes: Math.round(kvCache), totalLayers: layers, contextTokens };

  if (memory.backend !== 'cpu' && memory.vramTotalBytes > 0 && !memory.unified) {
    const vram = Math.max(0, memory.vramFreeBytes - Math.min(memory.vramTotalBytes * 0.08, 1.2 * GiB));
    const all = at(layers);
    if (all.vram <= vram && all.ram <= ramBudget) {
      return {
        ...base,
        needBytes: Math.round(all.ram + all.vram),
        fits: true,
        where: 'gpu',
        gpuLayers: layers,
        note: `fits on the GPU (${memory.backend}): all ${layers} layers, about ${gb(all.vram)} of ${gb(vram)} free VRAM`,
      };
    }
    let gpuLayers = layers;
    while (gpuLayers > 0 && at(gpuLayers).vram > vram) gpuLayers--;
    const split = at(gpuLayers);
    if (split.ram > ramBudget)
      return {
        ...base,
        fits: false,
        where: 'none',
        gpuLayers: 0,
        note: `too large: needs about ${gb(need)}; ${gb(vram)} free VRAM and ${gb(memory.ramTotalBytes)} RAM`,
      };
    if (gpuLayers > 0) {
      return {
        ...base,
        needBytes: Math.round(split.ram + split.vram),
        fits: true,
        where: 'split',
        gpuLayers,
        note: `split: ${gpuLayers} of ${layers} layers on the GPU (${memory.backend}), about ${gb(split.ram)} in RAM; slower than all on the GPU`,
      };
    }
    return {
      ...base,
      fits: true,
      where: 'cpu',
      gpuLayers: 0,
      note: `too large for the ${gb(vram)} of free VRAM; runs on the CPU in about ${gb(need)} of RAM (slow)`,
    };
  }
  // CPU only, or unified memory (Apple silicon): everything lives in RAM.
  const budget = memory.unified ? Math.max(ramBudget, memory.vramFreeBytes) : ramBudget;
  if (need > budget)
    return {
      ...base,
      fits: false,
      where: 'none',
      gpuLayers: 0,
      note: `too large: needs about ${gb(need)}, this machine has ${gb(memory.ramTotalBytes)} of RAM`,
    };
  if (memory.unified) return { ...base, fits: true, where: 'gpu', gpuLayers: layers, note: `fits in unified memory (${memory.backend}): about ${gb(need)}` };
  return {
    ...base,
    fits: true,
    where: 'cpu',
    gpuLayers: 0,
    note: `runs on the CPU: about ${gb(need)} of ${gb(memory.ramTotalBytes)} RAM${memory.note ? ` (${memory.note})` : ''}`,
  };
}

export function summarize(info: GgufInfo): GgufSummary {
  return {
    architecture: info.architecture,
    name: info.name,
    parameterCount: info.parameterCount,
    parameters: formatParameterCount(info.parameterCount),
    quantization: info.quantization,
    fileType: info.fileType,
    contextLength: info.contextLength,
    embeddingLength: info.embeddingLength,
    blockCount: info.blockCount,
    headCount: info.headCount,
    headCountKv: info.headCountKv,
    vocabSize: info.vocabSize,
    chatTemplate: info.chatTemplate,
    isEmbedding: info.isEmbedding,
    version: info.version,
    tensorCount: info.tensorCount,
  };
}

/**
 * A short list of models that work well here. Hugging Face "resolve" links; sizes are approximate.
 * Nothing is downloaded unless the user asks.
 */
export const RECOMMENDED_MODELS: RecommendedModel[] = [
  {
    name: 'Qwen2.5 3B Instruct (Q4_K_M)',
    role: 'extraction',
    sizeBytes: 2.1e9,
    url: 'https://huggingface.co/Qwen/Qwen2.5-3B-Instruct-GGUF/resolve/main/qwen2.5-3b-instruct-q4_k_m.gguf',
    description: 'Small and quick; good JSON extraction on a laptop GPU or a fast CPU.',
  },
  {
    name: 'Qwen2.5 7B Instruct (Q4_K_M)',
    role: 'extraction',
    sizeBytes: 4.7e9,
    url: 'https://huggingface.co/bartowski/Qwen2.5-7B-Instruct-GGUF/resolve/main/Qwen2.5-7B-Instruct-Q4_K_M.gguf',
    description: 'Better extraction and chat; wants about 6 GB of VRAM.',
  },
  {
    name: 'Llama 3.1 8B Instruct (Q4_K_M)',
    role: 'chat',
    sizeBytes: 4.9e9,
    url: 'https://huggingface.co/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF/resolve/main/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf',
    description: 'A solid general chat model; wants about 6 GB of VRAM.',
  },
  {
    name: 'nomic-embed-text v1.5 (Q8_0)',
    role: 'embedding',
    sizeBytes: 1.4e8,
    url: 'https://huggingface.co/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/main/nomic-embed-text-v1.5.Q8_0.gguf',
    description: 'Embeddings for retrieval: 768 dimensions, 140 MB, fast on a CPU.',
  },
];

interface Cached {
  mtimeMs: number;
  size: number;
  info: GgufInfo | null;
  error: string | null;
}

interface ModelManagerOptions {
  /** The repository's models/ folder (default: <repo root>/models). */
  repoModelsDir?: string;
  /** Memory detection (tests pass a fixed state). */
  memory?: () => Promise<MemoryState>;
}

export class ModelManager {
  readonly repoDir: string;
  readonly dataModelsDir: string;
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly settings: SettingsRepository,
    dataDir: string,
    private readonly options: ModelManagerOptions = {},
  ) {
    this.repoDir = path.resolve(options.repoModelsDir ?? path.join(repoRoot(), 'models'));
    this.dataModelsDir = path.join(path.resolve(dataDir), 'models');
  }

  /** Files and folders the user added. */
  userPaths(): string[] {
    const raw = this.settings.get<unknown>(SETTINGS_PATHS);
    return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
  }

  folders(): ModelFolder[] {
    const out: ModelFolder[] = [
      { path: this.repoDir, source: 'repo', exists: isDir(this.repoDir) },
      { path: this.dataModelsDir, source: 'data', exists: isDir(this.dataModelsDir) },
    ];
    for (const p of this.userPaths()) if (isDir(p)) out.push({ path: p, source: 'user', exists: true });
    return out;
  }

  memory(): Promise<MemoryState> {
    return this.options.memory ? this.options.memory() : detectMemory();
  }

  private async read(file: string): Promise<Cached & { stat: fs.Stats | null }> {
    let stat: fs.Stats | null = null;
    try {
      stat = await fsp.stat(file);
    } catch {
      return { stat: null, mtimeMs: 0, size: 0, info: null, error: `file not found: ${file}` };
    }
    const hit = this.cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return { ...hit, stat };
    let entry: Cached;
    try {
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, info: await readGgufInfo(file), error: null };
    } catch (err) {
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, info: null, error: (err as Error).message };
    }
    this.cache.set(file, entry);
    return { ...entry, stat };
  }

  private async entry(file: string, source: ModelEntry['source'], memory: MemoryState, choices: RoleChoices): Promise<ModelEntry> {
    const r = await this.read(file);
    const roles = (Object.keys(choices) as ModelRole[]).filter((role) => {
      const c = choices[role];
      return c?.kind === 'llama' && path.resolve(c.path) === file;
    });
    return {
      path: file,
      fileName: path.basename(file),
      source,
      sizeBytes: r.size,
      modifiedAt: r.stat ? r.stat.mtime.toISOString() : new Date(0).toISOString(),
      info: r.info ? summarize(r.info) : null,
      error: r.error,
      fit: r.info ? estimateFit(r.info, memory) : null,
      roles,
    };
  }

  async list(): Promise<ModelsList> {
    const memory = await this.memory();
    const choices = readChoices(this.settings);
    const seen = new Set<string>();
    const found: { file: string; source: ModelEntry['source'] }[] = [];
    const add = (file: string, source: ModelEntry['source']) => {
      const f = path.resolve(file);
      if (seen.has(f)) return;
      seen.add(f);
      found.push({ file: f, source });
    };
    for (const folder of this.folders()) if (folder.exists) for (const f of scan(folder.path, SCAN_DEPTH)) add(f, folder.source);
    for (const p of this.userPaths()) if (!isDir(p)) add(p, 'user');
    const models = await Promise.all(found.map(({ file, source }) => this.entry(file, source, memory, choices)));
    return { folders: this.folders(), models, choices: redactChoices(choices), memory };
  }

  /** Metadata and fit of any GGUF file. Throws ApiError('failed') with the reason for a bad file. */
  async info(file: string): Promise<ModelEntry> {
    const f = path.resolve(file);
    const source = this.sourceOf(f);
    const e = await this.entry(f, source, await this.memory(), readChoices(this.settings));
    if (e.error) throw new ApiError(e.sizeBytes === 0 && e.error.startsWith('file not found') ? 'not_found' : 'failed', e.error);
    return e;
  }

  private sourceOf(file: string): ModelEntry['source'] {
    if (isInside(file, this.repoDir)) return 'repo';
    if (isInside(file, this.dataModelsDir)) return 'data';
    return 'user';
  }

  /** Add a GGUF file (checked) or a folder (scanned) to the list. */
  async add(p: string): Promise<{ path: string; kind: 'file' | 'folder'; models: ModelEntry[] }> {
    const target = path.resolve(p);
    if (!fs.existsSync(target)) throw new ApiError('not_found', `not found: ${target}`);
    const paths = this.userPaths();
    if (isDir(target)) {
      if (!paths.includes(target)) this.settings.set(SETTINGS_PATHS, [...paths, target]);
      const memory = await this.memory();
      const choices = readChoices(this.settings);
      const models = await Promise.all(scan(target, SCAN_DEPTH).map((f) => this.entry(f, 'user', memory, choices)));
      return { path: target, kind: 'folder', models };
    }
    const entry = await this.info(target); // throws for a non-GGUF or truncated file
    if (!paths.includes(target) && this.sourceOf(target) === 'user') this.settings.set(SETTINGS_PATHS, [...paths, target]);
    return { path: target, kind: 'file', models: [{ ...entry, source: this.sourceOf(target) }] };
  }

  remove(p: string): { removed: boolean } {
    const target = path.resolve(p);
    const paths = this.userPaths();
    if (!paths.includes(target)) return { removed: false };
    this.settings.set(
      SETTINGS_PATHS,
      paths.filter((x) => x !== target),
    );
    return { removed: true };
  }

  /** Choose a role's model. A local file must be a GGUF; extraction and chat need a generative model. */
  async choose(role: ModelRole, choice: EngineChoice | null): Promise<RoleChoices> {
    if (choice?.kind === 'llama') {
      const file = path.resolve(choice.path);
      let info: GgufInfo;
      try {
        info = await readGgufInfo(file);
      } catch (err) {
        throw new ApiError(err instanceof GgufError && err.code === 'io' && !fs.existsSync(file) ? 'not_found' : 'failed', (err as Error).message);
      }
      if (info.isEmbedding && role !== 'embedding') {
        throw new ApiError('bad_request', `${path.basename(file)} is an embedding model (${info.architecture}); choose it for embedding, not for ${role}`);
      }
      choice = { kind: 'llama', path: file };
    }
    if (choice?.kind === 'openai') {
      try {
        const u = new URL(choice.baseUrl);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      } catch {
        throw new ApiError('bad_request', `not an http(s) URL: ${JSON.stringify(choice.baseUrl)}`);
      }
    }
    return redactChoices(writeChoice(this.settings, role, choice));
  }

  /**
   * Check a download request and work out where it goes. Throws ApiError('bad_request') for a bad
   * URL or file name, ('conflict') when the file already exists.
   */
  planDownload(input: { url: string; sha256?: string; fileName?: string; folder?: string }): DownloadJobParams {
    let url: URL;
    let fileName: string;
    try {
      url = parseDownloadUrl(input.url);
      fileName = downloadFileName(url, input.fileName);
    } catch (err) {
      throw new ApiError('bad_request', (err as Error).message);
    }
    const folder = path.resolve(input.folder ?? this.dataModelsDir);
    const dest = path.join(folder, fileName);
    if (fs.existsSync(dest)) throw new ApiError('conflict', `${dest} already exists`);
    return { url: url.href, dest, ...(input.sha256 ? { sha256: input.sha256.toLowerCase() } : {}) };
  }

  /** After a download into a folder the manager does not scan, remember the file. */
  registerDownloaded(file: string): void {
    const f = path.resolve(file);
    if (this.sourceOf(f) !== 'user') return;
    const paths = this.userPaths();
    if (paths.some((p) => p === f || isInside(f, p))) return;
    this.settings.set(SETTINGS_PATHS, [...paths, f]);
  }
}

function redactChoices(c: RoleChoices): RoleChoices {
  const r = (x: EngineChoice | null) => (x?.kind === 'openai' && x.apiKey ? { ...x, apiKey: '***' } : x);
  return { extraction: r(c.extraction), chat: r(c.chat), embedding: r(c.embedding) };
}

function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** .gguf files in a folder and its subfolders (to `depth` levels), sorted; skips .part files and dot folders. */
function scan(dir: string, depth: number): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    log.debug('models', `${dir} could not be listed; no models from it`, err);
    return out;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory() && depth > 0) out.push(...scan(full, depth - 1));
    else if ((e.isFile() || e.isSymbolicLink()) && e.name.toLowerCase().endsWith('.gguf')) out.push(path.resolve(full));
  }
  return out.sort();
}
