import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { AuditTrail } from '../audit/audit-trail.js';
import { classifyFailure } from '../errors/classify-failure.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { HostClock } from '../freshness/host-clock.js';
import type { Approver } from '../permissions/approver.js';
import type { PermissionPolicy } from '../permissions/permission-policy.js';
import type { ServerDiscovery } from '../registry/server-discovery.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import {
  argumentErrors,
  type CompiledContract,
  type ValidatorCache,
} from '../schema-gate/validator-cache.js';
import type { DiscoveredTool } from '../snapshot/discovered-tool.js';
import type { ProposalCheck, ToolProposal } from './tool-proposal.js';

/** What the executor needs from its host. */
export interface ExecutorContext {
  registry: ToolRegistry;
  discovery(serverId: string): ServerDiscovery;
  validators: ValidatorCache;
  permissions: PermissionPolicy;
  approve: Approver | undefined;
  audit: AuditTrail;
  clock: HostClock;
  requestTimeoutMs: number;
}

/**
 * The execution path: a {@link ToolProposal} is checked right before it runs, then called, then
 * its output checked. In order: the server has a verified snapshot; the tool is in it (else a
 * capability-change error, never a similar name); the permission layer does not deny it; a
 * destructive tool whose snapshot expired is re-listed first; the arguments fit the current
 * contract (re-validated when the contract changed since the proposal); an `ask` policy is put to
 * the approver; after the call, `structuredContent` is validated against `outputSchema` when
 * `isError` is false. Every step is audited with the real identity and the contract hash used.
 */
export class ToolExecutor {
  constructor(private readonly host: ExecutorContext) {}

  /**
   * @throws {ToolshiftError} SERVER_NOT_READY, TOOL_UNAVAILABLE, TOOL_PERMISSION_DENIED,
   * TOOL_CONTRACT_STALE, TOOL_SCHEMA_UNUSABLE, TOOL_ARGUMENTS_INVALID, TOOL_CALL_FAILED,
   * TOOL_OUTPUT_INVALID (see `errors/codes.ts`).
   */
  async execute(proposal: ToolProposal, signal?: AbortSignal): Promise<CallToolResult> {
    const { serverId, toolName, discoveryRevision, chatId } = proposal;
    const discovery = this.host.discovery(serverId);
    this.audit({
      type: 'proposal',
      serverId,
      toolName,
      ...(discoveryRevision !== undefined ? { discoveryRevision } : {}),
      ...(proposal.alias !== undefined ? { alias: proposal.alias } : {}),
      ...(chatId !== undefined ? { chatId } : {}),
    });
    await discovery.ensureLoaded();
    let { tool, check } = this.current(proposal);
    const verdict = this.host.permissions.decide({ serverId, toolName }, chatId);
    if (verdict.decision === 'deny') {
      this.audit({
        type: 'call',
        serverId,
        toolName,
        contractHash: tool.contractHash,
        outcome: 'denied',
        detail: verdict.source,
      });
      throw new ToolshiftError(
        'TOOL_PERMISSION_DENIED',
        `Calling ${serverId}/${toolName} is denied (${verdict.source}).`,
        {
          serverId,
          toolName,
          decision: verdict.source === 'server-disabled' ? 'server-disabled' : 'deny',
          ...(chatId !== undefined ? { chatId } : {}),
        },
      );
    }
    if (isDestructive(tool) && this.host.registry.snapshot(serverId)?.isExpired(this.host.clock.now())) {
      const state = await discovery.refresh('pre-execution');
      if (state.state !== 'ready') {
        const failure =
          state.failure ?? classifyFailure(new Error(`server is ${state.state}`), this.host.clock.now());
        this.revalidation(proposal, tool.contractHash, 'rejected', 'snapshot expired and refresh failed');
        throw new ToolshiftError(
          'TOOL_CONTRACT_STALE',
          `The contract of destructive tool ${serverId}/${toolName} expired and could not be refreshed: ${failure.message}`,
          { serverId, toolName, failure },
        );
      }
      ({ tool } = this.current(proposal));
      check = { outcome: 'refreshed', contractHash: tool.contractHash };
    }
    const contract = this.compiled(tool);
    const args = proposal.arguments;
    const valid = typeof args === 'object' && args !== null && !Array.isArray(args) && contract.input(args);
    if (!valid) {
      const errors = argumentErrors(contract.input.errors);
      this.revalidation(
        proposal,
        tool.contractHash,
        'rejected',
        errors[0]?.message ?? 'arguments must be an object',
      );
      throw new ToolshiftError(
        'TOOL_ARGUMENTS_INVALID',
        `Arguments for ${serverId}/${toolName} do not fit its current input schema: ${
          errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ') ||
          'arguments must be an object'
        }.`,
        {
          serverId,
          toolName,
          contractHash: tool.contractHash,
          errors,
          contractChanged: discoveryRevision !== undefined && discoveryRevision !== tool.contractHash,
        },
      );
    }
    this.revalidation(proposal, tool.contractHash, check.outcome);
    if (verdict.decision === 'ask') await this.askApproval(proposal, tool);
    return this.call(proposal, tool, contract, signal);
  }

