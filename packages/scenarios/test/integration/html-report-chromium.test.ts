import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { htmlReporter } from '../../src/reports/html-report.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { buildReportViewer } from '../../viewer/build-report-viewer.mjs';

/** Debian's `chromium` package (`.ci/run` installs it). */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The first screen: what a reader sees on opening the report, before scrolling or clicking. */
const FIRST_SCREEN = { width: 1280, height: 720 };
/** Where the screenshots are kept as test artefacts. */
export const SCREENSHOT = fileURLToPath(
  new URL('../artifacts/html-report-failing-cell.png', import.meta.url),
);
const FIRST_SCREEN_SHOT = fileURLToPath(
  new URL('../artifacts/html-report-first-screen.png', import.meta.url),
);

const missing = existsSync(CHROMIUM)
  ? undefined
  : `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium)`;
// CI installs Chromium, so there a missing browser is a failure, never a skip.
if (missing && process.env.TOOLSHIFT_REQUIRE_CHROMIUM) throw new Error(missing);
if (missing) console.warn(`skipping the HTML report browser test: ${missing}`);

describe.skipIf(missing !== undefined)('the HTML report in headless Chromium', () => {
  let browser: BrowserContext;
  let page: string;
  let passing: string;
  let userDataDir: string;
  beforeAll(async () => {
    const viewerPath = await buildReportViewer();
    const dir = await mkdtemp(join(tmpdir(), 'toolshift-html-'));
    page = join(dir, 'report.html');
    passing = join(dir, 'passing.html');
    userDataDir = await mkdtemp(join(tmpdir(), 'toolshift-chromium-profile-'));
    await runSuite({
      scenarios: SCENARIOS.filter((scenario) => ['empty-list', 'tool-removed'].includes(scenario.id)),
      eras: ['legacy', 'modern'],
      transports: ['in-memory'],
      clients: [CLIENT_ADAPTERS.reference!],
      reporters: [htmlReporter(passing, { viewerPath })],
    });
    // The SDK client loses the race of lc-04 (its first, delayed listing lands after the refresh);
    // the reference client passes the same cell.
    await runSuite({
      scenarios: SCENARIOS.filter((scenario) =>
        ['lc-04-change-during-first-listing', 'empty-list'].includes(scenario.id),
      ),
      eras: ['legacy'],
      transports: ['in-memory'],
      clients: [CLIENT_ADAPTERS.sdk!, CLIENT_ADAPTERS.reference!],
      reporters: [htmlReporter(page, { viewerPath })],
    });
    // A fresh profile of its own (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, args: FLAGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('a failing report opens on the failure: its first failing check, reason and evidence frames are on the first screen, as the screenshot shows', async () => {
    const tab = await openTab(browser, FIRST_SCREEN);
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(pathToFileURL(page).href);
    const card = tab.locator('#needs-a-look article.failure').first();
    await card.waitFor();
    expect(await tab.locator('#needs-a-look article.failure').count()).toBe(1);
    expect(await card.locator('h3').textContent()).toBe(
      'unexpected failure lc-04-change-during-first-listing · legacy · in-memory · sdk',
    );
    const check = card.locator('p.check');
    expect(await check.textContent()).toBe(
      "registry.matches-final-catalog @primary: primary: the exposed tools differ from catalog revision 2: missing 'backend_1', 'backend_2', 'backend_3', 'backend_4'.",
    );
    const reason = (await check.textContent())!;
    expect(await card.locator('.near-miss').textContent()).toContain('exposes 0 of 4 current tool(s)');
    // Every cited frame is listed with what it proves, and the frame's JSON, without a click.
    const frames = card.locator('ol.evidence-frames li');
    expect(await frames.count()).toBeGreaterThanOrEqual(3);
    expect(await card.locator('li[data-seq="12"] pre.snippet').textContent()).toContain('"jsonrpc":"2.0"');
    // The first screen, as a screenshot: the failing check, the near miss and the first evidence
    // frames are inside it, and the screenshot shows them exactly as the elements render.
    const firstScreen = await tab.screenshot({ path: await screenshotPath(FIRST_SCREEN_SHOT) });
    for (const element of [check, card.locator('.near-miss'), frames.first()]) {
      const box = (await element.boundingBox())!;
      expect(box.y + box.height, 'on the first screen').toBeLessThanOrEqual(FIRST_SCREEN.height);
      const differing = await differingPixels(tab, firstScreen, await element.screenshot(), box);
      expect(differing, `${await element.textContent()} as the first screen shows it`).toBe(0);
    }
    // The check's text is what the cell's record says (not a placeholder), and no click happened.
    expect(reason).not.toContain('Click a cell');
    expect(await tab.locator('#cell-detail').count()).toBe(0);
    // Then the summary: the matrix without the passes (they are a tick away).
    expect(await tab.locator('h2#summary').textContent()).toBe('Summary');
    expect(await tab.locator('input[name="pass"]').isChecked()).toBe(false);
    // The card's button opens the cell's timeline.
    await card.locator('button.open').click();
    expect(await tab.locator('#cell-detail h2').textContent()).toContain('lc-04-change-during-first-listing');
    expect(errors).toEqual([]);
    await tab.close();
  }, 120_000);

  test('a passing report opens on the summary with every cell shown, passes included', async () => {
    const tab = await openTab(browser, FIRST_SCREEN);
    await tab.goto(pathToFileURL(passing).href);
    await tab.locator('table.matrix').waitFor();
    expect(await tab.locator('#needs-a-look').count()).toBe(0);
    expect(await tab.locator('text=No cell matches the filters.').count()).toBe(0);
    for (const status of ['pass', 'n/a', 'fail'])
      expect(await tab.locator(`input[name="${status}"]`).isChecked(), status).toBe(true);
    const marks = tab.locator('button.cell[data-status="pass"]');
    expect(await marks.count()).toBe(4);
    const box = (await tab.locator('table.matrix').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(FIRST_SCREEN.height);
    expect(await tab.locator('.result').textContent()).toBe('Result: matches the baseline.');
    await tab.close();
  }, 120_000);

  test('clicking a failing cell shows its timeline with the evidence frames highlighted and the near-miss text', async () => {
    const html = await readFile(page, 'utf8');
    // Self-contained: no external script, stylesheet or import (the requests below prove no fetch happens).
    expect(/<script[^>]+src=|<link[^>]+href=|@import|url\(/i.test(html)).toBe(false);
    const tab = await openTab(browser, { width: 1400, height: 1000 });
    const requests: string[] = [];
    tab.on('request', (request) => requests.push(request.url()));
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(pathToFileURL(page).href);
    // Failures first: the first row of the matrix is the failing scenario.
    await expect
      .poll(() => tab.locator('table.matrix tbody tr').first().locator('td.scenario').textContent())
      .toBe('lc-04-change-during-first-listing');
    const failing = tab.locator('button.cell[data-status="fail"]');
    expect(await failing.count()).toBe(1);
    await failing.click();
    const detail = tab.locator('#cell-detail');
    await detail.waitFor();
    expect(await detail.locator('h2').textContent()).toContain(
      'lc-04-change-during-first-listing · legacy · in-memory · sdk',
    );
    // The near-miss text of the failing check is visible.
    const nearMiss = detail.locator('.near-miss', { hasText: 'exposes 0 of 4 current tool(s)' });
    expect(await nearMiss.isVisible()).toBe(true);
    // Its evidence frames are highlighted on the timeline, each with what it proves.
    const evidence = detail.locator('.frame.evidence');
    expect(await evidence.count()).toBeGreaterThanOrEqual(3);
    for (const seq of ['1', '8', '12']) {
      const frame = detail.locator(`.frame.evidence[data-seq="${seq}"]`);
      expect(await frame.isVisible(), `evidence frame #${seq}`).toBe(true);
    }
    expect(await detail.locator('.evidence-note', { hasText: 'last exposure: []' }).isVisible()).toBe(true);
    // Lanes for the client and the server; arrows labelled with method and id; script steps as markers.
    expect(await detail.locator('.lanes').textContent()).toBe('seqclientprimary');
    expect(await detail.locator('.arrow', { hasText: 'tools/list #' }).count()).toBeGreaterThan(0);
    expect(await detail.locator('.point.step').count()).toBeGreaterThan(0);
    await tab.screenshot({ path: await screenshotPath(), fullPage: true });
    // The raw frame opens on click.
    await detail.locator('.frame.evidence[data-seq="12"]').click();
    expect(await detail.locator('pre.raw').textContent()).toContain('"seq": 12');
    // Filtering by text hides the other scenarios.
    await tab.locator('input[type="search"]').fill('empty');
    await tab.locator('input[name="pass"]').check();
    expect(await tab.locator('table.matrix tbody tr').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'))).toEqual([]);
    await tab.close();
  }, 120_000);
});

/** A new tab of `context` with a viewport of `size`. */
async function openTab(context: BrowserContext, size: { width: number; height: number }): Promise<Page> {
  const tab = await context.newPage();
  await tab.setViewportSize(size);
  return tab;
}

async function screenshotPath(path = SCREENSHOT): Promise<string> {
  await mkdir(join(path, '..'), { recursive: true });
  return path;
}

/**
 * Pixels that differ between `part` (an element's own screenshot) and the region of `whole` (the
 * first screen) where the element sits (`box`): the browser decodes both PNGs and compares them.
 */
async function differingPixels(
  tab: Page,
  whole: Buffer,
  part: Buffer,
  box: { x: number; y: number },
): Promise<number> {
  return tab.evaluate(
    async ({ whole, part, x, y }) => {
      // The browser's globals, typed here (the tests compile without the DOM library).
      type ImageLike = { src: string; width: number; height: number; decode(): Promise<void> };
      type Context2d = {
        drawImage(image: ImageLike, ...box: number[]): void;
        getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
      };
      const browser = globalThis as unknown as {
        Image: new () => ImageLike;
        document: {
          createElement(tag: 'canvas'): {
            width: number;
            height: number;
            getContext(kind: '2d'): Context2d | null;
          };
        };
      };
      const load = async (base64: string) => {
        const image = new browser.Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        return image;
      };
      const [a, b] = [await load(whole), await load(part)];
      const pixels = (image: ImageLike, sx: number, sy: number) => {
        const canvas = browser.document.createElement('canvas');
        canvas.width = b.width;
        canvas.height = b.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, sx, sy, b.width, b.height, 0, 0, b.width, b.height);
        return context.getImageData(0, 0, b.width, b.height).data;
      };
      const fromWhole = pixels(a, x, y);
      const fromPart = pixels(b, 0, 0);
      let differing = 0;
      for (let i = 0; i < fromPart.length; i += 4)
        if (
          fromPart[i] !== fromWhole[i] ||
          fromPart[i + 1] !== fromWhole[i + 1] ||
          fromPart[i + 2] !== fromWhole[i + 2]
        )
          differing++;
      return differing;
    },
    {
      whole: whole.toString('base64'),
      part: part.toString('base64'),
      x: Math.round(box.x),
      y: Math.round(box.y),
    },
  );
}
