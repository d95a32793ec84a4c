// Models and LLM engines: the model manager (GGUF files, metadata, memory fit, downloads), the
// model chosen per role, and the engines loaded for those roles.
import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { PathText } from '../schemas';

/** What a model is used for. Each role has its own choice; roles may share one model. */
export const ModelRole = z.enum(['extraction', 'chat', 'embedding']);
export type ModelRole = z.infer<typeof ModelRole>;

/** A local GGUF file run by node-llama-cpp, or an OpenAI-compatible endpoint. */
export const EngineChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('llama'), path: z.string().min(1) }),
  z.object({
    kind: z.literal('openai'),
    baseUrl: z.string().min(1).max(2000),
    model: z.string().min(1).max(500),
    apiKey: z.string().max(2000).optional(),
  }),
]);
export type EngineChoice = z.infer<typeof EngineChoice>;

export const RoleChoices = z.object({
  extraction: EngineChoice.nullable(),
  chat: EngineChoice.nullable(),
  embedding: EngineChoice.nullable(),
});
export type RoleChoices = z.infer<typeof RoleChoices>;

/** Metadata read from a GGUF header without loading the model. */
export const GgufSummary = z.object({
  architecture: z.string(),
  name: z.string().nullable(),
  parameterCount: z.number(),
  /** "1.5B", "7.6B", "108K". */
  parameters: z.string(),
  quantization: z.string(),
  fileType: z.number().int().nullable(),
  contextLength: z.number().int().nullable(),
  embeddingLength: z.number().int().nullable(),
  blockCount: z.number().int().nullable(),
  headCount: z.number().int().nullable(),
  headCountKv: z.number().int().nullable(),
  vocabSize: z.number().int().nullable(),
  chatTemplate: z.string().nullable(),
  /** An embedding-only model: fine for the embedding role, not for extraction or chat. */
  isEmbedding: z.boolean(),
  version: z.number().int(),
  tensorCount: z.number().int(),
});
export type GgufSummary = z.infer<typeof GgufSummary>;

export const MemoryState = z.object({
  /** 'cuda' | 'vulkan' | 'metal' | 'cpu' */
  backend: z.string(),
  vramTotalBytes: z.number(),
  vramFreeBytes: z.number(),
  ramTotalBytes: z.number(),
  ramFreeBytes: z.number(),
  unified: z.boolean(),
  note: z.string().optional(),
});
export type MemoryState = z.infer<typeof MemoryState>;

/** An estimate of what loading a model takes here, and where it would run. */
export const MemoryFit = z.object({
  fits: z.boolean(),
  /** gpu: all layers on the GPU; split: some; cpu: none; none: does not fit at all. */
  where: z.enum(['gpu', 'split', 'cpu', 'none']),
  gpuLayers: z.number().int(),
  totalLayers: z.number().int(),
  needBytes: z.number(),
  weightsBytes: z.number(),
  kvCacheBytes: z.number(),
  /** The context the estimate assumes (tokens per sequence times sequences). */
  contextTokens: z.number().int(),
  note: z.string(),
});
export type MemoryFit = z.infer<typeof MemoryFit>;

const ModelSource = z.enum(['repo', 'data', 'user']);

export const ModelEntry = z.object({
  path: z.string(),
  fileName: z.string(),
  /** Where it was found: the repo's models/ folder, the app-data models folder, or a path the user added. */
  source: ModelSource,
  sizeBytes: z.number(),
  modifiedAt: z.string(),
  info: GgufSummary.nullable(),
  /** Why the file cannot be used (not GGUF, truncated, missing), else null. */
  error: z.string().nullable(),
  fit: MemoryFit.nullable(),
  /** The roles this file is chosen for. */
  roles: z.array(ModelRole),
});
export type ModelEntry = z.infer<typeof ModelEntry>;

export const ModelFolder = z.object({ path: z.string(), source: ModelSource, exists: z.boolean() });
export type ModelFolder = z.infer<typeof ModelFolder>;

export const ModelsList = z.object({
  folders: z.array(ModelFolder),
  models: z.array(ModelEntry),
  choices: RoleChoices,
  memory: MemoryState,
});
export type ModelsList = z.infer<typeof ModelsList>;

export const RecommendedModel = z.object({
  name: z.string(),
  role: ModelRole,
  /** Approximate download size. */
  sizeBytes: z.number(),
  url: z.string(),
  description: z.string(),
});
export type RecommendedModel = z.infer<typeof RecommendedModel>;

