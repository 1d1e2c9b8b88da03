/**
 * The entry point of a client process: `node client-process-main.js <module path>`, forked by
 * `ClientProcess` with an IPC channel. It loads the `--client-module` file, reports the module's
 * clients, then hosts the adapters the runner creates (`AdapterHost`): it runs the adapter methods
 * the runner calls and carries the client's traffic and observations to the runner, which owns the
 * cell's fake servers, transcripts and checks. Whatever the module does to this process (exit
 * hooks, `process.exit`, signal handlers, `process.chdir`, unhandled rejections, a busy loop, a
 * native crash, messages of its own on the IPC channel) stays in this process or reaches the
 * runner as a claim it checks; the runner decides every verdict.
 */
import { writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isToolshiftError } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../../adapters/client-adapter.js';
import { loadClientModule } from '../../cli/load-client-module.js';
import { PROPERTIES, PropertyExplorer } from '../../properties/index.js';
import { replayTrial } from '../../replay/replay-trial.js';
import { AdapterHost } from './adapter-host.js';
import {
  type ClientJob,
  type FromClientProcess,
  HEARTBEAT_MS,
  type ReplayJobResult,
  type ToClientProcess,
} from './client-process-protocol.js';

// Bound now, before the module can replace them.
const sendOverIpc = process.send?.bind(process);
const send = (message: FromClientProcess) => {
  if (process.connected) sendOverIpc?.(message);
};

// A call to process.exit from the client's code ends this process: leave the call site on stderr
// (synchronously, before the process is gone), so the runner's verdict can name who called it.
const exit = process.exit.bind(process);
let exiting = false;
/** Toolshift's own sources (the runner, the trial runner of explore): their frames say nothing about who called `process.exit`. */
const runnerDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** The caller of the caller of this function's caller, outside toolshift's sources (a few lines of stack). */
function callSite(): string {
  return (new Error().stack ?? '')
    .split('\n')
    .slice(3)
    .filter((line) => !line.includes(runnerDir))
    .slice(0, 4)
    .join('\n');
}
process.exit = ((code?: number | string | null) => {
  if (!exiting)
    writeSync(2, `toolshift client process: process.exit(${code ?? ''}) was called\n${callSite()}\n`);
  return exit(code ?? undefined);
}) as typeof process.exit;

// process.disconnect() from the client's code closes the IPC channel, which ends this process:
// say so first (the runner names it), with the call site on stderr.
const disconnect = process.disconnect?.bind(process);
if (disconnect)
  process.disconnect = () => {
    if (!exiting) {
      writeSync(2, `toolshift client process: process.disconnect() was called\n${callSite()}\n`);
      send({ type: 'disconnecting' });
    }
    disconnect();
  };

const heartbeat = setInterval(() => send({ type: 'alive' }), HEARTBEAT_MS);
heartbeat.unref();
// The runner ended the IPC channel (it is gone, or closing this process): nothing left to do.
// Something in the client calling process.disconnect() ends it too; the runner names that.
process.on('disconnect', () => {
  exiting = true;
  exit(0);
});

const path = process.argv[2] ?? '';
let factories: ClientAdapterFactory[];
try {
  factories = await loadClientModule(path);
  send({
    type: 'loaded',
    clients: factories.map(({ name, kind, description, capabilities }) => ({
      name,
      kind,
      description,
      ...(capabilities ? { capabilities } : {}),
    })),
  });
} catch (error) {
  const message = (error as Error).message;
  const reason = isToolshiftError(error) ? String((error.data as { reason?: unknown }).reason) : message;
  send({ type: 'load-failed', message, reason });
  factories = [];
}

const host = new AdapterHost(factories, send);

process.on('message', (message: ToClientProcess) => {
  switch (message.type) {
    case 'shutdown':
      exiting = true;
      exit(0);
      return;
    case 'job':
      runJob(message.job).then(
        (result) => send({ type: 'job-result', id: message.id, result }),
        (error: unknown) =>
          send({ type: 'job-error', id: message.id, message: (error as Error).message ?? String(error) }),
      );
      return;
    default:
      host.receive(message);
  }
});

/** Runs a job with the module's client it names (explore a property, replay a counterexample). */
async function runJob(job: ClientJob): Promise<unknown> {
  const factory = factories.find((candidate) => candidate.name === job.client);
  if (!factory) throw new Error(`this client process has no client '${job.client}'`);
  if (job.kind === 'explore') {
    const suite = PROPERTIES[job.property];
    if (!suite) throw new Error(`unknown property '${job.property}'`);
    return new PropertyExplorer(suite, factory, job.options).check();
  }
  const outcome = await replayTrial(job.replay, factory);
  const result: ReplayJobResult = {
    failures: outcome.failures,
    identical: outcome.identical,
    ...(outcome.diverged !== undefined ? { diverged: outcome.diverged } : {}),
    deliveries: outcome.run.path.length,
    transcript: [...outcome.run.record.transcript],
  };
  return result;
}
