import {
  createFakeServer,
  type FakeServer,
  type ScriptDocument,
  type TranscriptFrame,
} from '@toolshift/fake-server';
import { type HttpTransport, startHttpTransport } from '@toolshift/fake-server/http';
import type { DiscoveredTool, DiscoveryHost } from '../../src/index.js';

/** A fake MCP server served over loopback HTTP. */
export interface FakeEndpoint {
  server: FakeServer;
  http: HttpTransport;
  url: string;
  close(): Promise<void>;
}

/** Starts the fake server for `script` on 127.0.0.1, port 0. */
export async function startFakeEndpoint(script: ScriptDocument): Promise<FakeEndpoint> {
  const server = createFakeServer(script);
  const http = await startHttpTransport(server);
  return { server, http, url: http.url, close: () => http.close('drop') };
}

/** A tool definition with an object schema. */
export function tool(
  name: string,
  properties: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  return { name, description: `The ${name} tool.`, inputSchema: { type: 'object', properties }, ...extra };
}

/** Resolves with the first registry view (after now) that satisfies `predicate`. */
export function nextView(
  host: DiscoveryHost,
  predicate: (tools: readonly DiscoveredTool[]) => boolean,
  timeoutMs = 5_000,
): Promise<readonly DiscoveredTool[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no registry view matched within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = host.onRegistryChange((tools) => {
      if (!predicate(tools)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(tools);
    });
  });
}

/** Tool names of a server in a registry view, in order. */
export function namesOf(tools: readonly DiscoveredTool[], serverId: string): string[] {
  return tools.filter((t) => t.serverId === serverId).map((t) => t.name);
}

/** Inbound JSON-RPC requests of `method` in a transcript. */
export function requestsOf(frames: readonly TranscriptFrame[], method: string): TranscriptFrame[] {
  return frames.filter(
    (f) =>
      f.direction === 'in' && f.kind === 'message' && (f.message as { method?: string })?.method === method,
  );
}
