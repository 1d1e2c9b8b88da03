import inspector from 'node:inspector';

/**
 * Signals the `toolshift` process holds from its first moment, before its commands load.
 *
 * - `SIGUSR1` is how any process of the same user opens Node's inspector in another one
 *   (`kill -USR1`, `process._debugProcess`): a client under test could then run code inside the
 *   runner and rewrite its verdicts. A listener keeps the inspector closed. During a `run` the
 *   signal stops the run (`interruptedBy: 'SIGUSR1'`, exit 138): a judge someone tried to open to
 *   a debugger gives no verdict. Elsewhere it is ignored with one line on stderr.
 *   Node's own start-up (its first ~0.1 s, before any of toolshift's code runs) cannot be guarded
 *   on Node 20: an inspector found open then, or later, without an `--inspect` option is closed and
 *   counts as that signal (checked at install and every {@link INSPECTOR_POLL_MS} ms of a run).
 * - `SIGINT` and `SIGTERM` during a `run`'s start-up (loading modules, checking options) are held
 *   until the run takes them over, so an interrupt before the first cell still ends in reports that
 *   say so, never in an older run's reports left in place.
 */
export type GuardedSignal = 'SIGINT' | 'SIGTERM' | 'SIGUSR1';

let installed = false;
const held: GuardedSignal[] = [];
let handler: ((signal: GuardedSignal) => void) | undefined;
/** SIGINT and SIGTERM are being held (a `run` that has not taken them over yet). */
let holding = false;

function holdInterrupt(signal: NodeJS.Signals): void {
  // A second interrupt while the run has not started yet ends the process, as Ctrl-C twice does.
  if (held.some((earlier) => earlier !== 'SIGUSR1')) process.exit(signal === 'SIGTERM' ? 143 : 130);
  held.push(signal as GuardedSignal);
}

/** How often a run checks that nobody opened its inspector, ms. */
const INSPECTOR_POLL_MS = 250;

/**
 * Whether Node's inspector is open though nobody asked for it on the command line or in
 * `NODE_OPTIONS` (`--inspect…`): then it is closed, and the caller treats it as a SIGUSR1.
 */
function inspectorOpenedUnasked(): boolean {
  if (inspector.url() === undefined) return false;
  if ([...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => option.includes('--inspect')))
    return false;
  inspector.close();
  return true;
}

function onInspectorSignal(): void {
  if (handler) handler('SIGUSR1');
  else if (holding) held.push('SIGUSR1');
  else
    process.stderr.write(
      "toolshift: ignored SIGUSR1 (it would have opened Node's inspector to the process that sent it)\n",
    );
}

/**
 * Installs the guard (once per process): `SIGUSR1` always; with `holdInterrupts` (a `run`), SIGINT
 * and SIGTERM are held for {@link takeOverSignals}.
 */
export function installProcessGuard(options: { holdInterrupts: boolean }): void {
  if (installed) return;
  installed = true;
  process.on('SIGUSR1', onInspectorSignal);
  if (options.holdInterrupts) {
    holding = true;
    process.on('SIGINT', holdInterrupt);
    process.on('SIGTERM', holdInterrupt);
  }
  if (inspectorOpenedUnasked()) onInspectorSignal();
}

/**
 * Routes the guarded signals to `onSignal` from now on: the first SIGINT and the first SIGTERM
 * (a second one finds no handler and ends the process at once) and every SIGUSR1; signals held
 * since start-up are handed over first, in order.
 * @returns a function that stops the routing (SIGUSR1 stays ignored, with its stderr line).
 */
export function takeOverSignals(onSignal: (signal: GuardedSignal) => void): () => void {
  process.removeListener('SIGINT', holdInterrupt);
  process.removeListener('SIGTERM', holdInterrupt);
  holding = false;
  // A process that never installed the guard (an embedding program) still keeps its inspector shut.
  if (!installed) {
    installed = true;
    process.on('SIGUSR1', onInspectorSignal);
  }
  const early = held.splice(0);
  const onSigint = () => onSignal('SIGINT');
  const onSigterm = () => onSignal('SIGTERM');
  // An interrupt already held was the first: the next one finds no handler and ends the process.
  if (!early.includes('SIGINT')) process.once('SIGINT', onSigint);
  if (!early.includes('SIGTERM')) process.once('SIGTERM', onSigterm);
  handler = onSignal;
  for (const signal of early) onSignal(signal);
  const watch = setInterval(() => {
    if (inspectorOpenedUnasked()) onSignal('SIGUSR1');
  }, INSPECTOR_POLL_MS);
  watch.unref();
  if (inspectorOpenedUnasked()) onSignal('SIGUSR1');
  return () => {
    clearInterval(watch);
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigterm);
    if (handler === onSignal) handler = undefined;
  };
}
