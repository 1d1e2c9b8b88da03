import type { ClientAction } from '../../client-action.js';

/** `call search_docs`, `connect`, `step add-beta`: an action in a few words, for progress and errors. */
export function describeAction(action: ClientAction): string {
  switch (action.do) {
    case 'call':
      return `call ${action.tool}`;
    case 'step':
      return `step ${action.step}`;
    case 'model-call':
      return `model-call ${'name' in action.pick ? action.pick.name : `"${action.pick.description}"`}`;
    default:
      return 'server' in action && action.server !== undefined ? `${action.do} ${action.server}` : action.do;
  }
}
