import { stringify as stringifyYaml } from 'yaml';
import type { ScriptDocument } from './script-document.js';

/** A script as JSON text (2-space indent, trailing newline), the form `parseScriptText` reads back. */
export function scriptToJson(doc: ScriptDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A script as YAML 1.2 text, the form `parseScriptText` reads back into the same document. */
export function scriptToYaml(doc: ScriptDocument): string {
  return stringifyYaml(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}
