import type { DiscoveryFailure } from '../errors/discovery-failure.js';
import type { DiscoveryWarning } from '../registry/discovery-warning.js';
import type { DiscoveryState } from '../registry/server-state.js';

/**
 * One audit record. Every record names the real identity (`serverId`, `toolName`), never only a
 * model-facing alias, and the `contractHash` it used. `atMs` is the host clock (epoch ms); `seq` is
 * assigned by the trail.
 */
export type AuditEvent =
  | {
      type: 'listing';
      serverId: string;
      catalogHash: string;
      toolCount: number;
      excluded: Array<{ name: string; reason: string }>;
      pageCount: number;
      reason: string;
    }
  | { type: 'state'; serverId: string; state: DiscoveryState; failure?: DiscoveryFailure }
  | { type: 'warning'; warning: DiscoveryWarning }
  | {
      type: 'exposure';
      provider: string;
      chatId?: string;
      tools: Array<{ serverId: string; toolName: string; contractHash: string; alias: string }>;
      withheld: Array<{ serverId: string; toolName: string; reason: string }>;
      estimatedTokens: number;
      /** Servers whose tools may be out of date (see `ToolExposure.staleServers`); absent when none. */
      staleServers?: Array<{ serverId: string; reason: string }>;
    }
  | {
      type: 'proposal';
      serverId: string;
      toolName: string;
      discoveryRevision?: string;
      alias?: string;
      chatId?: string;
    }
  | {
      type: 'revalidation';
      serverId: string;
      toolName: string;
      discoveryRevision?: string;
      contractHash: string;
      outcome: 'unchanged' | 'revalidated' | 'refreshed' | 'rejected';
      detail?: string;
    }
  | {
      type: 'call';
      serverId: string;
      toolName: string;
      contractHash: string;
      outcome: 'ok' | 'tool-error' | 'failed' | 'denied' | 'output-invalid';
      detail?: string;
    };

/** An {@link AuditEvent} as stored: numbered and timestamped. */
export type AuditRecord = AuditEvent & { seq: number; atMs: number };
