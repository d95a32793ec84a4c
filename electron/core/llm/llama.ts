// LlmEngine on node-llama-cpp: a local GGUF model on the user's GPU, or the CPU when the GPU
// cannot take it. Plain Node (under Electron it runs in a utility process, never the renderer).
//
//   const engine = await LlamaEngine.load({ modelPath, maxThreads: 1, sequences: 2 });
//   const { value, confidence } = await engine.generate(messages, schema, { maxTokens: 256 });
//   for await (const token of engine.stream(messages, { signal })) ...
//   const vectors = await engine.embed(['a', 'b']);
//   await engine.close();
//
// One context holds N sequences; generate() and stream() calls take a free sequence and queue
// when all are busy, so N chunks are extracted in parallel and their tokens share batches.
import os from 'node:os';
import path from 'node:path';
import type {
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaEmbeddingContext,
  LlamaGrammar,
  LlamaJsonSchemaGrammar,
  LlamaModel,
  Token,
} from 'node-llama-cpp';
import {
  abortError,
  DEFAULT_THOUGHT_BUDGET,
  LlmError,
  type ChatMessage,
  type EmbedOptions,
  type EngineInfo,
  type GenerateOptions,
  type GenerateResult,
  type JsonSchema,
  type LlmEngine,
} from './engine';
import { defaultThreads, getRuntime, nodeLlamaCpp, type GpuSetting } from './runtime';
import { GgufError, readGgufInfo, type GgufInfo } from './gguf/reader';
import { log } from '../log';
import { ChunkQueue, SequencePool } from './llama-pool';
import { contextCost, contextLadder, createDownTheLadder, MIN_CONTEXT, planSequences, type ContextCost, type SequencePlan } from './sizing';
import { embeddingPrefixes, withTaskPrefix, type EmbeddingPrefixes } from './embedding-tasks';
import type { TokenProbability } from './json-spans';
import { loadError, thinks, toHistory } from './llama-util';
import { isJson } from './json';

interface LlamaEngineOptions {
  modelPath: string;
  /** 'auto' (default) uses CUDA / Vulkan / Metal when present; false forces the CPU. */
  gpu?: GpuSetting;
  /** Layers on the GPU: default, as many as leave room for the context planned (node-llama-cpp's fitContext). */
  gpuLayers?: 'auto' | 'max' | number;
  /** CPU threads. Default: the machine's math cores less one (GRAPHWRIGHT_LLM_THREADS overrides). Tests use 1. */
  maxThreads?: number;
  /** Parallel sequences in the context. Default: sized from free VRAM and the model's KV cache (llm/sizing.ts); 1–2 on the CPU. */
  sequences?: number;
  /** Tokens per sequence (default: the model's training context, at most DEFAULT_CONTEXT). */
  contextSize?: number;
  /** The most memory the model may take on its device (VRAM, or RAM on the CPU); default: what is free. */
  memoryBudgetBytes?: number;
  /** The shortest context the failure ladder tries (default MIN_CONTEXT). */
  minContextSize?: number;
  /** Context of the embedding context (default: like contextSize, at most 2048). */
  embeddingContextSize?: number;
}

/** Tokens per sequence unless set: a chunk, the shared instructions, three stage answers and room to spare. */
const DEFAULT_CONTEXT = 4096;
const MAX_GRAMMARS = 32;
/** Embedding contexts evaluated side by side on a GPU (one on the CPU, whose cores they would share). */
const GPU_EMBEDDING_CONTEXTS = 4;

interface LoadDetails {
  fallbackReason?: string;
  vramTotalBytes?: number;
  vramUsedBytes?: number;
  /** How the sequences and context were chosen, and what failed on the way. */
  sizing?: string;
}

export class LlamaEngine implements LlmEngine {
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly embeddingContexts: Promise<LlamaEmbeddingContext>[] = [];
  private readonly grammars = new Map<string, Promise<{ schema: LlamaJsonSchemaGrammar<any>; generate: LlamaGrammar }>>();
  private readonly pool: SequencePool | null;
  private readonly embedPrefixes: EmbeddingPrefixes | null;
  /** Calls started and not finished (close() waits for them). */
  private inflight = 0;
  private drained: (() => void)[] = [];

