import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, KIT, ROOT } from './fixtures';

test('extracting with the classic engine shows progress, can be cancelled and resumed, and fills the graph', async ({ app, host }) => {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'ingest', path.join(KIT, 'data/rfc-radius-eap'), '--db', host.dbPath, '--json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  await app.reload();
  await openView(app, 'Documents');
  // The row shows the title the RFC gives itself, not its file name.
  await expect(app.getByRole('row', { name: /RFC 5247: Extensible Authentication Protocol/ })).toBeVisible();
  await app.getByLabel('Extraction engine').selectOption('classic');
  await app.getByRole('button', { name: 'Extract graph' }).click();
  const cancel = app.getByRole('button', { name: /^Cancel Extract/ });
  await cancel.click({ timeout: 30_000 });
  const resume = app.getByRole('button', { name: /^Resume Extract/ });
  await expect(resume).toBeVisible({ timeout: 30_000 });
  await resume.click();
  await expect(app.getByTestId('store-counts')).not.toContainText(' 0 triples', { timeout: 120_000 });
  await expect(app.getByRole('button', { name: /^Cancel Extract/ })).toHaveCount(0, { timeout: 120_000 });
  const triples = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'status', '--db', host.dbPath, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as { triples: { proposed: number }; jobs: { done: number } };
  expect(triples.triples.proposed).toBeGreaterThan(100);
});
