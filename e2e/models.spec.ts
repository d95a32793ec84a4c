import path from 'node:path';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';
import { test, expect, openView } from './fixtures';

test('the Models view lists an added GGUF with its metadata and loads it for a role', async ({ app, host }) => {
  // The browser host reads models only from its data folder's models/ (docs/SECURITY.md).
  const file = writeTinyModel(path.join(host.dir, 'models', 'picked', 'tiny-test.gguf'));
  await openView(app, 'Models');
  await expect(app.getByTestId('memory')).toContainText('RAM', { timeout: 60_000 }); // the first list starts the engine runtime
  await app.getByLabel('Model path').fill(file);
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  const row = app.getByRole('row', { name: /tiny-test\.gguf/ });
  await expect(row).toContainText('llama');
  await expect(row).toContainText('F32');
  await app.getByLabel('Model for Chat').selectOption(file);
  await expect(row).toContainText('Chat');
  const chat = app.getByTestId('role-chat');
  await chat.getByRole('button', { name: 'Load now' }).click();
  await expect(chat).toContainText('loaded', { timeout: 60_000 });
  await expect(chat).toContainText('CPU');
  // A bad path is refused with the reason, and the list is unchanged.
  await app.getByLabel('Model path').fill(path.join(host.dir, 'models', 'missing.gguf'));
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(app.getByRole('alert')).toContainText('missing.gguf');
  // A path outside the data folder is refused (403) without a word about the file.
  await app.getByLabel('Model path').fill('/etc/passwd');
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(app.getByRole('alert')).toContainText('outside the files and folders you chose');
  await expect(app.getByRole('alert')).not.toContainText('root');
  await expect(app.getByRole('row', { name: /\.gguf/ })).toHaveCount(1);
});
