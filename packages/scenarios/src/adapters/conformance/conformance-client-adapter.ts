import { setTimeout as delay } from 'node:timers/promises';
import { createAdminHttpClient, type TranscriptFrame } from '@toolshift/fake-server';
import { CONFORMANCE_NAMES } from '../../../catalog/conformance/index.js';
import type { AdapterCallOutcome, ClientAdapter, ClientObserver, ConnectTarget } from '../client-adapter.js';
import type { ClientStderr } from '../client-stderr.js';
import { ConformanceProgram, describeEnd, type ProgramEnd } from './conformance-program.js';

/**
 * The environment variables the official MCP conformance suite sets for a client program, set the
 * same way here: the scenario's name, the protocol revision to speak, and scenario data as JSON.
 */
export const CONFORMANCE_ENV = {
  scenario: 'MCP_CONFORMANCE_SCENARIO',
  protocolVersion: 'MCP_CONFORMANCE_PROTOCOL_VERSION',
  context: 'MCP_CONFORMANCE_CONTEXT',
} as const;

/** The protocol revision of each single-era cell (a dual cell names none: the program picks). */
const PROTOCOL_VERSIONS = { legacy: '2025-11-25', modern: '2026-07-28' } as const;

/** Options of {@link createConformanceClient}. */
export interface ConformanceClientOptions {
  /** The client's name in reports and baselines (default `conformance`). */
  name?: string;
  /** Where the program runs (default: the runner's directory). */
  cwd?: string;
  /** More environment variables for the program. */
  env?: NodeJS.ProcessEnv;
  /** How long the program may take to end by itself once the scenario is over, before SIGTERM, ms (default 500). */
  finishGraceMs?: number;
  /** How long the program has to end after SIGTERM before its process group is killed, ms (default 2000). */
  terminateGraceMs?: number;
}

/** What MCP_CONFORMANCE_CONTEXT holds for a toolshift cell. */
export interface ConformanceContext {
  /** The scenario's name, as in MCP_CONFORMANCE_SCENARIO (the official suite puts it here too). */
  name: string;
  /** The server connection id toolshift's reports use. */
  serverId: string;
  /** `legacy`, `modern` or `dual` (the endpoint serves both; connect as your client does by default). */
  era: 'legacy' | 'modern' | 'dual';
  /** Send it as `Authorization: Bearer …` when the scenario's server wants one. */
  bearerToken?: string;
}

/**
 * Runs a conformance-style client program the way the official MCP conformance suite does: per
 * cell, `<command> <serverUrl>` through the shell, with MCP_CONFORMANCE_SCENARIO (the toolshift
 * scenario id, or the suite's own name for a scenario standing for one of its client scenarios:
 * `initialize`, `tools_call`; see `CONFORMANCE_NAMES`), MCP_CONFORMANCE_PROTOCOL_VERSION (2025-11-25 in a legacy cell, 2026-07-28 in a
 * modern one, unset in a dual one) and MCP_CONFORMANCE_CONTEXT (JSON, see {@link ConformanceContext}).
 * Such a program reports nothing back, so toolshift judges it on the wire only (`wireOnly`):
 * `connect` resolves once the program's first `tools/list` has been answered (read through the
 * fake server's admin API), calls and other host actions are not asked of it, and when the
 * scenario is over the program gets `finishGraceMs` to end by itself, then SIGTERM to its process
 * group. A program that ends with a non-zero status has failed, as in the official suite
 * ({@link failure}).
 */
export class ConformanceClientAdapter implements ClientAdapter {
  private program: ConformanceProgram | undefined;
  private stderr: ClientStderr | undefined;
  private observer: ClientObserver | undefined;
  /** Ends the admin API waits still open (the program ended first, or the cell is over). */
  private readonly waits = new AbortController();

