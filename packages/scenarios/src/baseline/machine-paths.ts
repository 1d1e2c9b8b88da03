import { homedir } from 'node:os';
import { relative, sep } from 'node:path';

// An absolute path: a `/` not preceded by a word character, `:` (a URL's `//` or a port), `.` or
// another `/`, then two or more segments.
const ABSOLUTE_PATH = /(?<![\w:./~-])\/(?:[^\s'"`()<>,;:|/\\]+\/)+[^\s'"`()<>,;:|/\\]+/g;

/**
 * `text` without this machine's absolute paths, so a file written from a run (a baseline) reads the
 * same on every machine: a path under `baseDir` becomes relative to it, one under the home directory
 * starts with `~`, any other keeps its last two segments after `…/` (`…/mcp/client.py`).
 */
export function withoutMachinePaths(text: string, baseDir: string, home: string = homedir()): string {
  return text.replace(ABSOLUTE_PATH, (path) => {
    if (path === baseDir || path.startsWith(`${baseDir}${sep}`)) return relative(baseDir, path) || '.';
    if (home && home !== sep && (path === home || path.startsWith(`${home}${sep}`)))
      return `~${path.slice(home.length)}`;
    return `…/${path.split('/').slice(-2).join('/')}`;
  });
}
