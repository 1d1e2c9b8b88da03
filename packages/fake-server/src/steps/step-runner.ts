import type { EraEngines } from '../eras/era-engines.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ResponseHolds } from '../faults/response-holds.js';
import type { ExitProcessStep } from '../script/actions/exit-process.js';
import { type ActionContext, applyAction, type ScriptAction } from '../script/actions/index.js';
import type { ScriptDocument, ScriptStep } from '../script/script-document.js';
import type { StepScheduler } from '../script/step-scheduler.js';
import type { Recorder } from '../transcript/recorder.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type { AnnouncementQueue } from '../world/announcement-queue.js';
import { LIST_KINDS, LIST_SPECS, type ListFamily, type ListKind } from '../world/list-kind.js';
import type { ListItems } from '../world/lists.js';
import type { Principal } from '../world/principal.js';
import type { ToolDefinition } from '../world/tool-definition.js';
import type { World } from '../world/world.js';

/** What the step runner acts on: the live world and the parts of the server around it. */
export interface StepRunnerParts {
  /** Ends the server process (when it runs as one); absent in-process. */
  exitProcess?: (step: ExitProcessStep) => void;
  world: World;
  engines: EraEngines;
  recorder: Recorder;
  scheduler: StepScheduler;
  announcements: AnnouncementQueue;
  holds: ResponseHolds;
}

/**
 * Makes one committed tool-list change again on `tools` (a working copy, changed in place); throws
 * when the change cannot apply there (e.g. it renames a tool `tools` lacks).
 */
export type ToolListReplay = (tools: Map<string, ToolDefinition>) => void;

/** An action that aborted itself through `ActionContext.fail`. */
class StepFailure extends Error {}

/** A list change armed by `mutateBetweenPages`, waiting for page `afterPage` of `list`. */
interface PageMutation {
  stepId: string;
  afterPage: number;
  list: ListKind;
  apply: (ctx: ActionContext) => string;
}

/**
 * Applies script steps to the world: resolves a step by id (or takes a step or bare action), runs
 * its action through an {@link ActionContext}, records a `step` frame before anything the action
 * sends, announces catalog changes, and runs the steps that triggers made due until none is left.
 * Page mutations armed by `mutateBetweenPages` run here too, right after their page is served.
 */
