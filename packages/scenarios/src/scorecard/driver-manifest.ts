import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';

/** The file name of a driver manifest inside `clients/<language>/<library>/`. */
export const DRIVER_MANIFEST_FILE = 'toolshift-driver.yaml';

/**
 * How `toolshift scorecard` finds, prepares and starts the driver of one real MCP client library
 * (`driver-manifest.schema.json` describes every field).
 */
export interface DriverManifest {
  toolshiftDriver: 1;
  language: 'typescript' | 'python' | 'go' | 'java' | 'rust';
  /** The package as its registry names it. */
  library: string;
  /** The version pinned in the driver's lockfile. */
  version: string;
  registry: 'npm' | 'pypi' | 'go' | 'maven' | 'crates';
  repository?: string;
  /** The client's name in reports and baselines. */
  client: string;
  kind: 'command' | 'client-module';
  /** Executables that must be on PATH. */
  toolchain: string[];
  lockfiles?: string[];
  /** Run in the driver's directory with TOOLSHIFT_DRIVER_ENV set to the cache entry they build. */
  prepare?: string[];
  /** Paths of the driver's directory that are symlinks to the prepared cache entry. */
  environment?: string[];
  start?: string;
  module?: string;
  relists:
    | 'on-change-signal'
    | 'at-next-use-after-change-signal'
    | 'before-each-model-request'
    | 'on-change-signal-and-before-each-model-request';
  /**
   * Who builds what the model is offered and gets back: the library (default), or the driver when
   * the library stops at the MCP session (an MCP SDK); see `MODEL_LAYER_CHECKS` in `group-grade.ts`.
   */
  modelLayer?: 'library' | 'driver';
  /** The driver's own code, read by `toolshift driver-check` for the `changeHooks`. */
  sources?: string[];
  /** The library's documented change APIs the driver registers (see the schema). */
  changeHooks?: Array<{ api: string; doc: string; registeredBy: string }>;
  /** Host code the library leaves to its user, written as its docs show (see the schema). */
  hostLoop?: Array<{ what: string; doc: string }>;
  /** The protocol revisions the library says it speaks, and where. */
  protocolRevisions?: { revisions: Array<'2025-11-25' | '2026-07-28'>; doc: string };
  notes?: string[];
  baseline?: string;
  smoke?: string[];
}

/** A manifest with where it was found. */
export interface Driver {
  manifest: DriverManifest;
  /** The driver's directory (absolute). */
  dir: string;
  /** `clients/<language>/<library>` relative to the repository root. */
  id: string;
}

const SCHEMA = createRequire(import.meta.url)('@toolshift/scenarios/driver-manifest.schema.json');
let validate: ReturnType<Ajv2020['compile']> | undefined;

/**
 * Validates a parsed manifest.
 * @throws {ToolshiftError} DRIVER_MANIFEST_INVALID naming the file, the JSON pointer and the rule that failed.
 */
export function parseDriverManifest(doc: unknown, source: string): DriverManifest {
  validate ??= new Ajv2020({ strict: true, strictRequired: false, allErrors: false }).compile(SCHEMA);
  if (validate(doc)) return doc as unknown as DriverManifest;
  const error = validate.errors![0]!;
  const pointer = error.instancePath || '/';
  const detail =
    error.keyword === 'additionalProperties'
      ? `has an unknown field '${(error.params as { additionalProperty: string }).additionalProperty}'`
      : (error.message ?? 'is invalid');
  throw new ToolshiftError(
    'DRIVER_MANIFEST_INVALID',
    `Driver manifest ${source}: ${pointer} ${detail} (rule: ${error.keyword}). See packages/scenarios/driver-manifest.schema.json.`,
    { source, pointer, rule: error.keyword },
  );
}

/**
 * Finds every driver under `clientsDir` (`<language>/<library>/toolshift-driver.yaml`), sorted by id.
 * @throws {ToolshiftError} DRIVER_MANIFEST_INVALID for an unreadable or invalid manifest.
 */
export async function discoverDrivers(clientsDir: string, repoRoot: string): Promise<Driver[]> {
  if (!existsSync(clientsDir)) return [];
  const drivers: Driver[] = [];
  for (const language of (await readdir(clientsDir, { withFileTypes: true })).filter((e) =>
    e.isDirectory(),
  )) {
    const languageDir = join(clientsDir, language.name);
    for (const library of (await readdir(languageDir, { withFileTypes: true })).filter((e) =>
      e.isDirectory(),
    )) {
      const dir = join(languageDir, library.name);
      const file = join(dir, DRIVER_MANIFEST_FILE);
      if (!existsSync(file)) continue;
      let doc: unknown;
      try {
        doc = parseYaml(await readFile(file, 'utf8'));
      } catch (error) {
        throw new ToolshiftError(
          'DRIVER_MANIFEST_INVALID',
          `Driver manifest ${file}: not valid YAML: ${(error as Error).message}`,
          {
            source: file,
            pointer: '/',
            rule: 'yaml',
          },
        );
      }
      drivers.push({ manifest: parseDriverManifest(doc, file), dir, id: relative(repoRoot, dir) });
    }
  }
  return drivers.sort((a, b) => a.id.localeCompare(b.id));
}
