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
    // the browser may send to the store once the user granted it where the host runs (docs/SECURITY.md)
    cli(['endpoints', 'grant', v.sparql, '--db', host.dbPath]);
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

test('pull a graph from a real Virtuoso into this one from the Export view: the import progress is shown while it runs', async ({ app, host }) => {
  test.setTimeout(180_000);
  const v = await startVirtuoso();
  try {
    // the browser may send to the store once the user granted it where the host runs (docs/SECURITY.md)
    cli(['endpoints', 'grant', v.sparql, '--db', host.dbPath]);
    // 25,000 triples put into the store by another tool (the Graph Store protocol): the import reports every 20,000
    const graph = 'https://example.org/graphs/pulled';
    const ex = (s: string) => `<https://example.org/kb/${s}>`;
    const lines: string[] = [];
    for (let i = 0; i < 25_000; i++) lines.push(`${ex(`e${i}`)} ${ex(`r${i % 7}`)} ${ex(`e${(i * 13 + 1) % 5000}`)} .`);
    const put = await fetch(`http://127.0.0.1:${v.httpPort}/sparql-graph-crud?${new URLSearchParams({ graph })}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/n-triples' },
      body: lines.join('\n') + '\n',
    });
    expect(put.ok).toBe(true);

    await openView(app, 'Export');
    const panel = app.getByRole('region', { name: 'Publish to a SPARQL store' });
    // every text the pull's progress line shows, noted as it changes (it is gone once the pull is done)
    await app.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { pullProgress: string[] }).pullProgress = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="pull-progress"]');
        const text = el?.textContent;
        const bar = el?.querySelector('progress');
        const shown = text && `${text} [${bar?.hasAttribute('value') ? `${bar.getAttribute('value')}/${bar.getAttribute('max')}` : 'indeterminate'}]`;
        if (shown && seen[seen.length - 1] !== shown) seen.push(shown);
      }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await panel.getByLabel('SPARQL endpoint').fill(v.sparql);
    await panel.getByLabel('Named graph').fill(graph);
    await panel.getByRole('button', { name: 'Pull into this graph' }).click();
    await expect(panel.getByTestId('pull-done')).toContainText('Pulled 25000 triples', { timeout: 120_000 });
    await expect(panel.getByTestId('pull-done')).toContainText('25000 new triples (0 already there)');
    await expect(panel.getByTestId('pull-progress')).toHaveCount(0);
    const seen = await app.evaluate(() => (window as unknown as { pullProgress: string[] }).pullProgress);
    expect(seen[0]).toBe(`Reading <${graph}> from the store… [indeterminate]`);
    expect(seen).toContain('0 of 25,000 triples imported… [0/25000]');
    expect(seen).toContain('20,000 of 25,000 triples imported… [20000/25000]');

    // the pulled triples are in this graph: the review table lists them
    const out = JSON.parse(cli(['status', '--db', host.dbPath, '--json']));
    expect(out.triples.accepted).toBe(25_000);
  } finally {
    await v.stop();
  }
});

test('the chat trace gives each cited fact the SPARQL that selects it in the published graph; it runs there', async ({ app, host, context }) => {
  test.setTimeout(180_000);
  const v = await startVirtuoso();
  try {
    // the browser may send to the store once the user granted it where the host runs (docs/SECURITY.md)
    cli(['endpoints', 'grant', v.sparql, '--db', host.dbPath]);
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
