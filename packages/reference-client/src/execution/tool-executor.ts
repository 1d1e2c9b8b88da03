import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { ServerConnection } from '../connection/server-connection.js';
import { classifyFailure } from '../errors/classify-failure.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import { type HostClock, settlesWithin } from '../freshness/host-clock.js';
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
import { askApproval } from './ask-approval.js';
import { isDestructive } from './is-destructive.js';
import { outputViolation } from './output-violation.js';
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
  /** Longest wait for the re-list a pending change signal started, ms. */
  changeWaitMs: number;
}

/** A proposal that passed the checks against the registry as it is now. */
interface CheckedProposal {
  tool: DiscoveredTool;
  contract: CompiledContract;
  decision: 'allow' | 'ask';
}

/** Approvals asked for one proposal whose contract keeps changing while the user decides. */
const MAX_APPROVAL_ROUNDS = 2;

/**
 * The execution path: a {@link ToolProposal} is checked right before it runs, then called, then
 * its output checked. The checks, in order: a re-list that a change signal started is waited for
 * (bounded by `changeWaitMs`); the server has a verified snapshot; the tool is in it (else a
 * capability-change error, never a similar name); the permission layer does not deny it; a
 * destructive tool whose snapshot expired is re-listed first; the arguments fit the current
 * contract (re-validated when the contract changed since the proposal). An `ask` policy is then
 * put to the approver, and since approval is asynchronous every check runs again after it, right
 * before sending: a tool removed meanwhile is `TOOL_UNAVAILABLE`, a contract changed meanwhile is
 * re-validated and put to the user again. A legacy session lost during the call (HTTP 404) is
 * replaced (new `initialize`, re-list) and the call, checked again, retried once. After the call,
 * `structuredContent` is validated against `outputSchema` when `isError` is false. Every step is
 * audited with the real identity and the contract hash used.
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
    this.audit({
      type: 'proposal',
      serverId,
      toolName,
      ...(discoveryRevision !== undefined ? { discoveryRevision } : {}),
      ...(proposal.alias !== undefined ? { alias: proposal.alias } : {}),
      ...(chatId !== undefined ? { chatId } : {}),
    });
    await this.host.discovery(serverId).ensureLoaded();
    const checked = await this.approved(proposal, await this.check(proposal));
    const sent = await this.send(proposal, checked, signal);
    if (sent.ok) return sent.result;
    // The server forgot the legacy session: a new one is initialized and the tools re-listed; the
    // call goes out once more if it still passes every check against the new listing.
    await this.host.discovery(serverId).recoverSession(sent.lost);
    const rechecked = await this.check(proposal, checked.tool.contractHash);
    const again =
      rechecked.tool.contractHash === checked.tool.contractHash
        ? rechecked
        : await this.approved(proposal, rechecked);
    const retried = await this.send(proposal, again, signal);
    if (retried.ok) return retried.result;
    const failure = classifyFailure(retried.error, this.host.clock.now());
    throw new ToolshiftError(
      'TOOL_CALL_FAILED',
      `Calling ${serverId}/${toolName} failed: the server lost the new session too (${failure.message}).`,
      { serverId, toolName, failure },
    );
  }

  /**
   * The checks against the registry as it is now: pending change, presence, permission, refresh of
   * an expired destructive contract, arguments. Audited as one revalidation. `checkedHash` is the
   * contract an earlier check of the same proposal passed (before an approval or a new session).
   */
  private async check(proposal: ToolProposal, checkedHash?: string): Promise<CheckedProposal> {
    const { serverId, toolName, discoveryRevision, chatId } = proposal;
    const discovery = this.host.discovery(serverId);
    // A list_changed (or a lost stream or session) may have announced the very tool proposed:
    // look it up in the listing that signal started, not in the one before it (RM-01).
    await discovery.awaitChanges(this.host.changeWaitMs);
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
      // With `ttlMs: 0` a listing is stale the moment it lands (§7): a refresh that succeeded reads
      // `stale` without a failure, and the contract it just fetched is the current one.
      const refreshed = state.state === 'ready' || (state.state === 'stale' && state.failure === undefined);
      if (!refreshed) {
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
          contractChanged: [discoveryRevision, checkedHash].some(
            (hash) => hash !== undefined && hash !== tool.contractHash,
          ),
        },
      );
    }
    this.revalidation(proposal, tool.contractHash, check.outcome);
    return { tool, contract, decision: verdict.decision };
  }

  /**
   * Puts an `ask` proposal to the approver, then checks it again: the registry may have changed
   * while the user decided. A contract that changed meanwhile is put to the user again (the
   * approval was for the old one); one that keeps changing is `TOOL_CONTRACT_STALE`.
   */
  private async approved(proposal: ToolProposal, checked: CheckedProposal): Promise<CheckedProposal> {
    let current = checked;
    for (let round = 0; round < MAX_APPROVAL_ROUNDS; round++) {
      if (current.decision !== 'ask') return current;
      await askApproval(this.host.approve, proposal, current.tool, (event) => this.audit(event));
      const after = await this.check(proposal, current.tool.contractHash);
      if (after.tool.contractHash === current.tool.contractHash) return after;
      current = after;
    }
    if (current.decision !== 'ask') return current;
    const { serverId, toolName } = proposal;
    this.revalidation(proposal, current.tool.contractHash, 'rejected', 'contract changed during approval');
    throw new ToolshiftError(
      'TOOL_CONTRACT_STALE',
      `The contract of ${serverId}/${toolName} changed again while its call awaited approval; propose the call again.`,
      {
        serverId,
        toolName,
        failure: {
          kind: 'server-bug',
          reason: 'contract-unstable',
          message: `the contract changed during ${MAX_APPROVAL_ROUNDS} approvals`,
          atMs: this.host.clock.now(),
        },
      },
    );
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

  /** Whether `relisted` (waited for at most `changeWaitMs`) produced a snapshot without the tool. */
  private async removedAfter(
    relisted: Promise<unknown>,
    serverId: string,
    toolName: string,
  ): Promise<boolean> {
    const done = await settlesWithin(this.host.clock, relisted, this.host.changeWaitMs);
    const snapshot = this.host.registry.snapshot(serverId);
    return done && snapshot !== undefined && snapshot.tool(toolName) === undefined;
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

  /**
   * Sends the call on the live connection and checks the output. A lost legacy session is returned
   * (`lost`: the connection whose session the server forgot), for the caller to recover from.
   */
  private async send(
    proposal: ToolProposal,
    { tool, contract }: CheckedProposal,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; result: CallToolResult } | { ok: false; lost: ServerConnection; error: unknown }> {
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
      if (failure.reason === 'session-lost') return { ok: false, lost: connection, error };
      // Unknown tool / method: the list probably changed under us (§3); re-list. When the new
      // listing no longer has the tool, the server removed it before its change signal reached us:
      // a capability change, never a redirect.
      if (failure.rpcCode === -32602 || failure.rpcCode === -32601) {
        const relisted = discovery.refresh('call-error');
        if (failure.rpcCode === -32602 && (await this.removedAfter(relisted, serverId, toolName))) {
          throw new ToolshiftError(
            'TOOL_UNAVAILABLE',
            `Tool ${toolName} is no longer offered by server ${serverId} (the server rejected the call and its new listing lacks the tool); refresh the tool list and retry the turn.`,
            { serverId, toolName, discoveryRevision: tool.contractHash, failure },
          );
        }
      }
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
      return { ok: true, result };
    }
    const invalid = outputViolation(result, contract.output, {
      serverId,
      toolName,
      contractHash: tool.contractHash,
    });
    if (invalid) {
      this.audit({
        type: 'call',
        serverId,
        toolName,
        contractHash: tool.contractHash,
        outcome: 'output-invalid',
      });
      throw invalid;
    }
    this.audit({ type: 'call', serverId, toolName, contractHash: tool.contractHash, outcome: 'ok' });
    return { ok: true, result };
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

function toolDefinition(tool: DiscoveredTool): Tool {
  return {
    name: tool.name,
    inputSchema: tool.inputSchema,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
  } as Tool;
}
