import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
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
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where the screenshot is kept as a test artefact. */
export const SCREENSHOT = fileURLToPath(
  new URL('../artifacts/html-report-failing-cell.png', import.meta.url),
);

const missing = existsSync(CHROMIUM)
  ? undefined
  : `Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium)`;
// CI installs Chromium, so there a missing browser is a failure, never a skip.
if (missing && process.env.TOOLSHIFT_REQUIRE_CHROMIUM) throw new Error(missing);
if (missing) console.warn(`skipping the HTML report browser test: ${missing}`);

describe.skipIf(missing !== undefined)('the HTML report in headless Chromium', () => {
  let browser: Browser;
  let page: string;
  beforeAll(async () => {
    const viewerPath = await buildReportViewer();
    const dir = await mkdtemp(join(tmpdir(), 'toolshift-html-'));
    page = join(dir, 'report.html');
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
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('clicking a failing cell shows its timeline with the evidence frames highlighted and the near-miss text', async () => {
    const html = await readFile(page, 'utf8');
    // Self-contained: no external script, stylesheet or import (the requests below prove no fetch happens).
    expect(/<script[^>]+src=|<link[^>]+href=|@import|url\(/i.test(html)).toBe(false);
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
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
    for (const seq of ['1', '9', '13']) {
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
    await detail.locator('.frame.evidence[data-seq="13"]').click();
    expect(await detail.locator('pre.raw').textContent()).toContain('"seq": 13');
    // Filtering by text hides the other scenarios.
    await tab.locator('input[type="search"]').fill('empty');
    await tab.locator('input[name="pass"]').check();
    expect(await tab.locator('table.matrix tbody tr').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith('file:') && !url.startsWith('data:'))).toEqual([]);
    await tab.close();
  }, 120_000);
});

async function screenshotPath(): Promise<string> {
  await mkdir(join(SCREENSHOT, '..'), { recursive: true });
  return SCREENSHOT;
}