  private constructor(
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext | null,
    private readonly chatWrapper: ChatWrapper,
    private readonly gguf: GgufInfo,
    private readonly threads: number,
    private readonly options: LlamaEngineOptions,
    private readonly details: LoadDetails,
  ) {
    this.pool = context ? new SequencePool(Array.from({ length: context.totalSequences }, () => context.getSequence())) : null;
    this.embedPrefixes = embeddingPrefixes(gguf.name, path.basename(options.modelPath), gguf.architecture);
  }

  /**
   * Load a model. GPU first (unless gpu: false): the sequences are planned from free VRAM, the layers
   * fitted to that context, and a context that fails to be created is tried with fewer sequences,
   * then a shorter context (llm/sizing.ts); when even that fails (out of VRAM, driver trouble) it
   * loads on the CPU and info().fallbackReason says why. Errors are LlmError('load_failed').
   */
  static async load(options: LlamaEngineOptions): Promise<LlamaEngine> {
    const modelPath = path.resolve(options.modelPath);
    let gguf: GgufInfo;
    try {
      gguf = await readGgufInfo(modelPath);
    } catch (err) {
      throw new LlmError('load_failed', err instanceof GgufError ? err.message : `cannot read ${modelPath}: ${(err as Error).message}`, { cause: err });
    }
    const { resolveChatWrapper, GeneralChatWrapper } = await nodeLlamaCpp();
    const gpu = options.gpu ?? 'auto';
    let runtime = await getRuntime({ gpu });
    let fallbackReason = runtime.fallbackReason;

    let loaded: Awaited<ReturnType<typeof loadOn>>;
    try {
      loaded = await loadOn(runtime.llama, modelPath, gguf, options);
    } catch (err) {
      if (runtime.llama.gpu === false) throw loadError(modelPath, gguf, err);
      fallbackReason = `loading on ${runtime.llama.gpu} failed (${(err as Error).message}); running on the CPU`;
      runtime = await getRuntime({ gpu: false });
      try {
        loaded = await loadOn(runtime.llama, modelPath, gguf, options);
      } catch (err2) {
        throw loadError(modelPath, gguf, err2);
      }
    }
    const llama = runtime.llama;
    let chatWrapper: ChatWrapper;
    try {
      chatWrapper = resolveChatWrapper(loaded.model);
    } catch (err) {
      log.debug('llm', 'no chat template recognised for the model; the general chat wrapper is used', err);
      chatWrapper = new GeneralChatWrapper();
    }
    let vram: { total: number; used: number } | undefined;
    if (llama.gpu !== false) {
      try {
        vram = await llama.getVramState();
      } catch (err) {
        log.debug('llm', 'the GPU memory state could not be read; the fit is judged without it', err);
        vram = undefined;
      }
    }
    log.info(
      'llm',
      `model ${modelPath} loaded on ${llama.gpu === false ? 'the CPU' : llama.gpu} (${loaded.model.gpuLayers} GPU layers, ${loaded.threads} threads)${fallbackReason ? `: ${fallbackReason}` : ''}`,
    );
    if (loaded.sizing) log.info('llm', `${path.basename(modelPath)}: ${loaded.sizing}`);
    return new LlamaEngine(llama, loaded.model, loaded.context, chatWrapper, gguf, loaded.threads, options, {
      fallbackReason,
      vramTotalBytes: vram?.total,
      vramUsedBytes: vram?.used,
      sizing: loaded.sizing,
    });
  }

  info(): EngineInfo {
    return {
      engine: 'llama',
      model: this.options.modelPath,
      backend: this.llama.gpu === false ? 'cpu' : this.llama.gpu,
      ...(this.details.fallbackReason ? { fallbackReason: this.details.fallbackReason } : {}),
      ...(this.details.vramTotalBytes !== undefined ? { vramTotalBytes: this.details.vramTotalBytes, vramUsedBytes: this.details.vramUsedBytes } : {}),
      contextSize: this.context?.contextSize ?? 0,
      contextSource: 'model',
      parallelSequences: this.context?.totalSequences ?? 0,
      embeddingDimension: this.model.embeddingVectorSize,
      ...(this.embedPrefixes ? { embeddingFamily: this.embedPrefixes.family } : {}),
      ...(this.details.sizing ? { sizing: this.details.sizing } : {}),
      gpuLayers: this.model.gpuLayers,
      totalLayers: this.gguf.blockCount ?? undefined,
      threads: this.threads,
    };
  }

