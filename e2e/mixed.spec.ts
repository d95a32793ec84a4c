// Nothing mixed in unasked: the first run (npm start's headless host) puts the samples into a
// database of their own and the user's starts empty; a document no classic extractor reads says so
// on its row and in the job summary; a hash-named file takes the title its text opens with.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect, KIT, ROOT } from './fixtures';

/** npm start without Electron (CI), on a fresh data folder: its URL and how to stop it. */
async function firstRun(dir: string): Promise<{ url: string; output: () => string; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', GRAPHWRIGHT_DATA_DIR: dir };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--port', '0'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${log}`)), 120_000);
    const onData = (d: Buffer) => {
      log += d.toString();
      const m = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${log}`)));
  });
  return {
    url,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** Drop files onto the Documents view the way a user's drag does. */
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

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the first run keeps the samples in a Samples database: the user’s starts empty and offers to open them', async ({ page }) => {
      test.setTimeout(240_000);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-first-run-'));
      const run = await firstRun(dir);
      try {
        expect(run.output()).toContain('into their own database, "Samples"');
        await page.goto(run.url);
        const switcher = page.getByTestId('database-switcher');
        await expect(switcher).toHaveText('Database: graphwright');
        await expect(page.getByTestId('store-counts')).toContainText('0 documents');
        const offer = page.getByTestId('samples-offer');
        await expect(offer).toBeInViewport();
        if (viewport.width === 1440) await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/documents-first-run.png') });
        await offer.getByRole('button', { name: 'Open the sample documents' }).click();
        await expect(switcher).toHaveText('Database: Samples');
        await expect(page.getByRole('table', { name: 'Documents' }).locator('tbody tr')).toHaveCount(3);
        await expect(page.getByTestId('store-counts')).toContainText('3 documents');
        // and back: the user's database has nothing of them
        await switcher.click();
        await page.getByRole('dialog', { name: 'Databases' }).getByRole('button', { name: 'Open graphwright' }).click();
        await expect(switcher).toHaveText('Database: graphwright');
        await expect(page.getByTestId('store-counts')).toContainText('0 documents');
      } finally {
        await run.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a document in a language the classic extractor does not read says so on its row and in the job summary; hash-named seeds get their titles', async ({
      app,
    }) => {
      test.setTimeout(240_000);
      const seeds = ['001_68a6067ece94435d.txt', '002_cd2ac7c5e1ba1e29.txt'];
      await dropFiles(
        app,
        seeds.map((name) => ({ name, content: fs.readFileSync(path.join(KIT, 'samples/seeds', name)) })),
      );
      await expect(app.getByTestId('ingest-summary')).toContainText('2 imported', { timeout: 60_000 });
      const docs = app.getByRole('table', { name: 'Documents' });
      // titles from the texts, not the hash file names
      await expect(docs.locator('tbody tr')).toHaveCount(2);
      await expect(docs).not.toContainText('68a6067ece94435d');
      await expect(docs.getByRole('row', { name: /^본 논문은/ })).toBeVisible();
      await expect(docs.getByRole('row', { name: /^Evaluating document chunking/ })).toBeVisible();

      await app.getByLabel('Extraction engine').selectOption('classic');
      await app.getByRole('button', { name: 'Extract graph' }).click();
      const summary = app.getByTestId('extract-summary');
      await expect(summary).toContainText('Extraction finished', { timeout: 180_000 });
      await expect(summary).toContainText(/no classic extractor for this language: load a model: 본 논문은 .* \(ko\)/);
      const korean = docs.getByRole('row', { name: /^본 논문은/ });
      await expect(korean.getByTestId('extraction-note')).toHaveText('no classic extractor for this language: load a model');
      await expect(korean.getByTestId('extraction-note')).toBeInViewport();
      await expect(docs.getByRole('row', { name: /^Evaluating document chunking/ }).getByTestId('extraction-note')).toHaveCount(0);
      if (viewport.width === 1440) await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/documents-language.png') });
    });
  });
}
