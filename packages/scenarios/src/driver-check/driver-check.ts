import { addTool, createFakeServer, type Era, type FakeServer, scriptBuilder } from '@toolshift/fake-server';
import { tool } from '../../catalog/tools.js';
import { ClientProgram } from '../adapters/command/client-program.js';
import {
  COMMAND_ENV,
  COMMAND_PROTOCOL_VERSION,
  HELLO_DEADLINE_MS,
  type HelloMessage,
  type ServerTarget,
  UNSUPPORTED_REQUEST,
} from '../adapters/command/command-protocol.js';
import {
  type CommandProtocolDefinition,
  checkAgainst,
  checkMessage,
} from '../adapters/command/command-protocol-schema.js';
import { openStdioBridge, type StdioBridge } from '../adapters/command/stdio-bridge.js';
import { scriptForCell } from '../runner/cell-eras.js';
import { matchesFrame } from '../runner/frame-match.js';
import { SERVE, type ServedServer } from '../runner/transports/index.js';
import type { ClientFeature } from '../scenario.js';

/** The verdict of one conformance check of a driver. */
export interface DriverCheckResult {
  /** Stable id, e.g. `handshake.hello`, `request.call`, `error.unknown-request`. */
  id: string;
  /** `skip`: the driver does not declare the feature or transport the check needs. */
  status: 'pass' | 'fail' | 'skip';
  /** What was seen (or why it was skipped). */
  detail: string;
}

/** What `toolshift driver-check` found out about one driver. */
export interface DriverCheckReport {
  command: string;
  /** The driver's hello, when it sent a valid one. */
  hello?: HelloMessage;
  checks: DriverCheckResult[];
  /** Lines exchanged in every session (both directions), each checked against the schema. */
  messages: number;
  /** True when no check failed. */
  ok: boolean;
}

/** Options of {@link checkDriver}. */
export interface DriverCheckOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** How long the driver has to print `hello`, ms (default: the protocol's `HELLO_DEADLINE_MS`, 60000). */
  handshakeTimeoutMs?: number;
  /** How long each request may take to be answered, ms (default 15000). */
  requestTimeoutMs?: number;
  /** How long the driver has to exit after `shutdown`, ms (default 5000). */
  shutdownGraceMs?: number;
}

/** The tool every check server serves first: a realistic schema and a known call result. */
const LOOKUP = tool('lookup_orders');

function checkScript(name: string, era: Era, tools = [LOOKUP]) {
  return scriptForCell(
    scriptBuilder(name)
      .tools(...tools)
      .build(),
    era,
  );
}

class Timeout extends Error {}