  /** The chat wrapper picked from the model's template (ChatML for the tiny model). */
  get chatWrapperName(): string {
    return this.chatWrapper.wrapperName;
  }

  /** Whether the model's template has thought segments (a thinking model). */
  get thinking(): boolean {
    return thinks(this.chatWrapper);
  }

  /** Tokens the model's tokenizer makes of a text (benchmarks: what an answer format costs). */
  tokenCount(text: string): number {
    return this.model.tokenize(text).length;
  }

  /** The prompt text the chat wrapper makes of these messages (diagnostics, tests). */
  formatPrompt(messages: ChatMessage[], options: { closeThought?: boolean } = {}): string {
    return this.chatWrapper.generateContextState({ chatHistory: toHistory(messages, options) }).contextText.toString();
  }

  private ensureOpen(): void {
    if (this.closed || this.closing) throw new LlmError('closed', 'the LLM engine is closed');
  }

  /** Count a call as running from its first line, so close() cannot free the model under it. */
  private enter(): () => void {
    this.inflight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--this.inflight === 0) for (const r of this.drained.splice(0)) r();
    };
  }

  private ensureGenerative(): SequencePool {
    this.ensureOpen();
    if (!this.pool)
      throw new LlmError('load_failed', `${path.basename(this.options.modelPath)} is an embedding model (${this.gguf.architecture}); it cannot generate text`);
    return this.pool;
  }

  /**
   * The schema's grammar (it parses and validates the answer) and the grammar generation runs
   * under: the same without whitespace, so answers come on one line with no spaces.
   */
  private grammarFor(schema: JsonSchema): Promise<{ schema: LlamaJsonSchemaGrammar<any>; generate: LlamaGrammar }> {
    const key = JSON.stringify(schema);
    let g = this.grammars.get(key);
    if (!g) {
      g = (async () => {
        const grammar = await this.llama.createGrammarForJsonSchema(schema as any);
        const compact = compactJsonGrammar(grammar.grammar);
        return { schema: grammar, generate: compact === grammar.grammar ? grammar : await this.llama.createGrammar({ grammar: compact }) };
      })().catch((err: unknown) => {
        this.grammars.delete(key);
        throw new LlmError('invalid_output', `the JSON schema cannot be turned into a grammar: ${(err as Error).message}`, { cause: err });
      });
      if (this.grammars.size >= MAX_GRAMMARS) this.grammars.delete(this.grammars.keys().next().value!);
      this.grammars.set(key, g);
    }
    return g;
  }

  /** Put the sequence in the state of `tokens` minus the last one (reusing the longest cached prefix); returns what is left to evaluate. */
  private async prepare(seq: LlamaContextSequence, tokens: Token[]): Promise<Token[]> {
    const head = tokens.slice(0, -1);
    await seq.adaptStateToTokens(head, false);
    return tokens.slice(seq.nextTokenIndex);
  }

  async generate<T = unknown>(messages: ChatMessage[], schema: JsonSchema, options: GenerateOptions = {}): Promise<GenerateResult<T>> {
    const pool = this.ensureGenerative();
    const leave = this.enter();
    try {
      return await this.generateOn<T>(pool, messages, schema, options);
    } finally {
      leave();
    }
  }

  private async generateOn<T>(pool: SequencePool, messages: ChatMessage[], schema: JsonSchema, options: GenerateOptions): Promise<GenerateResult<T>> {
    const { LlamaGrammarEvaluationState } = await nodeLlamaCpp();
    const grammar = await this.grammarFor(schema);
    const signal = options.signal;
    const maxTokens = options.maxTokens ?? 1024;
    // a thinking model answers at once: the grammar's JSON comes right after an empty thought
    const { contextText } = this.chatWrapper.generateContextState({ chatHistory: toHistory(messages, { closeThought: thinks(this.chatWrapper) }) });
    const tokens = contextText.tokenize(this.model.tokenizer);
    const seq = await pool.acquire(signal, { priority: options.priority ?? 'background', tokens });
    try {
      if (signal?.aborted) throw abortError(signal);
      if (tokens.length + Math.min(maxTokens, 16) > seq.contextSize) {
        throw new LlmError('truncated', `the prompt has ${tokens.length} tokens; the context holds ${seq.contextSize}`);
      }
      const input = await this.prepare(seq, tokens);
      const cachedPromptTokens = tokens.length - input.length;
      const state = new LlamaGrammarEvaluationState({ model: this.model, grammar: grammar.generate });
      const generated: Token[] = [];
      let confidenceSum = 0;
      let confidenceCount = 0;
      let text = '';
      let complete = false;
      const budget = Math.min(maxTokens, seq.contextSize - tokens.length);
      const iterator = seq.evaluateWithMetadata(
        input,
        { confidence: true },
        {
          temperature: options.temperature ?? 0,
          ...(options.seed !== undefined ? { seed: options.seed } : {}),
          grammarEvaluationState: state,
          evaluationPriority: (options.priority ?? 'background') === 'interactive' ? 5 : 3,
        },
      );
      const probabilities: TokenProbability[] = [];
      for await (const out of iterator) {
        if (signal?.aborted) break;
        generated.push(out.token);
        if (typeof out.confidence === 'number' && Number.isFinite(out.confidence)) {
          confidenceSum += out.confidence;
          confidenceCount++;
          probabilities.push({ offset: text.length, p: out.confidence });
        }
        text = this.model.detokenize(generated);
        const trimmed = text.trimEnd();
        const last = trimmed[trimmed.length - 1];
        if ((last === '}' || last === ']' || last === '"' || trimmed.length < text.length) && isJson(trimmed)) {
          complete = true;
          break;
        }
        if (text.endsWith('\n\n\n\n') || generated.length >= budget) break;
      }
      if (signal?.aborted) throw abortError(signal);
      const lead = text.length - text.trimStart().length;
      text = text.trim();
      const tokenProbabilities = probabilities.map((t) => ({ offset: Math.max(0, t.offset - lead), p: t.p }));
      let value: T;
      try {
        value = grammar.schema.parse(text) as T;
      } catch (err) {
        if (!complete && generated.length >= budget) {
          throw new LlmError(
            'truncated',
            `the answer was cut off after ${generated.length} tokens (maxTokens ${maxTokens}); bound strings and arrays in the schema or raise maxTokens`,
            { text, tokens: generated.length, promptTokens: tokens.length, cachedPromptTokens },
          );
        }
        throw new LlmError('invalid_output', `the model's answer is not valid for the schema: ${(err as Error).message}`, {
          text,
          cause: err,
          tokens: generated.length,
          promptTokens: tokens.length,
          cachedPromptTokens,
        });
      }
      return {
        value,
        tokens: generated.length,
        text,
        promptTokens: tokens.length,
        cachedPromptTokens,
        ...(confidenceCount ? { confidence: confidenceSum / confidenceCount, tokenProbabilities } : {}),
      };
    } finally {
      pool.release(seq);
    }
  }

  /**
   * Free text without a grammar, without the chat session machinery: the prompt formatted by the
   * model's chat wrapper, then tokens until an end-of-generation token or maxTokens. For
   * benchmarks and diagnostics (raw speed of this model here); chat UIs want stream().
   */
  async complete(messages: ChatMessage[], options: GenerateOptions = {}): Promise<{ text: string; tokens: number }> {
    const pool = this.ensureGenerative();
    const leave = this.enter();
    try {
      const { contextText } = this.chatWrapper.generateContextState({ chatHistory: toHistory(messages, { closeThought: thinks(this.chatWrapper) }) });
      const tokens = contextText.tokenize(this.model.tokenizer);
      const seq = await pool.acquire(options.signal, { priority: options.priority ?? 'background', tokens });
      try {
        const budget = Math.min(options.maxTokens ?? 256, seq.contextSize - tokens.length);
        const input = await this.prepare(seq, tokens);
        const generated: Token[] = [];
        if (budget > 0) {
          for await (const token of seq.evaluate(input, {
            temperature: options.temperature ?? 0,
            ...(options.seed !== undefined ? { seed: options.seed } : {}),
          })) {
            if (options.signal?.aborted) throw abortError(options.signal);
            generated.push(token);
            if (generated.length >= budget) break;
          }
        }
        return { text: this.model.detokenize(generated), tokens: generated.length };
      } finally {
        pool.release(seq);
      }
    } finally {
      leave();
    }
  }

  async *stream(messages: ChatMessage[], options: GenerateOptions = {}): AsyncGenerator<string> {
    const pool = this.ensureGenerative();
    const leave = this.enter();
    try {
      yield* this.streamOn(pool, messages, options);
    } finally {
      leave();
    }
  }

  private async *streamOn(pool: SequencePool, messages: ChatMessage[], options: GenerateOptions): AsyncGenerator<string> {
    const { LlamaChat } = await nodeLlamaCpp();
    const outer = options.signal;
    if (outer?.aborted) return;
    let seq: LlamaContextSequence;
    try {
      seq = await pool.acquire(outer, { priority: options.priority ?? 'interactive' });
    } catch (err) {
      if (outer?.aborted) return;
      throw err;
    }
    const local = new AbortController();
    const signal = outer ? AbortSignal.any([outer, local.signal]) : local.signal;
    const chat = new LlamaChat({ contextSequence: seq, chatWrapper: this.chatWrapper, autoDisposeSequence: false });
    const queue = new ChunkQueue();
    // A thinking model thinks within its own budget, so the answer keeps all of maxTokens; at the
    // budget node-llama-cpp closes the thought and the answer follows. Budget 0: no thinking at all.
    const thought = thinks(this.chatWrapper) ? Math.max(0, options.thoughtBudget ?? DEFAULT_THOUGHT_BUDGET) : 0;
    const done = chat
      .generateResponse(toHistory(messages, { closeThought: thinks(this.chatWrapper) && thought === 0 }), {
        onTextChunk: (t) => queue.push(t),
        signal,
        stopOnAbortSignal: true,
        maxTokens: (options.maxTokens ?? 512) + thought,
        ...(thought > 0 ? { budgets: { thoughtTokens: thought } } : {}),
        evaluationPriority: (options.priority ?? 'interactive') === 'interactive' ? 5 : 3,
        temperature: options.temperature ?? 0.7,
        ...(options.seed !== undefined ? { seed: options.seed } : {}),
      })
      .then(
        () => queue.end(),
        (err: unknown) => queue.end(signal.aborted ? undefined : err),
      );
    try {
      for await (const chunk of queue) {
        if (signal.aborted) break;
        yield chunk;
      }
    } finally {
      local.abort();
      await done;
      chat.dispose({ disposeSequence: false });
      pool.release(seq);
    }
  }

  /** The i-th embedding context, made on first use. */
  private embeddingContextAt(i: number): Promise<LlamaEmbeddingContext> {
    let ctx = this.embeddingContexts[i];
    if (!ctx) {
      const size = this.options.embeddingContextSize ?? Math.min(this.options.contextSize ?? this.model.trainContextSize, 2048, this.model.trainContextSize);
      ctx = this.model.createEmbeddingContext({ contextSize: size, threads: this.threads }).catch((err: unknown) => {
        if (this.embeddingContexts[i] === ctx) this.embeddingContexts.length = i;
        throw new LlmError('load_failed', `cannot create an embedding context: ${(err as Error).message}`, { cause: err });
      });
      this.embeddingContexts[i] = ctx;
    }
    return ctx;
  }

  /**
   * Vectors of the texts, in order, with the task prefix of the model's family. On a GPU the texts
   * are spread over a few embedding contexts evaluated side by side; each context takes one text at
   * a time (node-llama-cpp's embedding context holds one sequence).
   */
  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    this.ensureOpen();
    const leave = this.enter();
    try {
      const input = withTaskPrefix(texts, this.embedPrefixes, options.task);
      const lanes = Math.max(1, Math.min(input.length, this.llama.gpu === false ? 1 : GPU_EMBEDDING_CONTEXTS));
      const out: number[][] = new Array(input.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          const ctx = await this.embeddingContextAt(lane);
          const limit = Math.max(1, (ctx as unknown as { _llamaContext?: { contextSize?: number } })._llamaContext?.contextSize ?? 512);
          for (let i = next++; i < input.length; i = next++) {
            let tokens = this.model.tokenize(input[i].length ? input[i] : ' ');
            if (tokens.length >= limit) tokens = tokens.slice(0, limit - 1);
            out[i] = Array.from((await ctx.getEmbeddingFor(tokens)).vector);
          }
        }),
      );
      return out;
    } finally {
      leave();
    }
  }

  /** Refuses new calls, lets the calls already made finish (each is bounded by maxTokens), then frees the model. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.closing = (async () => {
      if (this.inflight > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
      await this.pool?.idle();
      this.closed = true;
      for (const emb of await Promise.all(this.embeddingContexts.map((c) => c.catch(() => null)))) await emb?.dispose();
      await this.context?.dispose();
      await this.model.dispose();
      log.info('llm', `model ${this.options.modelPath} unloaded`);
    })();
    return this.closing;
  }
}

/**
 * The model and its context on one backend: sequences planned from the memory there (or as asked),
 * the GPU layers fitted to that context, the context created down the failure ladder.
 */
