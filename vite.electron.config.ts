// Build of the Electron side (not the renderer, see vite.config.ts):
//   dist-electron/main.js, core-process.js  ESM for Electron's Node; node builtins, electron and
//                                            every runtime dependency stay external (node_modules
//                                            ships in the app; native ones are unpacked from asar)
//   dist-electron/preload.cjs                CommonJS, self-contained: a sandboxed preload may
//                                            require only 'electron'
//   dist-electron/ingest-worker.js           ESM, self-contained (no shared chunks): the worker thread
//                                            that parses and chunks (electron/core/ingest/worker.ts);
//                                            worker-pool.ts finds it through __GRAPHWRIGHT_INGEST_WORKER__
//   dist-electron/import-worker.js           ESM, self-contained: the graph import's worker thread
//                                            (electron/core/import/import-worker.ts, import-thread.ts)
// Run with: npm run build:electron  (vite build --app -c vite.electron.config.ts)
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const outDir = path.join(root, 'dist-electron');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const runtimeDeps = Object.keys(pkg.dependencies ?? {});
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Bare imports that stay require/import calls at run time in the main and core processes. */
export function isMainExternal(id: string): boolean {
  if (id.startsWith('node:') || builtins.has(id)) return true;
  if (id === 'electron' || id.startsWith('electron/')) return true;
  // Always external even before they are listed: native addons and their prebuilt packages.
  if (/^(better-sqlite3|node-llama-cpp|@node-llama-cpp\/|sqlite-vec)/.test(id)) return true;
  return runtimeDeps.some((d) => id === d || id.startsWith(`${d}/`));
}

/**
 * Core and CLI code finds files next to its source (import.meta.url / dirname / filename, e.g.
 * ../../package.json). Once bundled into dist-electron/*.js those would point elsewhere, so
 * rewrite them, for sources outside electron/shell, to the source file's location in the app
 * (dist-electron/ sits at the app root, in the repository and inside app.asar alike).
 */
function sourceLocatedImportMeta(): Plugin {
  const shellDir = path.join(root, 'electron', 'shell') + path.sep;
  return {
    name: 'graphwright:source-located-import-meta',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.startsWith(root + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || file.startsWith(shellDir)) return null;
      if (!/import\.meta\.(url|dirname|filename)/.test(code)) return null;
      const rel = path.relative(root, file).split(path.sep).join('/');
      const relDir = path.posix.dirname(rel);
      const fileUrl = `new URL(${JSON.stringify(`../${rel}`)}, import.meta.url)`;
      const dirUrl = `new URL(${JSON.stringify(`../${relDir}`)}, import.meta.url)`;
      const out = code.replace(/import\.meta\.(url|dirname|filename)\b/g, (_m, what: string) => {
        if (what === 'url') return `${fileUrl}.href`;
        if (what === 'filename') return `__gwFileURLToPath(${fileUrl})`;
        return `__gwFileURLToPath(${dirUrl})`;
      });
      return { code: `import { fileURLToPath as __gwFileURLToPath } from 'node:url';\n${out}`, map: null };
    },
  };
}

/** A worker thread's entry, bundled on its own (no shared chunks: a worker loads one file). */
function workerEnvironment(name: string, entry: string) {
  return {
    consumer: 'server' as const,
    resolve: { noExternal: true as const, external: [] },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      sourcemap: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: { [name]: path.join(root, entry) },
        external: isMainExternal,
        platform: 'node' as const,
        output: { format: 'es' as const, entryFileNames: '[name].js', codeSplitting: false },
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  envPrefix: 'GRAPHWRIGHT_PUBLIC_',
  logLevel: 'warn',
  environments: {
    main: {
      consumer: 'server',
      resolve: { noExternal: true, external: [] },
      build: {
        outDir,
        emptyOutDir: false,
        target: 'node22',
        minify: false,
        sourcemap: true,
        copyPublicDir: false,
        reportCompressedSize: false,
        rolldownOptions: {
          input: {
            main: path.join(root, 'electron/shell/main.ts'),
            'core-process': path.join(root, 'electron/shell/core-process.ts'),
          },
          external: isMainExternal,
          platform: 'node',
          output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    },
    ingestWorker: workerEnvironment('ingest-worker', 'electron/core/ingest/worker.ts'),
    importWorker: workerEnvironment('import-worker', 'electron/core/import/import-worker.ts'),
    preload: {
      consumer: 'server',
      resolve: { noExternal: true, external: [] },
      build: {
        outDir,
        emptyOutDir: false,
        target: 'chrome140',
        minify: false,
        sourcemap: false,
        copyPublicDir: false,
        reportCompressedSize: false,
        rolldownOptions: {
          input: { preload: path.join(root, 'electron/shell/preload.ts') },
          external: (id) => id === 'electron',
          platform: 'neutral',
          output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
        },
      },
    },
  },
  // The core's worker pool starts dist-electron/ingest-worker.js instead of ./worker.ts under tsx.
  // The graph import runs dist-electron/import-worker.js instead of import/import-worker.ts (issue 16).
  define: { __GRAPHWRIGHT_INGEST_WORKER__: JSON.stringify('ingest-worker.js'), __GRAPHWRIGHT_IMPORT_WORKER__: JSON.stringify('import-worker.js') },
  plugins: [sourceLocatedImportMeta()],
  builder: {
    async buildApp(builder) {
      fs.rmSync(outDir, { recursive: true, force: true });
      await builder.build(builder.environments.main);
      await builder.build(builder.environments.ingestWorker);
      await builder.build(builder.environments.importWorker);
      await builder.build(builder.environments.preload);
    },
  },
});
