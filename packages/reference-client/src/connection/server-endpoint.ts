import type { Transport } from '@modelcontextprotocol/client';
import type { StdioServerConfig } from './stdio-process-transport.js';

/**
 * Where a server is and how to reach it: a Streamable HTTP endpoint (`http`), a local process
 * speaking stdio (`stdio`, spawned and reaped by the host), or any SDK `Transport` the host builds
 * itself (`transport`: in-memory pairs, custom channels; `connect` is called for every new
 * connection, so a reconnect gets a fresh one).
 */
export type ServerEndpoint =
  | { kind: 'http'; url: URL }
  | { kind: 'stdio'; server: StdioServerConfig }
  | { kind: 'transport'; connect: () => Transport; name: string };

/** The endpoint as a host shows it: the URL, the command line, or the transport's name. Never credentials. */
export function describeEndpoint(endpoint: ServerEndpoint): string {
  switch (endpoint.kind) {
    case 'http':
      return endpoint.url.href;
    case 'stdio':
      return [endpoint.server.command, ...(endpoint.server.args ?? [])].join(' ');
    case 'transport':
      return endpoint.name;
  }
}
