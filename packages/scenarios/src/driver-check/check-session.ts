import type { Era } from '@toolshift/fake-server';
import { ClientProgram } from '../adapters/command/client-program.js';
import {
  COMMAND_ENV,
  COMMAND_PROTOCOL_VERSION,
  type ServerTarget,
  serverTargetEnv,
} from '../adapters/command/command-protocol.js';
import {
  type CommandProtocolDefinition,
  checkAgainst,
  checkMessage,
} from '../adapters/command/command-protocol-schema.js';
import type { DriverCheckOptions } from './driver-check-report.js';

/** The request type `error.unknown-request` sends: one the protocol does not define. */
export const UNKNOWN_REQUEST_TYPE = 'toolshift-driver-check-unknown';

/** How a request of the check ended: its result, or why not (never a rejection). */
export type AskOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: string; code?: string; timeout?: boolean };

class Timeout extends Error {}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout(`${what}: no response within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The result definitions of `command-protocol.schema.json` a request's `ok` response is held to. */
const RESULT_DEFINITIONS: Readonly<Record<string, CommandProtocolDefinition>> = {
  call: 'callResult',
  'model-request': 'modelRequestResult',
  'model-call': 'modelCallResult',
};

/**
 * One running driver process of the check, with the servers it was handed: it keeps every `tools`
 * message the driver sent, and checks every line both ways against the schema (a response's result
 * against the request it answers), adding what breaks it to `violations`.
 */
export class CheckSession {
  readonly program: ClientProgram;
  /** The latest `tools` message per server. */
  readonly exposed = new Map<string, string[]>();
  /** Every `tools` message, in order. */
  readonly reports: Array<{ serverId: string; names: string[] }> = [];
  /** Non-response messages and stray lines, in order. */
  readonly log: string[] = [];
  private readonly requestTypes = new Map<number, string>();

  constructor(
    command: string,
    readonly servers: ServerTarget[],
    era: Era | 'dual',
    options: DriverCheckOptions,
    private readonly violations: string[],
    count: () => void,
  ) {
    const first = servers[0]!;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      [COMMAND_ENV.protocol]: String(COMMAND_PROTOCOL_VERSION),
      [COMMAND_ENV.era]: era,
      [COMMAND_ENV.transport]: first.transport,
      [COMMAND_ENV.serverId]: first.serverId,
      [COMMAND_ENV.servers]: JSON.stringify(servers),
    };
    delete env[COMMAND_ENV.probe];
    // The server, and the model provider in the provider SDKs' own variables, as a cell gives them.
    Object.assign(env, serverTargetEnv(first));
    this.program = new ClientProgram(
      command,
      {
        env,
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        tap: (direction, line) => {
          count();
          this.inspect(direction, line);
        },
      },
      {
        message: (message) => {
          if (message.type === 'tools') {
            const names = message.tools.map((each) => each.name);
            this.exposed.set(message.serverId, names);
            this.reports.push({ serverId: message.serverId, names });
          }
          this.log.push(JSON.stringify(message).slice(0, 300));
        },
        stray: (text) => this.log.push(text.slice(0, 300)),
      },
    );
  }

  /** Sends a request and waits up to `ms` for its answer, resolving with the outcome (never rejecting). */
  async ask(request: Parameters<ClientProgram['request']>[0], ms: number): Promise<AskOutcome> {
    try {
      return { ok: true, result: await within(this.program.request(request), ms, request.type) };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        error: (error as Error).message,
        ...(typeof code === 'string' ? { code } : {}),
        ...(error instanceof Timeout ? { timeout: true } : {}),
      };
    }
  }

  /** The last lines the driver wrote (notes, stray output, stderr), for a failure's detail. */
  tail(): string {
    const last = this.log.slice(-3);
    return last.length ? ` (last output: ${last.join(' | ')})` : '';
  }

  /** Checks one line against the schema, and a response's result against the request it answers. */
  private inspect(direction: 'to-program' | 'from-program', line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (direction === 'from-program')
        this.violations.push(`stdout line is not JSON: ${line.slice(0, 200)}`);
      return;
    }
    const deliberate = (value as { type?: unknown }).type === UNKNOWN_REQUEST_TYPE;
    const violation = deliberate
      ? undefined
      : checkMessage(direction === 'to-program' ? 'runner' : 'program', value);
    if (violation) {
      // A runner line that breaks the schema is toolshift's bug, not the driver's.
      if (direction === 'to-program')
        throw new Error(`toolshift sent an invalid message: ${violation.message}`);
      this.violations.push(`${line.slice(0, 200)}: ${violation.message}`);
      return;
    }
    const message = value as { type: string; id?: number; ok?: boolean; result?: unknown };
    if (direction === 'to-program') {
      if (message.id !== undefined) this.requestTypes.set(message.id, message.type);
      return;
    }
    if (message.type !== 'response') return;
    const requestType = this.requestTypes.get(message.id!);
    if (requestType === undefined) {
      this.violations.push(
        `a response to request ${message.id}, which was never sent or was already answered`,
      );
      return;
    }
    this.requestTypes.delete(message.id!);
    const definition = RESULT_DEFINITIONS[requestType];
    if (message.ok && definition) {
      const bad = checkAgainst(definition, message.result);
      if (bad)
        this.violations.push(`the result of ${requestType} #${message.id}: ${bad.message} (${definition})`);
    }
  }
}
