import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { EraEngine, EraOutcome } from './eras/era.js';
import { createEraEngines, detectEra } from './eras/index.js';
import { type Classified, parseBody } from './eras/json-rpc.js';
import { refuse } from './eras/responses.js';
import { WireErrorCode } from './eras/wire-error.js';
import { ToolshiftError } from './errors/toolshift-error.js';
import type { WireRequest } from './exchange/wire-request.js';
import type { WireResponse } from './exchange/wire-response.js';
import { type ActionContext, applyAction, type ScriptAction } from './script/actions/index.js';
import { parseScript } from './script/parse-script.js';
import type { ScriptDocument, ScriptStep } from './script/script-document.js';
import { StepScheduler } from './script/step-scheduler.js';
import { DisabledTranscript } from './transcript/disabled-transcript.js';
import { InMemoryTranscript } from './transcript/in-memory-transcript.js';
import { type FrameContext, Recorder } from './transcript/recorder.js';
import type { Transcript } from './transcript/transcript.js';
import type { Era, TranscriptFrame } from './transcript/transcript-frame.js';
import type { CatalogSnapshot } from './world/catalog.js';
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
   * an internal failure becomes HTTP 500 with -32603.
   */
  handle(request: WireRequest): Promise<WireResponse>;
  /**
   * Applies a step now: a script step id, a step object, or a bare action. Records a `step` frame
   * (with the new catalog revision) before any notification the action emits.
   * @throws {ToolshiftError} SCRIPT_UNKNOWN_STEP when `step` is an id the script does not define.
   * @throws {ToolshiftError} STEP_FAILED when the action cannot run (nothing changes).
   */
  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame;
  /** Advances the logical clock by `ms`, firing `atTick` steps that became due. Returns the new time (ms). */
  advanceClock(ms: number): number;
  /** Logical time, ms. */
  now(): number;
  /**
   * Resolves with the first frame (past or future) matching `predicate`.
   * @throws {ToolshiftError} WAIT_TIMED_OUT when none matches within `timeoutMs`.
   */
  waitFor(predicate: (frame: TranscriptFrame) => boolean, options?: WaitForOptions): Promise<TranscriptFrame>;
  /** Number of open long-lived streams (legacy GET + modern listen). */
  openStreamCount(): number;
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
  const doc = parseScript(structuredClone(script));
  if (options.seed !== undefined) doc.seed = options.seed;
  return new FakeServerImpl(doc, options);
}

class FakeServerImpl implements FakeServer {
  readonly transcript: Transcript;
  private world!: World;
  private engines!: {
    legacy: EraEngine & { hasConnectionSession(id: string | undefined): boolean };
    modern: EraEngine;
  };
  private scheduler!: StepScheduler;
  private readonly recorder: Recorder;
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

  openStreamCount(): number {
    return this.engines.legacy.openStreamCount() + this.engines.modern.openStreamCount();
  }

  async handle(request: WireRequest): Promise<WireResponse> {
    try {
      return this.dispatch(request);
    } catch (error) {
      this.recorder.note(`internal error: ${(error as Error).message}`, { transport: request.transport });
      return refuse({ status: 500, code: WireErrorCode.InternalError, message: 'Internal error' }).response;
    } finally {
      this.runDueSteps();
    }
  }

  apply(step: string | ScriptStep | ScriptAction): TranscriptFrame {
    const resolved = this.resolveStep(step);
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
    this.engines.modern.shutdown(mode);
    this.engines.legacy.shutdown(mode);
  }

  private build(): void {
    this.world = new World(this.script, this.recorder);
    this.engines = createEraEngines(this.world);
    this.scheduler = new StepScheduler(this.script.steps ?? []);
    this.unsubscribeScheduler = this.transcript.subscribe((frame) => this.scheduler.observe(frame));
    this.world.clock.onAdvance((now) => this.scheduler.tick(now));
    for (const step of this.scheduler.startSteps()) {
      this.scheduler.markFired(step.id);
      this.applyStep(step, false);
    }
    this.runDueSteps();
  }

  private dispatch(request: WireRequest): WireResponse {
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
        const message =
          parsed.reason === 'parse-error'
            ? `Parse error: ${parsed.detail}`
            : `Invalid Request: ${parsed.detail}`;
        const outcome = refuse({ status: 400, code, message }, parsed.id);
        this.recorder.outbound(frame, outcome.response);
        return outcome.response;
      }
      classified = parsed.classified;
      message = parsed.message;
    }
    const era = detectEra(request, classified, eras, hasConnectionSession);
    const principal = 'anonymous';
    const frame: FrameContext = { era, transport: request.transport, streamId, principal };
    const headerSession = era === 'legacy' ? request.headers['mcp-session-id'] : undefined;
    this.recorder.inbound(
      headerSession ? { ...frame, sessionId: headerSession } : frame,
      request,
      message ? { message } : {},
    );
    const engine = era === 'legacy' ? this.engines.legacy : this.engines.modern;
    const outcome: EraOutcome = engine.handle({
      request,
      frame,
      principal,
      ...(classified ? { classified } : {}),
    });
    this.recorder.outbound(
      outcome.sessionId ? { ...frame, sessionId: outcome.sessionId } : frame,
      outcome.response,
    );
    if (classified?.kind === 'request' && outcome.response.status < 400) {
      this.scheduler.requestAnswered(classified.method);
      if (outcome.pageServed !== undefined) this.scheduler.pageServed(outcome.pageServed);
    }
    return outcome.response;
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
    let announce = false;
    const ctx: ActionContext = {
      mutateCatalog: (change, notify) => {
        this.world.catalog.mutate(change);
        if (notify !== false) announce = true;
      },
      fail: (reason) => {
        throw new StepFailure(reason);
      },
    };
    let note: string;
    try {
      note = applyAction(step.action, ctx);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const frame = this.recorder.step(step.id, `step failed: ${error.message}`);
      if (throwOnFailure) {
        throw new ToolshiftError(
          'STEP_FAILED',
          `Step '${step.id}' failed: ${error.message}. The world is unchanged.`,
          {
            stepId: step.id,
            reason: error.message,
          },
        );
      }
      return frame;
    }
    const frame = this.recorder.step(step.id, note);
    if (announce) {
      this.engines.legacy.announceToolsChanged();
      this.engines.modern.announceToolsChanged();
    }
    return frame;
  }

  private runDueSteps(): void {
    for (let due = this.scheduler.drain(); due.length > 0; due = this.scheduler.drain()) {
      for (const step of due) this.applyStep(step, false);
    }
  }
}

class StepFailure extends Error {}
