import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('package boundaries', () => {
  it('the reference client depends on no other toolshift package (it must work against real servers)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).filter((name) => name.startsWith('@toolshift/'))).toEqual([]);
    for (const file of sources(join(root, 'src'))) {
      if (file.endsWith('.test.ts')) continue;
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/from '@toolshift\//);
    }
  });

  it('exposes one entry', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.exports)).toEqual(['.']);
  });
});
