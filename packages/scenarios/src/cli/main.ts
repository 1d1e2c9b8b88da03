#!/usr/bin/env node
import { installProcessGuard } from './process-guard.js';

// Before the commands load (a second or two): SIGUSR1 can no longer open an inspector in this
// process, and a `run` interrupted while it starts up still writes reports that say so.
installProcessGuard({ holdInterrupts: process.argv[2] === 'run' });
const { runCli } = await import('./program.js');

// `toolshift list --json | head`: the reader went away; stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** Resolves once everything written to `stream` so far has been handed to the OS (or the stream is gone). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

const code = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr });
process.exitCode = code;
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
// The status is toolshift's to decide: exit explicitly with the computed code, so nothing left in
// this process (a timer, a handle, an exit hook of some library) can hold the process open or pick
// another status after the output is flushed. Client modules run in child processes that only host
// the client (see runner/client-process/); what a process of the same user can do to this one
// through the operating system is in docs/testing-your-ts-client.md.
process.exit(code);
