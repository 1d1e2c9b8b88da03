import type { FaultUse } from '../transports/transport.js';
import type { ScriptDocument } from './script-document.js';

/** Every fault kind a script's steps inject, with the JSON pointer of each (checked when a transport attaches). */
export function scriptFaultUses(script: ScriptDocument): FaultUse[] {
  const uses: FaultUse[] = [];
  for (const [index, step] of (script.steps ?? []).entries()) {
    if (step.action.action === 'injectFault')
      uses.push({ kind: step.action.fault.kind, pointer: `/steps/${index}/action/fault/kind` });
  }
  return uses;
}
