// How many sequences a local model's context gets, and what to try when a context does not fit.
//
// The rule: a sequence costs its KV cache (the model's KV bytes per token × the tokens per
// sequence); what is free once the weights are loaded, less headroom, divided by that, is the number
// of sequences, at most MAX_AUTO_SEQUENCES. On the CPU more sequences buy little (prefill and decode
// share the same cores), so 1–2. A setting overrides the rule. When a context still fails to be
// created, the ladder tries fewer sequences first, then a shorter context, and only then the CPU.
import type { GgufInsights } from 'node-llama-cpp';

const GiB = 2 ** 30;

/** More sequences than this rarely pay on one GPU (decode turns compute-bound); a setting may ask for more. */
export const MAX_AUTO_SEQUENCES = 16;
/** The shortest context the ladder goes down to: a chunk, the stage prompts and their answers. */
export const MIN_CONTEXT = 2048;

export interface ContextCost {
  /** Bytes one more sequence of `contextSize` tokens takes (its KV cache and state). */
  perSequenceBytes: number;
  /** Bytes a context takes whatever its sequences (compute buffers, graph). */
  baseBytes: number;
}

/** The context's cost from node-llama-cpp's estimate of llama.cpp's allocations (KV per token from the model's layers and heads). */
export function contextCost(insights: GgufInsights, options: { contextSize: number; gpuLayers: number; flashAttention?: boolean }): ContextCost {
  const at = (sequences: number) => {
    const r = insights.estimateContextResourceRequirements({
      contextSize: options.contextSize,
      modelGpuLayers: options.gpuLayers,
      sequences,
      flashAttention: options.flashAttention,
    });
    return r.gpuVram + r.cpuRam;
  };
  const one = at(1);
  const perSequenceBytes = Math.max(1, at(2) - one);
  return { perSequenceBytes, baseBytes: Math.max(0, one - perSequenceBytes) };
}

interface SequencePlanInput {
  /** 'cpu', or the GPU backend ('cuda', 'vulkan', 'metal'). */
  backend: string;
  /** Free VRAM before the model is loaded (the budget setting, when lower). */
  vramFreeBytes: number;
  vramTotalBytes: number;
  /** VRAM the model's weights take on the GPU. */
  weightsBytes: number;
  cost: ContextCost;
  /** CPU threads the context evaluates with (CPU only). */
  threads?: number;
  /** The setting: a number of sequences to use as it is. */
  override?: number | null;
}

export interface SequencePlan {
  sequences: number;
  /** Why this many, for the log and the engine's info. */
  reason: string;
}

/** VRAM kept free for the desktop, the driver and fragmentation. */
function headroomBytes(vramTotalBytes: number): number {
  return Math.min(vramTotalBytes * 0.08, 1.2 * GiB);
}

/** The number of sequences for a context (see the file's header for the rule). */
export function planSequences(input: SequencePlanInput): SequencePlan {
  if (input.override && input.override > 0) {
    // as asked: past llama.cpp's own limit (256) the ladder halves it
    const n = Math.floor(input.override);
    return { sequences: n, reason: `the setting asks for ${n}` };
  }
  if (input.backend === 'cpu' || input.vramTotalBytes <= 0) {
    const n = (input.threads ?? 1) >= 4 ? 2 : 1;
    return { sequences: n, reason: `on the CPU: ${n} (more sequences share the same cores)` };
  }
  const free = input.vramFreeBytes - input.weightsBytes - headroomBytes(input.vramTotalBytes) - input.cost.baseBytes;
  const fit = Math.floor(free / input.cost.perSequenceBytes);
  const n = Math.max(1, Math.min(MAX_AUTO_SEQUENCES, fit));
  const mib = (b: number) => `${Math.round(b / 2 ** 20)} MiB`;
  return {
    sequences: n,
    reason: `${mib(Math.max(0, free))} of VRAM left after the weights, ${mib(input.cost.perSequenceBytes)} per sequence: ${fit < 1 ? 'less than one, so 1' : fit > MAX_AUTO_SEQUENCES ? `${fit}, at most ${MAX_AUTO_SEQUENCES}` : fit}`,
  };
}

interface ContextShape {
  sequences: number;
  contextSize: number;
}

/** What to try, in order: the plan, then fewer sequences (halving to 1), then shorter contexts (halving to MIN_CONTEXT). */
export function contextLadder(start: ContextShape, minContext = MIN_CONTEXT): ContextShape[] {
  const steps: ContextShape[] = [];
  for (let s = start.sequences; ; s = Math.ceil(s / 2)) {
    steps.push({ sequences: s, contextSize: start.contextSize });
    if (s <= 1) break;
  }
  const floor = Math.min(minContext, start.contextSize);
  for (let c = Math.floor(start.contextSize / 2); c >= floor; c = Math.floor(c / 2)) steps.push({ sequences: 1, contextSize: c });
  if (steps.at(-1)!.contextSize > floor) steps.push({ sequences: 1, contextSize: floor });
  return steps;
}

interface LadderResult<T> {
  value: T;
  shape: ContextShape;
  /** The shapes that failed before, each with why. */
  failed: { shape: ContextShape; reason: string }[];
}

/**
 * Create a context down the ladder: each shape the memory budget allows (when one is given: our
 * estimate, since node-llama-cpp checks VRAM but not RAM, and a context past free RAM kills the
 * process) is tried for real; a failure moves to the next. Throws the last failure, with the whole
 * ladder in its message, when none works.
 */
export async function createDownTheLadder<T>(
  steps: ContextShape[],
  create: (shape: ContextShape) => Promise<T>,
  fits?: (shape: ContextShape) => boolean,
): Promise<LadderResult<T>> {
  const failed: LadderResult<T>['failed'] = [];
  let last: unknown;
  for (const shape of steps) {
    if (fits && !fits(shape)) {
      failed.push({ shape, reason: 'over the memory budget' });
      continue;
    }
    try {
      return { value: await create(shape), shape, failed };
    } catch (err) {
      last = err;
      failed.push({ shape, reason: (err as Error)?.message ?? String(err) });
    }
  }
  const tried = failed.map((f) => `${f.shape.sequences}×${f.shape.contextSize} (${f.reason})`).join('; ');
  const err = new Error(`no context fits: tried ${tried}`);
  (err as Error & { cause?: unknown }).cause = last;
  throw err;
}
