// Review and Graph views in headless Chromium against `graphwright serve` on generated graphs:
//   graph view: time to the first picture and to the full layout (what the first render waited for
//   before: the ratio of the two, same run), a second opening (saved positions), pan frame times for
//   2,000 and 10,000 nodes (canvas renderer; GRAPHWRIGHT_BENCH_WEBGL=1 for the WebGL one);
//   review table: scroll frame times through 100,000 triples, and how long a far jump waits for its rows.
//   npm run bench -- review
//   GRAPHWRIGHT_BENCH_GRAPH_SIZES=2000 GRAPHWRIGHT_BENCH_TRIPLES=20000 npm run bench -- review
//   GRAPHWRIGHT_BENCH_BASE_RENDERER=/tmp/old/dist/renderer npm run bench -- review   # and another build's graph view, same run
// The first picture of a large view is its canvas preview (preview.ts, mark 'graph-preview'); "interactive"
// is Cytoscape's first frame (mark 'graph-ready'), what a renderer without the preview shows first.
// It measures and prints; it asserts nothing. Timings are wall-clock: on shared cores they measure the
// neighbours too, and headless Chromium draws on the CPU (no GPU).
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { Store } from '../electron/core/store';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GRAPH_SIZES = (process.env.GRAPHWRIGHT_BENCH_GRAPH_SIZES ?? '2000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TRIPLES = Number(process.env.GRAPHWRIGHT_BENCH_TRIPLES ?? 100_000);

/** `nodes` entities (1 in 8 an event) joined by about 1.5 edges per node, every status, 40 relation labels. */
function generate(file: string, nodes: number, edges: number): void {
  const store = Store.open(file);
  const statuses = ['proposed', 'proposed', 'accepted', 'rejected'] as const;
  const text = 'Generated evidence sentence for the review benchmark. '.repeat(200);
  const doc = store.documents.insert({
    title: 'Generated corpus',
    sourcePath: null,
    format: 'text',
    language: 'en',
    pages: [],
    contentHash: `bench-review-${nodes}-${edges}`,
    text,
    originalText: null,
    chunks: [{ ordinal: 0, start: 0, end: text.length, page: 1, headingPath: [], text, hash: 'c0' }],
  });
  const chunk = store.documents.chunks(doc)[0].id;
  store.transaction(() => {
    const ids: number[] = [];
    for (let i = 0; i < nodes; i++)
      ids.push(store.graph.upsertNode({ kind: i % 8 === 0 ? 'event' : 'entity', label: `Node ${i}`, type: i % 5 === 0 ? 'device' : null }));
    let made = 0;
    // A spanning tree keeps the graph in one piece; the rest are preferential-ish random links.
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let k = 0; made < edges; k++) {
      const i = k < nodes - 1 ? k + 1 : Math.floor(rnd() * nodes);
      const j = k < nodes - 1 ? Math.floor(rnd() * (k + 1)) : Math.floor(rnd() * rnd() * nodes);
      if (i === j) continue;
      const { id, created } = store.graph.upsertEdge({
        subjectId: ids[i],
        relation: `relation ${k % 40}`,
        objectId: ids[j],
        stage: 'EE',
        status: statuses[k % 4],
        confidence: Math.round(rnd() * 100) / 100,
        engine: k % 3 ? 'classic' : 'llama',
      });
      if (!created) continue;
      made++;
      if (made % 10 === 0) store.graph.addEdgeProvenance(id, { documentId: doc, chunkId: chunk, start: 0, end: 53, quote: text.slice(0, 53) });
    }
  });
  store.close();
}

interface Host {
  url: string;
  origin: string;
  token: string;
  proc: ChildProcess;
}

async function serve(db: string, dir: string, rendererDir?: string): Promise<Host> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'serve', '--db', db, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, GRAPHWRIGHT_DATA_DIR: dir, ...(rendererDir ? { GRAPHWRIGHT_RENDERER_DIR: rendererDir } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${log}`)), 60_000);
    proc.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      const m = log.match(/Open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    proc.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${log}`)));
  });
  const u = new URL(url);
  return { url, origin: u.origin, token: u.searchParams.get('token')!, proc };
}

