import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test, expect, openView, ROOT } from './fixtures';

function cli(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'electron/cli.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
}

test('ask a question in the chat pane, see the answer with its trace, and follow a citation to the triple', async ({ app, host }) => {
  const kb = path.join(host.dir, 'kb.txt');
  fs.writeFileSync(kb, ['EAP|carried_by|RADIUS', 'RADIUS|defined_in|RFC 2865', 'RFC 2865|published_by|IETF', 'Diameter|replaces|RADIUS'].join('\n'));
  cli(['import', '--db', host.dbPath, '--format', 'tsv', kb]);

  await openView(app, 'Chat');
  await app.getByLabel('Question').fill('Which RFC defines the protocol that carries EAP?');
  await app.getByRole('button', { name: 'Ask' }).click();
  const answer = app.getByTestId('answer').last();
  await expect(answer).toBeVisible({ timeout: 60_000 });
  await expect(answer).toContainText('RFC 2865');
  const trace = answer.getByTestId('trace');
  await trace.locator('summary').click();
  // the confidence is printed once: in the answer's own words (no chat model: the extractive answer
  // states it), else under the answer; never again in the trace
  expect((await answer.innerText()).match(/confidence \d\.\d\d/gi)).toHaveLength(1);
  await expect(trace).toContainText('EAP');
  await expect(trace).toContainText('carried_by');
  // A citation chip opens the triple in the Review view.
  const chip = answer.locator('.answer-text').getByTestId('citation').first();
  const marker = (await chip.textContent())!.trim();
  expect(marker).toMatch(/^[TP]\d+$/);
  await chip.click();
  await expect(app).toHaveURL(marker.startsWith('T') ? /#\/review\?triple=\d+/ : /#\/documents\?chunk=\d+/);
  if (marker.startsWith('T')) await expect(app.getByTestId('evidence-panel')).toContainText(/carried_by|defined_in/);

  // The session and its answer persist.
  await app.reload();
  await openView(app, 'Chat');
  await expect(app.getByTestId('answer').last()).toContainText('RFC 2865');
});

test('a question the graph knows nothing about says so, with its confidence once and no passage listed as used', async ({ app, host }) => {
  // a graph with passages that share words with the question but hold no answer to it
  const notes = path.join(host.dir, 'radius-notes.txt');
  fs.writeFileSync(
    notes,
    'RADIUS carries authentication between the NAS and the RADIUS server.\n\nThe RADIUS server checks the password of the user and answers with Access-Accept or Access-Reject.\n',
  );
  cli(['ingest', notes, '--db', host.dbPath]);
  cli(['extract', '--db', host.dbPath]);
  await openView(app, 'Chat');
  await app.getByRole('button', { name: 'New chat' }).click();
  await app.getByLabel('Question').fill('What is the boiling point of the RADIUS server?');
  await app.getByRole('button', { name: 'Ask' }).click();
  const answer = app.getByTestId('answer').last();
  await expect(answer).toContainText(/holds nothing about|not in the graph/i, { timeout: 60_000 });
  const trace = answer.getByTestId('trace');
  await trace.locator('summary').click();
  await expect(trace.locator('summary')).toContainText('no passage holds the answer');
  await expect(trace.getByRole('heading', { name: 'Passages' })).toHaveCount(0);
  await expect(trace.getByTestId('trace-answer')).toContainText('not in the graph');
  expect((await answer.innerText()).match(/confidence \d\.\d\d/gi)).toHaveLength(1);
});
