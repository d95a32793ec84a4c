// ESLint flat config: type-less recommended rules plus the architecture's import boundaries
// (docs/ARCHITECTURE.md), the React hooks rules for renderer/, and one typed rule for electron/
// (no-floating-promises: an unawaited promise in the core loses its error). test/lint/ proves
// each boundary and the typed rule still report.
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const ROOT = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// Boundaries between the layers. Bare module names (electron, node builtins, packages) are
// restricted with no-restricted-imports; relative imports that cross into a forbidden folder
// are caught by the local rule below, which resolves them against the importing file.

const nodeBuiltins = [...new Set(builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.split('/')[0]))];

const electronOnlyInShell = {
  name: 'electron',
  message: "'electron' may only be imported under electron/shell/ (the core runs in plain Node; the renderer goes through window.api).",
};

/** Layer folders (relative to the repo root, '/' separated) and what each may not reach. */
export const LAYERS = {
  shared: { files: ['shared/**'], forbid: [{ outside: 'shared/', message: 'shared/ imports only zod and shared/.' }] },
  core: {
    files: ['electron/core/**'],
    forbid: [
      { inside: 'electron/shell/', message: 'electron/core may not import the Electron shell.' },
      { inside: 'electron/cli/', message: 'electron/core may not import the CLI.' },
      { inside: 'electron/cli.ts', message: 'electron/core may not import the CLI.' },
      { inside: 'renderer/', message: 'electron/core may not import the renderer.' },
    ],
  },
  cli: {
    files: ['electron/cli.ts', 'electron/cli/**'],
    forbid: [
      { inside: 'electron/shell/', message: 'The CLI may not import the Electron shell.' },
      { inside: 'renderer/', message: 'The CLI may not import the renderer.' },
    ],
  },
  shell: {
    files: ['electron/shell/**'],
    forbid: [
      { inside: 'electron/cli/', message: 'The shell may not import the CLI.' },
      { inside: 'electron/cli.ts', message: 'The shell may not import the CLI.' },
      { inside: 'renderer/', message: 'The shell may not import the renderer (it loads the built one).' },
    ],
  },
  renderer: {
    files: ['renderer/**'],
    forbid: [{ inside: 'electron/', message: 'The renderer may not import electron/ (core, shell, CLI): use the API client (window.api or HTTP).' }],
  },
};

// The core's inner floors: what a folder (or file) of the core may import of the rest of the core;
// everything else of it is forbidden, type-only imports included. From the bottom: text/ and nlp/
// hold language helpers; the logger, paths, version, events and endpoint grants are imported by
// everything; document/ computes a document's structure from its text and sits below the store,
// which writes it; chunk/ and review/ sit on the store; jobs/ (the runner) and llm/ (the engines)
// below every stage: a job kind is declared in the contract, so the runner imports no stage. The
// stages (ingest, extract, concepts, retrieve, chat, export, import, publish, editions) are leaves that
// only api/, core.ts and eval/ import, but for the seams named in their `why`. CORE_TOPS may import
// anything; every entry of the core is a floor or a top (test/lint/boundaries.test.ts).
const CORE_DIR = 'electron/core/';
const coreEntries = fs
  .readdirSync(path.join(ROOT, CORE_DIR), { withFileTypes: true })
  .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
  .filter((e) => e.endsWith('/') || /\.ts$/.test(e));

/** The entries of the core that may import any other: the API handlers, the Core that wires them, the hosts. */
export const CORE_TOPS = ['api/', 'core.ts', 'host/'];

const BASE = ['log.ts', 'text/', 'nlp/'];

