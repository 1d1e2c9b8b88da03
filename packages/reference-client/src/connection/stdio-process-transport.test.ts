import { describe, expect, it, vi } from 'vitest';
import { StdioProcessTransport } from './stdio-process-transport.js';

/** A transport running `node -e <code>`. */
function node(code: string, bounds: ConstructorParameters<typeof StdioProcessTransport>[1] = {}) {
  return new StdioProcessTransport({ command: process.execPath, args: ['-e', code] }, bounds);
}

const ping = { jsonrpc: '2.0' as const, id: 1, method: 'ping' };

describe('StdioProcessTransport', () => {
  it('never writes to a process that has exited: send fails with NotConnected and says so', async () => {
    const transport = node('process.exit(7)');
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    await closed;
    expect(transport.exit).toEqual({ code: 7, signal: null });
    await expect(transport.send(ping)).rejects.toMatchObject({
      code: 'NOT_CONNECTED',
      message: expect.stringContaining('exit code 7'),
    });
  });

  it('frames messages by line, skips garbage lines (reported), and keeps only the newest stderr', async () => {
    const transport = node(
      `process.stderr.write('x'.repeat(5000) + 'END');` +
        `process.stdout.write('not json\\n{"jsonrpc":"2.0","id":1,"result":{}}\\n{"jsonrpc":"2.0",');` +
        `setTimeout(() => process.stdout.write('"method":"notifications/x"}\\n'), 20);`,
      { maxStderrBytes: 100 },
    );
    const messages: unknown[] = [];
    const errors: Error[] = [];
    transport.onmessage = (message) => messages.push(message);
    transport.onerror = (error) => errors.push(error);
    await transport.start();
    await vi.waitFor(() => expect(messages).toHaveLength(2));
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', method: 'notifications/x' },
    ]);
    expect(errors).toHaveLength(1);
    await vi.waitFor(() => expect(transport.stderrTail().endsWith('END')).toBe(true));
    expect(Buffer.byteLength(transport.stderrTail())).toBe(100);
    await transport.close();
  });

  it('kills a process whose message exceeds maxMessageBytes', async () => {
    const transport = node(
      `process.stdout.write('{"a":"' + 'x'.repeat(70000)); setInterval(() => {}, 1000);`,
      {
        maxMessageBytes: 65_536,
      },
    );
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    await transport.start();
    await closed;
    expect(transport.exit).toMatchObject({ signal: 'SIGTERM', killedBy: 'message-too-large' });
    expect(errors[0]!.message).toContain('exceeded 65536 bytes');
  });

  it('close() ends a process that ignores SIGTERM with SIGKILL after the grace period', async () => {
    const transport = node(
      `process.on('SIGTERM', () => {}); process.stdin.resume(); process.stderr.write('ready'); setInterval(() => {}, 1000);`,
      {
        killGraceMs: 50,
      },
    );
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    await transport.start();
    // The child says when its SIGTERM handler is installed.
    await vi.waitFor(() => expect(transport.stderrTail()).toBe('ready'));
    await transport.close(); // resolves within its own budget; the kill goes on
    await closed;
    // On a busy machine the budget (100 ms) can end before the SIGKILL lands: wait for the exit itself.
    await vi.waitFor(() => expect(transport.exit).toBeDefined(), { timeout: 30_000, interval: 10 });
    expect(transport.exit).toMatchObject({ signal: 'SIGKILL', killedBy: 'closed' });
  });
});
