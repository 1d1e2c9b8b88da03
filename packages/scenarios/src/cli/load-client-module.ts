import { pathToFileURL } from 'node:url';
import { ToolshiftError } from '@toolshift/fake-server';
import { type ClientAdapterFactory, capabilitiesOf } from '../adapters/client-adapter.js';
import { describeMissingMethods, missingMethods } from '../adapters/feature-methods.js';
import { CLIENT_FEATURES, TRANSPORT_KINDS } from '../scenario.js';

const KINDS = ['reference', 'sdk', 'external', 'defect'];

function isFactory(value: unknown): value is ClientAdapterFactory {
  const candidate = value as Partial<ClientAdapterFactory> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.name === 'string' &&
    candidate.name.length > 0 &&
    typeof candidate.create === 'function'
  );
}

function invalid(source: string, reason: string): ToolshiftError<'CLIENT_MODULE_INVALID'> {
  return new ToolshiftError('CLIENT_MODULE_INVALID', `Client module ${source}: ${reason}.`, {
    source,
    reason,
  });
}

/** Why a factory's declared capabilities are unusable, or undefined. */
function capabilityProblem(factory: ClientAdapterFactory): string | undefined {
  const declared = factory.capabilities as Partial<ClientAdapterFactory['capabilities']> | undefined;
  if (declared === undefined) return undefined;
  if (typeof declared !== 'object' || declared === null) return 'capabilities must be an object';
  if (!Array.isArray(declared.transports)) return 'capabilities.transports must be an array';
  if (!Array.isArray(declared.features)) return 'capabilities.features must be an array';
  const transport = declared.transports.find((t) => !(TRANSPORT_KINDS as readonly unknown[]).includes(t));
  if (transport !== undefined)
    return `capabilities.transports has '${String(transport)}' (known: ${TRANSPORT_KINDS.join(', ')})`;
  const feature = declared.features.find((f) => !(CLIENT_FEATURES as readonly unknown[]).includes(f));
  if (feature !== undefined)
    return `capabilities.features has '${String(feature)}' (known: ${CLIENT_FEATURES.join(', ')})`;
  if (declared.eras !== undefined) {
    if (!Array.isArray(declared.eras)) return 'capabilities.eras must be an array';
    const era = declared.eras.find((e) => e !== 'legacy' && e !== 'modern');
    if (era !== undefined) return `capabilities.eras has '${String(era)}' (known: legacy, modern)`;
  }
  return undefined;
}

/**
 * Imports an ES module and returns the client adapter factories it exports: every export (the
 * default one included) that is a `ClientAdapterFactory` (an object with a `name` and a `create()`)
 * or an array of them. A factory without a `kind` is `external` (a client toolshift does not own).
 * Each factory's declared capabilities are checked against an adapter it creates: every declared
 * host feature needs its methods (e.g. `host-clock` needs `advanceClock()`), so a missing one is
 * refused here, not discovered mid-cell. TypeScript needs a loader: compile it first, or run node
 * with `--import tsx`. The CLI calls this only inside a client process (`runner/client-process/`),
 * never in its own process.
 * @throws {ToolshiftError} CLIENT_MODULE_INVALID when the module cannot be imported, exports no
 *   factory, or exports one with an unknown `kind`, malformed capabilities, a declared feature
 *   whose method its adapter lacks, a `create()` that throws, or two with the same name.
 */
export async function loadClientModule(path: string): Promise<ClientAdapterFactory[]> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? String(error);
    const hint =
      /\.m?ts$/.test(path) && /Unknown file extension/.test(reason)
        ? ' (run node with --import tsx, or compile it to .js)'
        : '';
    throw invalid(path, `cannot be imported: ${reason}${hint}`);
  }
  const found = new Map<string, ClientAdapterFactory>();
  for (const value of Object.values(exports).flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))) {
    if (!isFactory(value) || [...found.values()].includes(value)) continue;
    const kind = value.kind ?? 'external';
    if (!KINDS.includes(kind))
      throw invalid(path, `factory '${value.name}' has kind '${kind}' (use ${KINDS.join(', ')})`);
    if (found.has(value.name)) throw invalid(path, `two factories are named '${value.name}'`);
    const problem = capabilityProblem(value);
    if (problem) throw invalid(path, `factory '${value.name}': ${problem}`);
    let adapter: ReturnType<ClientAdapterFactory['create']>;
    try {
      adapter = value.create();
    } catch (error) {
      throw invalid(path, `factory '${value.name}': create() threw: ${(error as Error).message}`);
    }
    const missing = missingMethods(capabilitiesOf(value), adapter);
    if (missing.length > 0)
      throw invalid(
        path,
        `factory '${value.name}' ${describeMissingMethods(missing)}; add the method or remove the feature from capabilities.features`,
      );
    found.set(value.name, { ...value, kind });
  }
  if (found.size === 0)
    throw invalid(
      path,
      `exports no client adapter factory (an object with a name and create(); exports: ${Object.keys(exports).join(', ') || 'none'})`,
    );
  return [...found.values()];
}
