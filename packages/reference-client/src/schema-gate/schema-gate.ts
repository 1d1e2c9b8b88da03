import type { Era, JsonObject } from '../snapshot/discovered-tool.js';
import { checkJsonBounds } from './check-json-bounds.js';
import { checkSchemaStructure } from './check-schema-structure.js';
import type { GateRejection } from './gate-verdict.js';
import { inspectSchema, type SchemaInspection } from './inspect-schema.js';
import { normalizeInputSchema, type SchemaNormalization } from './normalize-input-schema.js';
import { schemaDialect } from './schema-dialect.js';
import { DEFAULT_SCHEMA_LIMITS, type SchemaLimits } from './schema-limits.js';
import type { ValidatorCache } from './validator-cache.js';

/** The fields of a tool that passed the gate, typed. */
export interface GatedTool {
  name: string;
  title?: string;
  description?: string;
  /** The input schema as checked and used (normalized, see `normalizeInputSchema`). */
  inputSchema: JsonObject;
  /** The input schema as the server sent it, when normalization changed it. */
  serverInputSchema?: JsonObject;
  /** What normalization changed, when it changed anything. */
  normalizations?: SchemaNormalization[];
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  execution?: JsonObject;
  /** The tool's `_meta` as served, when it is a JSON object (extension data the host may show; not part of the contract). */
  _meta?: JsonObject;
}

/** The gate's verdict on one tool entry. */
export type GateOutcome =
  | { ok: true; tool: GatedTool }
  | { ok: false; name: string | undefined; rejection: GateRejection };

const MAX_NAME_LENGTH = 256;

/**
 * The schema gate: decides, before exposure, whether one `tools/list` entry is a usable contract.
 * Checks, in order: the entry's shape and name; the description size; bounds of every schema (depth,
 * nodes, keys, strings); input schema normalization (`{}`, `$schema`-only and property-less object
 * roots completed to `{"type":"object","properties":{}}`, recorded on the tool); the dialect (`$schema`: 2020-12 by default, draft-07 when declared, anything
 * else rejected by name); root `type: "object"` (input, and legacy output); the dialect's
 * meta-schema (ajv); local, resolvable, non-looping `$ref`s; `required` names; patterns; and, on
 * modern connections, `x-mcp-header`. A rejected tool is excluded with a reason; the rest stay usable.
 * @see ../shared/spec/mcp-discovery-spec.md §2.2, §2.4
 */
export class SchemaGate {
  readonly limits: SchemaLimits;

  constructor(
    private readonly validators: ValidatorCache,
    limits: Partial<SchemaLimits> = {},
  ) {
    this.limits = { ...DEFAULT_SCHEMA_LIMITS, ...limits };
  }

