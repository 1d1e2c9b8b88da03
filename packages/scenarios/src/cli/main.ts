#!/usr/bin/env node
import { runCli } from './program.js';

// `toolshift list --json | head`: the reader went away; stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2), { out: process.stdout, err: process.stderr });
