// A document's stored tables in the viewer's text view: an HTML table, ingested in chunks small enough
// that it runs over several, is shown once as a table (caption above, header cells, row cells as
// stored) where it begins, the chunks it runs on into say so, and "Text" shows its lines again; a kit
// PDF's rebuilt table is shown the same way.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, KIT } from './fixtures';
import { graphwright } from './review-fixtures';

/** Open the document a file was ingested as (its row's first cell's title is the file's path). */
async function openDocument(page: Page, file: string) {
  await page.reload();
  await openView(page, 'Documents');
  await page
    .getByRole('table', { name: 'Documents' })
    .locator('tbody tr', { has: page.locator(`td[title$="${path.basename(file)}"]`) })
    .click();
}

const HEADER = ['Code', 'Name', 'Meaning'];
const ROWS = [
  ['1', 'Start', 'The session starts and accounting begins for it'],
  ['2', 'Stop', 'The session ends and its final counts are sent'],
  ['3', 'Interim-Update', 'The counts so far, sent while the session goes on'],
  ['7', 'Accounting-On', 'The client starts and no session is open yet'],
  ['8', 'Accounting-Off', 'The client stops and every session it held ends'],
];
const cells = (tag: string, row: string[]) => row.map((c) => `<${tag}>${c}</${tag}>`).join('');
const HTML = `<html><head><title>Accounting status codes</title></head><body><h1>Accounting status codes</h1>
<p>An accounting request carries one of the status codes below.</p>
<table><caption>Table 2 – Status codes</caption>
<thead><tr>${cells('th', HEADER)}</tr></thead>
<tbody>${ROWS.map((r) => `<tr>${cells('td', r)}</tr>`).join('\n')}</tbody></table>
<p>A server that does not know a code answers with an error.</p></body></html>`;

test('a stored table is shown once as a table in the text view, its lines one click away', async ({ app, host }) => {
  test.setTimeout(120_000);
  const file = path.join(host.dir, 'status-codes.html');
  fs.writeFileSync(file, HTML);
  // small chunks: the table's lines run over several chunks
  await graphwright(['ingest', file, '--chunk-size', '200', '--db', host.dbPath]);
  await openDocument(app, file);
  const text = app.getByTestId('document-text');
  await expect(text).toContainText('An accounting request carries one of the status codes below.');
  await expect(text).toContainText('A server that does not know a code answers with an error.');

  // one table for the whole document, its caption above it, the header row as <th>, the rows' cells as stored
  const table = text.getByTestId('doc-table');
  await expect(table).toHaveCount(1);
  await expect(table.locator('caption')).toHaveText('Table 2 – Status codes');
  await expect(table.locator('thead th')).toHaveText(HEADER);
  await expect(table.locator('tbody tr')).toHaveCount(ROWS.length);
  for (const [i, row] of ROWS.entries()) await expect(table.locator('tbody tr').nth(i).locator('td')).toHaveText(row);
  // the lines the table was written as are not printed beside it, nor its caption twice
  await expect(text).not.toContainText('| 1 | Start |');
  await expect(text.getByText('Table 2 – Status codes')).toHaveCount(1);
  // the chunks it runs on into point back to it
  expect(await text.locator('.table-continued').count()).toBeGreaterThan(0);

  // "Text" shows the table's lines as they are in the text, in every chunk they lie in; pressed again, the table
  const chunkId = await text.locator('.chunk', { has: app.getByTestId('doc-table') }).getAttribute('id');
  const toggle = text.locator(`#${chunkId}`).getByRole('button', { name: 'Text' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(text.getByTestId('doc-table')).toHaveCount(0);
  await expect(text.locator('.table-continued')).toHaveCount(0);
  await expect(text.locator(`#${chunkId} .chunk-text`)).toContainText('Table 2 – Status codes');
  for (const line of ['| Code | Name | Meaning |', ...ROWS.map((r) => `| ${r.join(' | ')} |`)]) await expect(text).toContainText(line);
  await toggle.click();
  await expect(text.getByTestId('doc-table')).toHaveCount(1);
  await expect(text).not.toContainText('| 1 | Start |');
});

test("a PDF's rebuilt table (caption inside its span) is shown as a table with its header and rows", async ({ app, host }) => {
  test.setTimeout(120_000);
  const file = path.join(KIT, 'samples/pdf/multicolumn.pdf');
  await graphwright(['ingest', file, '--db', host.dbPath]);
  await openDocument(app, file);
  const table = app.getByTestId('document-text').getByTestId('doc-table');
  await expect(table).toHaveCount(1);
  await expect(table.locator('caption')).toHaveText('Table 1: EU Countries Information');
  await expect(table.locator('thead th')).toHaveText(['Country', 'Population (millions)', 'Area (km2)', 'Capital', 'Official Language']);
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['Austria', '8.9', '83,879', 'Vienna', 'German']);
  await expect(app.getByTestId('document-text')).not.toContainText('| Austria |');
});
