import type { JsonObject } from '../snapshot/discovered-tool.js';

/**
 * What a host shows a user when a tool's policy is `ask`: the real identity, the contract about to
 * run and the validated arguments. `annotations` and `advisories` are for display only.
 */
export interface ApprovalRequest {
  serverId: string;
  toolName: string;
  contractHash: string;
  arguments: Record<string, unknown>;
  chatId?: string;
  title?: string;
  description?: string;
  annotations?: JsonObject;
  advisories: readonly string[];
}

/** Asks the user; resolves true to run the call. */
export type Approver = (request: ApprovalRequest) => boolean | Promise<boolean>;
