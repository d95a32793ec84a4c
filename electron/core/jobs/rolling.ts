// A rolling pool for a job's model calls: N items in flight at all times, each committed as soon
// as it is finished, instead of batches of N that wait for their slowest item. With `ordered`, a
// finished item is committed only once every item before it is (a job whose checkpoint is a cursor
// over its items); the next items still start as slots free up.

interface RollingOptions {
  /** Items in flight at once (at least 1). */
  concurrency: number;
  /** Commit in input order (a cursor checkpoint); default: as they finish. */
  ordered?: boolean;
  /** When aborted, no new item starts; the ones running are awaited. */
  signal?: AbortSignal;
}

interface Finished<T, R> {
  item: T;
  index: number;
  result: R;
}

/**
 * Run `work` over the items, at most `concurrency` at a time, and hand finished ones to `commit`
 * (synchronously, as they finish: a transaction). A rejected item or a commit that throws stops new
 * items from starting; the running ones are awaited and the first error is thrown.
 */
export async function runRolling<T, R>(
  items: readonly T[],
  options: RollingOptions,
  work: (item: T, index: number) => Promise<R>,
  commit: (finished: Finished<T, R>[]) => void,
): Promise<void> {
  const limit = Math.max(1, Math.floor(options.concurrency));
  const running = new Set<Promise<void>>();
  const done = new Map<number, R>();
  let next = 0;
  let committed = 0;
  let failure: { error: unknown } | null = null;

  const flush = (index: number) => {
    if (!options.ordered) {
      const result = done.get(index)!;
      done.delete(index);
      commit([{ item: items[index], index, result }]);
      return;
    }
    const ready: Finished<T, R>[] = [];
    while (done.has(committed)) {
      ready.push({ item: items[committed], index: committed, result: done.get(committed)! });
      done.delete(committed);
      committed++;
    }
    if (ready.length) commit(ready);
  };

  const launch = () => {
    while (!failure && !options.signal?.aborted && running.size < limit && next < items.length) {
      const index = next++;
      const task: Promise<void> = work(items[index], index)
        .then((result) => {
          if (failure) return;
          done.set(index, result);
          flush(index);
        })
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(task));
      running.add(task);
    }
  };

  launch();
  while (running.size) {
    await Promise.race(running);
    launch();
  }
  if (failure) throw (failure as { error: unknown }).error;
}
