import { test, expect } from './fixtures';
import { api } from './review-fixtures';

test('a failed job says why when its chip is opened, and a dismissed chip stays gone after a reload', async ({ app, host }) => {
  // A "model" that is no GGUF file (uploaded, so the host may read it): the job starts, then fails loading it.
  const up = await api(host, 'documents.upload', { name: 'broken.gguf', dataBase64: Buffer.from('this is not a model').toString('base64') });
  const job = await api(host, 'extract.start', { engine: 'llama', model: up.path });
  await expect.poll(async () => (await api(host, 'jobs.get', { id: job.id })).state, { timeout: 60_000 }).toBe('failed');
  const error = (await api(host, 'jobs.get', { id: job.id })).error!;
  expect(error).toBeTruthy();
  await app.reload();
  const chip = app.getByTestId(`job-${job.id}`);
  await expect(chip).toHaveAttribute('data-state', 'failed');
  await chip.getByRole('button', { name: /^Why / }).click();
  const details = app.getByRole('dialog', { name: job.title });
  await expect(details.getByTestId('job-details')).toContainText(error.slice(0, 40));
  await app.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await chip.getByRole('button', { name: /^Dismiss / }).click();
  await expect(chip).toHaveCount(0);
  await app.reload();
  await expect(app.getByRole('navigation', { name: 'Views' })).toBeVisible();
  await expect(app.getByTestId('store-counts')).toBeVisible();
  await expect(app.getByTestId(`job-${job.id}`)).toHaveCount(0);
});
