import { type ToolKey, toolKeyString } from '../registry/tool-key.js';

/** What the permission layer says about one call: run it, ask the user first, or refuse. */
export type PermissionDecision = 'allow' | 'ask' | 'deny';

/** A decision and where it came from. */
export interface PermissionVerdict {
  decision: PermissionDecision;
  /** `server-disabled` (the server is off for this chat), `tool-policy` (a rule for this identity), `default`. */
  source: 'server-disabled' | 'tool-policy' | 'default';
}

/** Options for {@link PermissionPolicy}. */
export interface PermissionPolicyOptions {
  /** Decision for a tool with no rule (default `ask`). */
  defaultDecision?: PermissionDecision;
  /** Whether a server is enabled in a chat that has no explicit setting for it (default true). */
  serversEnabledByDefault?: boolean;
}

/**
 * The permission layer, separate from discovery: per-chat server enablement and per-tool rules
 * keyed by the full identity `(serverId, toolName)`, so approving `work/create_issue` never
 * approves `personal/create_issue`. It reads nothing a server sends: annotations such as
 * `readOnlyHint` and descriptions are advisory and never change a decision.
 */
export class PermissionPolicy {
  private readonly defaultDecision: PermissionDecision;
  private readonly serversEnabledByDefault: boolean;
  private readonly toolRules = new Map<string, PermissionDecision>();
  private readonly chatServers = new Map<string, Map<string, boolean>>();

  constructor(options: PermissionPolicyOptions = {}) {
    this.defaultDecision = options.defaultDecision ?? 'ask';
    this.serversEnabledByDefault = options.serversEnabledByDefault ?? true;
  }

  /** Sets the rule for one tool identity (all chats). */
  setToolPolicy(key: ToolKey, decision: PermissionDecision): void {
    this.toolRules.set(toolKeyString(key), decision);
  }

  /** Removes the rule for one tool identity (it falls back to the default). */
  clearToolPolicy(key: ToolKey): void {
    this.toolRules.delete(toolKeyString(key));
  }

  /** Enables or disables a server for one chat. */
  setServerEnabled(chatId: string, serverId: string, enabled: boolean): void {
    let servers = this.chatServers.get(chatId);
    if (!servers) {
      servers = new Map();
      this.chatServers.set(chatId, servers);
    }
    servers.set(serverId, enabled);
  }

  /** Whether a server is enabled for a chat (`chatId` undefined: outside any chat, the default). */
  isServerEnabled(serverId: string, chatId?: string): boolean {
    if (chatId === undefined) return this.serversEnabledByDefault;
    return this.chatServers.get(chatId)?.get(serverId) ?? this.serversEnabledByDefault;
  }

  /** The decision for calling `key` in `chatId`. */
  decide(key: ToolKey, chatId?: string): PermissionVerdict {
    if (!this.isServerEnabled(key.serverId, chatId)) return { decision: 'deny', source: 'server-disabled' };
    const rule = this.toolRules.get(toolKeyString(key));
    return rule
      ? { decision: rule, source: 'tool-policy' }
      : { decision: this.defaultDecision, source: 'default' };
  }
}
