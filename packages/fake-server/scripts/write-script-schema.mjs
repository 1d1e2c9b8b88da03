// Writes packages/fake-server/script.schema.json from the TypeBox definitions (run after `tsc -b`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderScriptJsonSchema } from '../dist/script/script-json-schema.js';

const target = fileURLToPath(new URL('../script.schema.json', import.meta.url));
writeFileSync(target, renderScriptJsonSchema());
console.log(`wrote ${target}`);
