import { pathToFileURL } from 'node:url';
import { ToolshiftError } from '@toolshift/fake-server';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';

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

/**
 * Imports an ES module and returns the client adapter factories it exports: every export (the
 * default one included) that is a `ClientAdapterFactory` (an object with a `name` and a `create()`)
 * or an array of them. A factory without a `kind` is `external` (a client toolshift does not own).
 * TypeScript needs a loader: compile it first, or run node with `--import tsx`.
 * @throws {ToolshiftError} CLIENT_MODULE_INVALID when the module cannot be imported, exports no
 *   factory, or exports one with an unknown `kind` or two with the same name.
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
    found.set(value.name, { ...value, kind });
  }
  if (found.size === 0)
    throw invalid(
      path,
      `exports no client adapter factory (an object with a name and create(); exports: ${Object.keys(exports).join(', ') || 'none'})`,
    );
  return [...found.values()];
}
