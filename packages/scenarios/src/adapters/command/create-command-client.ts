import { ToolshiftError } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../client-adapter.js';
import { ClientProgram } from './client-program.js';
import { CommandClientAdapter, type CommandClientOptions } from './command-client-adapter.js';
import {
  COMMAND_ENV,
  COMMAND_PROTOCOL_VERSION,
  HELLO_DEADLINE_MS,
  type HelloMessage,
} from './command-protocol.js';

/** Options of {@link createCommandClient}. */
export interface CreateCommandClientOptions extends CommandClientOptions {
  /** How long the program has to print its `hello` line, ms (default: the protocol's `HELLO_DEADLINE_MS`, 60000). */
  handshakeTimeoutMs?: number;
}

function handshakeFailed(command: string, reason: string): ToolshiftError<'CLIENT_HANDSHAKE_FAILED'> {
  return new ToolshiftError(
    'CLIENT_HANDSHAKE_FAILED',
    `Client command '${command}' did not complete the handshake: ${reason}. Its first line on stdout must be {"type":"hello","protocol":${COMMAND_PROTOCOL_VERSION},…} (see docs/testing-other-languages.md).`,
    { command, reason },
  );
}

/**
 * Builds a client adapter factory for a client program in any language that speaks the
 * command-client protocol. It starts the program once (with `TOOLSHIFT_PROBE=1` and no server),
 * reads its `hello` line for its name and features, and sends `shutdown`; every cell then spawns
 * the program afresh. The factory is named after `hello.name` (default `command:<command>`), kind
 * `external`, and connects over the transports its hello lists (`http` by default; `stdio` too when
 * it says so: it is handed a command line that starts the server) in the eras it lists.
 * @throws {ToolshiftError} CLIENT_HANDSHAKE_FAILED when the program does not start, exits, or
 *   writes anything but a valid `hello` first, within `handshakeTimeoutMs`.
 */
export async function createCommandClient(
  command: string,
  options: CreateCommandClientOptions = {},
): Promise<ClientAdapterFactory> {
  const hello = await probe(command, options);
  return {
    name: hello.name ?? `command:${command}`,
    kind: 'external',
    description: `the client program \`${command}\` (command-client protocol ${COMMAND_PROTOCOL_VERSION})`,
    capabilities: {
      transports: hello.transports ?? ['http'],
      features: hello.features ?? [],
      ...(hello.eras !== undefined ? { eras: hello.eras } : {}),
    },
    create: () => new CommandClientAdapter(command, options),
  };
}

async function probe(command: string, options: CreateCommandClientOptions): Promise<HelloMessage> {
  const stray: string[] = [];
  let settle: (outcome: HelloMessage | string) => void = () => {};
  const first = new Promise<HelloMessage | string>((resolve) => {
    settle = resolve;
  });
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
      ...(options.tap !== undefined ? { tap: options.tap } : {}),
    },
    {
      message: (message) =>
        settle(message.type === 'hello' ? message : `its first message was '${message.type}', not 'hello'`),
      stray: (text) => {
        if (text.startsWith('stderr: ')) stray.push(text);
        else settle(`its first line was not a hello message: ${text}`);
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
  await program.shutdown(options.shutdownGraceMs);
  if (typeof outcome === 'string') {
    const stderr = stray.slice(-5).join(' | ');
    throw handshakeFailed(command, stderr ? `${outcome} (${stderr})` : outcome);
  }
  return outcome;
}
