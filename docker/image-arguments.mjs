// What the image's entrypoint runs (docker/entrypoint.mjs): every `toolshift` command, with `serve`
// the default. The first argument decides: a toolshift command (`run`, `list`, `scorecard`,
// `--version`, …) runs as given; anything else — no argument, or `serve` options such as `--stdio`
// or `--port 9000` — serves the script mounted at /toolshift/script.yaml, writing the ready file the
// health check reads.

/** The toolshift commands (and help/version flags) that run as given when they come first. */
export const IMAGE_COMMANDS = [
  'run',
  'serve',
  'list',
  'clients',
  'export',
  'explore',
  'replay',
  'merge-reports',
  'driver-check',
  'scorecard',
  'verify-report',
  'explain',
  'proxy',
  'scenario',
  'help',
  '--version',
  '-V',
  '--help',
  '-h',
];

const SERVE = ['serve', '--script', '/toolshift/script.yaml', '--ready-file', '/tmp/toolshift-ready.json'];
const DEFAULT_LISTEN = ['--host', '0.0.0.0', '--port', '8080'];

/** The `toolshift` arguments for the arguments given after the image name. */
export function imageArguments(given) {
  if (given.length > 0 && IMAGE_COMMANDS.includes(given[0])) return given;
  return [...SERVE, ...(given.length > 0 ? given : DEFAULT_LISTEN)];
}