  constructor(
    readonly command: string,
    private readonly options: ConformanceClientOptions = {},
  ) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    if (target.transport.kind !== 'http')
      throw new Error(
        `a conformance-style program connects over http only (asked for ${target.transport.kind})`,
      );
    if (this.program)
      throw new Error(
        `a conformance-style program is given one server URL (asked to connect ${target.serverId} too)`,
      );
    this.observer = observer;
    const context: ConformanceContext = {
      // A scenario standing for one of the suite's is named as the suite names it.
      name: CONFORMANCE_NAMES[target.scenarioId ?? ''] ?? target.scenarioId ?? '',
      serverId: target.serverId,
      era: target.era ?? 'dual',
      ...(target.bearerToken !== undefined ? { bearerToken: target.bearerToken } : {}),
    };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...this.options.env,
      [CONFORMANCE_ENV.scenario]: context.name,
      [CONFORMANCE_ENV.context]: JSON.stringify(context),
    };
    if (target.era) env[CONFORMANCE_ENV.protocolVersion] = PROTOCOL_VERSIONS[target.era];
    else delete env[CONFORMANCE_ENV.protocolVersion];
    const program = new ConformanceProgram(this.command, target.transport.url, {
      env,
      ...(this.options.cwd !== undefined ? { cwd: this.options.cwd } : {}),
    });
    this.program = program;
    const admin = adminOf(target.transport);
    const listed = this.firstListingAnswered(admin).then(
      () => true,
      () => false,
    );
    let outcome = await Promise.race([listed.then(() => undefined), program.ended]);
    // A program that lists and exits at once may end before the wait hears of the answer, which
    // the transcript then already holds: look once more (past frames count) before calling the
    // connect failed, rather than waiting for an answer that cannot come any more.
    if (outcome && (await this.listingAnsweredAlready(admin))) outcome = undefined;
    this.waits.abort();
    if (outcome)
      throw new Error(
        `the program ended (${describeEnd(outcome)}) before its first tools/list was answered${this.outputNote()}`,
      );
  }

  async callTool(toolName: string): Promise<AdapterCallOutcome> {
    return {
      ok: false,
      error: `not asked: a conformance-style program is judged on the wire only, so toolshift cannot have it call ${toolName}`,
    };
  }

  async close(): Promise<void> {
    this.waits.abort();
    const program = this.program;
    if (!program) return;
    // A program that is finishing by itself (as the suite's clients do) gets to end and report its status.
    await Promise.race([program.ended, delay(this.options.finishGraceMs ?? 500)]);
    const end = await program.terminate(this.options.terminateGraceMs ?? 2000);
    this.stderr = await program.clientStderr();
    this.observer?.note(
      `the conformance-style program ended: ${describeEnd(end)}${end.byItself ? ' (by itself)' : ''}`,
    );
  }

  /** After `close`: what the program wrote to stderr during the cell (bounded). */
  clientStderr(): ClientStderr | undefined {
    return this.stderr;
  }

  /**
   * After `close`: why the program failed the run, if it did (the official suite counts a non-zero
   * exit as a failure): it could not start, exited with a status other than 0 (or 143, the shells'
   * answer to the SIGTERM that ends a cell), or a signal other than ours ended it.
   */
  failure(): string | undefined {
    const end: ProgramEnd | undefined = this.program?.outcome;
    if (!end) return undefined;
    const asked = !end.byItself;
    const fine =
      end.error === undefined && (end.code === 0 || (asked && (end.code === 143 || end.signal !== null)));
    if (fine) return undefined;
    return `The conformance-style program '${this.command}' ended with ${describeEnd(end)}${asked ? ' when asked to stop (SIGTERM)' : ' by itself'}${this.outputNote()}`;
  }

  /** Resolves once the first tools/list request the server saw has been answered. */
  private async firstListingAnswered(where: AdminAddress): Promise<TranscriptFrame> {
    const signal = this.waits.signal;
    const admin = createAdminHttpClient(where.url, {
      ...(where.token !== undefined ? { token: where.token } : {}),
      fetch: (input, init) => fetch(input, { ...init, signal }),
    });
    const request = await admin.waitFor({ direction: 'in', method: 'tools/list' }, { timeoutMs: 60_000 });
    const id = (request.message as { id?: string | number } | undefined)?.id;
    return admin.waitFor(
      { direction: 'out', ...(id !== undefined ? { messageId: id } : {}) },
      { timeoutMs: 60_000, afterSeq: request.seq },
    );
  }

  /**
   * Whether the transcript holds an answered tools/list now: one read of it, no waiting (a program
   * that ended has sent all it will, and the server records a frame before the answer leaves).
   */
  private async listingAnsweredAlready(where: AdminAddress): Promise<boolean> {
    const admin = createAdminHttpClient(where.url, where.token !== undefined ? { token: where.token } : {});
    try {
      const requests = await admin.transcript({ filter: { direction: 'in', method: 'tools/list' } });
      for (const request of requests.frames) {
        const id = (request.message as { id?: string | number } | undefined)?.id;
        if (id === undefined) continue;
        const answers = await admin.transcript({
          afterSeq: request.seq,
          filter: { direction: 'out', messageId: id },
        });
        if (answers.frames.length > 0) return true;
      }
      return false;
    } catch {
      return false;
    }
  }

  private outputNote(): string {
    const output = this.program?.output() ?? [];
    return output.length > 0 ? `; its last output: ${output.slice(-5).join(' | ')}` : '';
  }
}

/** The cell server's admin API: its base URL and the token the cell drew for it, if any. */
interface AdminAddress {
  url: string;
  token?: string;
}

/** Where the admin API of the HTTP endpoint `transport` is (`…/mcp` → `…/__toolshift`). */
function adminOf(transport: { url: string; adminToken?: string }): AdminAddress {
  return {
    url: transport.url.replace(/\/mcp$/, '/__toolshift'),
    ...(transport.adminToken !== undefined ? { token: transport.adminToken } : {}),
  };
}
