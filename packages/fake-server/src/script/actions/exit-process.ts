import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `exitProcess`: the server process goes away with exit `code` (default 1), as a stdio server
 * that crashes or quits on an unexpected first message does. Served as a real process (`toolshift
 * serve --stdio`), the process exits with that code once the step is recorded; served in-process,
 * every stream is dropped instead, which closes a stdio or in-memory channel as an exit would
 * (recorded as a note).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2 (stdio: no state across restarts)
 */
export const ExitProcessAction = Type.Object(
  {
    action: Type.Literal('exitProcess'),
    code: Type.Optional(Type.Integer({ minimum: 0, maximum: 255, description: 'Exit code (default 1).' })),
  },
  {
    additionalProperties: false,
    description:
      '`exitProcess`: the server process goes away with exit `code` (default 1): a real process (`toolshift serve --stdio`) exits once the step is recorded; served in-process, every stream is dropped, closing a stdio or in-memory channel as an exit would.',
  },
);
export type ExitProcessAction = Static<typeof ExitProcessAction>;

export function applyExitProcess(action: ExitProcessAction, ctx: ActionContext): string {
  const code = action.code ?? 1;
  ctx.exitProcess(code);
  return `the server process exits with code ${code}`;
}
