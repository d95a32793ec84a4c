// Helpers for the review e2e: build a graph the real way (CLI ingest + classic extraction into the
// host's database), call the API like the renderer does, and click Cytoscape nodes on the canvas.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { CallInput, CallName, CallOutput } from '../shared/contract';
import { ROOT, type Host } from './fixtures';

const run = promisify(execFile);

/** The slice of the page's Cytoscape instance (window.__gwCy) these helpers use. */
interface CyNode {
  id(): string;
  empty(): boolean;
  renderedPosition(): { x: number; y: number };
}
interface CyLike {
  getElementById(id: string): CyNode;
  nodes(selector?: string): { map<T>(f: (n: CyNode) => T): T[] };
  container(): { getBoundingClientRect(): { left: number; top: number } } | null;
}
type PageGlobal = { __gwCy?: CyLike };

/** Run the graphwright CLI against a database. */
export async function graphwright(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, timeout: 120_000 });
  return stdout;
}

/** Import a document and extract its graph with the classic engine, both through the CLI. */
export async function ingestAndExtract(host: Host, file: string): Promise<void> {
  await graphwright(['ingest', file, '--db', host.dbPath]);
  await graphwright(['extract', '--engine', 'classic', '--db', host.dbPath]);
}

/** One contract call over the host's HTTP transport. */
export async function api<N extends CallName>(host: Host, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const res = await fetch(`${host.origin}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': host.token },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.value as CallOutput<N>;
}

/** Review and Graph show every triple (precision threshold 0): for specs of the table and the graph, not of the default view. */
export async function showEveryTriple(host: Host): Promise<void> {
  await api(host, 'settings.set', { key: 'review.precisionThreshold', value: 0 });
}

/** Where a graph node is drawn, in page coordinates (null when it is not in the view). */
export async function nodePosition(page: Page, nodeId: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate((id) => {
    const cy = (globalThis as unknown as PageGlobal).__gwCy;
    const n = cy?.getElementById(`n${id}`);
    if (!cy || !n || n.empty()) return null;
    const p = n.renderedPosition();
    const box = cy.container()!.getBoundingClientRect();
    return { x: box.left + p.x, y: box.top + p.y };
  }, nodeId);
}

/** Click a node on the canvas (Shift adds it to the selection). */
export async function clickNode(page: Page, nodeId: number, opts: { shift?: boolean } = {}): Promise<void> {
  const p = await nodePosition(page, nodeId);
  if (!p) throw new Error(`node ${nodeId} is not drawn`);
  if (opts.shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.x, p.y);
  if (opts.shift) await page.keyboard.up('Shift');
}

/** Ids of the nodes selected on the canvas. */
export async function selectedNodeIds(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    ((globalThis as unknown as PageGlobal).__gwCy?.nodes(':selected').map((n) => Number(n.id().slice(1))) ?? []).sort((a, b) => a - b),
  );
}
