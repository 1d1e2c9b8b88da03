import { expect, test } from 'vitest';
import { userDirectory } from './user-path.js';

test('a package manager script resolves paths from the directory the user ran it in', () => {
  const env = { INIT_CWD: '/home/u/project/sub', npm_package_json: '/home/u/project/package.json' };
  expect(userDirectory(env, '/home/u/project')).toBe('/home/u/project/sub');
  expect(userDirectory({ INIT_CWD: '/home/u/project/sub' }, '/home/u/project')).toBe('/home/u/project/sub');
});

test('a process started elsewhere by something a script ran keeps its own directory (INIT_CWD is inherited)', () => {
  // e.g. a test under `pnpm test` spawning toolshift in a temp directory
  const env = { INIT_CWD: '/repo', npm_package_json: '/repo/package.json' };
  expect(userDirectory(env, '/tmp/toolshift-console-x')).toBe('/tmp/toolshift-console-x');
  expect(userDirectory({}, '/tmp/a')).toBe('/tmp/a');
  expect(userDirectory({ INIT_CWD: 'relative' }, '/tmp/a')).toBe('/tmp/a');
});
