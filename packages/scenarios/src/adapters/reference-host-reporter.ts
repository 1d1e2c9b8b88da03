import type { ExposedTool } from '@toolshift/assertions';
import type { DiscoveryHost } from '@toolshift/reference-client';
import type { ClientObserver, ReportedState } from './client-adapter.js';

/**
 * What the reference adapter's host shows its user, told to the cell's observer: the verified
 * registry as the exposure (with each gate exclusion once as a warning), each server's discovery
 * state when it changed, the resources and prompts it shows, and a server's discovery failure.
 */
export class ReferenceHostReporter {
  private readonly warned = new Set<string>();
  /** The state last reported per server, so a report goes out only when it changed. */
  private readonly reportedStates = new Map<string, string>();

  /**
   * @param host the adapter's current host (a restart replaces it).
   * @param serverIds the servers the adapter connected, in order.
   * @param observer the observer of the latest connect, if any.
   * @param serverState the state the adapter reports for a server.
   */
  constructor(
    private readonly host: () => DiscoveryHost,
    private readonly serverIds: () => Iterable<string>,
    private readonly observer: () => ClientObserver | undefined,
    private readonly serverState: (serverId: string) => ReportedState,
  ) {}

  /** A host shows a server's discovery failure to its user. */
  noteState(serverId: string): void {
    const state = this.host().serverState(serverId);
    if (state.failure)
      this.observer()?.warning({
        serverId,
        message: `${state.state}: ${state.failure.kind}: ${state.failure.message}`,
      });
  }

  /** Reports the verified registry as the exposure, and each gate exclusion once as a warning. */
  report(): void {
    const observer = this.observer();
    if (!observer) return;
    const host = this.host();
    for (const serverId of this.serverIds()) {
      for (const excluded of host.snapshot(serverId)?.excluded ?? []) {
        const key = `${serverId}\u0000${excluded.name}\u0000${excluded.reason}`;
        if (this.warned.has(key)) continue;
        this.warned.add(key);
        observer.warning({
          serverId,
          toolName: excluded.name,
          message: `excluded ${excluded.name}: ${excluded.reason} at ${excluded.pointer || '/'}: ${excluded.detail}`,
        });
      }
    }
    observer.exposure(
      host.tools().map(
        (tool): ExposedTool => ({
          serverId: tool.serverId,
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          // The registry holds the server's contract; a normalized copy goes to the models.
          inputSchema: tool.serverInputSchema ?? tool.inputSchema,
          ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
          ...(tool._meta !== undefined ? { _meta: tool._meta as Record<string, unknown> } : {}),
        }),
      ),
    );
    // The state a host shows next to the tools it offers (after the exposure, as a UI updates both).
    this.reportStates();
  }

  /** Reports the resources and prompts the host shows for each server (it lists no resource templates). */
  reportLists(): void {
    const observer = this.observer();
    if (!observer) return;
    const resources = this.host().resources();
    const prompts = this.host().prompts();
    for (const serverId of this.serverIds()) {
      observer.resources?.(serverId, {
        resources: resources
          .filter((resource) => resource.serverId === serverId)
          .map((resource) => ({ uri: resource.uri, name: resource.name })),
        resourceTemplates: [],
      });
      observer.prompts?.(
        serverId,
        prompts
          .filter((prompt) => prompt.serverId === serverId)
          .map((prompt) => ({
            name: prompt.name,
            ...(prompt.description !== undefined ? { description: prompt.description } : {}),
          })),
      );
    }
  }

  /** Reports each server's discovery state when it changed since the last report. */
  private reportStates(): void {
    for (const serverId of this.serverIds()) {
      const reported = this.serverState(serverId);
      const key = `${reported.state}\u0000${reported.detail ?? ''}`;
      if (this.reportedStates.get(serverId) === key) continue;
      this.reportedStates.set(serverId, key);
      this.observer()?.state?.(serverId, reported);
    }
  }
}
