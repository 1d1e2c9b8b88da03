import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { relative, sep } from 'node:path';

// An absolute path: a `/` not preceded by a word character, `:` (a URL's `//` or a port), `.` or
// another `/`, then two or more segments.
const ABSOLUTE_PATH = /(?<![\w:./~-])\/(?:[^\s'"`()<>,;:|/\\]+\/)+[^\s'"`()<>,;:|/\\]+/g;

/**
 * `text` without this machine's absolute paths, so a file written from a run (a baseline) reads the
 * same on every machine: a path under `baseDir` becomes relative to it, one under the home directory
 * starts with `~`, any other whose first segment is a directory at this machine's root (`/usr`,
 * `/opt`, `/tmp`) keeps its last two segments after `…/` (`…/mcp/client.py`). Anything else that
 * only looks like a path, such as a JSON pointer (`/properties/duration/type`), is kept as it is.
 */
export function withoutMachinePaths(text: string, baseDir: string, home: string = homedir()): string {
  return text.replace(ABSOLUTE_PATH, (path) => {
    if (path === baseDir || path.startsWith(`${baseDir}${sep}`)) return relative(baseDir, path) || '.';
    if (home && home !== sep && (path === home || path.startsWith(`${home}${sep}`)))
      return `~${path.slice(home.length)}`;
    if (!isRootDirectory(path.slice(1, path.indexOf('/', 1)))) return path;
    return `…/${path.split('/').slice(-2).join('/')}`;
  });
}

/** Whether `/name` is a directory (or anything) at this machine's root, asked once per name. */
const rootEntries = new Map<string, boolean>();
function isRootDirectory(name: string): boolean {
  let known = rootEntries.get(name);
  if (known === undefined) {
    known = existsSync(`/${name}`);
    rootEntries.set(name, known);
  }
  return known;
}
