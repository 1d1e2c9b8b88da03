/** Exact Node.js versions tested in CI besides the workspace's own, by major. */
export declare const NODE_RUNTIMES: Readonly<Record<'22' | '24', string>>;
/** The machine-wide cache of CI downloads: `$TOOLSHIFT_CACHE_DIR`, else `~/.cache/toolshift`. */
export declare function cacheDir(): string;
/** The directory holding `node` for `version`, installed from npm into the cache when missing. */
export declare function ensureNodeRuntime(version: string): string;
