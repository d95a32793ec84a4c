// Job owners for tests that stand for a process other than the test's.
import { spawnSync } from 'node:child_process';
import { thisProcess } from '../../electron/core/jobs/owner';
import type { OwnerFields } from '../../electron/core/store/jobs';

/** A process of this machine that has exited (a child run to its end), as a job's owner. */
export function deadOwner(): OwnerFields {
  const child = spawnSync(process.execPath, ['-e', '0']);
  // its start time is unknown once it has exited: '0' never matches a live process's, should the pid be reused
  return { ...thisProcess(), pid: child.pid!, start: '0', runner: `dead-${child.pid}` };
}

/** A process of another machine (a database on a shared folder), as a job's owner. */
export function remoteOwner(runner = 'remote'): OwnerFields {
  return { pid: 4242, host: 'another-machine', boot: 'another-boot', start: '1', runner };
}
