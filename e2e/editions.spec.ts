import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { test, expect, KIT, ROOT, openView } from './fixtures';
import { secondEdition } from '../test/editions/second-edition';

/** The graphwright CLI on a host's database (its stdout). */
const cli = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });

/** Drop files onto the Documents view the way a user's drag does: a real drop event with a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; content: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, b64: f.content.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const it of items) dt.items.add(new File([Uint8Array.from(atob(it.b64), (c) => c.charCodeAt(0))], it.name));
    return dt;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a second edition dropped over an extracted document: extract its changed chunks from the notice, see its diff (first tab with changes, changed words marked) and act on each tab in words that say what happens', async ({
    app,
  }) => {
    const first = fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), 'utf8');
    await dropFiles(app, [{ name: 'rfc3580.txt', content: Buffer.from(first) }]);
    await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
    await app.getByLabel('Extraction engine').selectOption('classic');
    await app.getByRole('button', { name: 'Extract graph' }).click();
    await expect(app.getByTestId('extract-summary')).toContainText('Extraction finished', { timeout: 120_000 });
    await app.getByRole('button', { name: 'Dismiss' }).click();

    // The second edition: the same standard, so it becomes version 2 of the same document.
    await dropFiles(app, [{ name: 'rfc3580.txt', content: Buffer.from(secondEdition(first)) }]);
    const notice = app.getByTestId('edition-notice');
    await expect(notice).toContainText(/is version 2 of document 1: 4 chunks changed; extraction reads only those/, { timeout: 60_000 });
    await expect(notice).not.toContainText('extracted again');
    const docs = app.getByRole('table', { name: 'Documents' });
    await expect(docs.getByTestId('edition-badge')).toHaveCount(2);
    await expect(docs.getByTestId('edition-badge').first()).toContainText('v1 · superseded');

    // "Extract the 4 changed chunks now" starts that extraction: only the changed chunks are read.
    await notice.getByRole('button', { name: 'Extract the 4 changed chunks now' }).click();
    await expect(app.getByTestId('extract-summary')).toContainText(/from 4 chunks read/, { timeout: 60_000 });
    await expect(notice.getByTestId('extract-changed')).toHaveCount(0);

    await notice.getByRole('button', { name: 'Review the changes' }).click();
    const diff = app.getByTestId('diff-view');
    await expect(diff.getByTestId('diff-chunks')).toContainText('3 edited, 1 added, 0 removed');
    // it opens on the first tab that has triples, never on an empty one
    const selected = diff.getByRole('tab', { selected: true });
    await expect(selected).toHaveText(/\([1-9]\d*\)$/);
    const clauses = diff.getByTestId('diff-clause');
    await expect(clauses).toHaveCount(5);
    await expect(diff.getByRole('button', { name: /removed RFC 3580 §3\.2 User-Password/ })).toBeVisible();
    await diff.getByRole('button', { name: /added RFC 3580 §3\.32 Operator-Name/ }).click();
    await expect(diff.locator('pre').filter({ hasText: 'The Operator-Name attribute identifies the owner' })).toBeVisible();
    // a changed clause: the changed words marked in both versions, the rest as it was
    await diff.getByRole('button', { name: /changed RFC 3580 §3\.19 Termination-Action/ }).click();
    const termination = clauses.filter({ hasText: 'Termination-Action' });
    await expect(termination.getByTestId('diff-word-removed')).toHaveText(['terminate']);
    await expect(termination.getByTestId('diff-word-added')).toHaveText(['be re-established']);

    // A removed clause's triple: its evidence in version 1 only; the buttons say they reject or keep it.
    await diff.getByRole('tab', { name: /Removed \(stale\) \([1-9]/ }).click();
    const removed = diff.getByTestId('diff-triple').first();
    await removed.locator('.diff-triple-text').click();
    await expect(removed.locator('.diff-evidence').first()).toContainText('v1');
    await expect(removed.locator('.diff-evidence').nth(1)).toContainText('not in v2');
    await expect(removed).toContainText('stale');
    await expect(diff.getByTestId('diff-accept')).toHaveText(/^Reject these \d+ triples?$/);
    await expect(diff.getByTestId('diff-reject')).toHaveText(/^Keep these \d+ triples?$/);
    // A changed one: old and new text side by side.
    await diff.getByRole('tab', { name: /Changed \([1-9]/ }).click();
    const changed = diff.getByTestId('diff-triple').first();
    await changed.locator('.diff-triple-text').click();
    await expect(changed.locator('blockquote')).toHaveCount(2);
    await expect(diff.getByTestId('diff-accept')).toHaveText(/^Accept these \d+ triples?$/);
    await termination.scrollIntoViewIfNeeded();
    await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/edition-diff.png') });

    // Reject the removed ones: they leave the stale filter of Review.
    await diff.getByRole('tab', { name: /Removed \(stale\)/ }).click();
    const n = Number((await diff.getByTestId('diff-accept').textContent())!.match(/\d+/)![0]);
    await diff.getByTestId('diff-accept').click();
    await expect(diff.getByTestId('diff-done')).toHaveText(`Rejected ${n} triple${n === 1 ? '' : 's'} (Undo in Review takes it back)`);
    await expect(diff.getByTestId('diff-accept')).toBeDisabled();
    await expect(diff.locator('[data-testid="diff-triple"][data-state="open"]')).toHaveCount(0);
  });
});

test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("a removed clause's triples are stale: the diff offers to extract the changed chunks, Review filters them, the graph shows them", async ({
    app,
    host,
  }) => {
    // four CLI runs before the page (two imports, an extraction) on shared cores
    test.setTimeout(420_000);
    // Two editions through the CLI, the first extracted, the second not yet.
    const dir = path.join(host.dir, 'ed');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'rfc3580.txt');
    const first = fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), 'utf8');
    fs.writeFileSync(file, first);
    cli(['ingest', file, '--db', host.dbPath]);
    cli(['extract', '--db', host.dbPath]);
    fs.writeFileSync(file, secondEdition(first));
    cli(['ingest', file, '--db', host.dbPath]);
    const stale = (JSON.parse(cli(['triples', '--db', host.dbPath, '--status', 'stale', '--json'])) as { id: number }[]).length;
    expect(stale).toBeGreaterThan(0);

    await app.goto(`${host.url}#/documents?diff=2`);
    const diff = app.getByTestId('diff-view');
    await expect(diff.getByTestId('diff-chunks')).toContainText('3 edited, 1 added');
    // nothing extracted from the changed chunks yet: the first tab with changes is Removed
    await expect(diff.getByRole('tab', { selected: true })).toHaveText(`Removed (stale) (${stale})`);
    await expect(diff.getByTestId('diff-accept')).toHaveText(`Reject these ${stale} triples`);
    await expect(diff.getByTestId('diff-accept')).toBeInViewport();
    await diff.getByRole('button', { name: 'Extract the 4 changed chunks now' }).click();
    await expect(app.getByTestId('extract-summary')).toContainText(/from 4 chunks read/, { timeout: 60_000 });
    await expect(diff.getByTestId('extract-changed')).toHaveCount(0);
    await expect(diff.getByRole('tab', { name: /^Added \([1-9]/ })).toBeVisible();

    // Re-extraction found some of them again in the new text: those are no longer stale.
    const staleNow = (JSON.parse(cli(['triples', '--db', host.dbPath, '--status', 'stale', '--json'])) as { id: number }[]).length;
    expect(staleNow).toBeGreaterThan(0);
    expect(staleNow).toBeLessThanOrEqual(stale);

    // Review: the status filter has "stale"; it lists exactly those, each with its badge.
    await openView(app, 'Review');
    // every triple, whatever its estimated precision (the default view hides those below the threshold)
    await app.getByTestId('precision-view-all').click();
    await app.getByRole('combobox', { name: 'Status' }).selectOption('stale');
    const rows = app.locator('.tt-row[data-triple-id]');
    await expect(app.getByTestId('review-count')).toContainText(new RegExp(`^${staleNow} triples? of `));
    await expect(rows).toHaveCount(staleNow);
    await expect(rows.first().locator('.status-badge')).toHaveText('stale');
    await expect(rows.first().locator('.status-badge')).toHaveAttribute('title', /newer edition/);
    await expect(app.locator('.tt-row[data-triple-id] .status-badge').filter({ hasNotText: 'stale' })).toHaveCount(0);

    // Graph: a checkbox for stale, on by default, and its legend entry.
    await openView(app, 'Graph');
    // the graph opens on its communities; the node overview draws the triples with their statuses
    await app.getByRole('combobox', { name: 'Overview' }).selectOption('nodes');
    await expect(app.getByLabel('Show stale')).toBeChecked();
    await expect(app.locator('.graph-legend')).toContainText('stale');
  });
});

test('"Import as: new edition of…" makes the next drop a new version of the document picked', async ({ app }) => {
  const body = fs.readFileSync(path.join(KIT, 'data/rfc-radius-eap/rfc3580.txt'), 'utf8').slice(20_000, 30_000);
  await dropFiles(app, [{ name: 'notes-2023.txt', content: Buffer.from(body) }]);
  await expect(app.getByTestId('ingest-summary')).toContainText('1 imported', { timeout: 60_000 });
  await app.getByTestId('import-as').selectOption({ index: 1 });
  await dropFiles(app, [{ name: 'notes-2024.txt', content: Buffer.from(body.replace('Access Point', 'access point (AP)')) }]);
  const notice = app.getByTestId('edition-notice');
  await expect(notice).toContainText(/Document 2 is version 2 of document 1/, { timeout: 60_000 });
  await expect(app.getByTestId('import-as')).toHaveValue('');
  await notice.getByRole('button', { name: 'Review the changes' }).click();
  await expect(app.getByTestId('diff-view').getByTestId('diff-chunks')).toContainText(/[1-9]\d* edited/);
});