  /**
   * @param entry one element of a `tools/list` result's `tools` array.
   * @param freeze deep-freeze, in place, the parts of `entry` that become the contract (schemas,
   *   annotations, execution) and what normalization adds: a contract snapshot is deeply frozen.
   */
  check(entry: unknown, era: Era, freeze = false): GateOutcome {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return reject(undefined, 'not-an-object', 'a tool must be a JSON object', '');
    }
    const raw = entry as Record<string, unknown>;
    const name = raw.name;
    if (
      typeof name !== 'string' ||
      name.length === 0 ||
      name.length > MAX_NAME_LENGTH ||
      hasControlCharacter(name)
    ) {
      return reject(
        typeof name === 'string' ? name.slice(0, MAX_NAME_LENGTH) : undefined,
        'invalid-name',
        `name must be a string of 1-${MAX_NAME_LENGTH} characters without control characters`,
        '/name',
      );
    }
    // Named reads (not `raw[field]` in a loop): one hidden class per listing keeps them monomorphic.
    const { title, description, inputSchema: served, outputSchema, annotations, execution } = raw;
    if (title !== undefined && typeof title !== 'string') return invalidField(name, 'title', 'a string');
    if (description !== undefined && typeof description !== 'string')
      return invalidField(name, 'description', 'a string');
    if (!isObject(served)) return invalidField(name, 'inputSchema', 'a JSON object');
    if (outputSchema !== undefined && !isObject(outputSchema))
      return invalidField(name, 'outputSchema', 'a JSON object');
    if (annotations !== undefined && !isObject(annotations))
      return invalidField(name, 'annotations', 'a JSON object');
    if (execution !== undefined && !isObject(execution))
      return invalidField(name, 'execution', 'a JSON object');
    if (description !== undefined && description.length > this.limits.maxDescriptionLength) {
      return reject(
        name,
        'description-too-long',
        `description of ${description.length} chars (limit ${this.limits.maxDescriptionLength})`,
        '/description',
      );
    }
    const serverInputSchema = served as JsonObject;
    const { schema: inputSchema, normalizations } = normalizeInputSchema(serverInputSchema);
    // One walk per part, in this order: bounds (first), and the facts the schema checks below need.
    if (title !== undefined && title.length > this.limits.maxStringLength)
      return { ok: false, name, rejection: checkJsonBounds(title, this.limits, '/title')! };
    const inputDialect = schemaDialect(inputSchema as Record<string, unknown>);
    const inputInspection = this.inspect(served, '/inputSchema', freeze, inputSchema, inputDialect, era);
    if (isRejection(inputInspection)) return { ok: false, name, rejection: inputInspection };
    const outputDialect = outputSchema && schemaDialect(outputSchema as Record<string, unknown>);
    const outputInspection =
      outputSchema && this.inspect(outputSchema, '/outputSchema', freeze, outputSchema, outputDialect!, era);
    if (outputInspection && isRejection(outputInspection))
      return { ok: false, name, rejection: outputInspection };
    const annotationsInspection = annotations && this.inspect(annotations, '/annotations', freeze);
    if (annotationsInspection && isRejection(annotationsInspection))
      return { ok: false, name, rejection: annotationsInspection };
    const executionInspection = execution && this.inspect(execution, '/execution', freeze);
    if (executionInspection && isRejection(executionInspection))
      return { ok: false, name, rejection: executionInspection };
    const inputProblem = this.checkSchema(
      inputSchema,
      inputDialect,
      '/inputSchema',
      true,
      era === 'modern',
      inputInspection,
    );
    if (inputProblem) return { ok: false, name, rejection: inputProblem };
    if (outputSchema) {
      const outputProblem = this.checkSchema(
        outputSchema as JsonObject,
        outputDialect!,
        '/outputSchema',
        era === 'legacy',
        false,
        outputInspection as SchemaInspection | undefined,
      );
      if (outputProblem) return { ok: false, name, rejection: outputProblem };
    }
    if (freeze) {
      Object.freeze(inputSchema);
      for (const normalization of normalizations) Object.freeze(normalization);
      Object.freeze(normalizations);
    }
    const tool: GatedTool = { name, inputSchema };
    if (normalizations.length > 0) {
      tool.serverInputSchema = serverInputSchema;
      tool.normalizations = normalizations;
    }
    if (title !== undefined) tool.title = title;
    if (description !== undefined) tool.description = description;
    if (outputSchema !== undefined) tool.outputSchema = outputSchema as JsonObject;
    if (annotations !== undefined) tool.annotations = annotations as JsonObject;
    if (execution !== undefined) tool.execution = execution as JsonObject;
    // `_meta` is kept when it is a bounded JSON object; anything else is ignored, never a reason to drop the tool.
    if (isObject(raw._meta) && checkJsonBounds(raw._meta, this.limits, '/_meta') === undefined)
      tool._meta = raw._meta as JsonObject;
    return { ok: true, tool };
  }

  /**
   * One walk over a contract part (see `inspectSchema`): its bounds, named by `checkJsonBounds`
   * when exceeded (the rejection is returned), and, for a schema (`schema`: the part as the gate judges it) in a supported
   * dialect, the facts the schema checks need.
   */
  private inspect(
    value: Record<string, unknown>,
    pointer: string,
    freeze: boolean,
    schema?: JsonObject,
    dialect?: ReturnType<typeof schemaDialect>,
    era?: Era,
  ): SchemaInspection | GateRejection {
    const inspection = inspectSchema(
      value,
      this.limits,
      schema && typeof dialect === 'string'
        ? {
            dialect,
            xMcpHeader: pointer === '/inputSchema' && era === 'modern',
            root: schema as Record<string, unknown>,
            plain: true,
          }
        : undefined,
      freeze,
    );
    if (inspection.outOfBounds) {
      const bounded = checkJsonBounds(value, this.limits, pointer);
      if (bounded) return bounded;
    }
    return inspection;
  }

  private checkSchema(
    schema: JsonObject,
    dialect: ReturnType<typeof schemaDialect>,
    base: string,
    rootMustBeObject: boolean,
    xMcpHeader: boolean,
    inspection: SchemaInspection | undefined,
  ): GateRejection | undefined {
    if (typeof dialect !== 'string') {
      return {
        reason: 'unsupported-dialect',
        detail: `unsupported JSON Schema dialect ${JSON.stringify(dialect.unsupported)}; supported: 2020-12, draft-07`,
        pointer: `${base}/$schema`,
      };
    }
    if (rootMustBeObject && schema.type !== 'object') {
      return {
        reason: 'root-not-object',
        detail: 'root must declare type: "object"',
        pointer: `${base}/type`,
      };
    }
    const meta = this.validators.metaValidate(schema, dialect, inspection?.plain === true);
    if (meta !== undefined) return { reason: 'invalid-schema', detail: meta, pointer: base };
    if (inspection && !inspection.needsStructureCheck) return undefined;
    return checkSchemaStructure(schema as Record<string, unknown>, base, { dialect, xMcpHeader });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRejection(value: SchemaInspection | GateRejection): value is GateRejection {
  return (value as GateRejection).reason !== undefined;
}

function invalidField(name: string, field: string, what: string): GateOutcome {
  return reject(name, 'invalid-field', `${field} must be ${what}`, `/${field}`);
}

function reject(
  name: string | undefined,
  reason: GateRejection['reason'],
  detail: string,
  pointer: string,
): GateOutcome {
  return { ok: false, name, rejection: { reason, detail, pointer } };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
