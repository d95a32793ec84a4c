// Concurrency for the llama engine (llama.ts): a queue of free context sequences (generate() and
// stream() take one and wait when all are busy) and a queue of streamed text chunks.
import type { LlamaContextSequence } from 'node-llama-cpp';
import { abortError } from './engine';

/** A tiny async mutex/queue of free sequences. */
export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly waiters: { resolve: (s: LlamaContextSequence) => void; reject: (e: unknown) => void; signal?: AbortSignal; onAbort?: () => void }[] = [];
  private busy = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(sequences: LlamaContextSequence[]) {
    this.free = [...sequences];
  }

  acquire(signal?: AbortSignal): Promise<LlamaContextSequence> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const s = this.free.shift();
    if (s) {
      this.busy++;
      return Promise.resolve(s);
    }
    return new Promise((resolve, reject) => {
      const waiter: (typeof this.waiters)[number] = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortError(signal));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  release(s: LlamaContextSequence): void {
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