/** The request type `error.unknown-request` sends: one the protocol does not define. */
const UNKNOWN_REQUEST_TYPE = 'toolshift-driver-check-unknown';

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`${what}: no response within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One running driver process of the check, with the servers it was handed. */
class CheckSession {
  readonly program: ClientProgram;
  /** The latest `tools` message per server. */
  readonly exposed = new Map<string, string[]>();
  /** Non-response messages and stray lines, in order. */
  readonly log: string[] = [];
  private readonly requestTypes = new Map<number, string>();

  constructor(
    command: string,
    readonly servers: ServerTarget[],
    era: Era | 'dual',
    options: DriverCheckOptions,
    private readonly violations: string[],
    count: () => void,
  ) {
    const first = servers[0]!;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      [COMMAND_ENV.protocol]: String(COMMAND_PROTOCOL_VERSION),
      [COMMAND_ENV.era]: era,
      [COMMAND_ENV.transport]: first.transport,
      [COMMAND_ENV.serverId]: first.serverId,
      [COMMAND_ENV.servers]: JSON.stringify(servers),
    };
    delete env[COMMAND_ENV.probe];
    if (first.transport === 'http') env[COMMAND_ENV.serverUrl] = first.url;
    else env[COMMAND_ENV.serverCommand] = JSON.stringify([first.command, ...first.args]);
    this.program = new ClientProgram(
      command,
      {
        env,
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        tap: (direction, line) => {
          count();
          this.inspect(direction, line);
        },
      },
      {
        message: (message) => {
          if (message.type === 'tools')
            this.exposed.set(
              message.serverId,
              message.tools.map((each) => each.name),
            );
          this.log.push(JSON.stringify(message).slice(0, 300));
        },
        stray: (text) => this.log.push(text.slice(0, 300)),
      },
    );
  }

  /** Checks one line against the schema, and a response's result against the request it answers. */
  private inspect(direction: 'to-program' | 'from-program', line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (direction === 'from-program')
        this.violations.push(`stdout line is not JSON: ${line.slice(0, 200)}`);
      return;
    }
    const deliberate = (value as { type?: unknown }).type === UNKNOWN_REQUEST_TYPE;
    const violation = deliberate
      ? undefined
      : checkMessage(direction === 'to-program' ? 'runner' : 'program', value);
    if (violation) {
      // A runner line that breaks the schema is toolshift's bug, not the driver's.
      if (direction === 'to-program')
        throw new Error(`toolshift sent an invalid message: ${violation.message}`);
      this.violations.push(`${line.slice(0, 200)}: ${violation.message}`);
      return;
    }
    const message = value as { type: string; id?: number; ok?: boolean; result?: unknown };
    if (direction === 'to-program') {
      if (message.id !== undefined) this.requestTypes.set(message.id, message.type);
      return;
    }
    if (message.type !== 'response') return;
    const requestType = this.requestTypes.get(message.id!);
    if (requestType === undefined) {
      this.violations.push(
        `a response to request ${message.id}, which was never sent or was already answered`,
      );
      return;
    }
    this.requestTypes.delete(message.id!);
    const definition: CommandProtocolDefinition | undefined = (
      { call: 'callResult', 'model-request': 'modelRequestResult', 'model-call': 'modelCallResult' } as const
    )[requestType as 'call'];
    if (message.ok && definition) {
      const bad = checkAgainst(definition, message.result);
      if (bad)
        this.violations.push(`the result of ${requestType} #${message.id}: ${bad.message} (${definition})`);
    }
  }
}

/**
 * Runs the conformance checks of the command-client protocol against a driver (a shell command):
 * the handshake (probe mode), connecting over http in both eras (and stdio, when its hello lists
 * it), the tool set reported before the connect is answered, every request kind its features
 * enable, the error paths (an unknown tool, a request type it does not implement, an unreachable
 * server), several servers handed up front (`multi-server`), a clean exit on `shutdown`, and every
 * line it writes checked against `command-protocol.schema.json`. Real fake servers on loopback;
 * the driver runs as its own processes. Never throws for a misbehaving driver: each problem is a
 * failed check with what was seen.
 */
