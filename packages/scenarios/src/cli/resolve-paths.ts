import { resolveUserPath } from './user-path.js';

/** Resolves the path-valued options of `options` (a string or a list of strings) against `cwd`. */
export function resolvePaths<T extends Record<string, unknown>>(options: T, keys: string[], cwd: string): T {
  const resolved: Record<string, unknown> = { ...options };
  for (const key of keys) {
    const value = resolved[key];
    if (typeof value === 'string') resolved[key] = resolveUserPath(value, cwd);
    else if (Array.isArray(value)) resolved[key] = value.map((each: string) => resolveUserPath(each, cwd));
  }
  return resolved as T;
}
