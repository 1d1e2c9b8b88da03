import {
  type AdminApi,
  type AdminStatus,
  type AdminWaitOptions,
  createAdminHttpClient,
  type FrameFilter,
  type ScriptAction,
  type ScriptStep,
  type TranscriptFrame,
  type TranscriptPage,
  type TranscriptQuery,
} from '@toolshift/fake-server';
import {
  AbstractStartedContainer,
  type StartedTestContainer,
  type StopOptions,
  type StoppedTestContainer,
} from 'testcontainers';

/** How long `stop()` lets the server close its streams after SIGTERM before the engine kills it, ms. */
const STOP_GRACE_MS = 10_000;

/**
 * A running toolshift container: where its MCP endpoint and admin API are, an admin client to apply
 * script steps, read the transcript and move the logical clock, and the container's output.
 * Everything else (`stop()`, `exec()`, `logs()`, `getHost()`…) is testcontainers' own.
 */
export class StartedToolshiftContainer extends AbstractStartedContainer {
  private readonly adminApi: AdminApi;

  constructor(
    startedTestContainer: StartedTestContainer,
    private readonly mcpUrl: string,
    private readonly logLines: readonly string[],
  ) {
    super(startedTestContainer);
    this.adminApi = createAdminHttpClient(this.getAdminUrl());
  }

  /** The Streamable HTTP endpoint, both eras, e.g. `http://localhost:32768/mcp`. */
  getMcpUrl(): string {
    return this.mcpUrl;
  }

  /** The host port the MCP endpoint (and the admin API) answer on. */
  getPort(): number {
    return Number(new URL(this.mcpUrl).port);
  }

  /** The admin API prefix, e.g. `http://localhost:32768/__toolshift`. */
  getAdminUrl(): string {
    return this.mcpUrl.replace(/\/mcp$/, '/__toolshift');
  }

  /**
   * The admin client (the same `AdminApi` as `@toolshift/fake-server`'s in-process server):
   * `applyStep`, `transcript`, `transcriptJsonl`, `waitFor`, `advanceClock`, `status`, `reset`.
   * Errors keep their toolshift codes (`isToolshiftError(error, 'SCRIPT_UNKNOWN_STEP')`).
   */
  admin(): AdminApi {
    return this.adminApi;
  }

  /** Applies a script step now (its id, a step, or a bare action); resolves with the `step` frame. */
  applyStep(step: string | ScriptStep | ScriptAction): Promise<TranscriptFrame> {
    return this.adminApi.applyStep(step);
  }

  /** Reads transcript frames (all, or after a `seq`, filtered). */
  transcript(query?: TranscriptQuery): Promise<TranscriptPage> {
    return this.adminApi.transcript(query);
  }

  /** Resolves with the first frame, past or future, matching `filter`. */
  waitForFrame(filter: FrameFilter, options?: AdminWaitOptions): Promise<TranscriptFrame> {
    return this.adminApi.waitFor(filter, options);
  }

  /** Advances the server's logical clock by `ms`, firing `atTick` steps that became due; resolves with the new time. */
  advanceClock(ms: number): Promise<number> {
    return this.adminApi.advanceClock(ms);
  }

  /** The server's catalog revision, logical time, open streams and tool count. */
  status(): Promise<AdminStatus> {
    return this.adminApi.status();
  }

  /**
   * Stops the container. Unlike testcontainers' default (SIGKILL at once), the server gets SIGTERM
   * and up to 10 s to end its streams gracefully, as a real server shutting down would; it exits
   * with status 0. Pass `{ timeout: 0 }` for testcontainers' behaviour.
   */
  override stop(options?: Partial<StopOptions>): Promise<StoppedTestContainer> {
    return super.stop({ timeout: STOP_GRACE_MS, ...options });
  }

  /** What the container printed so far (stdout and stderr), one entry per line. */
  getLogs(): string[] {
    return [...this.logLines];
  }
}
