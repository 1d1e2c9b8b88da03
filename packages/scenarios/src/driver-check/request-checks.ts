import { addTool } from '@toolshift/fake-server';
import { tool } from '../../catalog/tools.js';
import { UNSUPPORTED_REQUEST } from '../adapters/command/command-protocol.js';
import { matchesFrame } from '../runner/frame-match.js';
import { type CheckContext, type CheckServer, LOOKUP } from './check-context.js';
import { type CheckSession, UNKNOWN_REQUEST_TYPE } from './check-session.js';

/**
 * The requests every driver answers, on a connected session: `request.call` (the server receives
 * the `tools/call`), `error.call-unknown-tool` (answered either way, not left hanging) and
 * `error.unknown-request` (`ok: false`, code `UNSUPPORTED_REQUEST`).
 */
export async function checkBasicRequests(
  ctx: CheckContext,
  s: CheckSession,
  primary: CheckServer,
): Promise<void> {
  const call = await s.ask(
    { type: 'call', serverId: 'primary', tool: LOOKUP.name, arguments: { query: 'mcp' } },
    ctx.requestMs,
  );
  const reached = primary.fake.transcript.frames.some((frame) =>
    matchesFrame(frame, { direction: 'in', tool: LOOKUP.name }),
  );
  if (call.ok && reached) ctx.record('request.call', 'pass', 'answered ok; the server received tools/call');
  else if (call.ok)
    ctx.record('request.call', 'fail', 'answered ok, but the server never received tools/call');
  else ctx.record('request.call', 'fail', `the call failed: ${call.error}`);

  const unknownTool = await s.ask(
    { type: 'call', serverId: 'primary', tool: 'no_such_tool', arguments: {} },
    ctx.requestMs,
  );
  if (unknownTool.ok || !unknownTool.timeout)
    ctx.record(
      'error.call-unknown-tool',
      'pass',
      unknownTool.ok
        ? 'answered ok (the tool result carries the error)'
        : `answered ok:false: ${unknownTool.error}`,
    );
  else ctx.record('error.call-unknown-tool', 'fail', unknownTool.error);

  const unknown = await s.ask({ type: UNKNOWN_REQUEST_TYPE } as never, ctx.requestMs);
  const id = 'error.unknown-request';
  if (unknown.ok)
    ctx.record(
      id,
      'fail',
      'a request type the protocol does not define was answered ok: true (answer ok: false, code UNSUPPORTED_REQUEST)',
    );
  else if (unknown.timeout)
    ctx.record(id, 'fail', `${unknown.error} (answer every request: ok: false, code ${UNSUPPORTED_REQUEST})`);
  else if (unknown.code !== UNSUPPORTED_REQUEST)
    ctx.record(
      id,
      'fail',
      `answered ok: false without code ${UNSUPPORTED_REQUEST} (got ${unknown.code ?? 'no code'})`,
    );
  else ctx.record(id, 'pass', `answered ok: false, code ${UNSUPPORTED_REQUEST}`);
}

/**
 * The request kinds a host feature enables, on a connected session (each skipped with the reason
 * when the hello does not declare its feature): `refresh` (reports a tool the server added
 * silently), `reconnect`, `reauthorize`, `model-request` then `model-call`, `advance-clock`, `grant`.
 */
export async function checkFeatureRequests(
  ctx: CheckContext,
  s: CheckSession,
  primary: CheckServer,
): Promise<void> {
  const simple = async (id: string, request: Parameters<CheckSession['ask']>[0]) => {
    const outcome = await s.ask(request, ctx.requestMs);
    ctx.record(id, outcome.ok ? 'pass' : 'fail', outcome.ok ? 'answered ok' : outcome.error);
  };
  await ctx.gated('manual-refresh', 'request.refresh', async () => {
    primary.fake.apply(addTool(tool('lookup_invoices'), { notify: false }));
    const outcome = await s.ask({ type: 'refresh', serverId: 'primary' }, ctx.requestMs);
    const seen = s.exposed.get('primary') ?? [];
    if (!outcome.ok) ctx.record('request.refresh', 'fail', outcome.error);
    else if (!seen.includes('lookup_invoices'))
      ctx.record(
        'request.refresh',
        'fail',
        `answered ok, but the tools reported for primary are [${seen.join(', ')}] (the server added lookup_invoices silently before the refresh)`,
      );
    else ctx.record('request.refresh', 'pass', 'answered ok after re-listing; lookup_invoices reported');
  });
  await ctx.gated('reconnect', 'request.reconnect', () =>
    simple('request.reconnect', { type: 'reconnect', serverId: 'primary' }),
  );
  await ctx.gated('reauthorize', 'request.reauthorize', () =>
    simple('request.reauthorize', { type: 'reauthorize', serverId: 'primary', bearerToken: 'token-2' }),
  );
  await ctx.gated('model-exposure', 'request.model-request', async () => {
    const outcome = await s.ask({ type: 'model-request' }, ctx.requestMs);
    const tools = outcome.ok
      ? ((outcome.result as { tools?: Array<{ name: string; toolName: string }> })?.tools ?? [])
      : [];
    const offered = tools.find((each) => each.toolName === LOOKUP.name);
    if (!outcome.ok) ctx.record('request.model-request', 'fail', outcome.error);
    else if (!offered)
      ctx.record(
        'request.model-request',
        'fail',
        `the model request offers no tool with toolName ${LOOKUP.name}`,
      );
    else {
      ctx.record('request.model-request', 'pass', `offers ${tools.map((each) => each.name).join(', ')}`);
      const call = await s.ask(
        { type: 'model-call', name: offered.name, arguments: { query: 'mcp' } },
        ctx.requestMs,
      );
      ctx.record(
        'request.model-call',
        call.ok ? 'pass' : 'fail',
        call.ok ? `answered ok (${JSON.stringify(call.result).slice(0, 120)})` : call.error,
      );
    }
  });
  await ctx.gated('host-clock', 'request.advance-clock', () =>
    simple('request.advance-clock', { type: 'advance-clock', ms: 1000 }),
  );
  await ctx.gated('permission-rules', 'request.grant', () =>
    simple('request.grant', { type: 'grant', serverId: 'primary', tool: LOOKUP.name }),
  );
}
