// Who owns a job, and whether that owner is still there. Every process that queues or runs jobs
// (the CLI, `serve`, the Electron core process) writes its identity on the job row and refreshes a
// heartbeat while it lives; another process on the same database takes a job over only when its
// owner is gone. A pid is proof on the same machine (the process is there with the same start
// time, or it is not); a heartbeat is the evidence elsewhere (a database on a shared folder read
// from two machines), and where the pid cannot be checked.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { JobOwner, ProcessIdentity } from '../store/jobs';

export type { JobOwner, ProcessIdentity };

/** self: this runner; alive: another runner that is still there; gone: nobody (dead, or never recorded). */
export type OwnerStatus = 'self' | 'alive' | 'gone';

const readFile = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    // not Linux, or the process is gone: unknown
    return null;
  }
};

/** The start time of a process (field 22 of /proc/PID/stat), or null where it cannot be read. */
function processStart(pid: number): string | null {
  const stat = readFile(`/proc/${pid}/stat`);
  if (!stat) return null;
  // the command name (field 2) is in parentheses and may hold spaces: count fields after its ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

let identity: ProcessIdentity | undefined;

/** This process's identity (read once). */
export function thisProcess(): ProcessIdentity {
  identity ??= {
    pid: process.pid,
    host: os.hostname(),
    boot: readFile('/proc/sys/kernel/random/boot_id')?.trim() || null,
    start: processStart(process.pid),
  };
  return identity;
}

/** A new runner's id. */
export const newRunnerId = (): string => crypto.randomUUID();

/** The runners started in this process and not stopped: another core in this process asks here. */
const liveRunners = new Set<string>();

export function runnerStarted(runner: string): void {
  liveRunners.add(runner);
}

export function runnerStopped(runner: string): void {
  liveRunners.delete(runner);
}

/** Whether a process with this pid exists on this machine (EPERM: it does, another user's). */
function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a job's owner is this runner, another one still there, or gone.
 *
 * - the same process (same pid, start and machine): the runner must still be started in it;
 * - the same machine: the pid decides: no such process, or one started at another time (the pid was
 *   reused), is gone; the same process is alive, whatever its heartbeat (a process busy in a long
 *   synchronous step, or waiting on another's write lock, misses beats but still owns its job);
 * - another machine, or a pid whose start time cannot be read: gone once the heartbeat is older
 *   than `staleMs`.
 */
export function ownerStatus(owner: JobOwner | null, options: { runner: string; staleMs: number; now?: number }): OwnerStatus {
  if (!owner) return 'gone';
  if (owner.runner === options.runner) return 'self';
  const me = thisProcess();
  const sameMachine = owner.host === me.host && owner.boot === me.boot;
  if (sameMachine) {
    if (owner.pid === me.pid && owner.start === me.start) return liveRunners.has(owner.runner) ? 'alive' : 'gone';
    if (!pidExists(owner.pid)) return 'gone';
    const start = processStart(owner.pid);
    if (start !== null && owner.start !== null) return start === owner.start ? 'alive' : 'gone';
  }
  if (!owner.heartbeatAt) return 'gone';
  const age = (options.now ?? Date.now()) - Date.parse(owner.heartbeatAt);
  return Number.isFinite(age) && age <= options.staleMs ? 'alive' : 'gone';
}

/** How often a runner refreshes its heartbeat (GRAPHWRIGHT_JOB_HEARTBEAT_MS; default 5 s). */
export function heartbeatInterval(): number {
  const v = Number(process.env.GRAPHWRIGHT_JOB_HEARTBEAT_MS);
  return Number.isFinite(v) && v >= 50 ? v : 5000;
}

/** Missed beats after which an owner whose pid cannot be checked counts as gone. */
export const STALE_BEATS = 6;
