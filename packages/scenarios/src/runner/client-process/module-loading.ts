import { ToolshiftError } from '@toolshift/fake-server';
import type { ClientDescription } from './client-process-protocol.js';

/**
 * A client process loading its module: `promise` resolves with the module's clients when the
 * process says `loaded`, and rejects with CLIENT_MODULE_INVALID when it says `load-failed`, ends,
 * or is still loading after `timeoutMs` (then `kill` is called with why).
 */
export class ModuleLoading {
  readonly promise: Promise<ClientDescription[]>;
  private handlers: { resolve(clients: ClientDescription[]): void; reject(error: Error): void } | undefined;

  constructor(
    private readonly modulePath: string,
    timeoutMs: number,
    kill: (why: string) => void,
  ) {
    this.promise = new Promise((resolve, reject) => {
      this.handlers = { resolve, reject };
    });
    // Nobody may be waiting on it yet (a pool keeps the promise); never an unhandled rejection.
    this.promise.catch(() => undefined);
    const timer = setTimeout(
      () => kill(`was still loading the module after ${timeoutMs} ms and was killed`),
      timeoutMs,
    );
    const stop = () => clearTimeout(timer);
    this.promise.then(stop, stop);
  }

  /** True until the load settled. */
  get pending(): boolean {
    return this.handlers !== undefined;
  }

  /** The process said `loaded`. */
  loaded(clients: ClientDescription[]): void {
    this.handlers?.resolve(clients);
    this.handlers = undefined;
  }

  /** The process said `load-failed` (the message and reason of its CLIENT_MODULE_INVALID). */
  failed(message: string, reason: string): void {
    this.handlers?.reject(
      new ToolshiftError('CLIENT_MODULE_INVALID', message, { source: this.modulePath, reason }),
    );
    this.handlers = undefined;
  }

  /** The process ended (`how`) before it loaded the module; `output` is its last output. */
  ended(how: string, output: string): void {
    const reason = `its process ${how}${how.includes('loading') ? '' : ' while loading the module'}`;
    this.handlers?.reject(
      new ToolshiftError(
        'CLIENT_MODULE_INVALID',
        `Client module ${this.modulePath}: ${reason}${output ? `; its last output: ${output}` : ''}.`,
        { source: this.modulePath, reason },
      ),
    );
    this.handlers = undefined;
  }
}
