import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

/** What one in-process CLI run printed and returned. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `toolshift` CLI in this process (as `runCli`, the bin's entry, does) with `args`,
 * capturing what it writes to stdout and stderr; `cwd` is where relative paths resolve (the
 * process's own when absent).
 */
export async function cli(args: string[], cwd?: string): Promise<CliOutcome> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await runCli(args, { out, err, ...(cwd ? { cwd } : {}) });
  return { code, stdout, stderr };
}
