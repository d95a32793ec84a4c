// The node-llama-cpp runtime (the native binding), loaded once per process and per settings.
// Loaded with a dynamic import so that building a Core, or listing models, does not pull
// node-llama-cpp in until something actually needs it.
import os from 'node:os';
import type { Llama, LlamaGpuType } from 'node-llama-cpp';

export type GpuSetting = 'auto' | false | 'cuda' | 'vulkan' | 'metal';

interface RuntimeOptions {
  gpu?: GpuSetting;
}

interface Runtime {
  llama: Llama;
  /** Why the requested GPU backend could not be used, when it fell back to the CPU. */
  fallbackReason?: string;
}

const runtimes = new Map<string, Promise<Runtime>>();

export function nodeLlamaCpp(): Promise<typeof import('node-llama-cpp')> {
  return import('node-llama-cpp');
}

/** Threads from the machine: its math cores, leaving one logical core to the app, at least one. */
export function defaultThreads(cpuMathCores?: number): number {
  const env = Number(process.env.GRAPHWRIGHT_LLM_THREADS);
  if (Number.isInteger(env) && env > 0) return env;
  const logical = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, Math.min(cpuMathCores ?? logical, logical - 1));
}

/**
 * A shared Llama instance, one per GPU setting. It has no thread limit of its own (maxThreads 0):
 * every context states its threads, so a test's 1 thread and the app's many can share it.
 * `gpu: 'auto'` picks CUDA / Vulkan / Metal where it works and the CPU
 * otherwise; an explicit GPU type that fails to load falls back to the CPU with the reason kept.
 * Never builds from source (`build: 'never'`): the prebuilt binaries ship with the package.
 */
export function getRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const gpu = options.gpu ?? 'auto';
  const key = String(gpu);
  let p = runtimes.get(key);
  if (!p) {
    p = (async () => {
      const { getLlama, LlamaLogLevel } = await nodeLlamaCpp();
      const common = {
        build: 'never' as const,
        logLevel: process.env.GRAPHWRIGHT_LLM_DEBUG ? LlamaLogLevel.debug : LlamaLogLevel.error,
        maxThreads: 0,
      };
      if (gpu === false) return { llama: await getLlama({ ...common, gpu: false }) };
      try {
        return { llama: await getLlama({ ...common, gpu: gpu as 'auto' | LlamaGpuType }) };
      } catch (err) {
        const e = err as Error;
        const why = [e.name !== 'Error' ? e.name : '', e.message].filter(Boolean).join(': ') || String(err);
        return {
          llama: await getLlama({ ...common, gpu: false }),
          fallbackReason: `the ${gpu} GPU backend is not usable on this machine (${why}); running on the CPU`,
        };
      }
    })();
    p.catch(() => runtimes.delete(key));
    runtimes.set(key, p);
  }
  return p;
}

export interface MemoryState {
  /** 'cuda' | 'vulkan' | 'metal' | 'cpu' */
  backend: string;
  vramTotalBytes: number;
  vramFreeBytes: number;
  ramTotalBytes: number;
  ramFreeBytes: number;
  /** Unified memory (Apple silicon): VRAM and RAM are the same. */
  unified: boolean;
  /** Set when the GPU could not be queried at all (the estimate then assumes CPU only). */
  note?: string;
}

let memoryCache: { at: number; value: Promise<MemoryState> } | undefined;

/** What the machine has: VRAM through node-llama-cpp's getVramState, RAM through os. Cached for 10 s. */
export function detectMemory(options: { gpu?: GpuSetting } = {}): Promise<MemoryState> {
  if (memoryCache && Date.now() - memoryCache.at < 10_000) return memoryCache.value;
  const value = (async (): Promise<MemoryState> => {
    const ram = { ramTotalBytes: os.totalmem(), ramFreeBytes: os.freemem() };
    try {
      const gpu = options.gpu ?? 'auto';
      const { llama, fallbackReason } = await getRuntime({ gpu });
      if (llama.gpu === false)
        return { backend: 'cpu', vramTotalBytes: 0, vramFreeBytes: 0, unified: false, ...ram, ...(fallbackReason ? { note: fallbackReason } : {}) };
      const vram = await llama.getVramState();
      return { backend: llama.gpu, vramTotalBytes: vram.total, vramFreeBytes: vram.free, unified: (vram.unifiedSize ?? 0) > 0, ...ram };
    } catch (err) {
      return { backend: 'cpu', vramTotalBytes: 0, vramFreeBytes: 0, unified: false, ...ram, note: `could not query the GPU: ${(err as Error).message}` };
    }
  })();
  memoryCache = { at: Date.now(), value };
  return value;
}
