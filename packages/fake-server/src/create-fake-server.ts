import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { unauthorized } from './eras/auth-challenge.js';
import type { DeferredAnswer, EraEngine, EraOutcome, EraRequest } from './eras/era.js';
import { httpStatusFaultResponse } from './eras/fault-responses.js';
import { createEraEngines, detectEra } from './eras/index.js';
import { type Classified, parseBody } from './eras/json-rpc.js';
import type { LegacyEngine } from './eras/legacy/engine.js';
import type { ModernEngine } from './eras/modern/engine.js';
import { refuse, sseHeaders } from './eras/responses.js';
import { writeStreamAnswer } from './eras/stream-answer.js';
import { WireErrorCode } from './eras/wire-error.js';
import { ToolshiftError } from './errors/toolshift-error.js';
import type { WireRequest } from './exchange/wire-request.js';
import type { WireResponse } from './exchange/wire-response.js';
import { distortMessage, distortsMessage } from './faults/distort-message.js';
import type { Fault } from './faults/fault.js';
import type { ArmedFault } from './faults/fault-plan.js';
import { ResponseHolds } from './faults/response-holds.js';
import { type ActionContext, applyAction, type ScriptAction } from './script/actions/index.js';
import { INITIAL_SNAPSHOT } from './script/actions/restore-snapshot.js';
import { parseScript, parseStep } from './script/parse-script.js';
import type { ScriptDocument, ScriptStep } from './script/script-document.js';
import { StepScheduler } from './script/step-scheduler.js';
import { DisabledTranscript } from './transcript/disabled-transcript.js';
import { InMemoryTranscript } from './transcript/in-memory-transcript.js';
import { type FrameContext, Recorder } from './transcript/recorder.js';
import type { Transcript } from './transcript/transcript.js';
import type { Era, TranscriptFrame } from './transcript/transcript-frame.js';
import { assertTransportSupports, type FaultUse, type TransportDescriptor } from './transports/transport.js';
import { type Announcement, AnnouncementQueue } from './world/announcement-queue.js';
import type { CatalogSnapshot } from './world/catalog.js';
import type { Principal } from './world/principal.js';
import {
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from './world/protected-resource-metadata.js';
import type { ToolDefinition } from './world/tool-definition.js';
import { World } from './world/world.js';

/** Options for {@link createFakeServer}. */
export interface FakeServerOptions {
  /** `memory` (default) keeps every frame; `disabled` keeps none (frames are still numbered and announced). */
  transcript?: 'memory' | 'disabled';
  /** Overrides the script's `seed`. */
  seed?: number;
}

/** Options for {@link FakeServer.waitFor}. */
export interface WaitForOptions {
  /** Give up after this many ms of wall time (default 5000). */
  timeoutMs?: number;
  /** Only frames with `seq` greater than this count (default 0: every frame, including past ones). */
  afterSeq?: number;
}

/**
 * A programmable fake MCP server: one world (catalog, principals, sessions, subscriptions) served
 * in both eras over any transport, recording every frame in its transcript.
 */
export interface FakeServer {
  /** The validated script this server plays. */
  readonly script: ScriptDocument;
  /** Every frame in and out (see {@link TranscriptFrame}). */
  readonly transcript: Transcript;
  /** The current catalog revision (integer, starts at 1, +1 per mutation). */
  readonly catalogRevision: number;
  /** Eras this server answers. */
  readonly eras: ReadonlySet<Era>;
  /** The tools currently served, in catalog order. */
  tools(): ToolDefinition[];
  /** A frozen copy of the catalog. */
  snapshot(): CatalogSnapshot;
  /**
   * Answers one frame from a transport. Never rejects: bad input becomes the spec's wire error and
   * an internal failure becomes HTTP 500 with -32603. Resolves late under a `delay` fault and only
   * when the server closes under a `hang` fault.
   */
  handle(request: WireRequest): Promise<WireResponse>;
  /**
   * Applies a step now: a script step id, a step object, or a bare action. Records a `step` frame
   * (with the new catalog revision) before any notification the action emits.
   * @throws {ToolshiftError} SCRIPT_UNKNOWN_STEP when `step` is an id the script does not define.
   * @throws {ScriptError} SCRIPT_INVALID when a step or action object breaks the script schema (nothing changes).
   * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT when the step injects a fault an attached transport cannot produce (nothing changes).
   * @throws {ToolshiftError} STEP_FAILED when the action cannot run (nothing changes).
   */
  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame;
  /** Advances the logical clock by `ms`, firing `atTick` steps and releasing held signals that became due. Returns the new time (ms). */
  advanceClock(ms: number): number;
  /** Logical time, ms. */
  now(): number;
  /**
   * Resolves with the first frame (past or future) matching `predicate`.
   * @throws {ToolshiftError} WAIT_TIMED_OUT when none matches within `timeoutMs`.
   */
  waitFor(predicate: (frame: TranscriptFrame) => boolean, options?: WaitForOptions): Promise<TranscriptFrame>;
  /**
   * Records a request a transport refused before the server could read it (a body over the size
   * limit, an unreadable body, a foreign `Host`/`Origin`), so the transcript loses nothing: an
   * inbound frame whose `note` says why (`raw` holds no body: it was never read) and the outbound
   * refusal with its HTTP status.
   */
  recordRefusal(request: WireRequest, response: WireResponse, reason: string): void;
  /** Number of open long-lived streams (legacy GET + modern listen). */
  openStreamCount(): number;
  /**
   * Declares a transport serving this server; returns the function that detaches it. Every fault
   * the script injects must be one the transport can produce.
   * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT naming the first fault it cannot produce.
   */
  attachTransport(transport: TransportDescriptor): () => void;
  /**
   * The RFC 9728 protected-resource metadata for the endpoint at `endpointUrl`, or `undefined` when
   * the script configures no `auth` (the transport then answers 404).
   * @see ../shared/spec/mcp-discovery-spec.md §6
   */
  protectedResourceMetadata(endpointUrl: string): Record<string, unknown> | undefined;
  /** Ends every stream and session, restores the initial catalog, clears the transcript and clock. */
  reset(): void;
  /** Ends every stream (`graceful` by default: listen streams get their final result) and sessions. */
  close(mode?: 'graceful' | 'drop'): void;
}

/**
 * Creates a fake server from a script (a document, or a value to validate). `atStart` steps run
 * before this returns.
 * @throws {ScriptError} SCRIPT_INVALID / SCRIPT_UNKNOWN_TOOL when `script` is not a valid script.
 */
export function createFakeServer(
  script: ScriptDocument | unknown,
  options: FakeServerOptions = {},
): FakeServer {
  // Validated before it is copied: a value too deep to copy is refused, not a RangeError.
  const doc = structuredClone(parseScript(script));
  if (options.seed !== undefined) doc.seed = options.seed;
  return new FakeServerImpl(doc, options);
}

/** One request on its way through the server, between acceptance and delivery of its answer. */
interface Exchange {
  frame: FrameContext;
  classified?: Classified;
  response: WireResponse;
  outcome?: EraOutcome;
  fault?: ArmedFault;
}

class FakeServerImpl implements FakeServer {
  readonly transcript: Transcript;
  private world!: World;
  private engines!: { legacy: LegacyEngine; modern: ModernEngine };
  private scheduler!: StepScheduler;
  private announcements!: AnnouncementQueue;
  private holds!: ResponseHolds;
  private pageMutations: Array<{ stepId: string; afterPage: number; apply: (ctx: ActionContext) => string }> =
    [];
  private readonly recorder: Recorder;
  private readonly transports = new Set<TransportDescriptor>();
  private unsubscribeScheduler: (() => void) | undefined;

  constructor(
    readonly script: ScriptDocument,
    options: FakeServerOptions,
  ) {
    const source = {
      nowTick: () => this.world.clock.now(),
      catalogRevision: () => this.world.catalog.catalogRevision,
    };
    this.transcript =
      options.transcript === 'disabled' ? new DisabledTranscript(source) : new InMemoryTranscript(source);
    this.recorder = new Recorder(this.transcript);
    this.build();
  }

  get catalogRevision(): number {
    return this.world.catalog.catalogRevision;
  }

  get eras(): ReadonlySet<Era> {
    return this.world.settings.eras;
  }

  tools(): ToolDefinition[] {
    return this.world.catalog.tools();
  }

  snapshot(): CatalogSnapshot {
    return this.world.catalog.snapshot();
  }

  now(): number {
    return this.world.clock.now();
  }

  recordRefusal(request: WireRequest, response: WireResponse, reason: string): void {
    const frame: FrameContext = {
      era: 'unknown',
      transport: request.transport,
      streamId: this.world.nextId('refused'),
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
    return this.engines.legacy.openStreamCount() + this.engines.modern.openStreamCount();
  }

  attachTransport(transport: TransportDescriptor): () => void {
    assertTransportSupports(transport, scriptFaultUses(this.script));
    this.transports.add(transport);
    return () => this.transports.delete(transport);
  }

  protectedResourceMetadata(endpointUrl: string): Record<string, unknown> | undefined {
    return this.script.auth ? protectedResourceMetadata(this.script.auth, endpointUrl) : undefined;
  }

  async handle(request: WireRequest): Promise<WireResponse> {
    let exchange: Exchange;
    try {
      exchange = this.accept(request);
    } catch (error) {
      return this.internalError(request, error);
    } finally {
      this.runDueSteps();
    }
    const fault = exchange.fault?.fault;
    if (fault?.kind === 'hang') {
      await this.holds.hang();
      return UNAVAILABLE;
    }
    if (fault?.kind === 'delay') {
      if (exchange.outcome?.deferred) {
        // The SSE response stream opens now; the answer on it comes after the delay.
        void this.holds.delay(fault).then((outcome) => {
          if (outcome === 'released') this.finish(request, exchange);
        });
        return exchange.response;
      }
      if ((await this.holds.delay(fault)) === 'cancelled') return UNAVAILABLE;
    }
    return this.finish(request, exchange);
  }

  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame {
    const resolved = this.resolveStep(typeof step === 'string' ? step : structuredClone(parseStep(step)));
    if (resolved.action.action === 'injectFault') {
      for (const transport of this.transports) {
        assertTransportSupports(transport, [
          { kind: resolved.action.fault.kind, pointer: `step '${resolved.id}'` },
        ]);
      }
    }
    const frame = this.applyStep(resolved, true);
    this.runDueSteps();
    return frame;
  }

  advanceClock(ms: number): number {
    const now = this.world.clock.advance(ms);
    this.runDueSteps();
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
    this.holds.cancelAll();
    this.engines.modern.shutdown(mode);
    this.engines.legacy.shutdown(mode);
  }

  private build(): void {
    this.world = new World(this.script, this.recorder);
    this.engines = createEraEngines(this.world);
    this.scheduler = new StepScheduler(this.script.steps ?? []);
    this.holds = new ResponseHolds(this.world.clock);
    this.pageMutations = [];
    this.announcements = new AnnouncementQueue(this.world.settings, this.world.clock, this.recorder, (a) =>
      this.deliverAnnouncement(a),
    );
    this.unsubscribeScheduler = this.transcript.subscribe((frame) => this.scheduler.observe(frame));
    this.world.clock.onAdvance((now) => {
      this.scheduler.tick(now);
      this.engines.legacy.expireIdleSessions(now);
    });
    for (const step of this.scheduler.startSteps()) {
      this.scheduler.markFired(step.id);
      this.applyStep(step, false);
    }
    this.runDueSteps();
    this.world.snapshots.set(INITIAL_SNAPSHOT, this.world.catalog.tools());
  }

  /** Parses, routes, authenticates and answers one request; the answer may still be distorted or held. */
  private accept(request: WireRequest): Exchange {
    const streamId =
      request.connectionId !== undefined
        ? `conn-${request.connectionId}`
        : this.world.nextId((request.httpMethod ?? 'POST').toLowerCase());
    const eras = this.world.settings.eras;
    const hasConnectionSession = this.engines.legacy.hasConnectionSession(request.connectionId);
    let classified: Classified | undefined;
    let message: JSONRPCMessage | undefined;
    if (request.body !== undefined && request.body !== '') {
      const parsed = parseBody(request.body);
      if (!parsed.ok) {
        const era = detectEra(request, undefined, eras, hasConnectionSession);
        const frame: FrameContext = { era, transport: request.transport, streamId, principal: 'anonymous' };
        this.recorder.inbound(frame, request, { raw: request.body });
        const code =
          parsed.reason === 'parse-error' ? WireErrorCode.ParseError : WireErrorCode.InvalidRequest;
        const text =
          parsed.reason === 'parse-error'
            ? `Parse error: ${parsed.detail}`
            : `Invalid Request: ${parsed.detail}`;
        return { frame, response: refuse({ status: 400, code, message: text }, parsed.id).response };
      }
      classified = parsed.classified;
      message = parsed.message;
    }
    const era = detectEra(request, classified, eras, hasConnectionSession);
    const authenticated = this.authenticate(request);
    const principal = authenticated.ok ? authenticated.principal : undefined;
    const frame: FrameContext = {
      era,
      transport: request.transport,
      streamId,
      principal: principal?.id ?? 'unauthenticated',
    };
    const headerSession = era === 'legacy' ? request.headers['mcp-session-id'] : undefined;
    if (headerSession) frame.sessionId = headerSession;
    this.recorder.inbound(frame, request, message ? { message } : {});

    // Auth challenges name the metadata URL; without an auth section there are none.
    const resourceMetadataUrl =
      this.script.auth && request.endpointUrl ? protectedResourceMetadataUrl(request.endpointUrl) : undefined;
    const fault =
      classified?.kind === 'request'
        ? this.world.faults.take(classified.method, toolOf(classified))
        : undefined;
    const engine: EraEngine & Pick<LegacyEngine, 'versionMismatch'> =
      era === 'legacy' ? this.engines.legacy : this.engines.modern;
    const eraRequest: EraRequest = {
      request,
      frame,
      principal: principal ?? { id: 'unauthenticated', scopes: [] },
      ...(classified ? { classified } : {}),
      ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    };
    if (fault) {
      this.recorder.note(`fault '${fault.fault.kind}' (step ${fault.stepId}) hits this exchange`, frame);
      // A hang is never processed nor answered: handle() holds it until the server closes.
      if (fault.fault.kind === 'hang') return { frame, response: UNAVAILABLE, fault };
      const preempted = this.preempt(fault.fault, engine, eraRequest, classified);
      if (preempted)
        return {
          frame: { ...frame, fault: fault.fault.kind },
          response: preempted,
          fault,
          ...(classified ? { classified } : {}),
        };
    }
    if (!authenticated.ok) {
      const refusal = unauthorized(
        authenticated.reason,
        resourceMetadataUrl,
        this.script.auth?.challengeScopes ?? [],
      );
      return {
        frame,
        response: refuse(refusal, classified?.kind === 'request' ? classified.id : undefined).response,
      };
    }
    if (classified?.kind === 'request') {
      const method = classified.method;
      const tool = toolOf(classified);
      eraRequest.onReceived = () => {
        this.scheduler.requestReceived(method, tool);
        this.runDueSteps();
      };
    }
    const outcome = engine.handle(eraRequest);
    const stamped = outcome.sessionId ? { ...frame, sessionId: outcome.sessionId } : frame;
    return {
      frame: stamped,
      response: outcome.response,
      outcome,
      ...(classified ? { classified } : {}),
      ...(fault ? { fault } : {}),
    };
  }

  /** The answer of a fault that replaces the exchange (`httpStatus`, `versionMismatch`); `undefined` for the others. */
  private preempt(
    fault: Fault,
    engine: Pick<LegacyEngine, 'versionMismatch'>,
    request: EraRequest,
    classified: Classified | undefined,
  ): WireResponse | undefined {
    const id = classified?.kind === 'request' ? classified.id : undefined;
    if (fault.kind === 'httpStatus') return httpStatusFaultResponse(fault, id);
    if (fault.kind === 'versionMismatch')
      return engine.versionMismatch(request, fault.supported ?? ['1900-01-01']).response;
    return undefined;
  }

  /** Delivers an exchange's answer, then runs the steps that became due; never throws. */
  private finish(request: WireRequest, exchange: Exchange): WireResponse {
    try {
      return this.deliver(exchange);
    } catch (error) {
      return this.internalError(request, error);
    } finally {
      this.runDueSteps();
    }
  }

  /** Writes the (possibly distorted) answer, records it, and fires `answered` triggers and page mutations. */
  private deliver(exchange: Exchange): WireResponse {
    const { outcome, classified } = exchange;
    const fault = exchange.fault?.fault;
    const distorting = fault && distortsMessage(fault) ? fault : undefined;
    let response = exchange.response;
    if (outcome?.deferred) {
      this.writeDeferred(outcome.deferred, distorting);
    } else if (distorting && response.reply.kind === 'message') {
      response = this.distortJsonAnswer(exchange, response, distorting);
    } else {
      if (distorting)
        this.recorder.note(
          `fault '${distorting.kind}' does not apply to this kind of answer; sent as is`,
          exchange.frame,
        );
      this.recorder.outbound(exchange.frame, response);
    }
    if (classified?.kind === 'request' && response.status < 400 && !exchange.frame.fault) {
      this.scheduler.requestAnswered(classified.method, toolOf(classified));
      if (outcome?.pageServed !== undefined) this.pageServed(outcome.pageServed);
    }
    return response;
  }

  private writeDeferred(deferred: DeferredAnswer, fault: Fault | undefined): void {
    deferred.write(distortMessage(deferred.message, fault));
  }

  /**
   * A JSON answer hit by a distorting fault: the distorted body, or (for `truncatedSseFrame` and
   * `dropStream`) an SSE response carrying the cut frame, or nothing, before the connection resets.
   */
  private distortJsonAnswer(exchange: Exchange, response: WireResponse, fault: Fault): WireResponse {
    if (response.reply.kind !== 'message') return response;
    const payload = distortMessage(response.reply.message, fault);
    const frame = { ...exchange.frame, fault: fault.kind };
    if (payload.kind === 'truncated' || payload.kind === 'dropped') {
      const stream = this.recorder.openStream(frame);
      writeStreamAnswer(stream, undefined, payload);
      return {
        status: 200,
        headers: { ...response.headers, ...sseHeaders() },
        reply: { kind: 'stream', stream: stream.stream },
      };
    }
    const distorted: WireResponse =
      payload.kind === 'raw'
        ? { ...response, reply: { kind: 'raw', contentType: 'application/json', body: payload.text } }
        : { ...response, reply: { kind: 'message', message: payload.message } };
    this.recorder.outbound(frame, distorted);
    return distorted;
  }

  private pageServed(page: number): void {
    this.scheduler.pageServed(page);
    const due = this.pageMutations.filter((entry) => entry.afterPage === page);
    if (due.length === 0) return;
    this.pageMutations = this.pageMutations.filter((entry) => entry.afterPage !== page);
    for (const entry of due) this.runAction(`${entry.stepId}@page${page}`, entry.apply, false);
  }

  private authenticate(request: WireRequest): ReturnType<World['principals']['authenticate']> {
    // Requests without HTTP (stdio, in-memory) carry no credentials and are never challenged (§6).
    if (request.httpMethod === undefined) return { ok: true, principal: this.world.principals.local() };
    return this.world.principals.authenticate(request.headers.authorization);
  }

  private internalError(request: WireRequest, error: unknown): WireResponse {
    this.recorder.note(`internal error: ${(error as Error).message}`, { transport: request.transport });
    return refuse({ status: 500, code: WireErrorCode.InternalError, message: 'Internal error' }).response;
  }

  private resolveStep(step: string | ScriptStep | ScriptAction): ScriptStep {
    if (typeof step === 'string') {
      const found = this.script.steps?.find((candidate) => candidate.id === step);
      if (!found) {
        const known = (this.script.steps ?? []).map((candidate) => candidate.id);
        throw new ToolshiftError(
          'SCRIPT_UNKNOWN_STEP',
          `No step '${step}' in script ${this.script.name ?? '<unnamed>'}. Known steps: ${known.join(', ') || '(none)'}.`,
          { stepId: step, known },
        );
      }
      return found;
    }
    if ('action' in step && typeof step.action === 'string') {
      return { id: this.world.nextId(`adhoc-${step.action}`), action: step as ScriptAction };
    }
    return step as ScriptStep;
  }

  /** Runs one step's action; records the step, then announces the change. */
  private applyStep(step: ScriptStep, throwOnFailure: boolean): TranscriptFrame {
    this.scheduler.markFired(step.id);
    return this.runAction(step.id, (ctx) => applyAction(step.action, ctx), throwOnFailure);
  }

  private runAction(
    stepId: string,
    run: (ctx: ActionContext) => string,
    throwOnFailure: boolean,
  ): TranscriptFrame {
    let announce = false;
    // Sent once the step frame is recorded, like announcements (the step comes first in the transcript).
    const emissions: Array<() => void> = [];
    const detectChange =
      this.world.settings.notifications.audience === 'affected'
        ? this.world.lister.viewChangeDetector(this.activePrincipals())
        : undefined;
    const ctx: ActionContext = {
      world: this.world,
      stepId,
      mutateCatalog: (change, notify) => {
        this.world.catalog.mutate(change);
        if (notify !== false) announce = true;
      },
      announceToolsChanged: (copies) => this.announcements.announce({ copies }),
      emitNotification: (method, params) => {
        emissions.push(() => {
          this.engines.legacy.sendNotification(method, params);
          this.engines.modern.sendNotification(method, params);
        });
      },
      endStreams: (kind, mode) =>
        this.engines.legacy.endStreams(kind, mode) + this.engines.modern.endStreams(kind, mode),
      expireSessions: (sessionId) => this.engines.legacy.expireSession(sessionId),
      restart: (tools, mode) => {
        this.holds.cancelAll();
        this.announcements.clear();
        this.engines.modern.shutdown(mode);
        this.engines.legacy.shutdown(mode);
        if (tools) this.world.catalog.replaceAll(tools);
      },
      advanceClock: (ms) => {
        this.world.clock.advance(ms);
      },
      armPageMutation: (afterPage, apply) => this.pageMutations.push({ stepId, afterPage, apply }),
      fail: (reason) => {
        throw new StepFailure(reason);
      },
    };
    let note: string;
    try {
      note = run(ctx);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const frame = this.recorder.step(stepId, `step failed: ${error.message}`);
      if (throwOnFailure) {
        throw new ToolshiftError(
          'STEP_FAILED',
          `Step '${stepId}' failed: ${error.message}. The world is unchanged.`,
          {
            stepId,
            reason: error.message,
          },
        );
      }
      return frame;
    }
    const frame = this.recorder.step(stepId, note);
    for (const emit of emissions) emit();
    if (announce)
      this.announcements.announce({ copies: 1, ...(detectChange ? { audience: detectChange } : {}) });
    return frame;
  }

  private deliverAnnouncement(announcement: Announcement): void {
    for (let copy = 0; copy < announcement.copies; copy++) {
      this.engines.legacy.announceToolsChanged(announcement.audience);
      this.engines.modern.announceToolsChanged(announcement.audience);
    }
  }

  private activePrincipals(): Principal[] {
    return [
      ...this.engines.legacy.liveSessions().map((session) => session.principal),
      ...this.engines.modern.liveSubscriptions().map((subscription) => subscription.principal),
    ];
  }

  /** Runs triggered steps until none is due. A step that crashes is recorded and skipped: the server keeps serving. */
  private runDueSteps(): void {
    for (let due = this.scheduler.drain(); due.length > 0; due = this.scheduler.drain()) {
      for (const step of due) {
        try {
          this.applyStep(step, false);
        } catch (error) {
          this.recorder.step(step.id, `step crashed: ${(error as Error).message}`);
        }
      }
    }
  }
}

class StepFailure extends Error {}

/** The answer a held (hung or delayed) request gets when the server closes before it is released. */
const UNAVAILABLE: WireResponse = Object.freeze({
  status: 503,
  headers: {},
  reply: { kind: 'empty' as const },
});

function toolOf(classified: Classified & { kind: 'request' }): string | undefined {
  const name = classified.params?.name;
  return classified.method === 'tools/call' && typeof name === 'string' ? name : undefined;
}

/** Every fault kind a script's steps inject, with where. */
function scriptFaultUses(script: ScriptDocument): FaultUse[] {
  const uses: FaultUse[] = [];
  for (const [index, step] of (script.steps ?? []).entries()) {
    if (step.action.action === 'injectFault')
      uses.push({ kind: step.action.fault.kind, pointer: `/steps/${index}/action/fault/kind` });
  }
  return uses;
}