/** Floors: files of the core, the core entries (folder/ or file.ts) they may import besides themselves, and why. */
export const CORE_FLOORS = [
  { floor: 'text/', mayImport: [], why: 'text helpers are the floor of the core' },
  { floor: 'nlp/', mayImport: ['log.ts', 'text/'], why: 'language knowledge sits below every stage' },
  { floor: 'log.ts', mayImport: [], why: 'the logger is imported by everything' },
  { floor: 'paths.ts', mayImport: [], why: 'paths are imported by everything' },
  { floor: 'version.ts', mayImport: [], why: 'the version is imported by everything' },
  { floor: 'events.ts', mayImport: [], why: 'the event bus is imported by the runner and the stages' },
  { floor: 'endpoints.ts', mayImport: [], why: 'endpoint grants are checked by every host' },
  { floor: 'grants.ts', mayImport: ['paths.ts', 'endpoints.ts'], why: 'what an untrusted caller may touch sits below the handlers' },
  { floor: 'databases.ts', mayImport: ['log.ts'], why: 'the list of databases sits below the hosts' },
  { floor: 'learn/', mayImport: [], why: 'fitting helpers are plain numbers, below the stages that fit' },
  { floor: 'graph/', mayImport: ['learn/'], why: 'graph algorithms are plain, below the handlers (the seeded generator of learn/)' },
  { floor: 'document/', mayImport: BASE, why: "a document's structure is computed from its text, below the store that writes it" },
  { floor: 'store/', mayImport: [...BASE, 'document/'], why: 'the store is below the stages' },
  { floor: 'chunk/', mayImport: [...BASE, 'store/'], why: 'chunking sits on the store, below the stages' },
  { floor: 'review/', mayImport: ['log.ts', 'store/'], why: 'the review commands sit on the store, below the stages' },
  { floor: 'jobs/', mayImport: ['log.ts', 'events.ts', 'store/'], why: 'the job runner sits below every stage; job kinds come from the contract' },
  { floor: 'llm/', mayImport: ['log.ts', 'paths.ts', 'store/', 'jobs/'], why: 'the model engines sit below the stages that use them' },
  {
    floor: 'services.ts',
    mayImport: ['store/', 'events.ts', 'jobs/', 'llm/', 'grants.ts', 'endpoints.ts'],
    why: 'what handlers and jobs may use of the core names no stage',
  },
  // the stages: leaves, but for the seams each names
  { floor: 'editions/', mayImport: ['log.ts', 'store/', 'document/', 'review/'], why: 'a new edition is applied on the store, by ingest and the handlers' },
  {
    floor: 'ingest/',
    mayImport: [...BASE, 'events.ts', 'store/', 'document/', 'chunk/', 'jobs/', 'llm/', 'editions/'],
    why: 'a stage; seam: an ingested new edition is applied by editions/',
  },
  { floor: 'export/', mayImport: [...BASE, 'version.ts', 'store/', 'jobs/'], why: "a stage: the graph's export, on the store" },
  {
    floor: 'import/',
    mayImport: [...BASE, 'store/', 'export/'],
    why: "a stage: the graph's import, on the store; seam: it reads the formats export/ writes (the format table, vocabulary, CSV cells, the writers' markers)",
  },
  {
    floor: 'publish/',
    mayImport: ['log.ts', 'version.ts', 'store/', 'jobs/', 'export/', 'import/'],
    why: "a stage; seam: it writes with export/'s RDF writers and pulls a remote graph in through import/'s import thread",
  },
  { floor: 'concepts/', mayImport: [...BASE, 'store/', 'review/', 'jobs/', 'llm/', 'services.ts'], why: 'a stage' },
  {
    floor: 'extract/',
    mayImport: [...BASE, 'store/', 'document/', 'chunk/', 'jobs/', 'llm/', 'services.ts', 'concepts/'],
    why: "a stage; seam: the prompts read the user schema's type hints (concepts/types.ts)",
  },
  { floor: 'retrieve/', mayImport: [...BASE, 'events.ts', 'store/', 'document/', 'chunk/', 'jobs/', 'llm/', 'learn/'], why: 'a stage' },
  {
    floor: 'chat/',
    mayImport: [...BASE, 'events.ts', 'store/', 'document/', 'llm/', 'learn/', 'retrieve/'],
    why: 'a stage; seam: answers are built on retrieve/ (passages, question analysis)',
  },
  {
    floor: 'eval/',
    mayImport: [...BASE, 'version.ts', 'store/', 'jobs/', 'llm/', 'learn/', 'services.ts', 'extract/', 'retrieve/', 'chat/'],
    why: 'the evaluation runs the stages it measures',
  },
];

