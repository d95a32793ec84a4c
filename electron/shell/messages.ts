// User-facing explanations of start-up failures (pure).

/** Explain a core that failed to start; the usual cause in development is better-sqlite3's ABI. */
export function coreFailureHelp(message: string): string {
  const abi = /NODE_MODULE_VERSION|was compiled against a different Node\.js version|better_sqlite3\.node/i.test(message);
  return abi
    ? `${message}\n\nbetter-sqlite3 is built for plain Node (tests, CLI), not for Electron. ` +
        'Run npm start, which prepares an Electron build of it in .electron-app/, or for packaging run npx electron-builder install-app-deps.'
    : message;
}
