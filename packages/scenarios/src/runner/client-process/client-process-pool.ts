import { ClientProcess, type ClientProcessOptions } from './client-process.js';
import type { ClientDescription, ClientJob } from './client-process-protocol.js';
import type { ClientProcessCell } from './remote-cell.js';

/**
 * The client processes of one `--client-module` file: each hosts one cell at a time, so the pool
 * grows to as many processes as the runner runs this module's cells at once, and a process that
 * ended (the client killed it, or it was killed for going silent) is replaced by a fresh one for the
 * next cell. A process that finished a cell normally serves the next one (the module is loaded once
 * per process, not per cell); what the client left running is ended with each cell.
 */
export class ClientProcessPool {
  private readonly idle: ClientProcess[] = [];
  private readonly all = new Set<ClientProcess>();
  private closed = false;

  constructor(
    readonly modulePath: string,
    private readonly options: ClientProcessOptions = {},
  ) {}

  /**
   * Loads the module in a first process and returns its clients (that process then serves cells).
   * @throws {ToolshiftError} CLIENT_MODULE_INVALID when the module cannot be loaded, exports no
   *   usable factory, or its process ends or goes silent while loading.
   */
  async load(): Promise<ClientDescription[]> {
    const process = this.start();
    try {
      const clients = await process.loaded;
      this.release(process);
      return clients;
    } catch (error) {
      await process.close();
      this.all.delete(process);
      throw error;
    }
  }

  /**
   * Starts a cell of `client` in a process of the pool (see {@link ClientProcess.openCell}); the
   * process goes back to the pool when the cell's `end()` resolves.
   * @returns the cell, or why it could not start (the client's `create()` threw, a fresh process
   *   could not load the module, the process ended before the adapter was created).
   * @throws {Error} when the pool was closed.
   */
  async openCell(client: string): Promise<ClientProcessCell | { error: string }> {
    const process = await this.acquire();
    if ('error' in process) return process;
    let cell: ClientProcessCell | { error: string };
    try {
      cell = await process.openCell(client);
    } catch (error) {
      this.release(process);
      return { error: `the client's process could not start the cell: ${(error as Error).message}` };
    }
    if ('error' in cell) {
      this.release(process);
      return cell;
    }
    return {
      ...cell,
      end: async (serverPids) => {
        try {
          return await cell.end(serverPids);
        } finally {
          this.release(process);
        }
      },
    };
  }

  /**
   * Runs a job (explore, replay) in a process of the pool and resolves with its answer.
   * @throws {Error} when the job throws, or its process ends, goes silent or cannot load the module.
   */
  async runJob(job: ClientJob): Promise<unknown> {
    const process = await this.acquire();
    if ('error' in process) throw new Error(process.error);
    try {
      return await process.runJob(job);
    } finally {
      this.release(process);
    }
  }

  /** Ends every process of the pool. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.all].map((process) => process.close()));
    this.all.clear();
  }

  /** An idle live process, or a fresh one once it loaded the module. */
  private async acquire(): Promise<ClientProcess | { error: string }> {
    if (this.closed) throw new Error(`the client processes of ${this.modulePath} were closed`);
    let process = this.idle.pop();
    while (process && !process.alive) {
      this.all.delete(process);
      process = this.idle.pop();
    }
    if (process) return process;
    process = this.start();
    try {
      await process.loaded;
      return process;
    } catch (error) {
      // It loaded once, in the first process; a fresh process that cannot load it is the client's doing too.
      this.all.delete(process);
      return {
        error: `a fresh process for the client could not load its module: ${(error as Error).message}`,
      };
    }
  }

  private start(): ClientProcess {
    const process = new ClientProcess(this.modulePath, this.options);
    this.all.add(process);
    return process;
  }

  private release(process: ClientProcess): void {
    if (process.alive && !this.closed) this.idle.push(process);
    else {
      this.all.delete(process);
      void process.close();
    }
  }
}
