import { dirname, isAbsolute, resolve } from 'node:path';

/**
 * The directory relative paths on the command line are relative to: the directory the user ran
 * the command in. A package manager running a script (`pnpm toolshift …`, `npm run …`) starts it in
 * the package root and passes the user's directory as `INIT_CWD`; otherwise it is the process's
 * working directory.
 */
export function userDirectory(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const initCwd = env.INIT_CWD;
  if (!initCwd || !isAbsolute(initCwd)) return cwd;
  // `INIT_CWD` is inherited by every process a script starts: it is this command's only when the
  // package manager started it in the script's package (`npm_package_json` names that package).
  // A process started elsewhere (a test, a tool run from inside another script) keeps its own cwd.
  const pkg = env.npm_package_json;
  return pkg === undefined || resolve(dirname(pkg)) === resolve(cwd) ? initCwd : cwd;
}

/** `path` as an absolute path, a relative one taken from `baseDir` (see {@link userDirectory}). */
export function resolveUserPath(path: string, baseDir: string): string {
  return resolve(baseDir, path);
}
