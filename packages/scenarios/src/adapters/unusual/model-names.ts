import { createHash } from 'node:crypto';

/** A tool identity to name for a model: its server connection id and its MCP tool name. */
export interface NamedTool {
  serverId: string;
  toolName: string;
}

/**
 * How a corpus host names tools for a model:
 * - `plain`: the MCP name, or `<serverId>__<name>` for names two servers share;
 * - `prefixed`: always `<serverId>__<name>` (as hosts aggregating many servers often do);
 * - `refuse-collisions`: the MCP name; names two servers share get none (the host withholds them).
 */
export type NamingPolicy = 'plain' | 'prefixed' | 'refuse-collisions';

/** The rule every provider the host talks to accepts: OpenAI, Anthropic and Gemini alike. */
const MAX_LENGTH = 64;
const sanitize = (text: string) => {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]/g, '_');
  return /^[a-zA-Z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
};

/** Shortens `name` to the limit with a stable ending from the identity's hash. */
function fit(name: string, tool: NamedTool, attempt = 1): string {
  if (name.length <= MAX_LENGTH) return name;
  const hash = createHash('sha256')
    .update(`${tool.serverId}\u0000${tool.toolName}\u0000${attempt}`)
    .digest('hex')
    .slice(0, 10);
  return `${name.slice(0, MAX_LENGTH - hash.length - 1)}_${hash}`;
}

/**
 * Model-facing names for `tools` under `policy`: unique, at most 64 characters of
 * `[a-zA-Z0-9_-]` starting with a letter or `_`. Returns name → identity, and the identities left
 * unnamed (only `refuse-collisions` leaves any: every tool whose name another server shares).
 */
export function modelNames(
  tools: readonly NamedTool[],
  policy: NamingPolicy,
): { names: Map<string, NamedTool>; refused: NamedTool[] } {
  const servers = new Map<string, Set<string>>();
  for (const tool of tools)
    servers.set(tool.toolName, (servers.get(tool.toolName) ?? new Set()).add(tool.serverId));
  const shared = (tool: NamedTool) => (servers.get(tool.toolName)?.size ?? 0) > 1;
  const names = new Map<string, NamedTool>();
  const refused: NamedTool[] = [];
  for (const tool of tools) {
    if (policy === 'refuse-collisions' && shared(tool)) {
      refused.push(tool);
      continue;
    }
    const prefixed = policy === 'prefixed' || (policy === 'plain' && shared(tool));
    const base = sanitize(prefixed ? `${tool.serverId}__${tool.toolName}` : tool.toolName);
    let name = fit(base, tool);
    // A sanitized or shortened name can still meet another: number it.
    for (let n = 2; names.has(name); n += 1) name = fit(`${base}_${n}`, tool, n);
    names.set(name, tool);
  }
  return { names, refused };
}
