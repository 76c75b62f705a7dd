import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createTask, waitForTask, type ApiTask } from '../src/api.js';
import { launchChromium } from '../src/browser.js';
import { makeReport } from '../src/fixtures.js';

// The page viewer (issue 20, item 7) in a real headless Chromium against the running stack: a
// real 2-page PDF task, opened with an API key and with a signed link.

let browser: Browser;
let task: ApiTask;

beforeAll(async () => {
  browser = await launchChromium();
  const created = await createTask(makeReport(2), { chunk_processing: { target_length: 60 } });
  task = await waitForTask(created.task_id);
  expect(task.status, task.message).toBe('Succeeded');
});

afterAll(async () => {
  await browser?.close();
});

function segmentsOf(value: ApiTask): ApiTask['output']['chunks'][number]['segments'] {
  return value.output.chunks.flatMap((chunk) => chunk.segments);
}

/** A new page that records script errors, CSP violations and failed loads, which the test then expects none of. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { page, problems };
}

describe('page viewer in Chromium', () => {
  it('asks for the API key, draws one box per segment on the page images, and highlights a clicked chunk', async () => {
    const segments = segmentsOf(task);
    expect(segments.length).toBeGreaterThan(2);
    const { page, problems } = await openPage();
    const response = await page.goto(`${inject('baseUrl')}/viewer/${task.task_id}`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.locator('#key-input').fill(inject('apiKey'));
    await page.locator('#key-form button[type=submit]').click();
    await page.locator('.box').first().waitFor();
    expect(await page.locator('.box').count()).toBe(segments.length);
    expect(await page.locator('.chunk').count()).toBe(task.output.chunks.length);
    for (const segment of segments) {
      expect(await page.locator(`.box[data-segment-id="${segment.segment_id}"]`).getAttribute('data-type')).toBe(
        segment.segment_type,
      );
    }

    // Every page image arrives (fetched with the key, shown through a blob: URL).
    await page.locator('.page').last().scrollIntoViewIfNeeded();
    // Locators, not waitForFunction: its polling evaluates strings in the page, which the viewer's CSP forbids.
    const pageCount = task.output.page_count ?? 0;
    expect(pageCount).toBeGreaterThan(1);
    await page
      .locator('.page[data-loaded="true"] img')
      .nth(pageCount - 1)
      .waitFor();
    expect(await page.locator('.page[data-loaded="true"] img').count()).toBe(pageCount);
    expect(await page.evaluate<number>("document.querySelector('.page img').naturalWidth")).toBeGreaterThan(0);

    // A box sits where the segment is: its left edge at bbox.left / page_width of the image's width.
    const first = segments[0]!;
    const firstBox = page.locator(`.box[data-segment-id="${first.segment_id}"]`);
    await firstBox.scrollIntoViewIfNeeded();
    const boxRect = (await firstBox.boundingBox())!;
    const imageRect = (await page.locator('.page', { has: firstBox }).locator('img').boundingBox())!;
    expect(Math.abs(boxRect.x - imageRect.x - (first.bbox.left / first.page_width) * imageRect.width)).toBeLessThan(3);
    expect(Math.abs(boxRect.width - (first.bbox.width / first.page_width) * imageRect.width)).toBeLessThan(3);

    // Hover shows type, confidence and text.
    await page.locator(`.box[data-segment-id="${first.segment_id}"]`).hover();
    await expect.poll(() => page.locator('#tooltip').isVisible()).toBe(true);
    const head = await page.locator('#tooltip-head').textContent();
    expect(head).toContain(first.segment_type);
    expect(head).toMatch(/confidence (\d\.\d\d|n\/a)/);
    expect(await page.locator('#tooltip-text').textContent()).toContain(first.text.slice(0, 20));

    // Clicking the chunk with the most segments highlights exactly its segments.
    const chunkIndex = task.output.chunks.reduce(
      (best, chunk, index, all) => (chunk.segments.length > all[best]!.segments.length ? index : best),
      0,
    );
    const chunk = task.output.chunks[chunkIndex]!;
    await page.locator(`.chunk[data-chunk="${chunkIndex}"]`).click();
    const highlighted = await Promise.all(
      (await page.locator('.box.highlight').all()).map((box) => box.getAttribute('data-segment-id')),
    );
    expect(highlighted.sort()).toEqual(chunk.segments.map((segment) => segment.segment_id).sort());
    expect(await page.locator('.chunk.selected').getAttribute('data-chunk-id')).toBe(chunk.chunk_id);
    expect(await page.locator('.chunk.selected .markdown').textContent()).toContain(
      chunk.segments[0]!.markdown.slice(0, 20),
    );
    // Another chunk moves the highlight.
    const otherIndex = chunkIndex === 0 ? 1 : 0;
    if (task.output.chunks.length > 1) {
      await page.locator(`.chunk[data-chunk="${otherIndex}"]`).click();
      expect(await page.locator('.box.highlight').count()).toBe(task.output.chunks[otherIndex]!.segments.length);
    }

    await page.screenshot({ path: join(inject('dataDir'), 'viewer.png'), fullPage: false });
    // The key stays in the tab: a reload opens the task without asking again.
    await page.reload();
    await page.locator('.box').first().waitFor();
    expect(await page.locator('#key-form').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens the task from a signed link without a key, and asks for one when the link is wrong', async () => {
    const minted = await api('POST', `/viewer/${task.task_id}/link?expires_in=120`);
    expect(minted.status, minted.text).toBe(200);
    const { url } = minted.json<{ url: string }>();
    // The link is built on PUBLIC_URL; the browser reaches the stack at baseUrl.
    const link = new URL(url);
    const target = `${inject('baseUrl')}${link.pathname}${link.search}`;

    const { page, problems } = await openPage();
    await page.goto(target);
    await page.locator('.box').first().waitFor();
    expect(await page.locator('.box').count()).toBe(segmentsOf(task).length);
    expect(await page.locator('#key-form').isHidden()).toBe(true);
    await page.locator('.page[data-loaded="true"] img').first().waitFor();
    expect(problems).toEqual([]);

    const broken = new URL(target);
    broken.searchParams.set('signature', 'not-a-signature');
    await page.goto(broken.toString());
    await page.locator('#key-form').waitFor();
    expect(await page.locator('#key-error').textContent()).toContain('no longer works');
    await page.context().close();
  });
});
