import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { tsxLoader } from '../../test/support/cli-command.js';

const run = promisify(execFile);
const guard = fileURLToPath(new URL('./process-guard.ts', import.meta.url));

/**
 * Runs `body` in a Node process of its own (signals are process-wide) after importing the guard
 * as `g`; `wait()` lets a signal sent to the process itself be delivered. Returns its output.
 */
async function inProcess(body: string): Promise<{ stdout: string; stderr: string }> {
  const script = `
    const g = await import(${JSON.stringify(guard)});
    const wait = () => new Promise((resolve) => setTimeout(resolve, 50));
    ${body}
    await wait();
    process.exit(0);`;
  return run(process.execPath, ['--import', tsxLoader(), '--input-type=module', '-e', script], {
    timeout: 60_000,
  });
}

test('signals a run receives while it starts up are held, then handed to the run in order; SIGUSR1 never opens the inspector', async () => {
  const { stdout, stderr } = await inProcess(`
    g.installProcessGuard({ holdInterrupts: true });
    process.kill(process.pid, 'SIGUSR1');
    await wait();
    process.kill(process.pid, 'SIGINT');
    await wait();
    const seen = [];
    const release = g.takeOverSignals((signal) => seen.push(signal));
    process.kill(process.pid, 'SIGUSR1');
    await wait();
    console.log(JSON.stringify(seen));
    release();
    process.kill(process.pid, 'SIGUSR1');`);
  // Held: SIGUSR1 and SIGINT (the process did not end on it), then one more SIGUSR1 routed live.
  expect(JSON.parse(stdout)).toEqual(['SIGUSR1', 'SIGINT', 'SIGUSR1']);
  // Once the run let go, SIGUSR1 is ignored with a line saying so; never an inspector.
  expect(stderr).toContain('toolshift: ignored SIGUSR1');
  expect(stderr).not.toContain('Debugger listening');
}, 90_000);

test('after an interrupt the run took over, the next one finds no handler and ends the process at once', async () => {
  const ended = inProcess(`
    g.installProcessGuard({ holdInterrupts: true });
    process.kill(process.pid, 'SIGTERM');
    await wait();
    g.takeOverSignals(() => console.log('stopping'));
    process.kill(process.pid, 'SIGTERM');
    await wait();
    console.log('still running');`);
  await expect(ended).rejects.toMatchObject({ signal: 'SIGTERM', stdout: 'stopping\n' });
}, 90_000);

test('without holding interrupts (every command but run), SIGINT keeps its default and ends the process', async () => {
  const ended = inProcess(`
    g.installProcessGuard({ holdInterrupts: false });
    process.kill(process.pid, 'SIGINT');
    await wait();
    console.log('still running');`);
  await expect(ended).rejects.toMatchObject({ signal: 'SIGINT', stdout: '' });
}, 90_000);
