import { ClientProgram } from '../adapters/command/client-program.js';
import {
  COMMAND_ENV,
  COMMAND_PROTOCOL_VERSION,
  HELLO_DEADLINE_MS,
  type HelloMessage,
} from '../adapters/command/command-protocol.js';
import { checkMessage } from '../adapters/command/command-protocol-schema.js';
import type { DriverCheckOptions, RecordCheck } from './driver-check-report.js';

/**
 * The handshake in probe mode (`handshake.hello`, `handshake.probe-exits`): a valid hello first,
 * then a clean exit on shutdown. Every line the driver writes is checked against the schema.
 * @returns the hello, or `undefined` when there was none (the other checks cannot run).
 */
export async function probeHello(
  command: string,
  options: DriverCheckOptions,
  record: RecordCheck,
  violations: string[],
  count: () => void,
  graceMs: number,
): Promise<HelloMessage | undefined> {
  let settle: (outcome: HelloMessage | string) => void = () => {};
  const first = new Promise<HelloMessage | string>((resolve) => {
    settle = resolve;
  });
  const stderr: string[] = [];
  const program = new ClientProgram(
    command,
    {
      env: {
        ...process.env,
        ...options.env,
        [COMMAND_ENV.protocol]: String(COMMAND_PROTOCOL_VERSION),
        [COMMAND_ENV.probe]: '1',
      },
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      tap: (direction, line) => {
        count();
        if (direction !== 'from-program') return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          return;
        }
        const violation = checkMessage('program', value);
        if (violation) violations.push(`${line.slice(0, 200)}: ${violation.message}`);
      },
    },
    {
      message: (message) =>
        settle(message.type === 'hello' ? message : `its first message was '${message.type}', not 'hello'`),
      stray: (text) => {
        if (text.startsWith('stderr: ')) stderr.push(text);
        else settle(`its first line was not a valid hello message: ${text}`);
      },
    },
  );
  const timeoutMs = options.handshakeTimeoutMs ?? HELLO_DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    first,
    program.exited.then((reason) => `it ended (${reason}) before saying hello`),
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no hello line within ${timeoutMs} ms`), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  const reason = await program.shutdown(graceMs);
  if (typeof outcome === 'string') {
    const last = stderr.slice(-3).join(' | ');
    record('handshake.hello', 'fail', last ? `${outcome} (${last})` : outcome);
    return undefined;
  }
  record(
    'handshake.hello',
    'pass',
    `${outcome.name ?? '(no name)'}: features [${(outcome.features ?? []).join(', ')}], transports [${(outcome.transports ?? ['http']).join(', ')}]${outcome.eras ? `, eras [${outcome.eras.join(', ')}]` : ''}`,
  );
  record(
    'handshake.probe-exits',
    reason === 'exit code 0' ? 'pass' : 'fail',
    reason === 'exit code 0'
      ? 'with TOOLSHIFT_PROBE=1 it exited with code 0 after shutdown'
      : `with TOOLSHIFT_PROBE=1 it ended with ${reason} after shutdown (expected exit code 0 within ${graceMs} ms)`,
  );
  return outcome;
}
