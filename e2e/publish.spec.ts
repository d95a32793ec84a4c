import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, ROOT } from './fixtures';
import { startVirtuoso } from '../test/helpers/virtuoso';

function cli(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('publish the graph to a real Virtuoso from the Export view (Graph Store protocol), then compare', async ({ app, host }) => {
  test.setTimeout(180_000);
  const v = await startVirtuoso();
  try {
    const kb = path.join(host.dir, 'kb.txt');
    fs.writeFileSync(kb, ['RADIUS|defined_in|RFC 2865', 'EAP|carried_by|RADIUS', '변전소|uses|IEC 61850'].join('\n'));
    cli(['import', '--db', host.dbPath, '--format', 'tsv', kb]);

    await openView(app, 'Export');
    const panel = app.getByRole('region', { name: 'Publish to a SPARQL store' });
    // The browser host keeps no passwords: it says where they come from instead of offering a field.
    await expect(panel.getByTestId('publish-password-note')).toContainText('GRAPHWRIGHT_SPARQL_PASSWORD');
    await panel.getByLabel('SPARQL endpoint').fill(v.sparql);
    await panel.getByLabel('Named graph').fill('https://example.org/graphs/ui');
    await panel.getByLabel('Protocol').selectOption('graph-store');
    await expect(panel.getByLabel('Graph Store URL (optional)')).toBeVisible();
    await panel.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.getByTestId('publish-progress')).toContainText('done', { timeout: 60_000 });
    await expect(panel.getByTestId('publish-targets')).toContainText('https://example.org/graphs/ui');
    await expect(panel.getByTestId('publish-targets')).toContainText('Graph Store protocol');
    await panel.getByRole('button', { name: 'Compare with the store' }).click();
    await expect(panel.getByTestId('publish-check')).toContainText('The store is up to date.');
  } finally {
    await v.stop();
  }
});

test('the chat trace gives each cited fact the SPARQL that selects it in the published graph; it runs there', async ({ app, host, context }) => {
  test.setTimeout(180_000);
  const v = await startVirtuoso();
  try {
    const kb = path.join(host.dir, 'kb.txt');
    fs.writeFileSync(kb, ['EAP|carried_by|RADIUS', 'RADIUS|defined_in|RFC 2865', 'RFC 2865|published_by|IETF', 'Diameter|replaces|RADIUS'].join('\n'));
    cli(['import', '--db', host.dbPath, '--format', 'tsv', kb]);

    // Not published anywhere yet: the trace offers no remote query.
    await openView(app, 'Chat');
    await app.getByLabel('Question').fill('Which RFC defines the protocol that carries EAP?');
    await app.getByRole('button', { name: 'Ask' }).click();
    let answer = app.getByTestId('answer').last();
    await expect(answer).toContainText('RFC 2865', { timeout: 60_000 });
    await answer.getByTestId('trace').locator('summary').first().click();
    await expect(answer.getByTestId('trace')).toContainText('carried_by');
    await expect(answer.getByTestId('citation-sparql')).toHaveCount(0);

    const graph = 'https://example.org/graphs/chat';
    const out = JSON.parse(cli(['publish', '--db', host.dbPath, '--endpoint', v.sparql, '--graph', graph, '--json']));
    expect(out.pushed).toBeGreaterThan(0);

    await app.reload();
    await openView(app, 'Chat');
    answer = app.getByTestId('answer').last();
    const trace = answer.getByTestId('trace');
    await trace.locator('summary').first().click();
    await expect(trace.getByTestId('trace-published')).toContainText(graph);
    const fact = trace.locator('.trace-facts li').filter({ hasText: 'carried_by' }).first();
    const sparql = fact.getByTestId('citation-sparql');
    await sparql.locator('summary').click();
    const text = (await sparql.locator('pre').textContent())!;
    expect(text).toContain(`GRAPH <${graph}>`);
    expect(text).toContain('SELECT');
    await expect(sparql).not.toContainText('not in that graph');

    // Copy puts exactly that query on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
    await sparql.getByRole('button', { name: 'Copy' }).click();
    await expect(sparql.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(text);

    // Another tool runs it against the store: it finds the statement, its status and its evidence.
    const res = await fetch(`${v.sparql}?${new URLSearchParams({ query: text, format: 'application/sparql-results+json' })}`);
    expect(res.ok).toBe(true);
    const rows = ((await res.json()) as { results: { bindings: Record<string, { value: string }>[] } }).results.bindings;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].status.value).toMatch(/accepted|proposed|rejected/);
  } finally {
    await v.stop();
  }
});
