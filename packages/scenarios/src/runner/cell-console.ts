import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { StderrCapture } from '../adapters/client-stderr.js';

/** The console methods a client library writes through (the official SDK's `console.debug` notices among them). */
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
type Method = (typeof METHODS)[number];

const cells = new AsyncLocalStorage<StderrCapture>();
let active = 0;
let originals: Partial<Record<Method, (...args: unknown[]) => void>> = {};
const routed = new Map<Method, (...args: unknown[]) => void>();

/** Routes console calls made inside a cell to its capture; others go where they always went. */
function install(): void {
  originals = {};
  for (const method of METHODS) {
    const original = console[method] as (...args: unknown[]) => void;
    originals[method] = original;
    const route = (...args: unknown[]) => {
      const capture = cells.getStore();
      if (capture) capture.add(`${format(...args)}\n`);
      else original.apply(console, args);
    };
    routed.set(method, route);
    console[method] = route;
  }
}

/** Puts the console back, unless something replaced our routing since (then that stays). */
function uninstall(): void {
  for (const method of METHODS) {
    if (console[method] === routed.get(method)) console[method] = originals[method]! as Console[Method];
  }
  routed.clear();
}

/**
 * Runs one cell's work with the console routed to the cell: what an in-process client (or the
 * library under it) prints through `console.*` while the cell runs — in any async continuation of
 * `work` — lands in the returned capture instead of between the progress marks. Calls outside any
 * cell print as before. The routing is installed while at least one cell runs, and removed after.
 * @returns what `work` resolved with, and what the cell printed (undefined when nothing).
 */
export async function withCellConsole<T>(
  work: () => Promise<T>,
): Promise<{ value: T; printed: ReturnType<StderrCapture['result']> }> {
  const capture = new StderrCapture();
  if (active++ === 0) install();
  try {
    const value = await cells.run(capture, work);
    return { value, printed: capture.result() };
  } finally {
    if (--active === 0) uninstall();
  }
}
