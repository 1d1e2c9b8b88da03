import {
  type PermissionDecision,
  PermissionPolicy,
  type PermissionVerdict,
  type ToolKey,
} from '@toolshift/reference-client';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/** A permission layer whose rules are keyed by tool name: approving work/send_email approves every send_email. */
class NameKeyedPolicy extends PermissionPolicy {
  private readonly byName = new Map<string, PermissionDecision>();
  override setToolPolicy(key: ToolKey, decision: PermissionDecision): void {
    this.byName.set(key.toolName, decision);
  }
  override clearToolPolicy(key: ToolKey): void {
    this.byName.delete(key.toolName);
  }
  override decide(key: ToolKey, chatId?: string): PermissionVerdict {
    const verdict = super.decide(key, chatId);
    const rule = this.byName.get(key.toolName);
    return verdict.source === 'server-disabled' || !rule
      ? verdict
      : { decision: rule, source: 'tool-policy' };
  }
}

export const permissionsKeyedByToolName = defect(
  {
    name: 'permissions-keyed-by-tool-name',
    mistake:
      'Keys "always allow" rules by tool name, so a grant for one server’s tool carries over to another server.',
    realWorld: 'case NM-04 (same-named tools across servers); DESIGN (permissions keyed by identity)',
    caughtBy: ['scenario:standing-grant-stays-with-its-server', 'property:permission-identity'],
  },
  () => new ReferenceClientAdapter({ permissions: new NameKeyedPolicy() }),
  referenceClient,
);
