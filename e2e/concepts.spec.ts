// The concept layer in the app: a small document ingested and extracted (classic), conceptualised,
// browsed in the Concepts view; a rename is persisted (seen again after a reload) and undoable.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openView, ROOT, type Host } from './fixtures';
import type { CallInput, CallName, CallOutput } from '../shared/contract';
import type { JobInfo } from '../shared/schemas';

const SAMPLE = path.join(ROOT, 'assets', 'samples', 'radius-authentication-overview.txt');

async function api<N extends CallName>(host: Host, name: N, input: CallInput<N>): Promise<CallOutput<N>> {
  const res = await fetch(`${host.origin}/api/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphwright-token': host.token },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.value as CallOutput<N>;
}

async function finish(host: Host, job: JobInfo): Promise<JobInfo> {
  for (let i = 0; i < 600; i++) {
    const j = await api(host, 'jobs.get', { id: job.id });
    if (j.state === 'done') return j;
    if (j.state === 'failed' || j.state === 'cancelled') throw new Error(`job ${j.id} (${j.kind}) ${j.state}: ${j.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`job ${job.id} did not finish`);
}

/** A small extracted graph with its concept layer, built through the same calls the app makes. */
async function ensureConcepts(host: Host): Promise<void> {
  if ((await api(host, 'concepts.list', { limit: 1 })).total > 0) return;
  if ((await api(host, 'triples.list', { limit: 1 })).total === 0) {
    if ((await api(host, 'documents.list', {})).length === 0) {
      // As the browser does it: upload, then ingest the path the core wrote (a browser never names a file itself).
      const up = await api(host, 'documents.upload', { name: path.basename(SAMPLE), dataBase64: fs.readFileSync(SAMPLE).toString('base64') });
      await finish(host, await api(host, 'documents.ingest', { paths: [up.path] }));
    }
    await finish(host, await api(host, 'extract.start', { engine: 'classic' }));
  }
  await finish(host, await api(host, 'concepts.start', { engine: 'classic' }));
  // the Graph shows every triple: the sample's are all below the default view's precision threshold
  await api(host, 'settings.set', { key: 'review.precisionThreshold', value: 0 });
}

test('browse the concepts of an extracted graph, rename one, see it persisted after a reload, undo it', async ({ app, host }) => {
  test.setTimeout(180_000);
  await ensureConcepts(host);
  const ranked = await api(host, 'concepts.list', { limit: 50 });
  expect(ranked.total).toBeGreaterThan(2);
  // a concept with a label no other concept has once renamed
  const target = ranked.items.find((c) => c.instances > 0 && /^[a-z]+$/.test(c.label))!;
  expect(target).toBeTruthy();
  const renamed = `${target.label} family`;

  await app.reload();
  await openView(app, 'Concepts');
  await expect(app.getByTestId('concept-coverage')).toContainText('concepts');
  const table = app.getByRole('table', { name: 'Concepts' });
  const rows = table.getByTestId('concept-row');
  await expect(rows.first()).toBeVisible();
  // ranked by instances: the first row covers the most
  await expect(rows.first().locator('td.num').first()).toHaveText(String(ranked.items[0].instances));

  // expand to the instances
  await table.getByRole('button', { name: target.label, exact: true }).click();
  const instances = app.getByRole('table', { name: `Instances of ${target.label}` });
  await expect(instances.locator('tbody tr')).toHaveCount(Math.min(target.instances, 500));

  // rename
  await table.getByRole('button', { name: `Rename ${target.label}`, exact: true }).click();
  const input = app.getByRole('textbox', { name: `New label for ${target.label}` });
  await input.fill(renamed);
  await input.press('Enter');
  await expect(table.getByRole('button', { name: renamed, exact: true })).toBeVisible();
  await expect(app.getByRole('status').filter({ hasText: 'Renamed' })).toBeVisible();

  // persisted: after a reload the view (kept in the URL) shows the new label
  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: 'Concepts' })).toBeVisible();
  await expect(app.getByRole('table', { name: 'Concepts' }).getByRole('button', { name: renamed, exact: true })).toBeVisible();
  expect((await api(host, 'concepts.instances', { conceptId: target.id, limit: 1 })).concept.label).toBe(renamed);

  // undoable
  await app.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(app.getByRole('table', { name: 'Concepts' }).getByRole('button', { name: target.label, exact: true })).toBeVisible();
  expect((await api(host, 'concepts.instances', { conceptId: target.id, limit: 1 })).concept.label).toBe(target.label);

  // The graph view shows the concept layer on request: concept nodes joined by is-a links.
  await openView(app, 'Graph');
  // the graph opens on its communities; the concept layer is drawn over the nodes
  await app.getByRole('combobox', { name: 'Overview' }).selectOption('nodes');
  const stats = app.getByTestId('graph-stats');
  await expect(stats).toContainText('nodes');
  const before = Number((await stats.textContent())!.match(/(\d+) nodes/)![1]);
  await app.getByLabel('Concept layer').check();
  await expect.poll(async () => Number((await stats.textContent())!.match(/(\d+) nodes/)![1]), { timeout: 30_000 }).toBeGreaterThan(before);
  const conceptNodes = await app.evaluate(
    () => (window as unknown as { __gwCy: { nodes(s: string): { length: number } } }).__gwCy.nodes('[kind = "concept"]').length,
  );
  expect(conceptNodes).toBeGreaterThan(0);
});

test('the Schema view adds a type and shows it', async ({ app }) => {
  await openView(app, 'Schema');
  const form = app.getByRole('form', { name: 'New type' });
  await form.getByLabel('Name').fill('Protocol');
  await form.getByLabel('Description').fill('A communication protocol');
  await form.getByLabel('Examples (comma-separated)').fill('RADIUS, EAP');
  await form.getByRole('button', { name: 'Add type' }).click();
  const table = app.getByRole('table', { name: 'Entity types' });
  await expect(table.getByRole('cell', { name: 'Protocol', exact: true })).toBeVisible();
  await expect(table).toContainText('RADIUS, EAP');
  await app.getByRole('button', { name: 'Export YAML' }).click();
  await expect(app.getByRole('textbox', { name: 'Exported schema (yaml)' })).toHaveValue(/name: Protocol/);
});
