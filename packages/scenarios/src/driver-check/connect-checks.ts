import { tool } from '../../catalog/tools.js';
import type { ServerTarget } from '../adapters/command/command-protocol.js';
import { type CheckContext, LOOKUP } from './check-context.js';
import type { RecordCheck } from './driver-check-report.js';

/** `connect.http-modern`: a connect to a 2026-07-28 server (skipped when the hello's eras leave modern out). */
export async function checkModernConnect(ctx: CheckContext): Promise<void> {
  const id = 'connect.http-modern';
  if (!ctx.speaks('modern')) {
    ctx.record(id, 'skip', 'the driver does not speak modern (hello.eras)');
    return;
  }
  const modern = await ctx.serve('primary', 'modern', 'http');
  const s = ctx.session([modern.target], 'modern');
  const outcome = await s.ask({ type: 'connect', ...modern.target }, ctx.requestMs);
  if (outcome.ok) {
    const seen = s.exposed.get(modern.target.serverId);
    if (!seen)
      ctx.record(
        id,
        'fail',
        `connect to ${modern.target.serverId} was answered ok before any tools message for it`,
      );
    else ctx.record(id, 'pass', `connected (modern); tools [${seen.join(', ')}] reported before the answer`);
  } else if (outcome.timeout) ctx.record(id, 'fail', `${outcome.error}${s.tail()}`);
  else
    ctx.record(
      id,
      'pass',
      `answered ok: false (${outcome.error.slice(0, 160)}): the library's own limit on a 2026-07-28-only server, judged by the suite, not a protocol fault`,
    );
  await s.program.shutdown(ctx.graceMs);
}

/** `connect.stdio`, `request.call-stdio`, `shutdown.exits-stdio`: a server handed as a command line. */
export async function checkStdio(ctx: CheckContext): Promise<void> {
  if (!ctx.transports.has('stdio')) {
    ctx.record('connect.stdio', 'skip', 'hello.transports does not list stdio');
    return;
  }
  const stdio = await ctx.serve('primary', 'legacy', 'stdio');
  const s = ctx.session([stdio.target], 'legacy');
  if (await ctx.connectAndSee(s, stdio.target, [LOOKUP.name], 'connect.stdio')) {
    const call = await s.ask(
      { type: 'call', serverId: 'primary', tool: LOOKUP.name, arguments: { query: 'x' } },
      ctx.requestMs,
    );
    ctx.record(
      'request.call-stdio',
      call.ok ? 'pass' : 'fail',
      call.ok ? 'answered ok over stdio' : call.error,
    );
  }
  await ctx.shutdown(s, 'shutdown.exits-stdio');
}

/** `connect.up-front`: two servers in `TOOLSHIFT_SERVERS`, each connected (`multi-server`). */
export async function checkUpFront(ctx: CheckContext): Promise<void> {
  const id = 'connect.up-front';
  if (!ctx.features.has('multi-server')) {
    ctx.record(id, 'skip', 'the driver does not declare multi-server');
    return;
  }
  const a = await ctx.serve('alpha', 'legacy', 'http', [tool('alpha_search')]);
  const b = await ctx.serve('beta', 'legacy', 'http', [tool('beta_search')]);
  const s = ctx.session([a.target, b.target], 'legacy');
  // One verdict for the check: the two connects, each seen through a recorder of its own.
  const parts: Array<{ status: string; detail: string }> = [];
  const part: RecordCheck = (_id, status, detail) => parts.push({ status, detail });
  await ctx.connectAndSee(s, a.target, ['alpha_search'], id, part);
  await ctx.connectAndSee(s, b.target, ['beta_search'], id, part);
  ctx.record(
    id,
    parts.every((part) => part.status === 'pass') ? 'pass' : 'fail',
    `two servers in TOOLSHIFT_SERVERS: ${parts.map((part) => part.detail).join('; ')}`,
  );
  await s.program.shutdown(ctx.graceMs);
}

/** `error.connect-refused`: a connect to a closed port is answered `ok: false` and the driver lives on. */
export async function checkConnectRefused(ctx: CheckContext): Promise<void> {
  const id = 'error.connect-refused';
  const dead: ServerTarget = {
    serverId: 'unreachable',
    era: 'legacy',
    transport: 'http',
    url: await closedPortUrl(),
  };
  const s = ctx.session([dead], 'legacy');
  const outcome = await s.ask({ type: 'connect', ...dead }, ctx.requestMs);
  if (outcome.ok) ctx.record(id, 'fail', 'a connect to a closed port was answered ok: true');
  else if (outcome.timeout) ctx.record(id, 'fail', outcome.error);
  else if (s.program.ended) ctx.record(id, 'fail', `answered, but the driver then ended${s.tail()}`);
  else ctx.record(id, 'pass', `answered ok: false: ${outcome.error.slice(0, 160)}`);
  await s.program.shutdown(ctx.graceMs);
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
