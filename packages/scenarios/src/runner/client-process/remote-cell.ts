import { fail } from '@toolshift/assertions';
import type { ClientAdapter, ClientObserver } from '../../adapters/client-adapter.js';
import { type ClientStderr, StderrCapture } from '../../adapters/client-stderr.js';
import type { CheckVerdict } from '../cell.js';
import { answerProblem } from './client-process-messages.js';
import type { AdapterMethod, FromClientProcess, ToClientProcess } from './client-process-protocol.js';
import { printable } from './plain-data.js';
import { remoteClientAdapter } from './remote-client-adapter.js';
import { RemoteEndpoints } from './remote-endpoints.js';

/** The runner check a cell fails when its client process dies or hangs mid-cell. */
export const PROCESS_SURVIVED_CHECK = 'runner.client-process-survived';

/** The most distinct harness warnings one cell keeps (the rest are counted). */
const MAX_WARNINGS = 20;

/** A cell whose client runs in a client process, as the runner drives it. */
export interface ClientProcessCell {
  /** The client's adapter: every method is a request to the client process. */
  adapter: ClientAdapter;
  /** The runner is now at `description` (`action 3 of 4 (call search_docs)`): named if the process dies. */
  action(description: string): void;
  /**
   * Ends the cell in the client process and ends what the client left running (`serverPids`, the
   * stdio server processes toolshift served the cell with, are ended too but are no leftover of
   * the client's); resolves with what the runner saw of the process during the cell. Call it after
   * the adapter's `close()` and the servers' close.
   */
  end(serverPids?: readonly number[]): Promise<ClientProcessCellEnd>;
}

/** What the runner saw of a client process during one cell. */
export interface ClientProcessCellEnd {
  /** Harness warnings: messages refused, processes the client left behind. */
  warnings: string[];
  /** A failing `runner.client-process-survived` verdict when the process ended or went silent mid-cell. */
  processVerdict?: CheckVerdict;
  /** What the process wrote to stderr during the cell (bounded). */
  clientStderr?: ClientStderr;
}

/** What a cell needs of its client process. */
export interface CellProcessLink {
  request(
    method: AdapterMethod | 'create' | 'end-cell',
    args: unknown[],
    beforeSend?: (id: number) => void,
  ): Promise<unknown>;
  post(message: ToClientProcess): void;
  /** Ends the cell in the process; resolves with the process's last output and the leftovers it had to kill. */
  end(serverPids: readonly number[]): Promise<{ stderr: string; leftovers: string[] }>;
}

/** The state of one cell a client process runs (held by its `ClientProcess`). */
export interface RemoteCell {
  /** The id of the cell's adapter in the process (its `create` request). */
  adapterId: number;
  stderr: StderrCapture;
  stderrDone: boolean;
  onStderrEnd?: () => void;
  /** Records a harness warning (bounded). */
  warn(text: string): void;
  /** A checked message of the cell: an observation, a channel or msw message. */
  receive(
    message: Exclude<
      FromClientProcess,
      { type: 'loaded' | 'load-failed' | 'alive' | 'disconnecting' | 'answer' | 'job-result' | 'job-error' }
    >,
  ): void;
  /** The process ended (`how`) during the cell. */
  died(how: string): void;
  /** Creates the cell's adapter in the process. */
  create(client: string): Promise<ClientProcessCell | { error: string }>;
}

/** A new cell for a client process reached through `link`. */
export function remoteCell(link: CellProcessLink): RemoteCell {
  const observers = new Map<number, ClientObserver>();
  let at: string | undefined;
  let death: { how: string; during: string | undefined } | undefined;
  let dropped = 0;
  /** Each warning and how often it came (a warning repeated is one line with its count). */
  const repeats = new Map<string, number>();
  const cell: RemoteCell = {
    adapterId: 0,
    stderr: new StderrCapture(),
    stderrDone: false,
    warn(text) {
      const line = printable(text);
      if (repeats.has(line)) repeats.set(line, repeats.get(line)! + 1);
      else if (repeats.size < MAX_WARNINGS) repeats.set(line, 1);
      else dropped += 1;
    },
    receive(message) {
      if (message.type !== 'observe') return endpoints.receive(message);
      const observer = observers.get(message.observer);
      if (!observer)
        return cell.warn(
          `the client process reported through observer ${message.observer}, which it was never given`,
        );
      const { observation } = message;
      switch (observation.kind) {
        case 'exposure':
          return observer.exposure(observation.tools as Parameters<ClientObserver['exposure']>[0]);
        case 'note':
          return observer.note(observation.text);
        case 'warning': {
          const { kind: _kind, ...warning } = observation;
          return observer.warning(warning);
        }
        case 'permission': {
          const { kind: _kind, ...decision } = observation;
          return observer.permission(decision);
        }
      }
    },
    died(how) {
      death ??= { how, during: at };
    },
    async create(client) {
      const answer = await link.request('create', [client], (id) => {
        cell.adapterId = id;
      });
      const problem = answerProblem('create', answer);
      if (problem)
        throw new Error(
          `the client process answered create with something else than its adapter's methods (${problem})`,
        );
      const methods = new Set((answer as { methods: AdapterMethod[] }).methods);
      const adapter = remoteClientAdapter(
        {
          async call(method, args, observer) {
            const value = await link.request(method, args, (id) => {
              if (observer) observers.set(id, observer);
            });
            const wrong = answerProblem(method, value);
            if (wrong) {
              cell.warn(
                `the client process answered ${method}() with something that is not its result: ${wrong}`,
              );
              throw new Error(
                `the client's ${method}() answered with something toolshift cannot read (${wrong})`,
              );
            }
            return value;
          },
          endpoint: (connect) => endpoints.endpoint(connect),
        },
        methods,
      );
      return {
        adapter,
        action(description) {
          at = description;
        },
        async end(serverPids = []) {
          endpoints.close();
          const { stderr, leftovers } = await link.end(serverPids);
          if (leftovers.length > 0)
            cell.warn(
              `the client left ${leftovers.length} process${leftovers.length === 1 ? '' : 'es'} running after its cell: ${leftovers.join(', ')}; toolshift killed ${leftovers.length === 1 ? 'it' : 'them'}`,
            );
          const warnings = [...repeats].map(([line, count]) =>
            count > 1 ? `${line} (${count} times)` : line,
          );
          if (dropped > 0)
            warnings.push(`and ${dropped} more harness warning${dropped === 1 ? '' : 's'} of other kinds`);
          const clientStderr = cell.stderr.result();
          return {
            warnings,
            ...(death ? { processVerdict: processVerdict(death.how, death.during, stderr) } : {}),
            ...(clientStderr ? { clientStderr } : {}),
          };
        },
      };
    },
  };
  const endpoints = new RemoteEndpoints(link.post, (text) => cell.warn(text));
  return cell;
}

/** The failing verdict of a cell whose client process ended (`how`) during action `during`. */
function processVerdict(how: string, during: string | undefined, output: string): CheckVerdict {
  const message =
    `The client's process ${how} ${during ? `during ${during}` : 'before the cell started'}, so the cell could not finish ` +
    '(the run goes on; the next cell gets a fresh process).' +
    (output ? ` Its last output: ${output}` : ' It wrote nothing to stderr.');
  return { ...fail(PROCESS_SURVIVED_CHECK, message, []), checkId: PROCESS_SURVIVED_CHECK };
}
