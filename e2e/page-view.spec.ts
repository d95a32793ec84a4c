// A PDF's page view: from a Review row's evidence, "Open page N" shows the PDF page drawn by pdf.js
// with the evidence span highlighted on that page, and the text view is one click away.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, openView } from './fixtures';
import { api, ingestAndExtract } from './review-fixtures';
import { makePdf } from '../test/ingest/fixtures';

const PAGES = [
  [
    '1. Introduction',
    '',
    'The Extensible Authentication Protocol supports multiple authentication methods.',
    'An authenticator forwards EAP packets between the peer and the server.',
  ],
  [
    '2. Key Management',
    '',
    'The authenticator MUST delete the Master Session Key after the session ends.',
    'The peer MUST NOT reuse the Transient Session Keys across sessions.',
  ],
  ['3. Security Considerations', '', 'The server SHOULD verify the channel bindings of the authenticator.'],
];

test('open the page of a triple from Review: the PDF page is drawn with the evidence highlighted on it', async ({ app, host }) => {
  test.setTimeout(240_000);
  const file = path.join(host.dir, 'eap-keys.pdf');
  fs.writeFileSync(file, makePdf(PAGES, { title: 'EAP Key Management' }));
  await ingestAndExtract(host, file);

  // a triple read from the second page
  const triples = await api(host, 'triples.list', { limit: 200 });
  let target: { id: number; page: number; quote: string } | null = null;
  for (const t of triples.items) {
    const ev = await api(host, 'triples.evidence', { tripleId: t.id });
    const item = ev.items.find((i) => i.page === 2);
    if (item) {
      target = { id: t.id, page: 2, quote: item.quote };
      break;
    }
  }
  expect(target, 'a triple with its evidence on page 2').not.toBeNull();

  await openView(app, 'Review');
  await app.evaluate((id) => (window.location.hash = `/review?triple=${id}`), target!.id);
  const panel = app.getByTestId('evidence-panel');
  const open = panel.getByTestId('open-page');
  await expect(open).toHaveText('Open page 2');
  await open.click();

  const pageView = app.getByTestId('page-view');
  await expect(pageView).toBeVisible();
  const second = pageView.locator('[data-testid="pdf-page"][data-page="2"]');
  await expect(second.getByTestId('page-highlight').first()).toBeVisible({ timeout: 30_000 });
  // the highlight is on page 2 only
  await expect(pageView.locator('[data-testid="pdf-page"]:not([data-page="2"]) [data-testid="page-highlight"]')).toHaveCount(0);
  // pdf.js drew the page: the canvas has pixels that are not white
  await expect
    .poll(
      async () =>
        second.locator('canvas').evaluate((c: HTMLCanvasElement) => {
          const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let dark = 0;
          for (let i = 0; i < px.length; i += 4) if (px[i] < 128) dark++;
          return dark;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(100);
  // the highlight lies where the evidence's line is: in the upper half of a page whose text starts at the top
  const pageBox = (await second.boundingBox())!;
  const mark = (await second.getByTestId('page-highlight').first().boundingBox())!;
  expect(mark.y).toBeGreaterThan(pageBox.y);
  expect(mark.y + mark.height).toBeLessThan(pageBox.y + pageBox.height / 2);

  // the text view is one click away
  await app.getByRole('button', { name: 'Text' }).click();
  await expect(app.getByTestId('document-text')).toContainText(target!.quote.slice(0, 30));
});
