import type { AuditTrail } from '../audit/audit-trail.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { Approver } from '../permissions/approver.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import type { ToolProposal } from './tool-proposal.js';

/**
 * Puts a proposal whose policy is `ask` to the host's approver (the tool's identity, contract hash,
 * arguments, text and advisories); resolves when it approves. A declined proposal, or one with no
 * approver to ask, is audited as `denied`.
 * @throws {ToolshiftError} TOOL_PERMISSION_DENIED when not approved.
 */
export async function askApproval(
  approve: Approver | undefined,
  proposal: ToolProposal,
  tool: DiscoveredTool,
  audit: (event: Parameters<AuditTrail['record']>[0]) => void,
): Promise<void> {
  const approved =
    approve !== undefined &&
    (await approve({
      serverId: tool.serverId,
      toolName: tool.name,
      contractHash: tool.contractHash,
      arguments: proposal.arguments,
      ...(proposal.chatId !== undefined ? { chatId: proposal.chatId } : {}),
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
      advisories: tool.advisories,
    })) === true;
  if (approved) return;
  audit({
    type: 'call',
    serverId: tool.serverId,
    toolName: tool.name,
    contractHash: tool.contractHash,
    outcome: 'denied',
    detail: approve ? 'approver declined' : 'no approver for an ask policy',
  });
  throw new ToolshiftError(
    'TOOL_PERMISSION_DENIED',
    `Calling ${tool.serverId}/${tool.name} needs approval and ${approve ? 'was declined' : 'no approver is configured'}.`,
    {
      serverId: tool.serverId,
      toolName: tool.name,
      decision: 'ask',
      ...(proposal.chatId !== undefined ? { chatId: proposal.chatId } : {}),
    },
  );
}