  /** The tool as the registry holds it now, and whether the proposal's revision still matches. */
  private current(proposal: ToolProposal): { tool: DiscoveredTool; check: ProposalCheck } {
    const { serverId, toolName, discoveryRevision } = proposal;
    const snapshot = this.host.registry.snapshot(serverId);
    if (!snapshot) {
      const status = this.host.discovery(serverId).status();
      this.revalidation(proposal, '', 'rejected', `server is ${status.state}`);
      throw new ToolshiftError(
        'SERVER_NOT_READY',
        `Server ${serverId} has no verified tools (state ${status.state}).`,
        {
          serverId,
          state: status.state,
          ...(status.failure ? { failure: status.failure } : {}),
        },
      );
    }
    const tool = snapshot.tool(toolName);
    if (!tool) {
      this.revalidation(proposal, '', 'rejected', 'tool no longer offered');
      throw new ToolshiftError(
        'TOOL_UNAVAILABLE',
        `Tool ${toolName} is no longer offered by server ${serverId}; refresh the tool list and retry the turn.`,
        { serverId, toolName, ...(discoveryRevision !== undefined ? { discoveryRevision } : {}) },
      );
    }
    const outcome = discoveryRevision === tool.contractHash ? 'unchanged' : 'revalidated';
    return { tool, check: { outcome, contractHash: tool.contractHash } };
  }

  private compiled(tool: DiscoveredTool): CompiledContract {
    const compiled = this.host.validators.compiled(tool.contractHash, tool.inputSchema, tool.outputSchema);
    if (compiled.ok) return compiled.contract;
    throw new ToolshiftError(
      'TOOL_SCHEMA_UNUSABLE',
      `The schema of ${tool.serverId}/${tool.name} cannot be compiled: ${compiled.reason}`,
      {
        serverId: tool.serverId,
        toolName: tool.name,
        contractHash: tool.contractHash,
        reason: compiled.reason,
      },
    );
  }

  private async askApproval(proposal: ToolProposal, tool: DiscoveredTool): Promise<void> {
    const approve = this.host.approve;
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
    this.audit({
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

  private async call(
    proposal: ToolProposal,
    tool: DiscoveredTool,
    contract: CompiledContract,
    signal: AbortSignal | undefined,
  ): Promise<CallToolResult> {
    const { serverId, toolName } = proposal;
    const discovery = this.host.discovery(serverId);
    const connection = discovery.liveConnection();
    if (!connection) {
      const status = discovery.status();
      throw new ToolshiftError(
        'SERVER_NOT_READY',
        `Server ${serverId} is not connected (state ${status.state}).`,
        {
          serverId,
          state: status.state,
          ...(status.failure ? { failure: status.failure } : {}),
        },
      );
    }
    let result: CallToolResult;
    try {
      result = await connection.callTool(toolName, proposal.arguments, toolDefinition(tool), {
        timeoutMs: this.host.requestTimeoutMs,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      const failure = classifyFailure(error, this.host.clock.now());
      this.audit({
        type: 'call',
        serverId,
        toolName,
        contractHash: tool.contractHash,
        outcome: 'failed',
        detail: failure.reason,
      });
      // Unknown tool / method: the list probably changed under us (§3); re-list in the background.
      if (failure.rpcCode === -32602 || failure.rpcCode === -32601) void discovery.refresh('call-error');
      throw new ToolshiftError(
        'TOOL_CALL_FAILED',
        `Calling ${serverId}/${toolName} failed: ${failure.message}`,
        {
          serverId,
          toolName,
          failure,
        },
      );
    }
    if (result.isError === true) {
      this.audit({
        type: 'call',
        serverId,
        toolName,
        contractHash: tool.contractHash,
        outcome: 'tool-error',
      });
      return result;
    }
    if (contract.output) {
      const structured = result.structuredContent;
      if (structured === undefined || !contract.output(structured)) {
        const errors =
          structured === undefined
            ? [{ instancePath: '', keyword: 'required', message: 'structuredContent is missing' }]
            : argumentErrors(contract.output.errors);
        this.audit({
          type: 'call',
          serverId,
          toolName,
          contractHash: tool.contractHash,
          outcome: 'output-invalid',
        });
        throw new ToolshiftError(
          'TOOL_OUTPUT_INVALID',
          `${serverId}/${toolName} returned structured content that does not fit its output schema: ${errors[0]?.message}.`,
          { serverId, toolName, contractHash: tool.contractHash, errors },
        );
      }
    }
    this.audit({ type: 'call', serverId, toolName, contractHash: tool.contractHash, outcome: 'ok' });
    return result;
  }

  private revalidation(
    proposal: ToolProposal,
    contractHash: string,
    outcome: 'unchanged' | 'revalidated' | 'refreshed' | 'rejected',
    detail?: string,
  ): void {
    this.audit({
      type: 'revalidation',
      serverId: proposal.serverId,
      toolName: proposal.toolName,
      ...(proposal.discoveryRevision !== undefined ? { discoveryRevision: proposal.discoveryRevision } : {}),
      contractHash,
      outcome,
      ...(detail !== undefined ? { detail } : {}),
    });
  }

  private audit(event: Parameters<AuditTrail['record']>[0]): void {
    this.host.audit.record(event, this.host.clock.now());
  }
}

/**
 * Whether a tool counts as destructive for refresh-before-execute, reading the hints the cautious
 * way: destructive unless it says `readOnlyHint: true` or `destructiveHint: false` (the spec's
 * defaults are `readOnlyHint: false`, `destructiveHint: true`).
 */
export function isDestructive(tool: DiscoveredTool): boolean {
  const hints = tool.annotations ?? {};
  return hints.readOnlyHint !== true && hints.destructiveHint !== false;
}

function toolDefinition(tool: DiscoveredTool): Tool {
  return {
    name: tool.name,
    inputSchema: tool.inputSchema,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
  } as Tool;
}
