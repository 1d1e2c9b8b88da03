import { SeededRandom } from './seeded-random.js';
import type { JsonObject, ToolDefinition } from './tool-definition.js';

const VERBS = [
  'get',
  'list',
  'search',
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'export',
  'import',
  'sync',
  'share',
  'assign',
  'close',
  'reopen',
  'merge',
  'summarize',
  'validate',
  'schedule',
  'cancel',
] as const;
const NOUNS = [
  'issue',
  'pull_request',
  'comment',
  'repository',
  'branch',
  'commit',
  'release',
  'deployment',
  'user',
  'team',
  'project',
  'milestone',
  'label',
  'document',
  'folder',
  'file',
  'spreadsheet',
  'calendar_event',
  'meeting',
  'invoice',
  'customer',
  'order',
  'product',
  'payment',
  'refund',
  'subscription',
  'ticket',
  'incident',
  'alert',
  'dashboard',
  'metric',
  'log_entry',
  'trace',
  'database',
  'table',
  'query',
  'report',
  'contact',
  'lead',
  'campaign',
  'email',
  'message',
  'channel',
  'thread',
  'note',
  'task',
  'workflow',
  'secret',
  'certificate',
  'webhook',
] as const;

/** Names cycle through verb × noun (1,000 combinations), then repeat with a `_v<N>` suffix. */
const COMBINATIONS = VERBS.length * NOUNS.length;

/**
 * The name of the `index`-th generated tool (0-based). Names depend only on `index` and `prefix`, so
 * a script's references to generated tools can be checked before the server runs.
 */
export function generatedToolName(index: number, prefix?: string): string {
  const verb = VERBS[index % VERBS.length] as string;
  const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length] as string;
  const round = Math.floor(index / COMBINATIONS);
  const base = `${verb}_${noun}${round > 0 ? `_v${round + 1}` : ''}`;
  return prefix ? `${prefix}.${base}` : base;
}

/** Options for {@link generateTools}. */
export interface GenerateToolsOptions {
  count: number;
  seed: number;
  /** Name prefix (`<prefix>.<verb>_<noun>`). */
  prefix?: string;
  /** First index (to generate more tools after an earlier batch without name clashes). */
  startIndex?: number;
}

/**
 * Generates `count` realistic tools, deterministically from `seed`: verb_noun names, one- or
 * two-sentence descriptions, object input schemas with 1–8 typed properties (strings with formats
 * and enums, bounded integers, booleans, arrays with `items`, nested objects), `required` lists,
 * some `outputSchema`s and annotations. Every schema is valid JSON Schema 2020-12 with a root
 * `type: "object"`, so the tools are valid in both eras.
 */
export function generateTools(options: GenerateToolsOptions): ToolDefinition[] {
  const random = new SeededRandom(options.seed);
  const start = options.startIndex ?? 0;
  const tools: ToolDefinition[] = [];
  for (let index = start; index < start + options.count; index++) {
    tools.push(generateTool(random, index, options.prefix));
  }
  return tools;
}

function generateTool(random: SeededRandom, index: number, prefix: string | undefined): ToolDefinition {
  const verb = VERBS[index % VERBS.length] as string;
  const noun = (NOUNS[Math.floor(index / VERBS.length) % NOUNS.length] as string).replaceAll('_', ' ');
  const readOnly = ['get', 'list', 'search', 'export', 'summarize', 'validate'].includes(verb);
  const tool: ToolDefinition = {
    name: generatedToolName(index, prefix),
    title: `${capitalize(verb)} ${noun}`,
    description: describe(random, verb, noun),
    inputSchema: inputSchema(random, noun),
  };
  if (random.int(0, 2) === 0) tool.outputSchema = outputSchema(noun);
  if (random.int(0, 1) === 0) {
    tool.annotations = {
      readOnlyHint: readOnly,
      destructiveHint: verb === 'delete' || verb === 'cancel',
      idempotentHint: readOnly || verb === 'update',
      openWorldHint: random.int(0, 3) === 0,
    };
  }
  return tool;
}

function describe(random: SeededRandom, verb: string, noun: string): string {
  const first = `${capitalize(verb)}s a ${noun} in the connected workspace.`;
  const extras = [
    `Returns the ${noun} as JSON.`,
    `Requires access to the workspace that owns the ${noun}.`,
    `Results are paginated; pass the returned cursor to continue.`,
    `Use this before changing a ${noun} to read its current state.`,
    `Rate limited to 60 calls per minute.`,
  ];
  return random.int(0, 1) === 0 ? first : `${first} ${random.pick(extras)}`;
}

function inputSchema(random: SeededRandom, noun: string): JsonObject {
  const count = random.int(1, 8);
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const field = noun.replaceAll(' ', '_');
  for (let i = 0; i < count; i++) {
    const [name, schema] = propertySchema(random, i, field);
    properties[name] = schema;
    if (i === 0 || random.int(0, 2) === 0) required.push(name);
  }
  return { type: 'object', properties, required: [...new Set(required)], additionalProperties: false };
}

function propertySchema(random: SeededRandom, position: number, field: string): [string, JsonObject] {
  if (position === 0)
    return [`${field}_id`, { type: 'string', description: `Identifier of the ${field}.`, minLength: 1 }];
  switch (random.int(0, 6)) {
    case 0:
      return ['query', { type: 'string', description: 'Free-text search query.', maxLength: 256 }];
    case 1:
      return ['limit', { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size.' }];
    case 2:
      return ['include_archived', { type: 'boolean', default: false }];
    case 3:
      return ['status', { type: 'string', enum: ['open', 'closed', 'draft', 'archived'] }];
    case 4:
      return ['tags', { type: 'array', items: { type: 'string' }, maxItems: 20, uniqueItems: true }];
    case 5:
      return ['updated_after', { type: 'string', format: 'date-time', description: 'RFC 3339 timestamp.' }];
    default:
      return [
        'owner',
        {
          type: 'object',
          properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } },
          required: ['id'],
          additionalProperties: false,
        },
      ];
  }
}

function outputSchema(noun: string): JsonObject {
  return {
    type: 'object',
    properties: {
      id: { type: 'string' },
      kind: { const: noun.replaceAll(' ', '_') },
      url: { type: 'string', format: 'uri' },
    },
    required: ['id'],
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
