import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReference } from './render-reference.js';

/** Where the generated reference lives, from this file (`src/reference` or `dist/src/reference`). */
export function referencePath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.includes(`${join('dist', 'src')}`)
    ? join(here, '../../../../..')
    : join(here, '../../../..');
  return join(root, 'docs', 'reference.md');
}

writeFileSync(referencePath(), renderReference());
process.stdout.write(`wrote ${referencePath()}\n`);
