import { type Static, Type } from '@sinclair/typebox';
import { ScriptPrompt } from './prompt-schema.js';
import { ScriptResource, ScriptResourceTemplate } from './resource-schema.js';
import { ScriptTool } from './tool-schema.js';

/**
 * The script's `catalog` section: the initial items of each list. `tools` are always served; a
 * list given here (even empty) is served too: `resources` and `resourceTemplates` (either serves
 * `resources/list`, `resources/templates/list`, `resources/read` and subscriptions) and `prompts`
 * (`prompts/list`, `prompts/get`). A list the script never mentions answers -32601.
 */
export const CatalogSectionSchema = Type.Object(
  {
    tools: Type.Optional(Type.Array(ScriptTool)),
    resources: Type.Optional(Type.Array(ScriptResource)),
    resourceTemplates: Type.Optional(Type.Array(ScriptResourceTemplate)),
    prompts: Type.Optional(Type.Array(ScriptPrompt)),
  },
  {
    additionalProperties: false,
    description:
      "The script's `catalog` section: the initial items of each list. `tools` are always served; a list given here (even empty) is served too: `resources` and `resourceTemplates` (either serves `resources/list`, `resources/templates/list`, `resources/read` and subscriptions) and `prompts` (`prompts/list`, `prompts/get`). A list the script never mentions answers -32601.",
  },
);
export type CatalogSection = Static<typeof CatalogSectionSchema>;
