// Bundles the HTML report's viewer (report-viewer.ts with Preact) into dist/report-viewer.js: one
// minified script with no imports, inlined into every report so the page needs no network.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const viewerEntry = fileURLToPath(new URL('./report-viewer.ts', import.meta.url));
export const viewerBundle = fileURLToPath(new URL('../dist/report-viewer.js', import.meta.url));

/** Builds dist/report-viewer.js; resolves with its path. */
export async function buildReportViewer() {
  await mkdir(fileURLToPath(new URL('../dist/', import.meta.url)), { recursive: true });
  await build({
    entryPoints: [viewerEntry],
    outfile: viewerBundle,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
  });
  return viewerBundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildReportViewer();
