import { type ClientAdapterFactory, capabilitiesOf } from '../adapters/client-adapter.js';
import { CLIENT_ADAPTERS } from '../adapters/index.js';
import { COMMAND_PREFIX } from './resolve-clients.js';

/** Options of `toolshift clients`. */
export interface ClientsCommandOptions {
  /** Print one JSON document instead of text. */
  json?: boolean;
}

/** One client as `toolshift clients --json` prints it. */
export function clientEntry(factory: ClientAdapterFactory) {
  const capabilities = capabilitiesOf(factory);
  return {
    name: factory.name,
    kind: factory.kind,
    description: factory.description,
    transports: capabilities.transports,
    features: capabilities.features,
    ...(capabilities.eras ? { eras: capabilities.eras } : {}),
  };
}

/**
 * `toolshift clients`: every client `--client` accepts (the built-in clients, then the defect
 * catalogue), with its kind, transports and host features; `clients` replaces that list (the CLI
 * passes the built-in clients followed by those of its `--client-module` files).
 */
export function clientsCommand(
  options: ClientsCommandOptions = {},
  out: NodeJS.WritableStream = process.stdout,
  clients: readonly ClientAdapterFactory[] = Object.values(CLIENT_ADAPTERS),
): void {
  const entries = clients.map(clientEntry);
  if (options.json) {
    out.write(`${JSON.stringify({ clients: entries }, null, 2)}\n`);
    return;
  }
  for (const entry of entries) {
    out.write(`${entry.name}  [${entry.kind}; ${entry.transports.join(', ')}]\n  ${entry.description}\n`);
    if (entry.features.length) out.write(`  features: ${entry.features.join(', ')}\n`);
    if (entry.eras) out.write(`  speaks only: ${entry.eras.join(', ')}\n`);
    out.write('\n');
  }
  out.write(
    `${entries.length} clients. Your own: --client-module FILE (a ClientAdapterFactory) or --client '${COMMAND_PREFIX}<shell command>' (any language; see docs/testing-other-languages.md).\n`,
  );
}
