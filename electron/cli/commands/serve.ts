import path from 'node:path';
import fs from 'node:fs';
import type { Command } from '../command';
import { UsageError, dbOption } from '../command';
import { startHost } from '../../core/host/server';
import { enableDatabaseSwitching } from '../../core/host/switch';
import { repoRoot } from '../../core/paths';
import { Core } from '../../core/core';
import { ensureRenderer, newToken, rememberHost, rememberedHost } from '../serve-setup';
import { defaultDbPath } from '../../core/paths';
import { originOf } from '../../core/endpoints';
import { isWritable } from '../../core/store/db';

export const serveCommand: Command = {
  name: 'serve',
  usage: 'serve --db FILE [--port N] [--grant-endpoint URL]...',
  summary: 'Run the headless host: the app in a browser, on 127.0.0.1, behind a token',
  // --grant-endpoint: an endpoint the browser may name for this run (extraction, publishing, model downloads; docs/SECURITY.md)
  options: { ...dbOption, port: { type: 'string', short: 'p' }, 'grant-endpoint': { type: 'string', multiple: true } },
  async run({ values }, io) {
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535, got ${JSON.stringify(values.port)}`);
    const customDir = process.env.GRAPHWRIGHT_RENDERER_DIR;
    const staticDir = customDir ?? path.join(repoRoot(), 'dist', 'renderer');
    // The repository's own renderer is (re)built when missing or stale; a folder the user named is served as it is.
    const built =
      customDir || process.env.GRAPHWRIGHT_NO_AUTOBUILD
        ? fs.existsSync(path.join(staticDir, 'index.html'))
        : ensureRenderer({ root: repoRoot(), staticDir, log: (l) => io.err(l) });
    if (!built) io.err(`warning: no built renderer in ${staticDir} (run npm run build:renderer); the API still works`);
    const endpoints = (values['grant-endpoint'] as string[] | undefined) ?? [];
    for (const url of endpoints) if (!originOf(url)) throw new UsageError(`--grant-endpoint takes an http(s) URL, got ${JSON.stringify(url)}`);
    const dbPath = (values.db as string | undefined) ?? defaultDbPath();
    // a database on read-only media (or --read-only) is served for reading: changes are refused, no job runs
    const readOnly = values['read-only'] === true || (fs.existsSync(dbPath) && !isWritable(dbPath));
    const core = new Core({ dbPath, host: 'http', endpoints, readOnly, startJobs: !readOnly });
    if (readOnly) io.err(`note: serving ${path.resolve(dbPath)} read-only (it cannot be written here, or --read-only): reading works, changes are refused`);
    // Without --port, the last port and token of this database (so open tabs reconnect), when free.
    const memory = values.port === undefined ? rememberedHost(core.dataDir, core.dbPath) : null;
    const token = process.env.GRAPHWRIGHT_TOKEN || memory?.token || newToken();
    const host = await startHost(core, { port, preferredPort: memory?.port, staticDir, token });
    if (values.port === undefined)
      rememberHost(core.dataDir, core.dbPath, { port: host.port, token: process.env.GRAPHWRIGHT_TOKEN ? (memory?.token ?? newToken()) : token });
    if (memory && memory.port !== host.port) io.err(`note: port ${memory.port} (this database's last) is taken; serving on ${host.port}`);
    // File → New/Open database in the browser: another database of the same data folder, same URL
    const serving = enableDatabaseSwitching(
      host,
      core,
      (dbPath) => new Core({ dbPath, dataDir: core.dataDir, host: 'http', endpoints }),
      (next) => io.out(`Graphwright is serving ${next.dbPath}`),
    );
    io.out(`Graphwright is serving ${core.dbPath}`);
    for (const url of endpoints) io.out(`The browser may send data to ${originOf(url)} (--grant-endpoint, for this run)`);
    io.out(`Open ${host.url}`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await host.close();
    await serving.current().close();
  },
};
