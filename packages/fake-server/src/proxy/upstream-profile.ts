import type { Era } from '../transcript/transcript-frame.js';
import { UpstreamError } from './upstream-channel.js';
import { MODERN_REVISION, type UpstreamLink, type UpstreamSession } from './upstream-link.js';

/** What the proxy learnt about the upstream when it connected: the eras it speaks and who it is. */
export interface UpstreamProfile {
  /** Eras the upstream answered: `modern` (a `server/discover` result) and/or `legacy` (an `initialize` result). */
  eras: Era[];
  /** `serverInfo` (legacy) or `_meta` server identity (modern). */
  name: string;
  version: string;
  instructions?: string;
  /** The capabilities to advertise: the modern ones when the upstream speaks modern, else the legacy ones. */
  capabilities: Record<string, unknown>;
  /** The `server/discover` result, when the upstream speaks modern. */
  discover?: Record<string, unknown>;
  /** The `initialize` result, when the upstream speaks legacy. */
  initialize?: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Finds out which eras the upstream speaks: `server/discover` (modern, on the shared channel), then
 * `initialize` (legacy, a session of its own that the proxy keeps as its control session). A
 * legacy-only stdio server may never answer the discover probe: it is given `probeTimeoutMs`.
 * @throws {UpstreamError} when the upstream answers neither.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export async function probeUpstream(
  link: UpstreamLink,
  probeTimeoutMs: number,
): Promise<{ profile: UpstreamProfile; control?: UpstreamSession }> {
  const problems: string[] = [];
  let discover: Record<string, unknown> | undefined;
  try {
    const reply = await link.modernRequest('server/discover', {}, { timeoutMs: probeTimeoutMs });
    const result = (reply.answer as { result?: unknown } | undefined)?.result;
    if (
      isObject(result) &&
      Array.isArray(result.supportedVersions) &&
      result.supportedVersions.includes(MODERN_REVISION)
    )
      discover = result;
    else problems.push(`server/discover: ${summarize(reply.status, reply.answer, reply.raw)}`);
  } catch (error) {
    problems.push(`server/discover: ${(error as UpstreamError).message}`);
  }
  let control: UpstreamSession | undefined;
  try {
    const opened = await link.openSession(undefined, 'control', {
      timeoutMs: Math.max(probeTimeoutMs, 10_000),
    });
    if (opened.ok) control = opened.session;
    else
      problems.push(`initialize: ${summarize(opened.reply.status, opened.reply.answer, opened.reply.raw)}`);
  } catch (error) {
    problems.push(`initialize: ${(error as UpstreamError).message}`);
  }
  if (!discover && !control) {
    throw new UpstreamError(`the upstream speaks neither era (${problems.join('; ')})`);
  }
  const legacy = control?.result;
  const meta = isObject(discover?._meta) ? discover._meta : {};
  const modernInfo = meta['io.modelcontextprotocol/serverInfo'];
  const info = isObject(legacy?.serverInfo) ? legacy.serverInfo : isObject(modernInfo) ? modernInfo : {};
  const instructions = discover?.instructions ?? legacy?.instructions;
  const capabilities = isObject(discover?.capabilities)
    ? discover.capabilities
    : isObject(legacy?.capabilities)
      ? legacy.capabilities
      : {};
  const profile: UpstreamProfile = {
    eras: [...(discover ? (['modern'] as const) : []), ...(control ? (['legacy'] as const) : [])],
    name: typeof info.name === 'string' && info.name !== '' ? info.name : 'upstream',
    version: typeof info.version === 'string' && info.version !== '' ? info.version : '0',
    capabilities: structuredClone(capabilities),
    ...(typeof instructions === 'string' ? { instructions } : {}),
    ...(discover ? { discover } : {}),
    ...(legacy ? { initialize: legacy } : {}),
  };
  return { profile, ...(control ? { control } : {}) };
}

function summarize(status: number | undefined, answer: unknown, raw: string | undefined): string {
  const error = (answer as { error?: { code?: number; message?: string } } | undefined)?.error;
  const http = status !== undefined ? `HTTP ${status}` : 'stdio';
  if (error) return `${http}, error ${error.code}: ${error.message}`;
  return raw ? `${http}, ${raw.slice(0, 120)}` : `${http}, no JSON-RPC answer`;
}
