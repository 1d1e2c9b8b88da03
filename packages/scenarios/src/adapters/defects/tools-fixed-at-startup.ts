import type { ExposedTool } from '@toolshift/assertions';
import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/**
 * Builds its tool set from the servers that had answered when its first connection finished, and
 * never adds a server that joins later: the late server's tools are never exposed (nor callable).
 */
class ToolsFixedAtStartup extends ReferenceClientAdapter {
  private startupServers: Set<string> | undefined;
  private readonly pending: string[] = [];

  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.pending.push(target.serverId);
    const filtered: ClientObserver = {
      ...observer,
      exposure: (tools: ExposedTool[]) =>
        observer.exposure(
          this.startupServers ? tools.filter((tool) => this.startupServers?.has(tool.serverId)) : tools,
        ),
    };
    await super.connect(target, filtered);
    this.startupServers ??= new Set(this.pending);
  }

  override callTool(toolName: string, args: Record<string, unknown>, serverId?: string) {
    if (serverId !== undefined && this.startupServers && !this.startupServers.has(serverId))
      return Promise.resolve({ ok: false as const, error: `no server ${serverId} in the tool set` });
    return super.callTool(toolName, args, serverId);
  }
}

export const toolsFixedAtStartup = defect(
  {
    name: 'tools-fixed-at-startup',
    mistake:
      'Fixes its tool set to the servers ready when it started: a server whose handshake answers late never joins.',
    realWorld: 'issue 10 (a server that connects late: slow initialize / server/discover)',
    caughtBy: ['scenario:late-server-joins'],
  },
  () => new ToolsFixedAtStartup(),
  referenceClient,
);
