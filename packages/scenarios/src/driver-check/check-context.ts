import {
  createFakeServer,
  type Era,
  type FakeServer,
  type ScriptTool,
  scriptBuilder,
} from '@toolshift/fake-server';
import { type ModelServer, serveModelProvider } from '@toolshift/fake-server/http';
import { createModelProvider } from '@toolshift/fake-server/model';
import { tool } from '../../catalog/tools.js';
import type { HelloMessage, ServerTarget } from '../adapters/command/command-protocol.js';
import { scriptForCell } from '../runner/cell-eras.js';
import { SERVE } from '../runner/transports/index.js';
import type { ClientFeature } from '../scenario.js';
import { CheckSession } from './check-session.js';
import type { DriverCheckOptions, RecordCheck } from './driver-check-report.js';

/** The tool every check server serves first: a realistic schema and a known call result. */
export const LOOKUP = tool('lookup_orders');

/** A fake server of the check, served on loopback, and how the driver reaches it. */
export interface CheckServer {
  fake: FakeServer;
  target: ServerTarget;
}

/**
 * What every group of checks shares: the driver's command and hello, the verdict list, and the
 * real parts a check needs (fake servers and a fake model provider on loopback, driver sessions),
 * each closed by {@link close}.
 */
export class CheckContext {
  readonly features: ReadonlySet<ClientFeature>;
  readonly transports: ReadonlySet<string>;
  /** How long each request may take, ms. */
  readonly requestMs: number;
  /** How long the driver has to exit after `shutdown`, ms. */
  readonly graceMs: number;
  private readonly opened: Array<{ close(): Promise<void> }> = [];

  constructor(
    readonly command: string,
    readonly hello: HelloMessage,
    readonly options: DriverCheckOptions,
    readonly record: RecordCheck,
    private readonly violations: string[],
    private readonly count: () => void,
  ) {
    this.features = new Set(hello.features ?? []);
    this.transports = new Set(hello.transports ?? ['http']);
    this.requestMs = options.requestTimeoutMs ?? 15_000;
    this.graceMs = options.shutdownGraceMs ?? 5_000;
  }

  /** Whether the driver speaks `era` (its hello lists it, or lists no eras). */
  speaks(era: Era): boolean {
    return this.hello.eras === undefined || this.hello.eras.includes(era);
  }

  /** Serves a fake server with `tools` in `era` over `transport` (stdio: a relay process's command line). */
  async serve(
    serverId: string,
    era: Era,
    transport: 'http' | 'stdio',
    tools: ScriptTool[] = [LOOKUP],
  ): Promise<CheckServer> {
    const fake = createFakeServer(
      scriptForCell(
        scriptBuilder(`driver-check-${serverId}`)
          .tools(...tools)
          .build(),
        era,
      ),
    );
    const served = await SERVE[transport](fake);
    this.opened.push(served);
    const common = { serverId, era };
    if (served.target.kind === 'stdio')
      return {
        fake,
        target: {
          ...common,
          transport: 'stdio',
          command: served.target.command,
          args: [...served.target.args],
        },
      };
    return { fake, target: { ...common, transport: 'http', url: (served.target as { url: string }).url } };
  }

  /** Serves a fake model provider recording into `fake`'s transcript, as a cell's provider does. */
  async serveModel(fake: FakeServer): Promise<ModelServer> {
    const model = await serveModelProvider(createModelProvider({ transcript: fake.transcript }));
    this.opened.push(model);
    return model;
  }

  /** Starts a driver process handed `servers` up front. */
  session(servers: ServerTarget[], era: Era): CheckSession {
    return new CheckSession(this.command, servers, era, this.options, this.violations, this.count);
  }

  /** Sends `shutdown` and records whether the driver exited with code 0 in time as check `id`. */
  async shutdown(s: CheckSession, id: string): Promise<void> {
    const reason = await s.program.shutdown(this.graceMs);
    if (reason === 'exit code 0') this.record(id, 'pass', 'exited with code 0 after shutdown');
    else
      this.record(
        id,
        'fail',
        `after shutdown it ended with ${reason} (expected exit code 0 within ${this.graceMs} ms)${s.tail()}`,
      );
  }

  /**
   * Connects `target` and checks the tool set was reported before the answer (check `id`, recorded
   * through `record`).
   * @returns whether the connect was answered ok (the session can go on, even if the report was wrong).
   */
  async connectAndSee(
    s: CheckSession,
    target: ServerTarget,
    expected: string[],
    id: string,
    record: RecordCheck = this.record,
  ): Promise<boolean> {
    const outcome = await s.ask({ type: 'connect', ...target }, this.requestMs);
    const where = `${target.serverId} (${target.transport}, ${target.era})`;
    if (!outcome.ok) {
      record(id, 'fail', `connect to ${where} failed: ${outcome.error}${s.tail()}`);
      return false;
    }
    const seen = s.exposed.get(target.serverId);
    if (!seen)
      record(
        id,
        'fail',
        `connect to ${where} was answered before any tools message for it (report the tool set, then answer)${s.tail()}`,
      );
    else if (JSON.stringify([...seen].sort()) !== JSON.stringify([...expected].sort()))
      record(
        id,
        'fail',
        `the tools message for ${target.serverId} lists [${seen.join(', ')}]; the server serves [${expected.join(', ')}]`,
      );
    else record(id, 'pass', `connected to ${where}; tools [${seen.join(', ')}] reported before the answer`);
    return true;
  }

  /** Runs `run` when the driver declares `feature`, else records check `id` as skipped with the reason. */
  async gated(feature: ClientFeature, id: string, run: () => Promise<void>): Promise<void> {
    if (!this.features.has(feature)) this.record(id, 'skip', `the driver does not declare ${feature}`);
    else await run();
  }

  /** Closes every server and provider the checks opened. */
  async close(): Promise<void> {
    await Promise.allSettled(this.opened.map((each) => each.close()));
  }
}
