import {
  type ExposedTool,
  INVARIANTS,
  type Invariant,
  type Observation,
  type RunRecord,
  type Verdict,
} from '@toolshift/assertions';
import { createFakeServer } from '@toolshift/fake-server';
import type { Scheduler } from 'fast-check';
import type { ClientAdapterFactory, ClientObserver } from '../adapters/client-adapter.js';
import { createInProcessFetch } from './in-process-fetch.js';
import { describeEvent, type TimelineEvent, type Trial, type TrialConnection } from './trial.js';
import { quiesce, VirtualTime } from './virtual-time.js';

/** The endpoint URL clients are given; nothing listens there, the in-process fetch answers it. */
export const TRIAL_ENDPOINT = 'http://toolshift.test/mcp';

/** Options of {@link runTrial}. */
export interface TrialOptions {
  /** Invariants to check (ids from `INVARIANTS`, or values). */
  invariants: ReadonlyArray<string | Invariant>;
  /** Most scheduled deliveries before the trial is cut short (default 4,000): a client in an endless loop ends here. */
  maxTasks?: number;
}

/** What a trial produced. */
export interface TrialRun {
  record: RunRecord;
  verdicts: Verdict[];
  /** fast-check task ids in the order they ran: with the trial, enough to replay it exactly. */
  schedule: number[];
  /** The same tasks' labels (what was delivered when), for reports. */
  path: string[];
  /** True when the task budget ran out (the client never went quiet). */
  exhausted: boolean;
  /** Set when a forced schedule (`fc.schedulerFor`) stopped fitting the run, with the scheduler's reason. */
  diverged?: string;
}

/**
 * Runs one trial: a fake server from `trial.script`, the client from `factory` reaching it through
 * the in-process fetch under virtual time, the timeline interleaved with every network delivery by
 * `scheduler` (`fc.scheduler()` to explore, `fc.schedulerFor(schedule)` to replay), then a settle
 * phase of virtual time, then the invariants over the transcript and the client's observations.
 * Deterministic: the same trial and the same scheduler choices give the same transcript.
 * Replaces `globalThis.fetch` and the timers while it runs; never run two at once.
 */
