import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DriverManifest } from '../scorecard/driver-manifest.js';
import type { DriverCheckResult } from './driver-check-report.js';

/** Comment syntax per driver language: what the hook check reads past. */
const LINE_COMMENT: Record<DriverManifest['language'], RegExp> = {
  typescript: /\/\/.*$/gm,
  go: /\/\/.*$/gm,
  java: /\/\/.*$/gm,
  rust: /\/\/.*$/gm,
  python: /#.*$/gm,
};
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;

/** A driver source with its comments removed (a hook named in a comment is not registered). */
function codeOf(text: string, language: DriverManifest['language']): string {
  const withoutBlocks = language === 'python' ? text : text.replace(BLOCK_COMMENT, '');
  return withoutBlocks.replace(LINE_COMMENT[language], '');
}

/**
 * Checks that a driver registers every change hook its manifest lists (`changeHooks`): the
 * library's documented change API (a list-changed handler, `tools.onListChanged()`, a listen call)
 * must appear in the driver's code (`sources`, comments aside) where it registers it
 * (`registeredBy`, a regular expression). A driver that leaves a documented hook out turns the
 * library's change handling off and charges the library with the driver's omission; this check
 * fails it. One result per hook, `change-hooks.<api>`; a manifest without hooks gets one `skip`.
 */
export function checkChangeHooks(manifest: DriverManifest, dir: string): DriverCheckResult[] {
  const hooks = manifest.changeHooks ?? [];
  if (hooks.length === 0)
    return [{ id: 'change-hooks', status: 'skip', detail: 'the manifest lists no documented change hook' }];
  const sources = manifest.sources ?? [];
  const missing = sources.filter((source) => !existsSync(join(dir, source)));
  if (sources.length === 0 || missing.length > 0)
    return [
      {
        id: 'change-hooks',
        status: 'fail',
        detail:
          sources.length === 0
            ? 'the manifest lists change hooks but no sources to find them in'
            : `sources not found: ${missing.join(', ')}`,
      },
    ];
  const code = sources
    .map((source) => codeOf(readFileSync(join(dir, source), 'utf8'), manifest.language))
    .join('\n');
  return hooks.map((hook): DriverCheckResult => {
    let pattern: RegExp;
    try {
      pattern = new RegExp(hook.registeredBy, 'm');
    } catch (error) {
      return {
        id: `change-hooks.${hook.api}`,
        status: 'fail',
        detail: `registeredBy is not a regular expression: ${(error as Error).message}`,
      };
    }
    return pattern.test(code)
      ? {
          id: `change-hooks.${hook.api}`,
          status: 'pass',
          detail: `registered in ${sources.join(', ')} (${hook.doc})`,
        }
      : {
          id: `change-hooks.${hook.api}`,
          status: 'fail',
          detail: `the driver never registers ${hook.api}, which the library documents (${hook.doc}): no match for /${hook.registeredBy}/ in ${sources.join(', ')} outside comments`,
        };
  });
}
