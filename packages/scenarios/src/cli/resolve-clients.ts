import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { createCommandClient } from '../adapters/command/create-command-client.js';
import { CLIENT_ADAPTERS } from '../adapters/index.js';
import { closeIsolatedClients, loadIsolatedClients } from '../runner/client-process/isolated-client.js';
import { UsageError } from './usage-error.js';

/** The clients of one CLI run: the ones to test, and every client a baseline may name. */
export interface ResolvedClients {
  selected: ClientAdapterFactory[];
  /** Built-in clients, clients of `--client-module` files and the `command:` clients of this run, by name. */
  known: ReadonlyMap<string, ClientAdapterFactory>;
}

/** The prefix of a `--client` value that runs a client program (`command:<shell command>`). */
export const COMMAND_PREFIX = 'command:';

/**
 * Resolves `--client` names and `--client-module` files. Without `--client`, the clients of the
 * modules run when there are any, else `reference` and `sdk`. Each module is loaded in a client
 * process of its own, never in this one, and its clients' cells run there (see
 * `runner/client-process/`): the caller ends those processes with `closeIsolatedClients(known.values())`
 * (this function does when it throws). A `command:<shell command>` value starts the program once to
 * read its handshake (in `cwd`), unless `options.commands` is false (for commands that cannot drive
 * one: it is then an unknown client). Repeated names run once.
 * @throws {UsageError} for an unknown client name, or a module client named like another client.
 * @throws {ToolshiftError} CLIENT_MODULE_INVALID / CLIENT_HANDSHAKE_FAILED from loading them.
 */
export async function resolveClients(
  names: readonly string[] | undefined,
  modules: readonly string[],
  cwd: string,
  options: { commands?: boolean } = {},
): Promise<ResolvedClients> {
  const loaded: ClientAdapterFactory[] = [];
  try {
    return await resolve(names, modules, cwd, loaded, options.commands !== false);
  } catch (error) {
    await closeIsolatedClients(loaded);
    throw error;
  }
}

async function resolve(
  names: readonly string[] | undefined,
  modules: readonly string[],
  cwd: string,
  loaded: ClientAdapterFactory[],
  commands: boolean,
): Promise<ResolvedClients> {
  const known = new Map(Object.entries(CLIENT_ADAPTERS));
  const add = (factory: ClientAdapterFactory, from: string) => {
    if (known.has(factory.name))
      throw new UsageError(
        `${from} defines client '${factory.name}', which is already a client name; give it another name.`,
      );
    known.set(factory.name, factory);
  };
  const fromModules: ClientAdapterFactory[] = [];
  for (const path of modules) {
    const factories = await loadIsolatedClients(path);
    loaded.push(...factories);
    for (const factory of factories) {
      add(factory, `Client module ${path}`);
      fromModules.push(factory);
    }
  }
  const wanted =
    names ?? (fromModules.length ? fromModules.map((factory) => factory.name) : ['reference', 'sdk']);
  const selected: ClientAdapterFactory[] = [];
  for (const name of new Set(wanted)) {
    let factory = known.get(name);
    if (!factory && commands && name.startsWith(COMMAND_PREFIX)) {
      const command = name.slice(COMMAND_PREFIX.length).trim();
      if (!command) throw new UsageError(`--client ${COMMAND_PREFIX} needs a shell command after the colon.`);
      factory = await createCommandClient(command, { cwd });
      add(factory, `Client command '${command}'`);
    }
    if (!factory)
      throw new UsageError(
        `Unknown client '${name}'. Known clients: ${[...known.keys()].join(', ')}${commands ? `, or ${COMMAND_PREFIX}<shell command>` : ''}; see 'toolshift clients'.`,
      );
    if (!selected.includes(factory)) selected.push(factory);
  }
  return { selected, known };
}
