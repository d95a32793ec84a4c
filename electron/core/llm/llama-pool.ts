// Concurrency for the llama engine (llama.ts): a queue of free context sequences (generate() and
// stream() take one and wait when all are busy; chat first, and where the prompt is cached) and a
// queue of streamed text chunks.
import type { LlamaContextSequence } from 'node-llama-cpp';
import { abortError, type CallPriority } from './engine';

/** What the pool needs of a sequence: the tokens its state holds (node-llama-cpp's LlamaContextSequence). */
interface PooledSequence {
  readonly contextTokens: readonly number[];
}

interface AcquireOptions {
  /** 'interactive' waiters (chat) are served before 'background' ones (a job's stage calls). */
  priority?: CallPriority;
  /** The prompt about to be evaluated: the free sequence whose state shares its longest prefix is taken (its prompt cache). */
  tokens?: readonly number[];
}

/** Tokens two sequences of tokens share from the start. */
function sharedPrefix(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

type Waiter<S> = {
  resolve: (s: S) => void;
  reject: (e: unknown) => void;
  priority: CallPriority;
  signal?: AbortSignal;
  onAbort?: () => void;
};

/**
 * The free sequences of a context: generate() and stream() take one and wait when all are busy.
 * A call takes the free sequence whose state shares the longest prefix with its prompt, so a
 * chunk's later stages land where its passage is already evaluated and every chunk finds the
 * shared instructions there. Interactive waiters go before background ones.
 */
export class SequencePool<S extends PooledSequence = LlamaContextSequence> {
  private readonly free: S[];
  private readonly waiters: Waiter<S>[] = [];
  private busy = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(sequences: S[]) {
    this.free = [...sequences];
  }

  /** Sequences in use now. */
  get inUse(): number {
    return this.busy;
  }

  acquire(signal?: AbortSignal, options: AcquireOptions = {}): Promise<S> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const s = this.takeFree(options.tokens);
    if (s) {
      this.busy++;
      return Promise.resolve(s);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter<S> = { resolve, reject, signal, priority: options.priority ?? 'background' };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortError(signal));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      const at = waiter.priority === 'interactive' ? this.waiters.findIndex((w) => w.priority === 'background') : -1;
      if (at >= 0) this.waiters.splice(at, 0, waiter);
      else this.waiters.push(waiter);
    });
  }

  private takeFree(tokens?: readonly number[]): S | undefined {
    if (!this.free.length) return undefined;
    let best = 0;
    if (tokens?.length) {
      let longest = -1;
      this.free.forEach((s, i) => {
        const n = sharedPrefix(s.contextTokens, tokens);
        if (n > longest) [longest, best] = [n, i];
      });
    }
    return this.free.splice(best, 1)[0];
  }

  release(s: S): void {
    const next = this.waiters.shift();
    if (next) {
      if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort);
      next.resolve(s);
      return;
    }
    this.busy--;
    this.free.push(s);
    if (this.busy === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  idle(): Promise<void> {
    return this.busy === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/** Push-to-pull bridge: callbacks push chunks, the consumer iterates. */
export class ChunkQueue implements AsyncIterable<string> {
  private items: string[] = [];
  private done = false;
  private error: unknown;
  private wake: (() => void) | null = null;

  push(s: string): void {
    if (!s) return;
    this.items.push(s);
    this.wake?.();
  }
  end(err?: unknown): void {
    this.done = true;
    this.error = err;
    this.wake?.();
  }
  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      if (this.items.length) {
        yield this.items.shift()!;
        continue;
      }
      if (this.done) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}
