// Main-process side of the core: fork the utility process and talk to it through CoreClient.
import { utilityProcess, type UtilityProcess } from 'electron';
import path from 'node:path';
import { CoreClient, type Endpoint, type ToCore } from './protocol';
import { coreArgs, type CoreArgs } from './core-args';

export interface CoreConnection {
  client: CoreClient;
  child: UtilityProcess;
  /** Stop jobs, close the database, end the process (killed after the timeout). */
  stop(timeoutMs?: number): Promise<void>;
}

/** Fork dist-electron/core-process.js (built beside main.js) with the per-user data paths. */
export function startCoreProcess(options: CoreArgs & { onExit?: (code: number) => void }): CoreConnection {
  const entry = path.join(import.meta.dirname, 'core-process.js');
  const child = utilityProcess.fork(entry, coreArgs(options), {
    serviceName: 'Graphwright core',
    stdio: 'inherit',
    env: { ...process.env, GRAPHWRIGHT_HOST: 'electron' },
  });
  const endpoint: Endpoint<unknown, ToCore> = {
    post: (message) => child.postMessage(message),
    onMessage(listener) {
      child.on('message', listener);
      return () => child.off('message', listener);
    },
  };
  const client = new CoreClient(endpoint);
  let exited = false;
  child.once('exit', (code) => {
    exited = true;
    client.fail(`the core process exited (code ${code})`);
    options.onExit?.(code);
  });

  return {
    client,
    child,
    async stop(timeoutMs = 5000) {
      if (exited) return;
      const clean = await client.shutdown(timeoutMs);
      if (!clean && !exited) child.kill();
    },
  };
}