/** Mirrors EngineInfo in electron/core/llm/engine.ts. */
const EngineInfoShape = z.object({
  engine: z.enum(['llama', 'openai']),
  model: z.string(),
  backend: z.string(),
  fallbackReason: z.string().optional(),
  vramTotalBytes: z.number().optional(),
  vramUsedBytes: z.number().optional(),
  contextSize: z.number(),
  contextSource: z.enum(['model', 'setting', 'server', 'default']).optional(),
  parallelSequences: z.number(),
  sizing: z.string().optional(),
  embeddingDimension: z.number().optional(),
  embeddingFamily: z.string().optional(),
  gpuLayers: z.number().optional(),
  totalLayers: z.number().optional(),
  threads: z.number().optional(),
});
type EngineInfoShape = z.infer<typeof EngineInfoShape>;

export const EngineRoleStatus = z.object({
  role: ModelRole,
  choice: EngineChoice.nullable(),
  /** none: nothing chosen; idle: chosen, not loaded yet; loading; loaded; failed (see error). */
  state: z.enum(['none', 'idle', 'loading', 'loaded', 'failed']),
  info: EngineInfoShape.nullable(),
  error: z.string().nullable(),
});
export type EngineRoleStatus = z.infer<typeof EngineRoleStatus>;

/** The result of a 'models.download' job. */
export const DownloadResult = z.object({
  path: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  /** Bytes that were already in the .part file when this run started. */
  resumedFrom: z.number().int(),
});
export type DownloadResult = z.infer<typeof DownloadResult>;

/** The params of a 'models.download' job: the download models.download planned (the URL, the file it writes, the hash to check). */
export const DownloadJobParams = z.object({ url: z.string().min(1), dest: z.string().min(1), sha256: z.string().optional() });
export type DownloadJobParams = z.infer<typeof DownloadJobParams>;

/** The 'models.download' job kind; its JobInfo is what models.download answers and the jobs calls give. */
export const downloadJob = defineJobKind('models.download', { params: DownloadJobParams, result: DownloadResult });
const DownloadJobInfo = downloadJob.info;

const FilePath = PathText;

export const modelCalls = {
  'models.list': defineCall({
    input: z.object({}),
    output: ModelsList,
    summary: 'GGUF models in the model folders, with metadata and memory fit; the choice per role',
  }),
  'models.info': defineCall({
    input: z.object({ path: FilePath }),
    output: ModelEntry,
    summary: "One GGUF file's metadata and memory fit (any path; nothing is added)",
  }),
  'models.add': defineCall({
    input: z.object({ path: FilePath }),
    output: z.object({ path: z.string(), kind: z.enum(['file', 'folder']), models: z.array(ModelEntry) }),
    summary: 'Add a GGUF file, or a folder of them, to the model list (persisted)',
  }),
  'models.remove': defineCall({
    input: z.object({ path: FilePath }),
    output: z.object({ removed: z.boolean() }),
    summary: 'Remove a user-added file or folder from the list (the file stays on disk)',
  }),
  'models.download': defineCall({
    input: z.object({
      url: z.string().min(1).max(4096),
      sha256: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'a sha256 is 64 hex digits')
        .optional(),
      fileName: z.string().min(1).max(255).optional(),
      /** Default: the app-data models folder. */
      folder: FilePath.optional(),
    }),
    output: DownloadJobInfo,
    summary: 'Download a GGUF model as a job (progress, cancel = pause, resume continues with an HTTP range)',
  }),
  'models.choose': defineCall({
    input: z.object({
      role: ModelRole,
      /** A local GGUF file; null clears the role. */
      path: FilePath.nullable().optional(),
      /** Or an OpenAI-compatible endpoint. */
      endpoint: z.object({ baseUrl: z.string().min(1).max(2000), model: z.string().min(1).max(500), apiKey: z.string().max(2000).optional() }).optional(),
    }),
    output: RoleChoices,
    summary: 'Choose the model (or endpoint) for extraction, chat or embedding (persisted)',
  }),
  'models.recommended': defineCall({
    input: z.object({}),
    output: z.array(RecommendedModel),
    summary: 'A short list of models that work well, with download links',
  }),
  'models.engine.status': defineCall({
    input: z.object({}),
    output: z.array(EngineRoleStatus),
    summary: 'The engine of each role: chosen, loaded, backend, VRAM, fallback reason',
  }),
  'models.engine.load': defineCall({
    input: z.object({ role: ModelRole }),
    output: EngineRoleStatus,
    summary: "Load a role's engine now (else it loads on first use)",
  }),
  'models.engine.unload': defineCall({
    input: z.object({ role: ModelRole.optional() }),
    output: z.array(EngineRoleStatus),
    summary: 'Free the engines (of one role, or all)',
  }),
};
