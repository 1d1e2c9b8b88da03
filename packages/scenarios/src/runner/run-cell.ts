import {
  type ExposedTool,
  fail,
  INVARIANTS,
  type Observation,
  type RunRecord,
  type Verdict,
} from '@toolshift/assertions';
import { createFakeServer, type Era } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import type { ClientAction, Scenario } from '../scenario.js';
import type { CellResult } from './cell.js';
import { settle } from './settle.js';

/** Bounds for one cell, in ms of wall time. */
export interface CellOptions {
  /** Upper bound for each `settle` action (default 4000). */
  settleTimeoutMs?: number;
  /** Upper bound for each client action (connect, call; default 15000). */
  actionTimeoutMs?: number;
  /** Seed override for the script. */
  seed?: number;
}

const SERVER_ID = 'primary';

/**
 * Runs one scenario in one era against one client over loopback HTTP: starts a fake server from
 * the scenario's script, drives the client through the scenario's actions, then checks every named
 * invariant over the transcript and the client's observations. Never throws for a misbehaving
 * client: connection failures and hung actions become failing verdicts.
 */
export async function runCell(
  scenario: Scenario,
  era: Era,
  factory: ClientAdapterFactory,
  options: CellOptions = {},
): Promise<Omit<CellResult, 'status' | 'baselineReason'>> {
  const started = Date.now();
  const server = createFakeServer(scenario.script, options.seed !== undefined ? { seed: options.seed } : {});
  const http = await startHttpTransport(server);
  const observations: Observation[] = [];
  const runnerVerdicts: Verdict[] = [];
  let latest: ExposedTool[] | undefined;
  const exposureListeners = new Set<() => void>();
  const adapter = factory.create();
  const observer = {
    exposure: (tools: ExposedTool[]) => {
      latest = tools;
      observations.push({ kind: 'exposure', afterSeq: server.transcript.lastSeq, tools });
      for (const listener of exposureListeners) listener();
    },
    note: (text: string) => observations.push({ kind: 'note', afterSeq: server.transcript.lastSeq, text }),
  };
  const actionTimeoutMs = options.actionTimeoutMs ?? 15_000;

  const perform = async (action: ClientAction): Promise<boolean> => {
    switch (action.do) {
      case 'connect':
        await bounded(
          adapter.connect({ url: http.url, era, serverId: SERVER_ID }, observer),
          actionTimeoutMs,
          'connect',
        );
        return true;
      case 'settle': {
        const outcome = await settle(
          server,
          () => latest,
          (listener) => {
            exposureListeners.add(listener);
            return () => exposureListeners.delete(listener);
          },
          SERVER_ID,
          { timeoutMs: options.settleTimeoutMs ?? 4000 },
        );
        if (!outcome.settled) observer.note(`settle timed out: ${outcome.reason}`);
        return true;
      }
      case 'step':
        server.apply(action.step);
        return true;
      case 'call': {
        const args = action.arguments ?? {};
        const outcome = await bounded(
          adapter.callTool(action.tool, args),
          actionTimeoutMs,
          `call ${action.tool}`,
        );
        observations.push({
          kind: 'call',
          afterSeq: server.transcript.lastSeq,
          serverId: SERVER_ID,
          toolName: action.tool,
          arguments: args,
          outcome,
        });
        return true;
      }
    }
  };

  let rawError: string | undefined;
  for (const action of scenario.clientActions) {
    try {
      await perform(action);
    } catch (error) {
      const message = (error as Error).message;
      observer.note(`${action.do} failed: ${message}`);
      if (action.do === 'connect') {
        runnerVerdicts.push(
          fail('runner.client-connected', `The client failed to connect: ${message}`, [
            { seq: server.transcript.lastSeq, note: 'last frame before the failure' },
          ]),
        );
      } else if (action.do === 'step') {
        rawError = `step ${action.step} failed: ${message}`;
      } else {
        runnerVerdicts.push(fail('runner.action-completed', `${action.do} did not complete: ${message}`, []));
      }
      if (action.do === 'connect' || action.do === 'step') break;
    }
  }
  await bounded(adapter.close(), actionTimeoutMs, 'close').catch((error) =>
    observer.note(`close failed: ${(error as Error).message}`),
  );
  await http.close();

  const record: RunRecord = {
    era,
    serverId: SERVER_ID,
    transcript: server.transcript.frames,
    observations,
    finalCatalog: server.snapshot(),
  };
  const verdicts = [
    ...runnerVerdicts,
    ...scenario.invariants.map((id) => {
      const invariant = INVARIANTS[id];
      if (!invariant) throw new Error(`Scenario ${scenario.id} names unknown invariant ${id}`);
      return invariant.check(record);
    }),
  ];
  const firstFailure = verdicts.find((verdict) => verdict.status === 'fail');
  return {
    scenarioId: scenario.id,
    era,
    transport: 'http',
    client: factory.name,
    rawStatus: rawError ? 'error' : firstFailure ? 'fail' : 'pass',
    verdicts,
    ...(firstFailure ? { firstFailure } : {}),
    transcript: record.transcript,
    observations,
    durationMs: Date.now() - started,
  };
}

async function bounded<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
