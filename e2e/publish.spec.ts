import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, ROOT } from './fixtures';
import { startVirtuoso } from '../test/helpers/virtuoso';

function cli(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('publish the graph to a real Virtuoso from the Export view, then compare', async ({ app, host }) => {
  test.setTimeout(180_000);
  const v = await startVirtuoso();
  try {
    const kb = path.join(host.dir, 'kb.txt');
    fs.writeFileSync(kb, ['RADIUS|defined_in|RFC 2865', 'EAP|carried_by|RADIUS', '변전소|uses|IEC 61850'].join('\n'));
    cli(['import', '--db', host.dbPath, '--format', 'tsv', kb]);

    await openView(app, 'Export');
    const panel = app.getByRole('region', { name: 'Publish to a SPARQL store' });
    await panel.getByLabel('SPARQL endpoint').fill(v.sparql);
    await panel.getByLabel('Named graph').fill('https://example.org/graphs/ui');
    await panel.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.getByTestId('publish-progress')).toContainText('done', { timeout: 60_000 });
    await expect(panel.getByTestId('publish-targets')).toContainText('https://example.org/graphs/ui');
    await panel.getByRole('button', { name: 'Compare with the store' }).click();
    await expect(panel.getByTestId('publish-check')).toContainText('The store is up to date.');
  } finally {
    await v.stop();
  }
});
