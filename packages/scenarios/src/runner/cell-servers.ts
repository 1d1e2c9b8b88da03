import { createFakeServer, type FakeServer } from '@toolshift/fake-server';
import { type ModelServer, serveModelProvider } from '@toolshift/fake-server/http';
import { createModelProvider } from '@toolshift/fake-server/model';
import type { UpstreamTarget } from '@toolshift/fake-server/proxy';
import type { CellEra, Scenario, ScenarioTransport } from '../scenario.js';
import { scriptForCell } from './cell-eras.js';
import { startCellProxy } from './proxy-cell.js';
import { SERVE, type ServedServer } from './transports/index.js';

/** One server connection of a cell: the fake server behind it and how the client reaches it. */
export interface CellServer {
  id: string;
  fake: FakeServer;
  served: ServedServer;
  bearerToken?: string;
  /** With `--proxy-upstream`: the names of the upstream's tools as last read. */
  upstreamTools?: () => readonly string[];
}

/** The servers of one cell, in scenario order. */
export interface CellServers {
  list: readonly CellServer[];
  get(id: string): CellServer;
  /** Distinct fake servers (connections made with `sameServerAs` share one). */
  fakes(): FakeServer[];
  /**
   * The cell's fake model provider, on loopback HTTP whatever the MCP transport: one per cell (a
   * host talks to one model API), recording into the first server's transcript (same logical clock
   * and numbering as that server's frames).
   */
  model: ModelServer;
  /** The pids of the stdio server processes the cell's servers saw (see `ServedServer.serverPids`). */
  serverPids(): number[];
  close(): Promise<void>;
}

/**
 * Starts one fake server per scenario server that has a script (a `sameServerAs` connection reuses
 * the other's), each serving the cell's eras unless its script pins them, and serves each over
 * `transport`. With `proxyUpstream`, each is a proxy in front of that real server, the script its
 * overlay.
 * @throws {Error} when a script is invalid or its server cannot be served over `transport`.
 */
export async function startCellServers(
  scenario: Scenario,
  transport: ScenarioTransport,
  seed: number | undefined,
  era: CellEra,
  proxyUpstream?: UpstreamTarget,
): Promise<CellServers> {
  const serve = SERVE[transport];
  const byId = new Map<string, CellServer>();
  const opened: Array<Pick<ServedServer, 'close'> & Partial<Pick<ServedServer, 'serverPids'>>> = [];
  try {
    for (const server of scenario.servers) {
      const token = server.bearerToken !== undefined ? { bearerToken: server.bearerToken } : {};
      if (server.sameServerAs !== undefined) {
        const other = byId.get(server.sameServerAs);
        if (!other)
          throw new Error(
            `server ${server.id}: sameServerAs ${server.sameServerAs} is not declared before it`,
          );
        byId.set(server.id, {
          id: server.id,
          fake: other.fake,
          served: other.served,
          ...token,
          ...(other.upstreamTools ? { upstreamTools: other.upstreamTools } : {}),
        });
        continue;
      }
      const script = scriptForCell(server.script!, era);
      let fake: FakeServer;
      let upstream: Pick<CellServer, 'upstreamTools'> = {};
      if (proxyUpstream) {
        // With --proxy-upstream the script is an overlay on a real server (see proxy-cell.ts).
        const proxy = await startCellProxy(script, proxyUpstream, seed);
        opened.push(proxy);
        fake = proxy.server;
        upstream = { upstreamTools: () => proxy.upstreamTools().map((tool) => tool.name) };
      } else fake = createFakeServer(script, seed !== undefined ? { seed } : {});
      const served = await serve(fake);
      opened.push(served);
      byId.set(server.id, { id: server.id, fake, served, ...token, ...upstream });
    }
  } catch (error) {
    await Promise.allSettled(opened.map((served) => served.close()));
    throw error;
  }
  const list = scenario.servers.map((server) => byId.get(server.id)!);
  let model: ModelServer;
  try {
    model = await serveModelProvider(createModelProvider({ transcript: list[0]!.fake.transcript }));
  } catch (error) {
    await Promise.allSettled(opened.map((served) => served.close()));
    throw error;
  }
  return {
    list,
    get(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`No server ${id} in this scenario`);
      return found;
    },
    fakes: () => [...new Set(list.map((server) => server.fake))],
    model,
    serverPids: () => opened.flatMap((served) => served.serverPids?.() ?? []),
    async close() {
      await Promise.allSettled([...opened.map((served) => served.close()), model.close()]);
    },
  };
}
