// How many chunks the classic engine takes per transaction. Each batch is extracted, stored and
// committed while the event loop waits, so it should take about CLASSIC_BATCH_MS; each commit has a
// cost of its own (the WAL, FTS5 segments), so batches should not be smaller than that.
//
// Sized by the CPU time of the thread that runs the job, per character of chunk text, over every
// batch so far: wall time counts whatever else the machine runs (on two shared cores the batches
// shrank to 2-16 chunks, some 80 commits for the dev RFCs, where the CPU would allow 30-40), and a
// count of chunks does not tell a short chunk from a long one.
import fs from 'node:fs';

/** What one batch should take (extraction, storage and commit), in ms of the job thread's CPU. */
export const CLASSIC_BATCH_MS = 40;
const MAX_CLASSIC_BATCH = 256;
/** The first batch, before anything is measured. */
const FIRST_CLASSIC_BATCH = 8;

/** How much the batches before the last still count in the rate. */
const DECAY = 0.7;

let procWorks: boolean | null = null;

/**
 * CPU time of the calling thread in ms: Node's threadCpuUsage where there is one, else Linux's
 * /proc/thread-self/stat (10 ms ticks), else the process's CPU time (all its threads), or NaN when
 * `processFallback` is false.
 */
export function threadCpuMs(processFallback = true): number {
  const tcu = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
  if (tcu) {
    const u = tcu();
    return (u.user + u.system) / 1000;
  }
  if (procWorks !== false) {
    try {
      const raw = fs.readFileSync('/proc/thread-self/stat', 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      procWorks = true;
      return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in ticks of 10 ms (USER_HZ 100)
    } catch {
      procWorks = false; // not Linux: the process's time
    }
  }
  if (!processFallback) return NaN;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Plans batches from what the batches so far cost per character (the latest weighing most: the first ones run cold code). */
export class BatchPlanner {
  private cpuMs = 0;
  private chars = 0;
  private size: number;

  constructor(
    private readonly targetMs = CLASSIC_BATCH_MS,
    first = FIRST_CLASSIC_BATCH,
    private readonly max = MAX_CLASSIC_BATCH,
  ) {
    this.size = first;
  }

  /** How many of `chunks`, from `from`, the next batch takes (at least one). */
  next(chunks: readonly { text: string }[], from: number): number {
    const left = chunks.length - from;
    // Too little measured yet for a rate (the clock may tick by 10 ms): the last size, doubled after each batch.
    if (this.cpuMs < 2 * 10 || this.chars === 0) return Math.max(1, Math.min(left, this.size));
    const perChar = this.cpuMs / this.chars;
    let n = 0;
    for (let ms = 0; n < left && n < this.max && (n === 0 || ms < this.targetMs); n++) ms += chunks[from + n].text.length * perChar;
    return n;
  }

  /** What a batch of `chars` characters of text cost, in ms of CPU. */
  record(cpuMs: number, chars: number): void {
    this.cpuMs = this.cpuMs * DECAY + Math.max(0, cpuMs);
    this.chars = this.chars * DECAY + chars;
    this.size = Math.min(this.max, this.size * 2);
  }
}