async function loadOn(llama: Llama, modelPath: string, gguf: GgufInfo, options: LlamaEngineOptions) {
  const threads = options.maxThreads ?? defaultThreads(llama.cpuMathCores);
  const onGpu = llama.gpu !== false;
  const train = gguf.insights.trainContextSize ?? gguf.contextLength ?? DEFAULT_CONTEXT;
  const contextSize = Math.max(64, Math.floor(options.contextSize ?? Math.min(train, DEFAULT_CONTEXT)));
  const layers = gguf.insights.totalLayers;
  const costs = new Map<number, ContextCost>();
  const costAt = (tokens: number) => {
    let c = costs.get(tokens);
    if (!c) costs.set(tokens, (c = contextCost(gguf.insights, { contextSize: tokens, gpuLayers: onGpu ? layers : 0 })));
    return c;
  };
  let plan: SequencePlan | null = null;
  let available = Number.POSITIVE_INFINITY;
  if (!gguf.isEmbedding) {
    let vram = { free: 0, total: 0 };
    if (onGpu) vram = await llama.getVramState().catch(() => vram);
    const weightsBytes = onGpu ? gguf.insights.estimateModelResourceRequirements({ gpuLayers: layers }).gpuVram : 0;
    const budget = options.memoryBudgetBytes;
    const vramFree = budget !== undefined ? Math.min(vram.free, budget) : vram.free;
    plan = planSequences({
      backend: onGpu ? String(llama.gpu) : 'cpu',
      vramFreeBytes: vramFree,
      vramTotalBytes: vram.total,
      weightsBytes,
      cost: costAt(contextSize),
      threads,
      override: options.sequences,
    });
    // node-llama-cpp checks a GPU context against VRAM itself, but not a CPU one against RAM (a
    // context past it ends the process): the budget, else three quarters of the RAM, bounds it here.
    if (budget !== undefined) available = budget - weightsBytes;
    else if (!onGpu) available = os.totalmem() * 0.75;
  }
  const model = await llama.loadModel({
    modelPath,
    gpuLayers: !onGpu ? 0 : (options.gpuLayers ?? { fitContext: { contextSize: contextSize * (plan?.sequences ?? 1) } }),
  });
  try {
    if (!plan) return { model, context: null, threads, sizing: undefined };
    const ladder = await createDownTheLadder(
      contextLadder({ sequences: plan.sequences, contextSize }, Math.min(options.minContextSize ?? MIN_CONTEXT, contextSize)),
      (shape) =>
        // the ladder is ours: node-llama-cpp's own retries would try the same refused shape 16 times
        model.createContext({ sequences: shape.sequences, contextSize: shape.contextSize, threads, flashAttention: 'auto', failedCreationRemedy: false }),
      (shape) => {
        const c = costAt(shape.contextSize);
        return c.baseBytes + c.perSequenceBytes * shape.sequences <= available;
      },
    );
    const { shape, failed } = ladder;
    const sizing = [
      `${shape.sequences} sequence${shape.sequences === 1 ? '' : 's'} of ${shape.contextSize} tokens (${plan.reason})`,
      ...(failed.length ? [`tried first: ${failed.map((f) => `${f.shape.sequences}×${f.shape.contextSize} (${f.reason.slice(0, 120)})`).join('; ')}`] : []),
    ].join('; ');
    return { model, context: ladder.value, threads, sizing };
  } catch (err) {
    await model.dispose().catch(() => undefined);
    throw err;
  }
}

/**
 * node-llama-cpp's JSON grammar with its whitespace rules emptied: a model under it writes JSON on
 * one line without spaces (no pretty-printing to pay for in tokens). The rules are found by the
 * names node-llama-cpp gives them; a grammar without them is returned as it is.
 */
function compactJsonGrammar(gbnf: string): string {
  return gbnf
    .split('\n')
    .map((line) => line.replace(/^((?:comma-)?whitespace-[\w-]+) ::= .*$/, (_m, name: string) => `${name} ::= ${name.startsWith('comma-') ? '","' : '""'}`))
    .join('\n')
    .replace(/":" \[ \]\?/g, '":"');
}
