import type { Observed, Probe } from './parity-probe.js';
import type { ParityServer } from './parity-servers.js';
import { probeHttp, StdioProbeProcess } from './probe-runner.js';

/** One row of the table: a probe over one transport, and each server's answer. */
export interface ParityRow {
  probe: Probe;
  transport: 'http' | 'stdio';
  /** By server id; `undefined` where the server has no form for the transport. */
  answers: Record<string, Observed | undefined>;
}

/**
 * Sends every probe to every server of its group over each of its transports: over HTTP one
 * server per column (each legacy probe on a session of its own), over stdio a server process per
 * `fresh` probe and one shared process (one session) per era for the others. `concurrency`
 * servers at once (default 2).
 */
export async function collectParity(
  servers: readonly ParityServer[],
  probes: readonly Probe[],
  options: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<ParityRow[]> {
  const rows: ParityRow[] = probes.flatMap((probe) =>
    probe.transports.map((transport) => ({
      probe,
      transport,
      answers: {} as Record<string, Observed | undefined>,
    })),
  );
  const queue = [...servers];
  const worker = async () => {
    for (let server = queue.shift(); server; server = queue.shift()) {
      const started = Date.now();
      const mine = rows.filter((row) => row.probe.group === server!.group);
      await probeOverHttp(server, mine);
      await probeOverStdio(server, mine);
      options.log?.(`${server.id}: ${mine.length} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 2, servers.length) }, worker));
  return rows;
}

async function probeOverHttp(server: ParityServer, rows: ParityRow[]): Promise<void> {
  const http = await server.http();
  try {
    for (const row of rows.filter((each) => each.transport === 'http'))
      row.answers[server.id] = await probeHttp(http.url, row.probe);
  } finally {
    await http.close();
  }
}

async function probeOverStdio(server: ParityServer, rows: ParityRow[]): Promise<void> {
  const stdioRows = rows.filter((row) => row.transport === 'stdio');
  const argv = await server.stdio();
  if (!Array.isArray(argv)) return;
  for (const row of stdioRows.filter((each) => each.probe.fresh)) {
    const process = new StdioProbeProcess(argv);
    try {
      if (row.probe.session) await process.openSession(row.probe.session === 'initialized');
      row.answers[server.id] = await process.probe(row.probe, false);
    } finally {
      process.close();
    }
  }
  for (const era of ['legacy', 'modern'] as const) {
    const shared = stdioRows.filter((row) => !row.probe.fresh && row.probe.era === era);
    if (shared.length === 0) continue;
    const process = new StdioProbeProcess(argv);
    try {
      if (era === 'legacy') await process.openSession(true);
      for (const row of shared) row.answers[server.id] = await process.probe(row.probe, true);
    } finally {
      process.close();
    }
  }
}
