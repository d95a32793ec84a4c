import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, startHost, ROOT } from './fixtures';

function cli(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('export Turtle from the UI, download it, and import it into another database through the UI', async ({ app, host, browser }) => {
  const kb = path.join(host.dir, 'kb.txt');
  fs.writeFileSync(kb, ['RADIUS|defined_in|RFC 2865', 'EAP|carried_by|RADIUS', '변전소|uses|IEC 61850', 'IEC 61850|has_part|"GOOSE, messages"'].join('\n'));
  cli(['import', '--db', host.dbPath, '--format', 'tsv', kb]);

  await openView(app, 'Export');
  await app.getByRole('region', { name: 'Export options' }).getByLabel('Format').selectOption('ttl');
  const downloadEvent = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export and download' }).click();
  const download = await downloadEvent;
  const file = path.join(host.dir, download.suggestedFilename());
  await download.saveAs(file);
  await expect(app.getByTestId('export-done')).toContainText('4 triples');
  const turtle = fs.readFileSync(file, 'utf8');
  expect(turtle).toContain('변전소');
  expect(turtle).toContain('@prefix');

  // A second, empty database: import the downloaded file through its UI.
  const other = await startHost();
  try {
    const page = await browser.newPage();
    await page.goto(other.url);
    await openView(page, 'Export');
    await page.getByLabel('File(s)').setInputFiles(file);
    await expect(page.getByRole('region', { name: 'Import a graph' }).getByLabel('Format')).toHaveValue('ttl');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-done')).toContainText('4 new triples');
    const status = JSON.parse(cli(['triples', '--db', other.dbPath, '--json'])) as { subject: string; relation: string; object: string }[];
    expect(status.map((t) => `${t.subject}|${t.relation}|${t.object}`).sort()).toEqual(
      ['EAP|carried_by|RADIUS', 'IEC 61850|has_part|"GOOSE, messages"', 'RADIUS|defined_in|RFC 2865', '변전소|uses|IEC 61850'].sort(),
    );
    await page.close();
  } finally {
    await other.stop();
    fs.rmSync(other.dir, { recursive: true, force: true });
  }
});

test('a large import shows how many triples the core has read while it runs', async ({ app, host }) => {
  // 45,000 lines: the core's import thread reports every 20,000 triples (graph.import.progress)
  const kb = path.join(host.dir, 'large.txt');
  const lines: string[] = [];
  for (let i = 0; i < 45_000; i++) lines.push(`Entity ${i}|relation ${i % 7}|Entity ${(i * 13 + 1) % 9000}`);
  fs.writeFileSync(kb, lines.join('\n'));
  await openView(app, 'Export');
  // every text the progress line shows, noted as it changes (it is gone once the import is done)
  await app.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importProgress: string[] }).importProgress = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="import-progress"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await app.getByLabel('File(s)').setInputFiles(kb);
  await expect(app.getByRole('region', { name: 'Import a graph' }).getByLabel('Format')).toHaveValue('tsv');
  await app.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(app.getByTestId('import-done')).toContainText('45000 new triples', { timeout: 60_000 });
  await expect(app.getByTestId('import-progress')).toHaveCount(0);
  const seen = await app.evaluate(() => (window as unknown as { importProgress: string[] }).importProgress);
  expect(seen[0]).toContain('Importing…');
  expect(seen).toContain('20,000 triples read…');
});

test('a malformed file is refused with its position and imports nothing', async ({ app, host }) => {
  await openView(app, 'Export');
  const bad = path.join(host.dir, 'broken.ttl');
  fs.writeFileSync(bad, '@prefix ex: <http://example.org/> .\nex:a ex:b "unterminated .\n');
  const before = cli(['status', '--db', host.dbPath, '--json']);
  await app.getByLabel('File(s)').setInputFiles(bad);
  await app.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(app.getByRole('alert')).toContainText(/line 2/i);
  expect(cli(['status', '--db', host.dbPath, '--json'])).toEqual(before);
});

test('folder exports download as one archive named by format; evidence names documents without their local paths', async ({ app, host, browser }) => {
  const doc = path.join(host.dir, 'private-folder', 'substation notes.txt');
  fs.mkdirSync(path.dirname(doc), { recursive: true });
  fs.writeFileSync(doc, 'The RADIUS server authenticates the access point.\n\nThe access point forwards EAP packets to the RADIUS server.\n');
  cli(['ingest', doc, '--db', host.dbPath]);
  cli(['extract', '--db', host.dbPath, '--engine', 'classic']);

  await openView(app, 'Export');
  const form = app.getByRole('region', { name: 'Export options' });
  const names: string[] = [];
  for (const format of ['csv', 'neo4j-csv']) {
    await form.getByLabel('Format').selectOption(format);
    const downloadEvent = app.waitForEvent('download');
    await app.getByRole('button', { name: 'Export and download' }).click();
    const download = await downloadEvent;
    names.push(download.suggestedFilename());
    const file = path.join(host.dir, download.suggestedFilename());
    await download.saveAs(file);
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    expect(listing).toContain(`graphwright-${format}/nodes.csv`);
    const all = execFileSync('unzip', ['-p', file], { encoding: 'utf8' });
    expect(all).toContain('substation notes.txt');
    expect(all).not.toContain(path.dirname(doc));
  }
  expect(names).toEqual(['graphwright-csv.zip', 'graphwright-neo4j-csv.zip']);

  // asked for, the local paths are written
  await form.getByLabel('Format').selectOption('csv');
  await form.getByLabel('Local file paths of the documents').check();
  const withPaths = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export and download' }).click();
  const wp = path.join(host.dir, 'with-paths.zip');
  await (await withPaths).saveAs(wp);
  expect(execFileSync('unzip', ['-p', wp, 'graphwright-csv/provenance.csv'], { encoding: 'utf8' })).toContain(doc);

  // the archive imports as it downloaded
  const other = await startHost();
  try {
    const page = await browser.newPage();
    await page.goto(other.url);
    await openView(page, 'Export');
    await page.getByLabel('File(s)').setInputFiles(path.join(host.dir, 'graphwright-neo4j-csv.zip'));
    await expect(page.getByRole('region', { name: 'Import a graph' }).getByLabel('Format')).toHaveValue('neo4j-csv');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('import-done')).toContainText('new triples');
    await page.close();
  } finally {
    await other.stop();
    fs.rmSync(other.dir, { recursive: true, force: true });
  }
});
