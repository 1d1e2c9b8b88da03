import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `exitProcess`: the server process goes away with exit `code` (default 1), as a stdio server
 * that crashes or quits on an unexpected first message does. Served as a real process (`toolshift
 * serve --stdio`, or a stdio cell's relay process), the process exits with that code once the step
 * is recorded; `how: 'kill'` makes it die of SIGKILL instead (no code, no flush), `how:
 * 'close-stdout'` makes it close its stdout and keep running until its stdin ends (a half-closed
 * server), and `grandchild: true` makes it first start a child that inherits its stdout and holds
 * it open (the client sees the process end but not its stdout). Every stream is dropped in any case,
 * which closes an in-memory channel as an exit would (recorded as a note).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (stdio: no state across restarts)
 */
export const ExitProcessAction = Type.Object(
  {
    action: Type.Literal('exitProcess'),
    code: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, description: 'Exit code (default 1).' })),
    how: Type.Optional(
      Type.Union([Type.Literal('exit'), Type.Literal('kill'), Type.Literal('close-stdout')], {
        description:
          "How a server process goes away: 'exit' (default) with `code`; 'kill', killed by SIGKILL; 'close-stdout', its stdout closes while it keeps running until its stdin ends.",
      }),
    ),
    grandchild: Type.Optional(
      Type.Boolean({
        description:
          'The process first starts a child that inherits its stdout and holds it open until the server closes (default false).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "`exitProcess`: the server process goes away with exit `code` (default 1), or as `how` says: a real process (`toolshift serve --stdio`, a stdio cell's relay process) exits once the step is recorded; every stream is dropped, closing an in-memory channel as an exit would.",
  },
);
export type ExitProcessAction = Static<typeof ExitProcessAction>;

/** How an `exitProcess` step ends a server process (see {@link ExitProcessAction}). */
export interface ExitProcessStep {
  code: number;
  how: 'exit' | 'kill' | 'close-stdout';
  grandchild: boolean;
}

export function applyExitProcess(action: ExitProcessAction, ctx: ActionContext): string {
  const step: ExitProcessStep = {
    code: action.code ?? 1,
    how: action.how ?? 'exit',
    grandchild: action.grandchild === true,
  };
  ctx.exitProcess(step);
  const left = step.grandchild ? ', leaving a child that holds its stdout open' : '';
  if (step.how === 'kill') return `the server process is killed by SIGKILL${left}`;
  if (step.how === 'close-stdout') return `the server process closes its stdout and keeps running${left}`;
  return `the server process exits with code ${step.code}${left}`;
}
