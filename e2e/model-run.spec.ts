import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';
import { test, expect, openView, ROOT } from './fixtures';
import { api } from './review-fixtures';

// One CPU thread for the host's model (the machine is shared).
process.env.GRAPHWRIGHT_LLM_THREADS = '1';

test('an extraction on a model explains its failed answers and opens each one’s chunk', async ({ app, host }) => {
  // The real tiny GGUF, chosen for extraction; a chunk whose prompt does not fit its 2,048-token context
  const model = writeTinyModel(path.join(host.dir, 'models', 'tiny-run.gguf'));
  await api(host, 'models.choose', { role: 'extraction', path: model });
  const doc = path.join(host.dir, 'long.txt');
  fs.writeFileSync(doc, `${'The authenticator relays EAP packets to the authentication server and back again. '.repeat(45).trim()}\n`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), 'ingest', doc, '--db', host.dbPath, '--chunk-size', '5000'], {
    cwd: ROOT,
  });

  await app.reload();
  await openView(app, 'Documents');
  await app.getByLabel('Extraction engine').selectOption('model');
  await app.getByRole('button', { name: 'Extract graph' }).click();
  const summary = app.getByTestId('extract-summary');
  await expect(summary).toContainText('Extraction finished', { timeout: 60_000 });
  await expect(summary).toContainText('1 chunk with failed answers');
  const open = summary.getByTestId('failed-answers-open');
  // the entity and event stages fail (truncated); the event-event stage has no events to relate and is not asked
  await expect(open).toHaveText('2 failed answers (truncated 2)');
  await open.click();
  const dialog = app.getByRole('dialog', { name: 'Failed answers' });
  const rows = dialog.getByTestId('failed-answers').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('long');
  await expect(rows.first()).toContainText(/truncated\s+EE: the prompt has \d+ tokens; the context holds \d+/);
  await rows.first().getByRole('link', { name: 'chunk 1' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(app.getByTestId('focused-chunk')).toContainText('The authenticator relays EAP packets');
});
