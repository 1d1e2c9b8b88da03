import { AuthorizationServer } from './authorization/authorization-server.js';
import { EraEngines } from './eras/era-engines.js';
import { ToolshiftError } from './errors/toolshift-error.js';
import type { WireRequest } from './exchange/wire-request.js';
import type { WireResponse } from './exchange/wire-response.js';
import type { FakeServer, FakeServerOptions, WaitForOptions } from './fake-server.js';
import { ResponseHolds } from './faults/response-holds.js';
import { RequestPath } from './request-path/request-path.js';
import type { ServerParts } from './request-path/server-parts.js';
import type { UpstreamStage } from './request-path/upstream-stage.js';
import type { ExitProcessStep } from './script/actions/exit-process.js';
import type { ScriptAction } from './script/actions/index.js';
import { INITIAL_SNAPSHOT } from './script/actions/restore-snapshot.js';
import { authorizationRulesOf } from './script/authorization-rules.js';
import { parseScript, parseStep, servedAs } from './script/parse-script.js';
import type { ScriptDocument, ScriptStep } from './script/script-document.js';
import { scriptFaultUses } from './script/script-fault-uses.js';
import { assertReachable, scriptUnreachable, transportUnreachable } from './script/script-reachability.js';
import { StepScheduler } from './script/step-scheduler.js';
import { worldInitOf } from './script/world-init.js';
import { StepRunner } from './steps/step-runner.js';
import { type CredentialDigest, createCredentialDigest } from './transcript/credential-digest.js';
import { DisabledTranscript } from './transcript/disabled-transcript.js';
import { InMemoryTranscript } from './transcript/in-memory-transcript.js';
import { type FrameContext, Recorder } from './transcript/recorder.js';
import type { Transcript } from './transcript/transcript.js';
import type { Era, TranscriptFrame } from './transcript/transcript-frame.js';
import { assertTransportSupports, type TransportDescriptor } from './transports/transport.js';
import { AnnouncementQueue } from './world/announcement-queue.js';
import type { CatalogSnapshot } from './world/catalog.js';
import type { ListKind } from './world/list-kind.js';
import type { ListItems } from './world/lists.js';
import { protectedResourceMetadata } from './world/protected-resource-metadata.js';
import type { ToolDefinition } from './world/tool-definition.js';
import { World } from './world/world.js';

/**
 * Creates a fake server from a script (a document, or a value to validate). `atStart` steps run
 * before this returns.
 * @throws {ScriptError} SCRIPT_INVALID / SCRIPT_UNKNOWN_TOOL when `script` is not a valid script.
 * @throws {ScriptError} SCRIPT_UNREACHABLE when a field can never fire on the server it configures
 *   (its eras or capabilities: see `scriptUnreachable`).
 */
export function createFakeServer(
  script: ScriptDocument | unknown,
  options: FakeServerOptions = {},
): FakeServer {
  // Validated before it is copied: a value too deep to copy is refused, not a RangeError.
  const doc = servedAs(structuredClone(parseScript(script)));
  if (options.seed !== undefined) doc.seed = options.seed;
  assertReachable(scriptUnreachable(doc), '<inline>');
  return new FakeServerImpl(doc, options);
}

/**
 * The composition root: builds the world, the era engines, the step scheduler and runner, and
 * hands every request to the {@link RequestPath}.
 */
class FakeServerImpl implements FakeServer {
  readonly transcript: Transcript;
  private parts!: ServerParts;
  private readonly path: RequestPath;
  private readonly upstream: UpstreamStage | undefined;
  private readonly recorder: Recorder;
  private readonly transports = new Set<TransportDescriptor>();
  private unsubscribeScheduler: (() => void) | undefined;
  private exitProcess: ((code: number, step: ExitProcessStep) => void) | undefined;
  private readonly exitListeners = new Set<(code: number, step: ExitProcessStep) => void>();
  private readonly sessionIds: 'seeded' | 'random';
  private readonly digest: CredentialDigest = createCredentialDigest();

  constructor(
    readonly script: ScriptDocument,
    options: FakeServerOptions,
  ) {
    const source = {
      nowTick: () => this.parts.world.clock.now(),
      catalogRevision: () => this.parts.world.catalog.catalogRevision,
    };
    this.transcript =
      options.transcript === 'disabled' ? new DisabledTranscript(source) : new InMemoryTranscript(source);
    this.recorder = new Recorder(this.transcript, this.digest);
    this.sessionIds = options.sessionIds ?? 'seeded';
    this.upstream = options.upstream;
    this.path = new RequestPath(undefined, this.upstream);
    this.build();
  }

  get catalogRevision(): number {
    return this.parts.world.catalog.catalogRevision;
  }

  get eras(): ReadonlySet<Era> {
    return this.parts.world.settings.eras;
  }

  tools(): ToolDefinition[] {
    return this.parts.world.catalog.items();
  }

  snapshot(): CatalogSnapshot {
    const catalog = this.parts.world.catalog;
    return { catalogRevision: catalog.catalogRevision, tools: catalog.items() };
  }

  now(): number {
    return this.parts.world.clock.now();
  }

  list<K extends ListKind>(kind: K): { revision: number; served: boolean; items: ListItems[K][] } {
    const lists = this.parts.world.lists;
    const list = lists.of(kind);
    return { revision: list.catalogRevision, served: lists.serves(kind), items: list.items() };
  }

