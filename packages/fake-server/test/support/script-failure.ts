import { isToolshiftError } from '../../src/errors/toolshift-error.js';

/** A tool definition the script rules accept. */
export const tool = { name: 'alpha', inputSchema: { type: 'object' } };

/** The `{ code, pointer, rule }` of the error `run` throws (a ScriptError). */
export function failure(run: () => unknown): {
  code: string;
  pointer: string;
  rule: string;
  message: string;
} {
  try {
    run();
  } catch (error) {
    if (!isToolshiftError(error)) throw error;
    const data = error.data as { pointer: string; rule: string };
    return { code: error.code, pointer: data.pointer, rule: data.rule, message: error.message };
  }
  throw new Error('expected a ScriptError');
}