export async function checkDriver(
  command: string,
  options: DriverCheckOptions = {},
): Promise<DriverCheckReport> {
  const checks: DriverCheckResult[] = [];
  const violations: string[] = [];
  let messages = 0;
  const count = () => {
    messages++;
  };
  const record = (id: string, status: DriverCheckResult['status'], detail: string) =>
    checks.push({ id, status, detail });
  const requestMs = options.requestTimeoutMs ?? 15_000;
  const graceMs = options.shutdownGraceMs ?? 5_000;

  const hello = await probeHello(command, options, record, violations, count, graceMs);
  if (!hello) return finish();
  const features = new Set<ClientFeature>(hello.features ?? []);
  const transports = new Set(hello.transports ?? ['http']);
  const speaks = (era: Era) => hello.eras === undefined || hello.eras.includes(era);

  const opened: Array<{ close(): Promise<void> }> = [];
  const serve = async (
    serverId: string,
    era: Era,
    transport: 'http' | 'stdio',
    tools = [LOOKUP],
  ): Promise<{ fake: FakeServer; target: ServerTarget }> => {
    const fake = createFakeServer(checkScript(`driver-check-${serverId}`, era, tools));
    const served: ServedServer = await SERVE[transport](fake);
    opened.push(served);
    const common = { serverId, era };
    if (served.target.kind === 'stdio') {
      const bridge: StdioBridge = await openStdioBridge(served.target.openChannel);
      opened.push(bridge);
      return {
        fake,
        target: { ...common, transport: 'stdio', command: bridge.command, args: [...bridge.args] },
      };
    }
    return { fake, target: { ...common, transport: 'http', url: (served.target as { url: string }).url } };
  };

  const session = (servers: ServerTarget[], era: Era) =>
    new CheckSession(command, servers, era, options, violations, count);

  /** Sends a request, resolving with its outcome (never rejecting). */
  const ask = async (
    s: CheckSession,
    request: Parameters<ClientProgram['request']>[0],
  ): Promise<
    { ok: true; result: unknown } | { ok: false; error: string; code?: string; timeout?: boolean }
  > => {
    try {
      return { ok: true, result: await within(s.program.request(request), requestMs, request.type) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        error: (error as Error).message,
        ...(typeof code === 'string' ? { code } : {}),
        ...(error instanceof Timeout ? { timeout: true } : {}),
      };
    }
  };

  const shutdown = async (s: CheckSession, id: string) => {
    const reason = await s.program.shutdown(graceMs);
    if (reason === 'exit code 0') record(id, 'pass', 'exited with code 0 after shutdown');
    else
      record(
        id,
        'fail',
        `after shutdown it ended with ${reason} (expected exit code 0 within ${graceMs} ms)${tail(s)}`,
      );
  };

  /**
   * Connects `target` and checks the tool set was reported before the answer.
   * @returns whether the connect was answered ok (the session can go on, even if the report was wrong).
   */
  const connectAndSee = async (s: CheckSession, target: ServerTarget, expected: string[], id: string) => {
    const outcome = await ask(s, { type: 'connect', ...target });
    const where = `${target.serverId} (${target.transport}, ${target.era})`;
    if (!outcome.ok) {
      record(id, 'fail', `connect to ${where} failed: ${outcome.error}${tail(s)}`);
      return false;
    }
    const seen = s.exposed.get(target.serverId);
    if (!seen)
      record(
        id,
        'fail',
        `connect to ${where} was answered before any tools message for it (report the tool set, then answer)${tail(s)}`,
      );
    else if (JSON.stringify([...seen].sort()) !== JSON.stringify([...expected].sort()))
      record(
        id,
        'fail',
        `the tools message for ${target.serverId} lists [${seen.join(', ')}]; the server serves [${expected.join(', ')}]`,
      );
    else record(id, 'pass', `connected to ${where}; tools [${seen.join(', ')}] reported before the answer`);
    return true;
  };

  try {
    // 1. The main session: legacy over http, then every request kind.
    const primary = await serve('primary', 'legacy', 'http');
    const main = session([primary.target], 'legacy');
    if (await connectAndSee(main, primary.target, [LOOKUP.name], 'connect.http-legacy')) {
      const call = await ask(main, {
        type: 'call',
        serverId: 'primary',
        tool: LOOKUP.name,
        arguments: { query: 'mcp' },
      });
      const reached = primary.fake.transcript.frames.some((frame) =>
        matchesFrame(frame, { direction: 'in', tool: LOOKUP.name }),
      );
      if (call.ok && reached) record('request.call', 'pass', 'answered ok; the server received tools/call');
      else if (call.ok)
        record('request.call', 'fail', 'answered ok, but the server never received tools/call');
      else record('request.call', 'fail', `the call failed: ${call.error}`);

      const unknownTool = await ask(main, {
        type: 'call',
        serverId: 'primary',
        tool: 'no_such_tool',
        arguments: {},
      });
      if (unknownTool.ok || !('timeout' in unknownTool))
        record(
          'error.call-unknown-tool',
          'pass',
          unknownTool.ok
            ? 'answered ok (the tool result carries the error)'
            : `answered ok:false: ${unknownTool.error}`,
        );
      else record('error.call-unknown-tool', 'fail', unknownTool.error);

      const unknown = await ask(main, { type: UNKNOWN_REQUEST_TYPE } as never);
      if (unknown.ok)
        record(
          'error.unknown-request',
          'fail',
          'a request type the protocol does not define was answered ok: true (answer ok: false, code UNSUPPORTED_REQUEST)',
        );
      else if ('timeout' in unknown)
        record(
          'error.unknown-request',
          'fail',
          `${unknown.error} (answer every request: ok: false, code ${UNSUPPORTED_REQUEST})`,
        );
      else if (unknown.code !== UNSUPPORTED_REQUEST)
        record(
          'error.unknown-request',
          'fail',
          `answered ok: false without code ${UNSUPPORTED_REQUEST} (got ${unknown.code ?? 'no code'})`,
        );
      else record('error.unknown-request', 'pass', `answered ok: false, code ${UNSUPPORTED_REQUEST}`);

      await featureChecks(main, primary.fake);
    }
    await shutdown(main, 'shutdown.exits');

    // 2. The modern era over http.
    if (!speaks('modern'))
      record('connect.http-modern', 'skip', 'the driver does not speak modern (hello.eras)');
    else {
      const modern = await serve('primary', 'modern', 'http');
      const s = session([modern.target], 'modern');
      const outcome = await ask(s, { type: 'connect', ...modern.target });
      if (outcome.ok) await connectAndSeeAfter(s, modern.target, 'connect.http-modern');
      else if ('timeout' in outcome) record('connect.http-modern', 'fail', `${outcome.error}${tail(s)}`);
      else
        record(
          'connect.http-modern',
          'pass',
          `answered ok: false (${outcome.error.slice(0, 160)}): the library's own limit on a 2026-07-28-only server, judged by the suite, not a protocol fault`,
        );
      await s.program.shutdown(graceMs);
    }

    // 3. stdio: a command line that starts the server.
    if (!transports.has('stdio')) record('connect.stdio', 'skip', 'hello.transports does not list stdio');
    else {
      const stdio = await serve('primary', 'legacy', 'stdio');
      const s = session([stdio.target], 'legacy');
      if (await connectAndSee(s, stdio.target, [LOOKUP.name], 'connect.stdio')) {
        const call = await ask(s, {
          type: 'call',
          serverId: 'primary',
          tool: LOOKUP.name,
          arguments: { query: 'x' },
        });
        record(
          'request.call-stdio',
          call.ok ? 'pass' : 'fail',
          call.ok ? 'answered ok over stdio' : call.error,
        );
      }
      await shutdown(s, 'shutdown.exits-stdio');
    }

    // 4. Several servers handed up front.
    if (!features.has('multi-server'))
      record('connect.up-front', 'skip', 'the driver does not declare multi-server');
    else {
      const a = await serve('alpha', 'legacy', 'http', [tool('alpha_search')]);
      const b = await serve('beta', 'legacy', 'http', [tool('beta_search')]);
      const s = session([a.target, b.target], 'legacy');
      await connectAndSee(s, a.target, ['alpha_search'], 'connect.up-front');
      await connectAndSee(s, b.target, ['beta_search'], 'connect.up-front');
      // One verdict for the check: the two connects.
      const parts = checks.filter((c) => c.id === 'connect.up-front');
      checks.splice(checks.indexOf(parts[0]!), parts.length, {
        id: 'connect.up-front',
        status: parts.every((p) => p.status === 'pass') ? 'pass' : 'fail',
        detail: `two servers in TOOLSHIFT_SERVERS: ${parts.map((p) => p.detail).join('; ')}`,
      });
      await s.program.shutdown(graceMs);
    }

    // 5. An unreachable server: the connect is answered ok: false and the driver lives on.
    {
      const dead: ServerTarget = {
        serverId: 'unreachable',
        era: 'legacy',
        transport: 'http',
        url: await closedPortUrl(),
      };
      const s = session([dead], 'legacy');
      const outcome = await ask(s, { type: 'connect', ...dead });
      if (outcome.ok)
        record('error.connect-refused', 'fail', 'a connect to a closed port was answered ok: true');
      else if ('timeout' in outcome) record('error.connect-refused', 'fail', outcome.error);
      else if (s.program.ended)
        record('error.connect-refused', 'fail', `answered, but the driver then ended${tail(s)}`);
      else record('error.connect-refused', 'pass', `answered ok: false: ${outcome.error.slice(0, 160)}`);
      await s.program.shutdown(graceMs);
    }
  } finally {
    await Promise.allSettled(opened.map((each) => each.close()));
  }
  return finish();

  async function connectAndSeeAfter(s: CheckSession, target: ServerTarget, id: string) {
    const seen = s.exposed.get(target.serverId);
    if (!seen)
      record(id, 'fail', `connect to ${target.serverId} was answered ok before any tools message for it`);
    else
      record(id, 'pass', `connected (${target.era}); tools [${seen.join(', ')}] reported before the answer`);
  }

  async function featureChecks(s: CheckSession, fake: FakeServer) {
    const gated = async (feature: ClientFeature, id: string, run: () => Promise<void>) => {
      if (!features.has(feature)) record(id, 'skip', `the driver does not declare ${feature}`);
      else await run();
    };
    await gated('manual-refresh', 'request.refresh', async () => {
      fake.apply(addTool(tool('lookup_invoices'), { notify: false }));
      const outcome = await ask(s, { type: 'refresh', serverId: 'primary' });
      const seen = s.exposed.get('primary') ?? [];
      if (!outcome.ok) record('request.refresh', 'fail', outcome.error);
      else if (!seen.includes('lookup_invoices'))
        record(
          'request.refresh',
          'fail',
          `answered ok, but the tools reported for primary are [${seen.join(', ')}] (the server added lookup_invoices silently before the refresh)`,
        );
      else record('request.refresh', 'pass', 'answered ok after re-listing; lookup_invoices reported');
    });
    await gated('reconnect', 'request.reconnect', async () => {
      const outcome = await ask(s, { type: 'reconnect', serverId: 'primary' });
      record('request.reconnect', outcome.ok ? 'pass' : 'fail', outcome.ok ? 'answered ok' : outcome.error);
    });
    await gated('reauthorize', 'request.reauthorize', async () => {
      const outcome = await ask(s, { type: 'reauthorize', serverId: 'primary', bearerToken: 'token-2' });
      record('request.reauthorize', outcome.ok ? 'pass' : 'fail', outcome.ok ? 'answered ok' : outcome.error);
    });
    await gated('model-exposure', 'request.model-request', async () => {
      const outcome = await ask(s, { type: 'model-request' });
      const tools = outcome.ok
        ? ((outcome.result as { tools?: Array<{ name: string; toolName: string }> })?.tools ?? [])
        : [];
      const offered = tools.find((each) => each.toolName === LOOKUP.name);
      if (!outcome.ok) record('request.model-request', 'fail', outcome.error);
      else if (!offered)
        record(
          'request.model-request',
          'fail',
          `the model request offers no tool with toolName ${LOOKUP.name}`,
        );
      else {
        record('request.model-request', 'pass', `offers ${tools.map((each) => each.name).join(', ')}`);
        const call = await ask(s, { type: 'model-call', name: offered.name, arguments: { query: 'mcp' } });
        record(
          'request.model-call',
          call.ok ? 'pass' : 'fail',
          call.ok ? `answered ok (${JSON.stringify(call.result).slice(0, 120)})` : call.error,
        );
      }
    });
    await gated('host-clock', 'request.advance-clock', async () => {
      const outcome = await ask(s, { type: 'advance-clock', ms: 1000 });
      record(
        'request.advance-clock',
        outcome.ok ? 'pass' : 'fail',
        outcome.ok ? 'answered ok' : outcome.error,
      );
    });
    await gated('permission-rules', 'request.grant', async () => {
      const outcome = await ask(s, { type: 'grant', serverId: 'primary', tool: LOOKUP.name });
      record('request.grant', outcome.ok ? 'pass' : 'fail', outcome.ok ? 'answered ok' : outcome.error);
    });
  }

  function finish(): DriverCheckReport {
    if (hello)
      record(
        'schema.every-message',
        violations.length ? 'fail' : 'pass',
        violations.length
          ? `${violations.length} line(s) break command-protocol.schema.json; first: ${violations[0]}`
          : `${messages} lines in both directions match command-protocol.schema.json`,
      );
    return {
      command,
      ...(hello ? { hello } : {}),
      checks,
      messages,
      ok: checks.every((check) => check.status !== 'fail'),
    };
  }
}

/** The last lines the driver wrote (notes, stray output, stderr), for a failure's detail. */
function tail(s: CheckSession): string {
  const last = s.log.slice(-3);
  return last.length ? ` (last output: ${last.join(' | ')})` : '';
}

/** A loopback URL nothing listens on (a port just released). */
async function closedPortUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 1;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}

/** The handshake in probe mode: a valid hello first, then a clean exit on shutdown. */
async function probeHello(
  command: string,
  options: DriverCheckOptions,
  record: (id: string, status: DriverCheckResult['status'], detail: string) => void,
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