  recordRefusal(request: WireRequest, response: WireResponse, reason: string): void {
    const frame: FrameContext = {
      era: 'unknown',
      transport: request.transport,
      streamId: this.parts.world.nextId('refused'),
    };
    this.transcript.record({
      ...frame,
      direction: 'in',
      kind: 'message',
      ...(request.httpMethod ? { httpMethod: request.httpMethod } : {}),
      note: reason,
    });
    this.recorder.outbound(frame, response);
  }

  openStreamCount(): number {
    return this.parts.engines.openStreamCount();
  }

  credentialDigest(credential: string): string {
    return this.digest(credential);
  }

  pendingPageMutations(): Array<{ stepId: string; afterPage: number; list: ListKind }> {
    return this.parts.steps.pendingPageMutations();
  }

  attachTransport(transport: TransportDescriptor): () => void {
    assertTransportSupports(transport, scriptFaultUses(this.script));
    assertReachable(transportUnreachable(this.script, transport.kind), `<${transport.kind} transport>`);
    this.transports.add(transport);
    return () => this.transports.delete(transport);
  }

  protectedResourceMetadata(endpointUrl: string): Record<string, unknown> | undefined {
    if (!this.script.auth) return undefined;
    const auth =
      this.script.authorizationServer && !this.script.auth.authorizationServers
        ? { ...this.script.auth, authorizationServers: [new URL(endpointUrl).origin] }
        : this.script.auth;
    return protectedResourceMetadata(auth, endpointUrl);
  }

  onProcessExit(exit: (code: number, step: ExitProcessStep) => void): void {
    this.exitProcess = exit;
  }

  addExitListener(listener: (code: number, step: ExitProcessStep) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  authorizationServer(): AuthorizationServer | undefined {
    return this.parts.authorization;
  }

  handle(request: WireRequest): Promise<WireResponse> {
    return this.path.handle(request, this.parts);
  }

  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame {
    const steps = this.parts.steps;
    const resolved = steps.resolve(typeof step === 'string' ? step : structuredClone(parseStep(step)));
    if (resolved.action.action === 'injectFault') {
      for (const transport of this.transports) {
        assertTransportSupports(transport, [
          { kind: resolved.action.fault.kind, pointer: `step '${resolved.id}'` },
        ]);
      }
    }
    const frame = steps.applyStep(resolved, true);
    steps.runDue();
    return frame;
  }

  heldOnLogicalClock(): number {
    return this.parts.holds.onLogicalClock();
  }

  advanceClock(ms: number): number {
    const now = this.parts.world.clock.advance(ms);
    this.parts.steps.runDue();
    return now;
  }

  waitFor(
    predicate: (frame: TranscriptFrame) => boolean,
    options: WaitForOptions = {},
  ): Promise<TranscriptFrame> {
    const afterSeq = options.afterSeq ?? 0;
    const timeoutMs = options.timeoutMs ?? 5000;
    for (const frame of this.transcript.frames)
      if (frame.seq > afterSeq && predicate(frame)) return Promise.resolve(frame);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(
          new ToolshiftError('WAIT_TIMED_OUT', `No transcript frame matched within ${timeoutMs} ms`, {
            timeoutMs,
            lastSeq: this.transcript.lastSeq,
          }),
        );
      }, timeoutMs);
      const unsubscribe = this.transcript.subscribe((frame) => {
        if (frame.seq > afterSeq && predicate(frame)) {
          clearTimeout(timer);
          unsubscribe();
          resolve(frame);
        }
      });
    });
  }

  reset(): void {
    this.close('graceful');
    this.unsubscribeScheduler?.();
    this.transcript.clear();
    this.build();
  }

  close(mode: 'graceful' | 'drop' = 'graceful'): void {
    this.parts.holds.cancelAll();
    this.parts.engines.shutdown(mode);
  }

  /** Builds a fresh world and everything around it, then runs the `atStart` steps. */
  private build(): void {
    const world = new World(worldInitOf(this.script), this.recorder, this.sessionIds);
    const engines = new EraEngines(world);
    const scheduler = new StepScheduler(this.script.steps ?? []);
    const holds = new ResponseHolds(world.clock);
    const announcements = new AnnouncementQueue(
      world.settings,
      world.clock,
      this.recorder,
      (announcement) => {
        const family = announcement.family ?? 'tools';
        for (let copy = 0; copy < announcement.copies; copy++)
          engines.announceListChanged(family, announcement.audience);
      },
    );
    const runnerParts = {
      world,
      engines,
      recorder: this.recorder,
      scheduler,
      announcements,
      holds,
      exitProcess: (step: ExitProcessStep) => {
        const { code } = step;
        if (this.exitProcess) this.exitProcess(code, step);
        else {
          this.recorder.note(
            `exit code ${code}: served in-process, so every stream is dropped and every channel closed (a stdio channel's relay process exits with this code)`,
          );
          holds.cancelAll();
          engines.shutdown('drop');
          for (const listener of [...this.exitListeners]) listener(code, step);
        }
      },
    };
    const steps = new StepRunner(this.script, runnerParts);
    const authorization = this.script.authorizationServer
      ? new AuthorizationServer(
          authorizationRulesOf(this.script.authorizationServer),
          world.clock,
          this.recorder,
        )
      : undefined;
    world.principals.issued = authorization;
    this.parts = { ...runnerParts, script: this.script, steps, ...(authorization ? { authorization } : {}) };
    this.unsubscribeScheduler = this.transcript.subscribe((frame) => scheduler.observe(frame));
    world.clock.onAdvance((now) => {
      scheduler.tick(now);
      engines.legacy.expireIdleSessions(now);
    });
    this.upstream?.attach(this.parts);
    steps.start();
    world.snapshots.set(INITIAL_SNAPSHOT, world.catalog.items());
  }
}
