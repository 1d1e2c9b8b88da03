/**
 * The entry point of a client process: `node client-process-main.js <module path>`, forked by
 * `ClientProcess` with an IPC channel. It loads the `--client-module` file, reports the module's
 * clients, then runs the cells the runner sends, one at a time, and answers each with its result as
 * plain data. Whatever the module does to this process (exit hooks, `process.exit`, signal handlers,
 * `process.chdir`, unhandled rejections, a busy loop, a native crash) stays in this process; the
 * runner sees only that it ended or went silent.
 */
import { writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isToolshiftError } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../../adapters/client-adapter.js';
import { loadClientModule } from '../../cli/load-client-module.js';
import { PROPERTIES, PropertyExplorer } from '../../properties/index.js';
import { replayTrial } from '../../replay/replay-trial.js';
import { runCell } from '../run-cell.js';
import {
  type ClientJob,
  cellEndMark,
  type FromClientProcess,
  HEARTBEAT_MS,
  type ReplayJobResult,
  type ToClientProcess,
} from './client-process-protocol.js';

const send = (message: FromClientProcess) => {
  if (process.connected) process.send?.(message);
};

// A call to process.exit from the client's code ends this process: leave the call site on stderr
// (synchronously, before the process is gone), so the runner's verdict can name who called it.
const exit = process.exit.bind(process);
let exiting = false;
/** Toolshift's own sources (the runner, the trial runner of explore): their frames say nothing about who called `process.exit`. */
const runnerDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
process.exit = ((code?: number | string | null) => {
  if (!exiting) {
    const stack = (new Error().stack ?? '')
      .split('\n')
      .slice(2)
      .filter((line) => !line.includes(runnerDir))
      .slice(0, 4)
      .join('\n');
    writeSync(2, `toolshift client process: process.exit(${code ?? ''}) was called\n${stack}\n`);
  }
  return exit(code ?? undefined);
}) as typeof process.exit;

const heartbeat = setInterval(() => send({ type: 'alive' }), HEARTBEAT_MS);
heartbeat.unref();
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

process.on('message', (message: ToClientProcess) => {
  if (message.type === 'shutdown') {
    exiting = true;
    exit(0);
  }
  if (message.type === 'job') {
    runJob(message.job).then(
      (result) => send({ type: 'job-result', id: message.id, result }),
      (error: unknown) =>
        send({ type: 'job-error', id: message.id, message: (error as Error).message ?? String(error) }),
    );
    return;
  }
  if (message.type !== 'run-cell') return;
  const { id } = message;
  const factory = factories.find((candidate) => candidate.name === message.client);
  if (!factory) {
    send({ type: 'cell-error', id, message: `this client process has no client '${message.client}'` });
    return;
  }
  runCell(message.scenario, message.era, factory, {
    ...message.options,
    onAction: (at) => send({ type: 'cell-progress', id, at }),
  })
    .then(
      (result): FromClientProcess => ({ type: 'cell-result', id, result }),
      (error: unknown): FromClientProcess => ({
        type: 'cell-error',
        id,
        message: (error as Error).stack ?? String(error),
      }),
    )
    .then((answer) => {
      // Synchronous, and before the answer: the runner reads the cell's stderr up to this mark.
      writeSync(2, cellEndMark(id));
      send(answer);
    });
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
