import { spawn } from 'node:child_process';
import { toolshiftNodeArgs, workspaceRoot } from './cli-command.js';

/** How a `toolshift` process ended and what it wrote. */
export interface ToolshiftExit {
  /** The exit status the shell sees (`null` when a signal ended it). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `toolshift` CLI as its own process (see {@link toolshiftNodeArgs}), the way a shell or
 * CI runs it, and resolves with the exit status the shell would see.
 */
export function toolshiftProcess(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; closeStdoutAfterFirstChunk?: boolean } = {},
): Promise<ToolshiftExit> {
  const child = spawn(process.execPath, toolshiftNodeArgs(args), {
    cwd: options.cwd ?? workspaceRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    // Like `| head -1`: the reader goes away after the first chunk.
    if (options.closeStdoutAfterFirstChunk) child.stdout.destroy();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
