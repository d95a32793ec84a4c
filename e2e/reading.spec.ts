// Reading at desktop and laptop widths: the document viewer keeps its header (Remove, ✕) on screen
// and its text inside its own area for RFC layout; Markdown reads as formatting in the viewer and
// the evidence panel; a chat citation opens its passage with the quoted sentence marked.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, openView, KIT, ROOT } from './fixtures';
import { graphwright } from './review-fixtures';

const RFC = (n: string) => path.join(KIT, 'data/rfc-radius-eap', `rfc${n}.txt`);
const MARKDOWN = path.join(ROOT, 'assets/samples/iec-61850-substation-notes.md');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

/** A document's row, by the file it came from (the first cell's title is its path). */
const rowOf = (page: Page, file: string) =>
  page.getByRole('table', { name: 'Documents' }).locator('tbody tr', { has: page.locator(`td[title$="${path.basename(file)}"]`) });

/** Is the element wholly inside the window? */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await selector.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the viewer keeps its header on screen and RFC text inside it; Markdown reads as formatting`, async ({ app, host }) => {
    test.setTimeout(180_000);
    await app.setViewportSize(size);
    await graphwright(['ingest', RFC('3580'), RFC('5247'), MARKDOWN, '--db', host.dbPath]);
    await app.reload();
    await openView(app, 'Documents');
    const viewer = app.getByRole('region', { name: 'Document viewer' });
    const text = app.getByTestId('document-text');
    for (const rfc of ['3580', '5247']) {
      await rowOf(app, RFC(rfc)).click();
      await expect(text.getByTestId('chunk').first()).toBeVisible();
      for (const name of ['Remove', 'Close document']) expect(await onScreen(app, viewer.getByRole('button', { name }))).toBe(true);
      // nothing runs off: neither the page nor the text area scrolls sideways
      const overflow = await app.evaluate(() => {
        const main = document.querySelector('.main')!;
        const body = document.querySelector('[data-testid="document-text"]')!;
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          main: main.scrollWidth - main.clientWidth,
          text: body.scrollWidth - body.clientWidth,
        };
      });
      expect(overflow).toEqual({ page: 0, main: 0, text: 0 });
      // reading on down the text, the header stays where it is
      await text.evaluate((el) => (el.scrollTop = el.scrollHeight));
      for (const name of ['Remove', 'Close document']) expect(await onScreen(app, viewer.getByRole('button', { name }))).toBe(true);
      if (rfc === '3580' && size.width === 1440) await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/document-viewer-rfc.png') });
    }
    // Markdown: headings and bold as formatting, none of their marks shown
    await rowOf(app, MARKDOWN).click();
    await expect(text.locator('.md-h').first()).toBeVisible();
    await expect(text.locator('strong').first()).toBeVisible();
    const shown = (await text.textContent())!;
    expect(shown).not.toContain('**');
    expect(shown).not.toMatch(/(^|\n)#{1,6} /);
    await viewer.getByRole('button', { name: 'Close document' }).click();
    await expect(viewer).toHaveCount(0);
  });

  test(`at ${size.width}×${size.height} the evidence panel shows Markdown as formatting, and a chat citation marks the sentence it quotes`, async ({
    app,
    host,
  }) => {
    test.setTimeout(180_000);
    await app.setViewportSize(size);
    await graphwright(['ingest', RFC('3580'), MARKDOWN, '--db', host.dbPath]);
    await graphwright(['extract', '--engine', 'classic', '--db', host.dbPath]);
    await app.reload();

    // Evidence from the Markdown notes: no raw marks; the clause heading is not repeated above the text.
    await openView(app, 'Review');
    await app.getByRole('combobox', { name: 'Document', exact: true }).selectOption({ label: 'Field notes: IEC 61850 in a digital substation' });
    await app.getByTestId('triple-rows').locator('[role=row][data-triple-id]').first().click();
    if (size.width < 1280) await app.getByRole('button', { name: 'Evidence', exact: true }).click();
    const evidence = app.getByTestId('evidence-text').first();
    await expect(evidence.locator('mark').first()).toBeVisible();
    const ev = (await evidence.textContent())!;
    expect(ev).not.toContain('**');
    expect(ev).not.toMatch(/(^|\n)#{1,6} /);
    const clause = app.getByTestId('evidence-clause').first();
    if (await clause.count()) {
      const heading = (await clause.textContent())!.replace(/^\s*·\s*(§\S+\s+)?/, '').trim();
      expect(ev.trimStart().startsWith(heading)).toBe(false);
    }

    // A chat citation of a passage: the document opens at it, with the quoted sentence marked, not the whole passage.
    await openView(app, 'Chat');
    await app.getByLabel('Question').fill('Which attribute protects packets within a RADIUS/EAP conversation?');
    await app.getByRole('button', { name: 'Ask' }).click();
    const answer = app.getByTestId('answer').last();
    await expect(answer).toContainText('Message-Authenticator', { timeout: 60_000 });
    await answer
      .locator('.answer-text')
      .getByTestId('citation')
      .filter({ hasText: /^P\d+$/ })
      .first()
      .click();
    await expect(app).toHaveURL(/#\/documents\?chunk=\d+&cite=/);
    const cited = app.getByTestId('cited-sentence');
    await expect(cited).toBeVisible();
    await expect(cited).toContainText('the Message-Authenticator attribute MUST be used to protect packets within a RADIUS/EAP conversation.');
    await expect(cited).toBeInViewport();
    const chunk = (await app.getByTestId('focused-chunk').locator('.chunk-text').textContent())!;
    const sentence = (await cited.textContent())!;
    expect(sentence.length).toBeLessThan(chunk.length / 2);
    if (size.width === 1440) await app.screenshot({ path: path.join(ROOT, 'docs/screenshots/cited-sentence.png') });
  });
}
