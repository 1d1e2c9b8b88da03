import { COMMAND_PREFIX } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/**
 * Refuses a `command:` client for `explore` and `replay`, saying why: a trial interleaves every
 * network delivery with the script's steps and with the client's own timers on one virtual clock,
 * and the properties' bounds (a re-list within 30 s, a polling backstop within 15 min, TTLs) are
 * judged on it. A program in another process runs its timers on its own wall clock and sends its
 * requests when its runtime decides, so neither its time nor the order of its concurrent requests is
 * the harness's to choose or to replay: a verdict on that run could blame the program for time the
 * harness skipped. Clients from `--client-module` files run their trials in their own client
 * process instead, where they share the virtual clock.
 * @throws {UsageError} when `name` is a `command:` client.
 */
export function refuseCommandClient(command: 'explore' | 'replay', name: string): void {
  if (!name.startsWith(COMMAND_PREFIX)) return;
  throw new UsageError(
    `${command} cannot drive '${name}': a property trial runs the client's timers on the harness's virtual clock and orders every request it sends, and a client program in another process keeps its own clock and sends when it decides, so its runs could neither be explored fairly nor replayed. Wrap the client in a --client-module file (its trials run in its own process, on the virtual clock), or test the program with 'toolshift run --client ${name}'.`,
  );
}
