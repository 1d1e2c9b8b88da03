import { ScriptDocumentSchema } from './script-document.js';

/** The `$schema` dialect of the published script schema (ajv's default draft, which `dependencies` needs). */
export const SCRIPT_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/**
 * The text of `script.schema.json`: the TypeBox definition of a toolshift script rendered as a
 * standalone JSON Schema (draft-07, `$id` https://toolshift.dev/schema/script-v1.json), 2-space
 * indented with a trailing newline. `pnpm --filter @toolshift/fake-server schema` writes it; a test
 * checks the committed file is current.
 */
export function renderScriptJsonSchema(): string {
  return `${JSON.stringify({ $schema: SCRIPT_SCHEMA_DIALECT, ...ScriptDocumentSchema }, null, 2)}\n`;
}
