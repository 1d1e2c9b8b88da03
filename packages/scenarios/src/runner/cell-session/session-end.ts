/** Why the action list stopped early: the harness failed (`error`), or the client could not go on. */
export type SessionEnd =
  | { kind: 'completed' }
  | { kind: 'stopped'; reason: string }
  | { kind: 'error'; reason: string };
