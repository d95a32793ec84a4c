// The Evaluation view end to end: import a gold set, run classic extraction on it, see the scores
// and the PR curve, click an error to its evidence, compare two runs side by side.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openView, KIT } from './fixtures';
import { api, graphwright, ingestAndExtract } from './review-fixtures';

test('import gold, run classic, scores and PR curve, an error to its evidence, two runs side by side', async ({ app, host }) => {
  // a slice of the kit's WebNLG dev set, uploaded through the view
  const lines = fs
    .readFileSync(path.join(KIT, 'data', 'webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, 40);
  const gold = path.join(host.dir, 'webnlg-slice.jsonl');
  fs.writeFileSync(gold, `${lines.join('\n')}\n`);

  await openView(app, 'Evaluation');
  await expect(app.getByText('No evaluation yet')).toBeVisible();
  await app.getByTestId('gold-file').setInputFiles(gold);
  await expect(app.getByLabel('Gold set', { exact: true })).toContainText('webnlg-slice.jsonl (webnlg-json');

  await app.getByLabel('Run label').fill('head rule');
  await app.getByRole('button', { name: 'Run evaluation' }).click();
  const runs = app.getByTestId('ev-runs');
  await expect(runs).toContainText('head rule');
  await expect(runs.locator('tbody tr').first()).toContainText('done', { timeout: 60_000 });
  await expect(runs.locator('tbody tr').first()).toContainText('triple F1');

  const scores = app.getByTestId('ev-scores');
  await expect(scores).toContainText('triples');
  await expect(scores).toContainText('entity pairs');
  await expect(scores).toContainText('mentions, head word');
  await expect(scores).toContainText('%');
  const curve = app.getByTestId('ev-pr-curve');
  await expect(curve).toBeVisible();
  await expect(curve.locator('g[data-series="0"] path')).toHaveCount(1);
  await expect(app.getByText(/best F1 .* at confidence ≥/)).toBeVisible();

  // an error opens its evidence: the gold text with the span marked
  const errors = app.getByTestId('ev-errors');
  await app.getByLabel('Error kind').selectOption('spurious');
  await errors.locator('tbody tr').first().click();
  const evidence = app.getByTestId('ev-evidence');
  await expect(evidence).toBeVisible();
  await expect(evidence).toContainText('spurious');
  await expect(evidence).toContainText('gold triples:');
  await expect(evidence.locator('mark').first()).toBeVisible();

  // a second run with the exact rule, compared with the first
  await app.getByLabel('Mention rule').selectOption('exact');
  await app.getByLabel('Run label').fill('exact rule');
  await app.getByRole('button', { name: 'Run evaluation' }).click();
  await expect(runs.locator('tbody tr')).toHaveCount(2);
  await expect(runs.locator('tbody tr').first()).toContainText('done', { timeout: 60_000 });
  await app.getByLabel('Compare run 1').check();
  await expect(scores.locator('thead th')).toHaveCount(3);
  await expect(scores.locator('thead')).toContainText('exact rule (#2)');
  await expect(scores.locator('thead')).toContainText('head rule (#1)');
  await expect(curve.locator('g[data-series="1"] path')).toHaveCount(1);

  // the HTML report of both runs, with its plots
  const downloading = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Download report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('evaluation-run-2-vs-1.html');
  const file = path.join(host.dir, download.suggestedFilename());
  await download.saveAs(file);
  const html = fs.readFileSync(file, 'utf8');
  expect(html).toContain('<svg');
  expect(html).toContain('exact rule');
  expect(html).toContain('head rule');

  // the live precision tab without any review decision
  await app.getByRole('tab', { name: 'Live precision' }).click();
  await expect(app.getByText('No review decisions yet')).toBeVisible();
});

test('live precision from accept and reject decisions made in review', async ({ app, host }) => {
  const kb = path.join(host.dir, 'kb.txt');
  fs.writeFileSync(kb, ['RADIUS|defined_in|RFC 2865', 'EAP|carried_by|RADIUS', 'RADIUS|uses|UDP', 'EAP|uses|TLS'].join('\n'));
  await graphwright(['import', '--db', host.dbPath, '--format', 'tsv', kb]);
  const triples = await api(host, 'triples.list', {});
  const id = (rel: string, obj: string) => triples.items.find((t) => t.relation === rel && t.object === obj)!.id;
  await api(host, 'triples.accept', { ids: [id('defined_in', 'RFC 2865'), id('carried_by', 'RADIUS'), id('uses', 'UDP')] });
  await api(host, 'triples.reject', { ids: [id('uses', 'TLS')] });

  await openView(app, 'Evaluation');
  await app.getByRole('tab', { name: 'Live precision' }).click();
  const view = app.getByTestId('ev-precision');
  await expect(view).toContainText('75.0% of 4 reviewed triples accepted');
  const byRelation = app.getByRole('region', { name: 'Precision by relation' });
  await expect(byRelation.getByRole('row', { name: /uses/ })).toContainText('50.0%');
  await expect(app.getByRole('region', { name: 'Precision by engine' })).toContainText('import');
});

test('a QA run shows its calibration: the reliability diagram and the precision-coverage curve', async ({ app, host }) => {
  // one RFC of the kit, classically extracted, and a few of the kit's questions about it
  await ingestAndExtract(host, path.join(KIT, 'data', 'rfc-radius-eap', 'rfc6613.txt'));
  const questions = fs
    .readFileSync(path.join(KIT, 'data', 'rfc-qa', 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('"rfc6613.txt"'));
  expect(questions.length).toBeGreaterThan(3);
  const gold = path.join(host.dir, 'rfc6613-questions.jsonl');
  fs.writeFileSync(gold, `${questions.join('\n')}\n`);

  await openView(app, 'Evaluation');
  await app.getByTestId('gold-file').setInputFiles(gold);
  await expect(app.getByLabel('Gold set', { exact: true })).toContainText('rfc6613-questions.jsonl (questions');
  await app.getByLabel('Run label').fill('extractive');
  await app.getByRole('button', { name: 'Run evaluation' }).click();
  const runs = app.getByTestId('ev-runs');
  await expect(runs.locator('tbody tr').first()).toContainText('done', { timeout: 120_000 });

  const scores = app.getByTestId('ev-scores');
  await expect(scores).toContainText('expected calibration error');
  await expect(scores).toContainText('precision / coverage at confidence ≥ 0.8');
  const reliability = app.getByTestId('ev-reliability');
  await expect(reliability).toBeVisible();
  await expect(reliability.getByTestId('ev-diagonal')).toHaveCount(1);
  // one point per confidence bin holding answers
  expect(await reliability.locator('g[data-series="0"] circle').count()).toBeGreaterThan(0);
  const curve = app.getByTestId('ev-precision-coverage');
  await expect(curve).toBeVisible();
  await expect(curve.locator('g[data-series="0"] path')).toHaveCount(1);
});