/** The layer config of one floor: the core's own boundaries, and every core entry it may not import. */
function floorLayer({ floor, mayImport, why }) {
  const allowed = new Set([floor, ...mayImport]);
  return {
    files: [floor.endsWith('/') ? `${CORE_DIR}${floor}**` : `${CORE_DIR}${floor}`],
    forbid: [
      ...LAYERS.core.forbid,
      ...coreEntries
        .filter((e) => !allowed.has(e))
        .map((e) => ({
          inside: `${CORE_DIR}${e}`,
          message: `electron/core/${floor} may import only ${mayImport.length ? mayImport.map((m) => `electron/core/${m}`).join(', ') : 'itself'} of the core (${why}).`,
        })),
    ],
  };
}

function importSources(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source && node.source.type === 'Literal' && typeof node.source.value === 'string' ? node.source : null;
    case 'CallExpression':
      return node.callee.type === 'Identifier' &&
        node.callee.name === 'require' &&
        node.arguments[0]?.type === 'Literal' &&
        typeof node.arguments[0].value === 'string'
        ? node.arguments[0]
        : null;
    default:
      return null;
  }
}

const layerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Relative imports may not cross the architecture boundaries; dynamic import()/require() of restricted packages are caught too.' },
    schema: [
      {
        type: 'object',
        properties: {
          forbid: {
            type: 'array',
            items: {
              type: 'object',
              properties: { inside: { type: 'string' }, outside: { type: 'string' }, message: { type: 'string' } },
              additionalProperties: false,
            },
          },
          forbidPackages: {
            type: 'array',
            items: { type: 'object', properties: { regex: { type: 'string' }, message: { type: 'string' } }, additionalProperties: false },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { forbid = [], forbidPackages = [] } = context.options[0] ?? {};
    const packages = forbidPackages.map((p) => ({ re: new RegExp(p.regex), message: p.message }));
    const check = (node) => {
      const source = importSources(node);
      if (!source) return;
      const spec = source.value;
      if (spec.startsWith('.') || spec.startsWith('/')) {
        const target = path
          .relative(ROOT, path.resolve(path.dirname(context.filename), spec))
          .split(path.sep)
          .join('/');
        for (const f of forbid) {
          const hit = f.inside
            ? target === f.inside.replace(/\/$/, '') || target.startsWith(f.inside) || target === f.inside.replace(/\.ts$/, '')
            : !(target + '/').startsWith(f.outside);
          if (hit) {
            context.report({ node: source, message: `'${spec}' crosses a boundary: ${f.message}` });
            return;
          }
        }
      } else if (node.type === 'ImportExpression' || node.type === 'CallExpression') {
        // Static imports of packages are no-restricted-imports' job; dynamic ones are ours.
        const p = packages.find((x) => x.re.test(spec));
        if (p) context.report({ node: source, message: `'${spec}': ${p.message}` });
      }
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check, CallExpression: check };
  },
};

const boundaries = { meta: { name: 'graphwright-boundaries' }, rules: { layers: layerRule } };

const ELECTRON_RE = '^electron(/|$)';
const BUILTIN_RE = `^(node:.*|(${nodeBuiltins.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/.*)?)$`;

function restrictedImports({ electron = false, builtins = false, onlyZod = false }) {
  const paths = [];
  const patterns = [];
  if (electron) {
    paths.push(electronOnlyInShell);
    patterns.push({ regex: '^electron/', message: electronOnlyInShell.message });
  }
  if (builtins) {
    patterns.push({ regex: BUILTIN_RE, message: 'The renderer runs in a browser sandbox: no Node built-ins.' });
  }
  if (onlyZod) {
    patterns.push({ regex: '^(?!\\.|zod(/|$)).', message: 'shared/ imports only zod and shared/.' });
  }
  return ['error', { paths, patterns }];
}

function layerConfig(layer, restrictions, packages) {
  return {
    files: layer.files.map((f) => (f.endsWith('**') ? `${f}/*.{ts,tsx,js,mjs,cjs}` : f)),
    plugins: { boundaries },
    rules: {
      'no-restricted-imports': restrictedImports(restrictions),
      'boundaries/layers': ['error', { forbid: layer.forbid, forbidPackages: packages }],
    },
  };
}

const electronPkg = { regex: ELECTRON_RE, message: electronOnlyInShell.message };
const builtinPkg = { regex: BUILTIN_RE, message: 'The renderer runs in a browser sandbox: no Node built-ins.' };

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'release/',
      '.cache/',
      '.tmp/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'models/',
      '**/*.tmp.ts',
      '.tmp-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      'prefer-const': ['error', { destructuring: 'all' }],
      'no-useless-escape': 'warn',
      '@typescript-eslint/no-unused-expressions': ['warn', { allowShortCircuit: true, allowTernary: true, allowTaggedTemplates: true }],
    },
  },
  {
    // Playwright fixtures take their dependencies as `async ({}, use) => …`.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Typed lint, for electron/ only (the two programs cover it; the renderer and tests stay fast
    // and type-less). A promise nobody awaits loses its rejection: await it, catch it, or mark
    // fire-and-forget with `void`.
    files: ['electron/**/*.ts'],
    languageOptions: { parserOptions: { project: ['./tsconfig.node.json', './tsconfig.shell.json'], tsconfigRootDir: ROOT } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Only electron/core/store/ writes SQL (docs/ARCHITECTURE.md): SQL text prepared or executed
    // anywhere else in electron/ is an error; ask a repository for it instead.
    files: ['electron/**/*.ts'],
    ignores: ['electron/core/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(prepare|pragma)$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
          message: 'Only electron/core/store/ prepares SQL: add a repository method there.',
        },
        {
          // db.exec('…') / store.db.exec(`…`), not RegExp#exec
          selector:
            "CallExpression[callee.property.name='exec'][callee.object.name=/^db$|Db$/][arguments.0.type=/^(Literal|TemplateLiteral)$/], CallExpression[callee.property.name='exec'][callee.object.property.name='db']",
          message: 'Only electron/core/store/ executes SQL: add a repository method there.',
        },
      ],
    },
  },
  {
    // The core logs through electron/core/log.ts (levels, the log file, never stdout), not console.
    files: ['electron/core/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['electron/shell/preload.ts', 'electron/shell/bridge.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // Boundaries: 'electron' everywhere but the shell; then each layer's own list.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['electron/shell/**'],
    plugins: { boundaries },
    rules: {
      'no-restricted-imports': restrictedImports({ electron: true }),
      'boundaries/layers': ['error', { forbidPackages: [electronPkg] }],
    },
  },
  layerConfig(LAYERS.shared, { electron: true, onlyZod: true }, [electronPkg, { regex: '^(?!zod(/|$)).', message: 'shared/ imports only zod and shared/.' }]),
  layerConfig(LAYERS.core, { electron: true }, [electronPkg]),
  // after the core's: a floor's rule options replace the core's for its files (floorLayer keeps them)
  ...CORE_FLOORS.map((f) => layerConfig(floorLayer(f), { electron: true }, [electronPkg])),
  layerConfig(LAYERS.cli, { electron: true }, [electronPkg]),
  layerConfig(LAYERS.shell, {}, []),
  layerConfig(LAYERS.renderer, { electron: true, builtins: true }, [electronPkg, builtinPkg]),
);
