import { checkAgentTurn } from './agent-turn-check.js';
import { CheckContext, LOOKUP } from './check-context.js';
import { checkConnectRefused, checkModernConnect, checkStdio, checkUpFront } from './connect-checks.js';
import type { DriverCheckOptions, DriverCheckReport, DriverCheckResult } from './driver-check-report.js';
import { probeHello } from './handshake-check.js';
import { checkBasicRequests, checkFeatureRequests } from './request-checks.js';
import { checkRestartClient } from './restart-check.js';

export type { DriverCheckOptions, DriverCheckReport, DriverCheckResult } from './driver-check-report.js';

/**
 * Runs the conformance checks of the command-client protocol against a driver (a shell command):
 * the handshake (probe mode), connecting over http in both eras (and stdio, when its hello lists
 * it), the tool set reported before the connect is answered, every request kind its features
 * enable (`restart-client` and `agent-turn` judged on the wire: a new start and re-discovery; a
 * turn against the fake model provider), the error paths (an unknown tool, a request type it does
 * not implement, an unreachable server), several servers handed up front (`multi-server`), a clean
 * exit on `shutdown`, and every line it writes checked against `command-protocol.schema.json`. Real
 * fake servers on loopback; the driver runs as its own processes. Never throws for a misbehaving
 * driver: each problem is a failed check with what was seen.
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

  const hello = await probeHello(
    command,
    options,
    record,
    violations,
    count,
    options.shutdownGraceMs ?? 5_000,
  );
  if (hello) {
    const ctx = new CheckContext(command, hello, options, record, violations, count);
    try {
      // 1. The main session: legacy over http, then every request kind.
      const primary = await ctx.serve('primary', 'legacy', 'http');
      const main = ctx.session([primary.target], 'legacy');
      if (await ctx.connectAndSee(main, primary.target, [LOOKUP.name], 'connect.http-legacy')) {
        await checkBasicRequests(ctx, main, primary);
        await checkFeatureRequests(ctx, main, primary);
        // Last on this session: it rebuilds the driver's client.
        await checkRestartClient(ctx, main, primary);
      }
      await ctx.shutdown(main, 'shutdown.exits');
      // 2. A turn against the fake model provider, in a session of its own.
      await checkAgentTurn(ctx);
      // 3. The modern era, stdio, several servers up front, an unreachable server.
      await checkModernConnect(ctx);
      await checkStdio(ctx);
      await checkUpFront(ctx);
      await checkConnectRefused(ctx);
    } finally {
      await ctx.close();
    }
    record(
      'schema.every-message',
      violations.length ? 'fail' : 'pass',
      violations.length
        ? `${violations.length} line(s) break command-protocol.schema.json; first: ${violations[0]}`
        : `${messages} lines in both directions match command-protocol.schema.json`,
    );
  }
  return {
    command,
    ...(hello ? { hello } : {}),
    checks,
    messages,
    ok: checks.every((check) => check.status !== 'fail'),
  };
}
