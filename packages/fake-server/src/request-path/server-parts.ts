import type { AuthorizationServer } from '../authorization/authorization-server.js';
import type { ScriptDocument } from '../script/script-document.js';
import type { StepRunner, StepRunnerParts } from '../steps/step-runner.js';

/**
 * What the stages of the request path work with: the live world and engines, the recorder, the
 * step scheduler and runner, held responses, and the script (for its `auth` section). Rebuilt on
 * `reset()`; an exchange keeps the parts it started with.
 */
export interface ServerParts extends StepRunnerParts {
  script: ScriptDocument;
  steps: StepRunner;
  /** The fake authorization server, when the script runs one. */
  authorization?: AuthorizationServer;
}
