import type { ExposedTool } from '@toolshift/assertions';
import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

const REWRITE =
  'normalized for the model provider: $schema dropped, additionalProperties: true at the root (arguments are still validated against the schema as served)';

/** The exposed schema a provider-minded host shows: no dialect marker, extra properties tolerated at the root. */
function normalize(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { $schema: _, ...rest } = schema as Record<string, unknown>;
  return { ...rest, additionalProperties: true };
}

/** Shows its tools with schemas normalized for its model provider, and says so on every tool. */
class RewritingHost extends CorpusHost {
  protected override exposedTools(serverId: string, tools: readonly ExposedTool[]): ExposedTool[] {
    return tools.map((tool) => ({
      ...tool,
      serverId,
      inputSchema: normalize(tool.inputSchema),
      schemaRewrite: REWRITE,
    }));
  }
}

export const rewritesSchemas = unusual(
  {
    name: 'rewrites-schemas',
    behaviour:
      'Exposes every input schema normalized for its provider ($schema dropped, additionalProperties: true) and declares the rewrite on each tool',
    whyCorrect:
      'seed 000 (adapt schemas per provider); the rewrite is declared and arguments are validated against the schema as served, so nothing stale or hidden reaches a call',
  },
  () => new RewritingHost(),
);
