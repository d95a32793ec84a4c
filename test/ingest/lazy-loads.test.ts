// The process a text ingest runs in carries only what it needs: the libraries of other stages and
// formats are loaded where they are first used (docs/PERFORMANCE.md, "Large texts"). Each check
// runs in a fresh Node process, as the CLI starts (tsx), and reads which packages were loaded.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The node_modules packages loaded after running `body` (an ES module's code) in a fresh process: those
 * required (CommonJS, in require's cache) and those imported (ES modules, seen by a resolve hook).
 */
function packagesLoadedBy(body: string): string[] {
  const hook = `let port; export function initialize(data) { port = data.port; }
export async function resolve(spec, context, next) { const r = await next(spec, context); port.postMessage(r.url); return r; }`;
  const script = `
const { register, createRequire } = await import('node:module');
const { MessageChannel } = await import('node:worker_threads');
const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on('message', (u) => urls.push(u));
port1.unref();
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)}, { data: { port: port2 }, transferList: [port2] });
${body}
await new Promise((r) => setTimeout(r, 200));
const files = [...Object.keys(createRequire(${JSON.stringify(path.join(root, 'x.js'))}).cache), ...urls];
const packageOf = (f) => { const rest = f.split('/node_modules/').at(-1).split('/'); return rest[0].startsWith('@') ? rest[0] + '/' + rest[1] : rest[0]; };
console.log(JSON.stringify([...new Set(files.filter((f) => f.includes('/node_modules/')).map(packageOf))]));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

/** Libraries no text ingest needs: English reading (extraction, ranking), the graph's communities, JSON-LD import, HTML, PDF, DOCX, the LLM. */
const NOT_FOR_A_TEXT = [
  'wink-nlp',
  'wink-eng-lite-web-model',
  'graphology',
  'graphology-communities-louvain',
  'jsonld',
  'html-to-text',
  'pdfjs-dist',
  'mammoth',
  'node-llama-cpp',
];

describe('lazy loads', () => {
  it("the core's modules load none of the libraries a text ingest does not need", () => {
    const loaded = packagesLoadedBy(`await import(${JSON.stringify(path.join(root, 'electron/core/core.ts'))});`);
    // the probe itself works: the store's driver is loaded with the core
    expect(loaded).toContain('better-sqlite3');
    expect(loaded.filter((p) => NOT_FOR_A_TEXT.includes(p))).toEqual([]);
  });

  it('preparing a text file in the ingest thread loads none of them either', () => {
    const loaded = packagesLoadedBy(`
const fs = await import('node:fs');
const os = await import('node:os');
const dir = fs.mkdtempSync(os.tmpdir() + '/gw-lazy-');
fs.writeFileSync(dir + '/a.txt', '1. Introduction\\n\\nThe server sends a reply to the client.\\n');
const { prepareFile } = await import(${JSON.stringify(path.join(root, 'electron/core/ingest/pipeline.ts'))});
const prepared = await prepareFile(dir + '/a.txt');
if (prepared.docs[0]?.language !== 'en') throw new Error('language not detected: ' + prepared.docs[0]?.language);
fs.rmSync(dir, { recursive: true });`);
    expect(loaded.filter((p) => NOT_FOR_A_TEXT.includes(p))).toEqual([]);
    // the language model is loaded in a thread of its own (ingest/language.ts), never where documents are prepared
    expect(loaded).not.toContain('tinyld');
  });

  it('each is still loaded where it is used: an HTML file loads html-to-text', () => {
    const loaded = packagesLoadedBy(`
const fs = await import('node:fs');
const os = await import('node:os');
const dir = fs.mkdtempSync(os.tmpdir() + '/gw-lazy-');
fs.writeFileSync(dir + '/a.html', '<html><body><h1>Introduction</h1><p>The server sends a reply.</p></body></html>');
const { prepareFile } = await import(${JSON.stringify(path.join(root, 'electron/core/ingest/pipeline.ts'))});
await prepareFile(dir + '/a.html');
fs.rmSync(dir, { recursive: true });`);
    expect(loaded).toContain('html-to-text');
  });
});
