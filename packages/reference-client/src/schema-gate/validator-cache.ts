import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ArgumentError } from '../errors/codes.js';
import type { JsonObject } from '../snapshot/discovered-tool.js';
import { plainlyMetaValid2020 } from './plainly-meta-valid.js';
import { type SchemaDialect, schemaDialect } from './schema-dialect.js';

/** Compiled validators of one contract. */
export interface CompiledContract {
  input: ValidateFunction;
  output?: ValidateFunction;
}

/** The outcome of {@link ValidatorCache.compiled}. */
export type CompileOutcome = { ok: true; contract: CompiledContract } | { ok: false; reason: string };

/** Counters, for tests and benchmarks. */
export interface ValidatorCacheStats {
  /** Contracts compiled since creation. */
  compiles: number;
  /** Lookups served from the cache. */
  hits: number;
  /** Contracts held now. */
  size: number;
}

const MAX_REPORTED_ERRORS = 20;

const AJV_OPTIONS: Options = {
  strict: false,
  allErrors: true,
  addUsedSchema: false,
  validateSchema: false,
  logger: false,
  code: { optimize: false },
};

/** Meta-schema checks only need the first error: instances without `allErrors`, one per dialect per process. */
const metaAjvByDialect: Partial<Record<SchemaDialect, Ajv>> = {};

function metaAjv(dialect: SchemaDialect): Ajv {
  let ajv = metaAjvByDialect[dialect];
  if (!ajv) {
    const options: Options = { ...AJV_OPTIONS, allErrors: false };
    ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
    metaAjvByDialect[dialect] = ajv;
  }
  return ajv;
}

/**
 * Compiled ajv validators keyed by `contractHash`, least recently used evicted past `maxEntries`
 * (evicted schemas are also dropped from ajv, so a long-lived host does not grow). One ajv instance
 * per dialect: 2020-12 (default) and draft-07. No schema is ever fetched (no `loadSchema`), `$id`s
 * are not registered (`addUsedSchema: false`), and formats come from ajv-formats.
 */
export class ValidatorCache {
  /** Compiling instances, each created on its dialect's first compile (a host that never validates arguments needs none). */
  private readonly ajvByDialect: Partial<Record<SchemaDialect, Ajv>> = {};
  private readonly entries = new Map<string, { contract: CompileOutcome; schemas: JsonObject[] }>();
  private compiles = 0;
  private hits = 0;

  /** @param maxEntries most contracts held at once (default 1,000; each compiled contract costs ~20 KB). */
  constructor(private readonly maxEntries = 1_000) {}

  /**
   * Checks `schema` against its dialect's meta-schema; returns the first problem as text, or
   * undefined when valid. `plain`: the caller established `plainlyMetaValid2020` of the schema
   * without its `$schema` (2020-12 only). The meta-schema checkers are shared by every cache in the process: they
   * hold no user schema, and compiling a meta-schema costs ~50 ms.
   */
  metaValidate(schema: JsonObject, dialect: SchemaDialect, plain = false): string | undefined {
    // Most tool schemas use a handful of keywords: checked without ajv (a third of a first listing's
    // CPU), by the caller's schema walk (`plain`) or here.
    if (dialect === '2020-12' && plain) return undefined;
    const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
    if (dialect === '2020-12' && plainlyMetaValid2020(rest)) return undefined;
    const ajv = metaAjv(dialect);
    if (ajv.validateSchema(rest) === true) return undefined;
    return ajv.errorsText(ajv.errors, { dataVar: 'schema' });
  }

  /** The compiled validators for a contract, compiling on first use. */
  compiled(contractHash: string, inputSchema: JsonObject, outputSchema?: JsonObject): CompileOutcome {
    const held = this.entries.get(contractHash);
    if (held) {
      this.hits++;
      this.entries.delete(contractHash);
      this.entries.set(contractHash, held);
      return held.contract;
    }
    this.compiles++;
    const schemas = outputSchema ? [inputSchema, outputSchema] : [inputSchema];
    let contract: CompileOutcome;
    try {
      const input = this.compileOne(inputSchema);
      const output = outputSchema ? this.compileOne(outputSchema) : undefined;
      contract = { ok: true, contract: output ? { input, output } : { input } };
    } catch (error) {
      contract = { ok: false, reason: (error as Error).message.slice(0, 300) };
    }
    this.entries.set(contractHash, { contract, schemas });
    this.evict();
    return contract;
  }

  /** Whether a contract's validators are held (compiled) now. */
  has(contractHash: string): boolean {
    return this.entries.has(contractHash);
  }

  /** Compiles, cache hits and contracts held, since creation. */
  stats(): ValidatorCacheStats {
    return { compiles: this.compiles, hits: this.hits, size: this.entries.size };
  }

  private compileOne(schema: JsonObject): ValidateFunction {
    const dialect = schemaDialect(schema as Record<string, unknown>);
    if (typeof dialect !== 'string') throw new Error(`Unsupported dialect ${dialect.unsupported}`);
    return this.ajv(dialect).compile(schema as Record<string, unknown>);
  }

  private ajv(dialect: SchemaDialect): Ajv {
    let ajv = this.ajvByDialect[dialect];
    if (!ajv) {
      ajv = dialect === '2020-12' ? new Ajv2020(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
      addFormats.default(ajv);
      this.ajvByDialect[dialect] = ajv;
    }
    return ajv;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [
        string,
        { schemas: JsonObject[]; contract: CompileOutcome },
      ];
      this.entries.delete(oldest);
      for (const schema of entry.schemas) {
        for (const ajv of Object.values(this.ajvByDialect))
          ajv.removeSchema(schema as Record<string, unknown>);
      }
    }
  }
}

/** ajv errors as {@link ArgumentError}s (at most 20). */
export function argumentErrors(errors: ErrorObject[] | null | undefined): ArgumentError[] {
  return (errors ?? []).slice(0, MAX_REPORTED_ERRORS).map((error) => ({
    instancePath: error.instancePath,
    keyword: error.keyword,
    message: error.message ?? error.keyword,
  }));
}
