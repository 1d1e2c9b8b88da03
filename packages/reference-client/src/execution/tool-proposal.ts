/**
 * A model's proposal to call a tool: the real identity, the `contractHash` of the snapshot the
 * model was shown (`discoveryRevision`), and the arguments it produced.
 */
export interface ToolProposal {
  serverId: string;
  toolName: string;
  /** The `contractHash` the proposal was made against; omitted when unknown (always revalidated). */
  discoveryRevision?: string;
  arguments: Record<string, unknown>;
  /** The chat the call belongs to (for per-chat server enablement). */
  chatId?: string;
  /** The model-facing alias the model used, for the audit trail. */
  alias?: string;
}

/** What the host decided about a proposal before running it. */
export interface ProposalCheck {
  /** `unchanged`: same contract; `revalidated`: the contract changed and the arguments still fit it; `refreshed`: a destructive tool's expired snapshot was re-listed first. */
  outcome: 'unchanged' | 'revalidated' | 'refreshed';
  contractHash: string;
}
