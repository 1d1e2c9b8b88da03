import type { EraEngines } from '../eras/era-engines.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ResponseHolds } from '../faults/response-holds.js';
import { type ActionContext, applyAction, type ScriptAction } from '../script/actions/index.js';
import type { ScriptDocument, ScriptStep } from '../script/script-document.js';
import type { StepScheduler } from '../script/step-scheduler.js';
import type { Recorder } from '../transcript/recorder.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type { AnnouncementQueue } from '../world/announcement-queue.js';
import type { World } from '../world/world.js';

/** What the step runner acts on: the live world and the parts of the server around it. */
export interface StepRunnerParts {
  world: World;
  engines: EraEngines;
  recorder: Recorder;
  scheduler: StepScheduler;
  announcements: AnnouncementQueue;
  holds: ResponseHolds;
}

/** An action that aborted itself through `ActionContext.fail`. */
class StepFailure extends Error {}

/**
 * Applies script steps to the world: resolves a step by id (or takes a step or bare action), runs
 * its action through an {@link ActionContext}, records a `step` frame before anything the action
 * sends, announces catalog changes, and runs the steps that triggers made due until none is left.
 * Page mutations armed by `mutateBetweenPages` run here too, right after their page is served.
 */
export class StepRunner {
  private pageMutations: Array<{ stepId: string; afterPage: number; apply: (ctx: ActionContext) => string }> =
    [];

  constructor(
    private readonly script: ScriptDocument,
    private readonly parts: StepRunnerParts,
  ) {}

  /** Runs the `atStart` steps (and whatever they make due). */
  start(): void {
    for (const step of this.parts.scheduler.startSteps()) {
      this.parts.scheduler.markFired(step.id);
      this.applyStep(step, false);
    }
    this.runDue();
  }

  /**
   * The step a caller means: a script step by id, a step object, or a bare action (given an ad-hoc
   * id `adhoc-<action>-<n>`).
   * @throws {ToolshiftError} SCRIPT_UNKNOWN_STEP when `step` is an id the script does not define.
   */
  resolve(step: string | ScriptStep | ScriptAction): ScriptStep {
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
      return { id: this.parts.world.nextId(`adhoc-${step.action}`), action: step as ScriptAction };
    }
    return step as ScriptStep;
  }

  /**
   * Runs one step's action; records the step, then announces the change.
   * @throws {ToolshiftError} STEP_FAILED when the action fails and `throwOnFailure` (nothing changes).
   */
  applyStep(step: ScriptStep, throwOnFailure: boolean): TranscriptFrame {
    this.parts.scheduler.markFired(step.id);
    return this.runAction(step.id, (ctx) => applyAction(step.action, ctx), throwOnFailure);
  }

  /** Runs triggered steps until none is due. A step that crashes is recorded and skipped: the server keeps serving. */
  runDue(): void {
    const { scheduler, recorder } = this.parts;
    for (let due = scheduler.drain(); due.length > 0; due = scheduler.drain()) {
      for (const step of due) {
        try {
          this.applyStep(step, false);
        } catch (error) {
          recorder.step(step.id, `step crashed: ${(error as Error).message}`);
        }
      }
    }
  }

  /** Page `page` of a listing was served: fires `betweenPages` triggers and the page mutations armed for it. */
  pageServed(page: number): void {
    this.parts.scheduler.pageServed(page);
    const due = this.pageMutations.filter((entry) => entry.afterPage === page);
    if (due.length === 0) return;
    this.pageMutations = this.pageMutations.filter((entry) => entry.afterPage !== page);
    for (const entry of due) this.runAction(`${entry.stepId}@page${page}`, entry.apply, false);
  }

  private runAction(
    stepId: string,
    run: (ctx: ActionContext) => string,
    throwOnFailure: boolean,
  ): TranscriptFrame {
    const { world, engines, recorder, announcements, holds } = this.parts;
    let announce = false;
    // Sent once the step frame is recorded, like announcements (the step comes first in the transcript).
    const emissions: Array<() => void> = [];
    const detectChange =
      world.settings.notifications.audience === 'affected'
        ? world.lister.viewChangeDetector(engines.activePrincipals())
        : undefined;
    const ctx: ActionContext = {
      world,
      stepId,
      mutateCatalog: (change, notify) => {
        world.catalog.mutate(change);
        if (notify !== false) announce = true;
      },
      announceToolsChanged: (copies) => announcements.announce({ copies }),
      emitNotification: (method, params) => {
        emissions.push(() => engines.sendNotification(method, params));
      },
      endStreams: (kind, mode) => engines.endStreams(kind, mode),
      expireSessions: (sessionId) => engines.legacy.expireSession(sessionId),
      restart: (tools, mode) => {
        holds.cancelAll();
        announcements.clear();
        engines.shutdown(mode);
        if (tools) world.catalog.replaceAll(tools);
      },
      advanceClock: (ms) => {
        world.clock.advance(ms);
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
      const frame = recorder.step(stepId, `step failed: ${error.message}`);
      if (throwOnFailure) {
        throw new ToolshiftError(
          'STEP_FAILED',
          `Step '${stepId}' failed: ${error.message}. The world is unchanged.`,
          { stepId, reason: error.message },
        );
      }
      return frame;
    }
    const frame = recorder.step(stepId, note);
    for (const emit of emissions) emit();
    if (announce) announcements.announce({ copies: 1, ...(detectChange ? { audience: detectChange } : {}) });
    return frame;
  }
}
