import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';

/**
 * Which era to speak: `auto` probes with `server/discover` and falls back to `initialize`;
 * `modern` pins 2026-07-28; `legacy` runs the plain 2025-11-25 `initialize` handshake.
 */
export type EraPreference = 'auto' | 'legacy' | 'modern';

/** The modern protocol revision this client pins with `era: 'modern'`. */
export const MODERN_PROTOCOL_REVISION = '2026-07-28';

/**
 * The SDK negotiation options for an {@link EraPreference}.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export function versionNegotiation(era: EraPreference, probeTimeoutMs: number): VersionNegotiationOptions {
  switch (era) {
    case 'legacy':
      return { mode: 'legacy' };
    case 'modern':
      return { mode: { pin: MODERN_PROTOCOL_REVISION }, probe: { timeoutMs: probeTimeoutMs } };
    case 'auto':
      return { mode: 'auto', probe: { timeoutMs: probeTimeoutMs } };
  }
}