export class StepRunner {
  private pageMutations: PageMutation[] = [];
  /** The last page served of each list's current enumeration (0 before any, or once a listing restarts). */
  private readonly lastPage = new Map<ListKind, number>();
  /** Page mutations armed for a page that was just served: they run right after the step that armed them. */
  private dueNow: PageMutation[] = [];
  /** Waiters for steps that have not run yet, by step id. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Steps that ran (applied, failed or crashed), by id. */
  private readonly ran = new Set<string>();
  /** The trigger of the step being applied (a `betweenPages` trigger arms page mutations for now). */
  private currentTrigger: ScriptStep['trigger'];
  private readonly toolListListeners = new Set<(replay: ToolListReplay) => void>();

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
   * Calls `listener` after every committed change of the tool list a step made, with a function
   * that makes the same change again on another copy of the list (a proxy replays its overlay on
   * the upstream's newer catalog). Returns the function that removes it.
   */
  onToolListChange(listener: (replay: ToolListReplay) => void): () => void {
    this.toolListListeners.add(listener);
    return () => this.toolListListeners.delete(listener);
  }

  /** Resolves once the step with this id ran (at once when it already has). */
  whenRan(stepId: string): Promise<void> {
    if (this.ran.has(stepId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.waiting.get(stepId) ?? [];
      waiters.push(resolve);
      this.waiting.set(stepId, waiters);
    });
  }

  /**
   * Runs one step's action; records the step, then announces the change.
   * @throws {ToolshiftError} STEP_FAILED when the action fails and `throwOnFailure` (nothing changes).
   */
  applyStep(step: ScriptStep, throwOnFailure: boolean): TranscriptFrame {
    this.parts.scheduler.markFired(step.id);
    const outer = this.currentTrigger;
    this.currentTrigger = step.trigger;
    try {
      return this.runAction(step.id, (ctx) => applyAction(step.action, ctx), throwOnFailure);
    } finally {
      this.currentTrigger = outer;
      this.ran.add(step.id);
      for (const resolve of this.waiting.get(step.id) ?? []) resolve();
      this.waiting.delete(step.id);
    }
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

  /**
   * Page `page` of a listing of `list` was served: fires `betweenPages` triggers and the page
   * mutations armed for it.
   */
  pageServed(page: number, list: ListKind = 'tools'): void {
    this.lastPage.set(list, page);
    this.parts.scheduler.pageServed(page, list);
    const due = this.pageMutations.filter((entry) => entry.afterPage === page && entry.list === list);
    if (due.length === 0) return;
    this.pageMutations = this.pageMutations.filter((entry) => !due.includes(entry));
    for (const entry of due) this.runPageMutation(entry);
  }

  /** The page mutations still waiting for their page (a run ends with them unfired: evidence for reports). */
  pendingPageMutations(): Array<{ stepId: string; afterPage: number; list: ListKind }> {
    return this.pageMutations.map(({ stepId, afterPage, list }) => ({ stepId, afterPage, list }));
  }

  private runPageMutation(entry: PageMutation): void {
    this.runAction(`${entry.stepId}@page${entry.afterPage}`, entry.apply, false);
  }

  private runAction(
    stepId: string,
    run: (ctx: ActionContext) => string,
    throwOnFailure: boolean,
  ): TranscriptFrame {
    const { world, engines, recorder, announcements, holds } = this.parts;
    const announce = new Set<ListFamily>();
    // Sent once the step frame is recorded, like announcements (the step comes first in the transcript).
    const emissions: Array<() => void> = [];
    const detectChange =
      world.settings.notifications.audience === 'affected'
        ? viewChangeDetectors(world, engines.activePrincipals())
        : undefined;
    const mutateLists: ActionContext['mutateLists'] = (change, notify) => {
      const working = new Map<ListKind, Map<string, unknown>>();
      change({
        of: <K extends ListKind>(kind: K) => {
          let entries = working.get(kind);
          if (!entries) {
            const list = world.lists.of(kind);
            entries = new Map(list.items().map((item) => [list.keyOf(item as never), item]));
            working.set(kind, entries);
          }
          return entries as Map<string, ListItems[K]>;
        },
      });
      for (const [kind, entries] of working) {
        world.lists.of(kind).mutate((target) => {
          target.clear();
          for (const [key, item] of entries) target.set(key, item as never);
        });
        if (notify !== false) announce.add(LIST_SPECS[kind].family);
      }
      if (working.has('tools') && this.toolListListeners.size > 0) {
        const replay: ToolListReplay = (tools) =>
          change({
            of: <K extends ListKind>(kind: K) =>
              (kind === 'tools'
                ? tools
                : new Map(
                    world.lists
                      .of(kind)
                      .items()
                      .map((item) => [world.lists.of(kind).keyOf(item as never), item]),
                  )) as Map<string, ListItems[K]>,
          });
        for (const listener of this.toolListListeners) listener(replay);
      }
    };
    const ctx: ActionContext = {
      world,
      stepId,
      mutateLists,
      mutateCatalog: (change, notify) => mutateLists((lists) => change(lists.of('tools')), notify),
      announceListChanged: (family, copies) => announcements.announce({ family, copies }),
      announceToolsChanged: (copies) => announcements.announce({ copies }),
      resourceUpdated: (uri) => {
        emissions.push(() => engines.announceResourceUpdated(uri));
      },
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
      exitProcess: (step) => {
        emissions.push(() => this.parts.exitProcess?.(step));
      },
      advanceClock: (ms) => {
        world.clock.advance(ms);
      },
      armPageMutation: (afterPage, apply, list = 'tools') => {
        const entry = { stepId, afterPage, list, apply };
        // Armed by a betweenPages trigger for the page just served: between that page and the next is now.
        const trigger = this.currentTrigger;
        const armedNow =
          trigger !== undefined &&
          'betweenPages' in trigger &&
          trigger.betweenPages === afterPage &&
          (trigger.list ?? 'tools') === list &&
          this.lastPage.get(list) === afterPage;
        if (armedNow) this.dueNow.push(entry);
        else this.pageMutations.push(entry);
      },
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
    for (const family of LIST_FAMILIES_IN_ORDER) {
      if (!announce.has(family)) continue;
      const audience = detectChange?.(family);
      announcements.announce({ family, copies: 1, ...(audience ? { audience } : {}) });
    }
    const now = this.dueNow.splice(0);
    for (const entry of now) this.runPageMutation(entry);
    return frame;
  }
}

const LIST_FAMILIES_IN_ORDER: readonly ListFamily[] = ['tools', 'resources', 'prompts'];

/**
 * What each of `principals` sees now in every list; the returned function gives, per family, a
 * test of whether a principal's view of that family's lists changed since.
 */
function viewChangeDetectors(
  world: World,
  principals: readonly Principal[],
): (family: ListFamily) => (principal: Principal) => boolean {
  const detectors = LIST_KINDS.map((kind) => ({
    family: LIST_SPECS[kind].family,
    changed: world.pager(kind).viewChangeDetector(principals),
  }));
  return (family) => (principal) =>
    detectors.some((detector) => detector.family === family && detector.changed(principal));
}
