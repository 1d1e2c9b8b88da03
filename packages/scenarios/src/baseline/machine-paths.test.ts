import { expect, test } from 'vitest';
import { withoutMachinePaths } from './machine-paths.js';

test('absolute paths become relative to the base, home-relative, or their last two segments; URLs are kept', () => {
  const text = [
    'Traceback (most recent call last): File "/srv/ci/project/clients/driver.py", line 3',
    'File "/usr/lib/python3.11/site-packages/mcp/client/session.py", line 120, in list_tools',
    'written to /home/ana/work/out/mine.yaml',
    'server at http://127.0.0.1:40123/mcp answered 404',
    'relative clients/driver.py and ./x stay',
    'inputSchema at /properties/duration/type must be integer (a JSON pointer, not a path)',
  ].join('\n');
  expect(withoutMachinePaths(text, '/srv/ci/project', '/home/ana')).toBe(
    [
      'Traceback (most recent call last): File "clients/driver.py", line 3',
      'File "…/client/session.py", line 120, in list_tools',
      'written to ~/work/out/mine.yaml',
      'server at http://127.0.0.1:40123/mcp answered 404',
      'relative clients/driver.py and ./x stay',
      'inputSchema at /properties/duration/type must be integer (a JSON pointer, not a path)',
    ].join('\n'),
  );
});
