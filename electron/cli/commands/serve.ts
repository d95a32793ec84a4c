import path from 'node:path';
import fs from 'node:fs';
import type { Command } from '../command';
import { UsageError, dbOption } from '../command';
import { startHost } from '../../core/host/server';
import { repoRoot } from '../../core/paths';
import { Core } from '../../core/core';
import { defaultDbPath } from '../../core/paths';

export const serveCommand: Command = {
  name: 'serve',
  usage: 'serve --db FILE [--port N]',
  summary: 'Run the headless host: the app in a browser, on 127.0.0.1, behind a token',
  options: { ...dbOption, port: { type: 'string', short: 'p' } },
  async run({ values }, io) {
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, got ${JSON.stringify(values.port)}`);
    const staticDir = process.env.GRAPHWRIGHT_RENDERER_DIR ?? path.join(repoRoot(), 'dist', 'renderer');
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) io.err(`warning: no built renderer in ${staticDir} (run npm run build:renderer); the API still works`);
    const core = new Core({ dbPath: (values.db as string | undefined) ?? defaultDbPath(), host: 'http' });
    const host = await startHost(core, { port, staticDir, token: process.env.GRAPHWRIGHT_TOKEN || undefined });
    io.out(`Graphwright is serving ${core.dbPath}`);
    io.out(`Open ${host.url}`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await host.close();
    await core.close();
  },
};