async function call(host: Host, name: string, input: unknown): Promise<unknown> {
  const res = await fetch(`${host.origin}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': host.token },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.value;
}

const stop = (h: Host) =>
  new Promise<void>((resolve) => {
    if (h.proc.exitCode !== null) return resolve();
    h.proc.once('exit', () => resolve());
    h.proc.kill('SIGTERM');
  });

function stats(xs: number[]): { median: number; p95: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10, max: Math.round((s[s.length - 1] ?? 0) * 10) / 10 };
}

// Browser-side code is passed as source text: it runs in the page, not here (and tsx's helpers, which
// it would otherwise carry, do not exist there).
const START_FRAMES = `(() => {
  window.__frames = []; window.__recording = true;
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__recording) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
const STOP_FRAMES = `(() => { window.__recording = false; return window.__frames.slice(1); })()`;
const PAN_BY = `new Promise((resolve) => {
  const cy = window.__gwCy; const out = []; let last = performance.now(); let n = 0;
  const step = (t) => { out.push(t - last); last = t; cy.panBy({ x: 3, y: 2 }); if (++n < 60) requestAnimationFrame(step); else resolve(out.slice(1)); };
  requestAnimationFrame(step);
})`;
const DRAWN = `({ nodes: window.__gwCy.nodes().length, edges: window.__gwCy.edges().length })`;
const READY_AT = `performance.getEntriesByName('graph-ready').at(-1)?.startTime ?? NaN`;
const PREVIEW_AT = `performance.getEntriesByName('graph-preview').at(-1)?.startTime ?? NaN`;
const REFINED_AT = `performance.getEntriesByName('graph-refined').at(-1)?.startTime`;
const figures: Record<string, unknown>[] = [];
const PHASES = `(() => {
  const at = (n) => performance.getEntriesByName(n).at(-1)?.startTime ?? NaN;
  return { data: at('graph-elements'), added: at('graph-mounted'), layoutStart: at('graph-layout-start'), layoutEnd: at('graph-layout-end'), ready: at('graph-ready') };
})()`;
const ROWS = `document.querySelector('[data-testid="triple-rows"]')`;
const JUMP_SCROLL = `new Promise((resolve) => {
  const el = ${ROWS}; const max = el.scrollHeight - el.clientHeight; let i = 0;
  const step = () => { el.scrollTop = Math.round((max * ++i) / 120); if (i < 120) requestAnimationFrame(step); else resolve(); };
  requestAnimationFrame(step);
})`;
const WHEEL_SCROLL = `new Promise((resolve) => {
  const el = ${ROWS}; el.scrollTop = Math.round(el.scrollHeight / 2); let i = 0;
  const step = () => { el.scrollTop += 100; if (++i < 200) requestAnimationFrame(step); else resolve(); };
  requestAnimationFrame(step);
})`;
const FAR_JUMP = `new Promise((resolve) => {
  const el = ${ROWS}; const t = performance.now();
  el.scrollTop = Math.round(el.scrollHeight * 0.37);
  const check = () => {
    const loaded = el.querySelectorAll('[data-triple-id]').length > 0 && el.querySelectorAll('.tt-placeholder').length === 0;
    if (loaded) resolve(performance.now() - t); else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

/** Record requestAnimationFrame intervals while `during` runs. */
async function frames(page: Page, during: () => Promise<unknown>): Promise<number[]> {
  await page.evaluate(START_FRAMES);
  await during();
  return (await page.evaluate(STOP_FRAMES)) as number[];
}

async function graphBench(page: Page, host: Host, nodes: number, build = 'this build'): Promise<Record<string, unknown>> {
  await call(host, 'settings.set', {
    key: 'graph.options',
    value: { limit: nodes, depth: 1, webgl: process.env.GRAPHWRIGHT_BENCH_WEBGL === '1', overview: 'nodes' },
  });
  const t0 = Date.now();
  await page.goto(`${host.url}#/graph`);
  await page.locator('[data-testid="graph-view"][data-state="ready"]').waitFor({ timeout: 600_000 });
  const wall = Date.now() - t0;
  const shown = await page.getByTestId('graph-stats').textContent();
  const ready = (await page.evaluate(READY_AT)) as number;
  const preview = (await page.evaluate(PREVIEW_AT)) as number;
  const first = Number.isNaN(preview) ? ready : preview;
  const ph = (await page.evaluate(PHASES)) as Record<'data' | 'added' | 'layoutStart' | 'layoutEnd' | 'ready', number>;
  const ms = (a: number, b: number) => Math.round(b - a);
  const drawn = (await page.evaluate(DRAWN)) as { nodes: number; edges: number };
  // The full layout (fcose in the worker) lands after the first picture: the old first render waited for it.
  let refinedAt = NaN;
  for (let waited = 0; nodes >= 1500 && waited < 600_000; waited += 100) {
    const at = (await page.evaluate(REFINED_AT)) as number | undefined;
    if (at !== undefined) {
      refinedAt = at;
      break;
    }
    await page.waitForTimeout(100);
  }
  // A user pan: drag the background (from the corner, outside the fitted graph) in 40 steps.
  const box = (await page.locator('.graph-cy canvas').last().boundingBox())!;
  const drag = await frames(page, async () => {
    await page.mouse.move(box.x + 4, box.y + 4);
    await page.mouse.down();
    for (let i = 1; i <= 40; i++) await page.mouse.move(box.x + 4 + i * 6, box.y + 4 + i * 4);
    await page.mouse.up();
  });
  // A programmatic pan: 60 frames of cy.panBy (every frame redrawn).
  const programmatic = (await page.evaluate(PAN_BY)) as number[];
  // A second opening of the same view: its saved positions, no layout.
  await page.goto(`${host.url}#/review`);
  await page.locator('[data-testid="triple-rows"]').waitFor({ timeout: 120_000 });
  const t1 = Date.now();
  await page.goto(`${host.url}#/graph`);
  await page.locator('[data-testid="graph-view"][data-state="ready"]').waitFor({ timeout: 600_000 });
  const secondWall = Date.now() - t1;
  const secondFirst =
    ((await page.evaluate(PREVIEW_AT)) as number) -
    ((await page.evaluate(`performance.getEntriesByName('graph-elements').at(-1)?.startTime ?? NaN`)) as number);
  console.log(
    `graph ${nodes.toLocaleString()} nodes (${build}): first picture ${Math.round(first)} ms, interactive ${Math.round(ready)} ms, full layout done at ${Math.round(refinedAt)} ms ` +
      `(first picture x${(first / refinedAt).toFixed(2)} of waiting for the layout, the old way; interactive x${(ready / refinedAt).toFixed(2)}); ` +
      `second opening ${secondWall} ms (wall, saved positions${Number.isNaN(secondFirst) ? '' : `; preview ${Math.round(secondFirst)} ms after its data`})`,
  );
  const figure = {
    nodes,
    build,
    firstPictureMs: Math.round(first),
    interactiveMs: Math.round(ready),
    fullLayoutMs: Math.round(refinedAt),
    ratio: +(first / refinedAt).toFixed(2),
    interactiveRatio: +(ready / refinedAt).toFixed(2),
    secondOpeningMs: secondWall,
    dragPan: stats(drag),
    panBy: stats(programmatic),
  };
  figures.push(figure);
  console.log(
    `graph ${nodes.toLocaleString()} nodes (${build}): drew ${drawn.nodes} nodes, ${drawn.edges} edges (${shown?.trim()}); first render ${Math.round(ready)} ms after navigation (${wall} ms wall: data at ${Math.round(ph.data)}, ` +
      `elements added in ${ms(ph.data, ph.added)}, layout ${ms(ph.layoutStart, ph.layoutEnd)}${nodes >= 1500 ? ' in a worker' : ''}, first frame ${ms(ph.layoutEnd, ph.ready)}); ` +
      `drag-pan frame ms ${JSON.stringify(stats(drag))}; panBy frame ms ${JSON.stringify(stats(programmatic))}`,
  );
  return figure;
}

async function tableBench(page: Page, host: Host): Promise<void> {
  const t0 = Date.now();
  await page.goto(`${host.url}#/review`);
  const body = page.getByTestId('triple-rows');
  await body.locator('[data-triple-id]').first().waitFor({ timeout: 120_000 });
  const first = Date.now() - t0;
  const total = await page.getByTestId('review-count').textContent();
  // Scroll the whole list in 120 frames (each a jump of 1/120 of it), then 200 frames of 3 rows each.
  const scroll = await frames(page, () => page.evaluate(JUMP_SCROLL));
  const wheel = await frames(page, () => page.evaluate(WHEEL_SCROLL));
  // A far jump: how long until the rows there are loaded.
  const jump = (await page.evaluate(FAR_JUMP)) as number;
  const rowsInDom = await body.locator('[role=row]').count();
  console.log(
    `review table (${total?.trim()}): first rows ${first} ms; jump-scroll frame ms ${JSON.stringify(stats(scroll))}; wheel-scroll frame ms ${JSON.stringify(stats(wheel))}; ` +
      `far jump loaded in ${Math.round(jump)} ms; ${rowsInDom} rows in the DOM`,
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-review-'));
  if (!fs.existsSync(path.join(ROOT, 'dist/renderer/index.html'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    for (const n of GRAPH_SIZES) {
      const db = path.join(dir, `graph-${n}.db`);
      const t = Date.now();
      generate(db, n, Math.round(n * 1.5));
      console.log(`generated ${n} nodes in ${Date.now() - t} ms`);
      const base = process.env.GRAPHWRIGHT_BENCH_BASE_RENDERER;
      const runs: Record<string, unknown>[] = [];
      // with a base build: base, this build, base, this build (the load changes by the minute)
      for (const rendererDir of base ? [base, undefined, base, undefined] : [undefined]) {
        const host = await serve(db, dir, rendererDir);
        const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
        try {
          runs.push(await graphBench(page, host, n, rendererDir ? 'base build' : 'this build'));
        } finally {
          await page.close();
          await stop(host);
        }
      }
      if (base) {
        const first = (b: string) => runs.filter((r) => r.build === b).map((r) => r.firstPictureMs as number);
        const [a, b] = [first('this build'), first('base build')];
        const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
        console.log(
          `graph ${n.toLocaleString()} nodes: first picture, this build x${(mean(a) / mean(b)).toFixed(2)} of the base build (${a.join(', ')} ms against ${b.join(', ')} ms)`,
        );
      }
    }
    const db = path.join(dir, 'table.db');
    const t = Date.now();
    generate(db, Math.max(2, Math.round(TRIPLES / 5)), TRIPLES);
    console.log(`generated ${TRIPLES} triples in ${Date.now() - t} ms`);
    const host = await serve(db, dir);
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    try {
      await tableBench(page, host);
    } finally {
      await page.close();
      await stop(host);
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ graph: figures }, null, 2));
}

await main();
