import type { ScriptDocument } from '@toolshift/fake-server';
import type { Scenario } from '../../scenario.js';

/** Script actions that change what a listing returns (tools, resources, prompts) or restart the server. */
const CHANGES = new Set([
  'addTool',
  'removeTool',
  'renameTool',
  'changeSchema',
  'changeMetadata',
  'generateTools',
  'insertTools',
  'reorderTools',
  'restoreSnapshot',
  'restartServer',
  'mutateBetweenPages',
  'setToolScopes',
  'addResource',
  'removeResource',
  'changeResource',
  'addResourceTemplate',
  'removeResourceTemplate',
  'changeResourceTemplate',
  'addPrompt',
  'removePrompt',
  'changePrompt',
  'emitListChanged',
  'expireSession',
  'endStreams',
]);

const scripts = (scenario: Scenario): ScriptDocument[] =>
  scenario.servers.flatMap((server) => (server.script ? [server.script] : []));

/**
 * Whether the server side changes while the client runs: a step (run by the scenario, or by a
 * trigger other than `atStart`) that changes a list, restarts the server, ends its streams or
 * expires a session — something a client holding one listing does not see.
 */
export function changesWhileRunning(scenario: Scenario): boolean {
  const run = new Set(
    scenario.clientActions.flatMap((action) => (action.do === 'step' ? [action.step] : [])),
  );
  return scripts(scenario).some((script) =>
    (script.steps ?? []).some((step) => {
      if (!CHANGES.has(step.action.action)) return false;
      const trigger = step.trigger ?? { manual: true };
      if ('atStart' in trigger) return false;
      return !('manual' in trigger) || run.has(step.id);
    }),
  );
}

/** Whether the scenario has the host call a tool (a host call or a model's call). */
export function callsTools(scenario: Scenario): boolean {
  return scenario.clientActions.some((action) => action.do === 'call' || action.do === 'model-call');
}

/**
 * Whether some `tools/list` answer of the run can fail: a fault step, a scripted error for
 * `tools/list`, a token that expires or is refused (`auth`), or a step that revokes access.
 */
export function listingCanFail(scenario: Scenario): boolean {
  return scripts(scenario).some(
    (script) =>
      (script.answers ?? []).some((rule) => rule.method === 'tools/list' && rule.error !== undefined) ||
      (script.steps ?? []).some((step) =>
        [
          'injectFault',
          'expireToken',
          'revokeTokens',
          'expireAccessTokens',
          'expireSession',
          'restartServer',
          'setToolScopes',
        ].includes(step.action.action),
      ) ||
      script.auth !== undefined,
  );
}
