import type { ClientAdapterFactory } from '../client-adapter.js';
import { ConformanceClientAdapter, type ConformanceClientOptions } from './conformance-client-adapter.js';

/**
 * A `--command` client: the conformance-style program `command` (see {@link ConformanceClientAdapter}),
 * kind `external`, over `http`, with `bearer-auth` (the token travels in MCP_CONFORMANCE_CONTEXT)
 * and judged on the wire only.
 */
export function createConformanceClient(
  command: string,
  options: ConformanceClientOptions = {},
): ClientAdapterFactory {
  return {
    name: options.name ?? 'conformance',
    kind: 'external',
    description: `the conformance-style program \`${command}\` (run as \`${command} <server URL>\` per cell, judged on the wire only)`,
    capabilities: { transports: ['http'], features: ['bearer-auth'], wireOnly: true },
    create: () => new ConformanceClientAdapter(command, options),
  };
}