export async function runTrial(
  trial: Trial,
  factory: ClientAdapterFactory,
  scheduler: Scheduler,
  options: TrialOptions,
): Promise<TrialRun> {
  const maxTasks = options.maxTasks ?? 4000;
  const time = VirtualTime.install(trial.seed);
  const realFetch = globalThis.fetch;
  try {
    const server = createFakeServer(trial.script);
    globalThis.fetch = createInProcessFetch(server, {
      pass: (label) => scheduler.schedule(Promise.resolve(), label).then(() => undefined),
    });
    const observations: Observation[] = [];
    const note = (text: string) =>
      observations.push({ kind: 'note', afterSeq: server.transcript.lastSeq, text });
    const refused = new Set((trial.refuse ?? []).map((r) => `${r.serverId}\u0000${r.tool}`));
    let startTimeline = () => {};
    const observer: ClientObserver = {
      exposure: (tools: ExposedTool[]) => {
        observations.push({ kind: 'exposure', afterSeq: server.transcript.lastSeq, tools });
        if (trial.timelineFrom === 'first-exposure') startTimeline();
      },
      note,
      warning: (warning) =>
        observations.push({ kind: 'warning', afterSeq: server.transcript.lastSeq, ...warning }),
      approve: ({ serverId, toolName }) => !refused.has(`${serverId}\u0000${toolName}`),
      permission: (decision) =>
        observations.push({ kind: 'permission', afterSeq: server.transcript.lastSeq, ...decision }),
    };
    const adapter = factory.create();
    const connections = new Map(trial.connections.map((c) => [c.serverId, c]));
    const connect = (connection: TrialConnection) =>
      adapter
        .connect(
          {
            url: TRIAL_ENDPOINT,
            // In-process, like msw: a fetch-based client reaches the server with nothing listening.
            transport: { kind: 'msw', url: TRIAL_ENDPOINT },
            era: trial.era,
            serverId: connection.serverId,
            ...(connection.bearerToken !== undefined
              ? { bearerToken: connection.bearerToken, credentialProfileId: connection.principal }
              : {}),
            ...(connection.reuseCache ? { reuseCache: true } : {}),
          },
          observer,
        )
        .catch((error: unknown) =>
          note(`connect ${connection.serverId} failed: ${(error as Error).message}`),
        );

    const perform = async (event: TimelineEvent): Promise<void> => {
      switch (event.do) {
        case 'step':
          try {
            server.apply(event.step);
          } catch (error) {
            note(`step ${event.step} failed: ${(error as Error).message}`);
          }
          return;
        case 'advance':
          server.advanceClock(event.ms);
          await time.advance(event.ms);
          return;
        case 'connect': {
          const connection = connections.get(event.serverId);
          if (connection) void connect(connection);
          return;
        }
        case 'grant':
          adapter.grant?.(event.serverId, event.tool);
          observations.push({
            kind: 'permission',
            afterSeq: server.transcript.lastSeq,
            serverId: event.serverId,
            toolName: event.tool,
            granted: true,
            how: 'standing',
          });
          return;
        case 'call': {
          const startedAfterSeq = server.transcript.lastSeq;
          void adapter
            .callTool(event.tool, event.arguments, event.serverId)
            .catch((error: unknown) => ({ ok: false as const, error: (error as Error).message }))
            .then((outcome) =>
              observations.push({
                kind: 'call',
                afterSeq: server.transcript.lastSeq,
                startedAfterSeq,
                serverId: event.serverId,
                toolName: event.tool,
                arguments: event.arguments,
                outcome,
              }),
            );
          return;
        }
      }
    };

    let tasks = 0;
    let exhausted = false;
    let diverged: string | undefined;
    const drive = async () => {
      for (;;) {
        await quiesce();
        // With no timer due nothing ran since the last quiescence: waiting for another changes nothing.
        if (await time.runDue()) await quiesce();
        if (scheduler.count() === 0) return;
        if (++tasks > maxTasks) {
          exhausted = true;
          return;
        }
        try {
          await scheduler.waitOne();
        } catch (error) {
          // A replayed schedule that no longer fits (another client, changed code) ends here.
          diverged = (error as Error).message;
          exhausted = true;
          return;
        }
      }
    };

    for (const connection of trial.connections)
      if (connection.connectAtStart !== false) void connect(connection);
    startTimeline = () => {
      startTimeline = () => {};
      scheduler.scheduleSequence(
        trial.timeline.map((event, index) => ({
          label: `timeline#${index + 1} ${describeEvent(event)}`,
          builder: () => perform(event),
        })),
      );
    };
    if (trial.timelineFrom !== 'first-exposure') startTimeline();
    await drive();
    // Settle: let virtual time run to each timer due within the window (backoffs, reconnects, retries).
    const settleUntil = time.elapsedMs + (trial.settleMs ?? 12_000);
    for (;;) {
      const wait = time.nextTimerInMs();
      if (exhausted || wait === undefined || time.elapsedMs + wait > settleUntil) break;
      server.advanceClock(wait);
      await time.advance(wait);
      await drive();
    }
    if (diverged) note(`the scheduler stopped: ${diverged}`);
    else if (exhausted) note(`the trial was cut after ${maxTasks} deliveries: the client never went quiet`);
    let closed = false;
    const closing = adapter.close().then(
      () => {
        closed = true;
      },
      () => {
        closed = true;
      },
    );
    if (!exhausted) await drive();
    if (closed) await closing;
    else note('the client did not finish closing');
    const record: RunRecord = {
      era: trial.era,
      serverId: trial.connections[0]?.serverId ?? 'primary',
      transcript: server.transcript.frames,
      observations,
      finalCatalog: server.snapshot(),
      ...(trial.connections.length > 1
        ? { connections: trial.connections.map(({ serverId, principal }) => ({ serverId, principal })) }
        : {}),
    };
    const verdicts = options.invariants.map((entry) => {
      const invariant = typeof entry === 'string' ? INVARIANTS[entry] : entry;
      if (!invariant) throw new Error(`Unknown invariant ${String(entry)}`);
      return invariant.check(record);
    });
    const done = scheduler.report().filter((task) => task.status !== 'pending');
    return {
      record,
      verdicts,
      schedule: done.map((task) => task.taskId),
      path: done.map((task) => task.label),
      exhausted: exhausted && diverged === undefined,
      ...(diverged !== undefined ? { diverged } : {}),
    };
  } finally {
    globalThis.fetch = realFetch;
    time.uninstall();
  }
}
