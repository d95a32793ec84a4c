import path from 'node:path';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';
import { test, expect, openView } from './fixtures';

test('a model added in the Models view takes the roles nobody has, and says so', async ({ app, host }) => {
  const file = writeTinyModel(path.join(host.dir, 'models', 'picked', 'tiny-roles.gguf'));
  await openView(app, 'Models');
  await expect(app.getByTestId('memory')).toContainText('RAM', { timeout: 60_000 });
  await app.getByLabel('Model path').fill(file);
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(app.getByTestId('model-roles-taken')).toContainText('tiny-roles.gguf is now used for Extraction and Chat');
  const row = app.getByRole('row', { name: /tiny-roles\.gguf/ });
  await expect(row).toContainText('Extraction, Chat');
  await expect(app.getByLabel('Model for Extraction')).toHaveValue(file);
  await expect(app.getByLabel('Model for Embeddings')).toHaveValue('');
});
