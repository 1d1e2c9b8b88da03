import type { ScriptAnswer, ScriptDocument, ScriptStep, TranscriptFrame } from '@toolshift/fake-server';
import type { RecordedEvent, SessionRecording } from '@toolshift/fake-server/proxy';
import type { ClientAction } from '../client-action.js';
import type { Scenario, ScenarioCheck, ScenarioTransport } from '../scenario.js';
import { catalogDiff } from './catalog-diff.js';

/** Methods the proxy's own world answers: never turned into scripted answers. */
const WORLD_METHODS = new Set([
  'initialize',
  'server/discover',
  'ping',
  'tools/list',
  'subscriptions/listen',
]);

type ClientFrame = Omit<TranscriptFrame, 'wallTimeMs'>;
type Catalog = Extract<RecordedEvent, { side: 'catalog' }>;
type Message = {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** Options for {@link scenarioFromRecording}. */
export interface FromRecordingOptions {
  /** The scenario id (default: `recorded-<server name>`). */
  id?: string;
}

/**
 * Turns a recorded proxy session into a scenario whose fake server answers as the upstream did:
 * the tool list the host was first served is the catalog, each later list is one `changeCatalog`
 * step (a change that landed between two pages of a listing fires `betweenPages` there, so a
 * recorded race replays deterministically; any other is applied by the client actions at the point
 * of the session where it happened), the upstream's paging, freshness and identity are the
 * server's, and every answer the upstream gave to a relayed request (`tools/call` results and
 * errors included) is a scripted answer for the same request. The client repeats the session:
 * connect, each `tools/call` it made, in order, settling after each change. The checks default to
 * "the client ends with the upstream's final catalog" (`registry.matches-final-catalog`), and, when
 * the catalog changed and the server announces changes, that the client re-listed after the signal.
 * The recorded logical clock is kept: before a call or a change the recording shows at a later
 * logical time, the server's clock is advanced to it (wall-clock timing stays in the recording).
 * @throws {Error} when the recording holds no catalog (not a proxy recording).
 */
export function scenarioFromRecording(
  recording: SessionRecording,
  options: FromRecordingOptions = {},
): Scenario {
  const events = recording.events;
  const catalogs = events.filter((event): event is Catalog => event.side === 'catalog');
  if (catalogs.length === 0)
    throw new Error('the recording holds no served tool list: record it with toolshift proxy --record');
  const frames = events.flatMap((event) => (event.side === 'client' ? [event.frame] : []));
  const requests = frames.filter((frame) => frame.direction === 'in' && isRequest(frame.message));
  const firstListing = events.findIndex(
    (event) => event.side === 'client' && event.frame.direction === 'out' && answersList(event.frame, frames),
  );
  // The list the host was first served: the last one before its first listing was answered.
  let initialIndex = 0;
  for (const [index, catalog] of catalogs.entries())
    if (firstListing < 0 || events.indexOf(catalog) < firstListing) initialIndex = index;
  const initial = catalogs[initialIndex]!;
  const steps: ScriptStep[] = [];
  const clientActions: ClientAction[] = [{ do: 'connect' }, { do: 'settle' }];
  const answers: ScriptAnswer[] = [];
  const callCounts = new Map<string, number>();
  const methodCounts = new Map<string, number>();
  let previous = initial.tools;
  let listing = { page: 0, open: false };
  // The proxy's logical clock as the recording left it: the scenario's server clock follows it.
  let tick = 0;
  let lastTick = 0;
  const catchUpClock = () => {
    if (tick > lastTick) clientActions.push({ do: 'advance-clock', ms: tick - lastTick });
    lastTick = tick;
  };
  const initialPosition = events.indexOf(initial);
  for (const [position, event] of events.entries()) {
    if (event.side === 'catalog' && position > initialPosition) {
      const changes = catalogDiff(previous as never, event.tools as never);
      previous = event.tools;
      if (changes.length === 0) continue;
      const id = `change-${steps.length + 1}`;
      if (listing.open) {
        steps.push({
          id,
          trigger: { betweenPages: listing.page },
          action: { action: 'changeCatalog', changes },
        });
      } else {
        steps.push({ id, action: { action: 'changeCatalog', changes } });
        catchUpClock();
        clientActions.push({ do: 'step', step: id }, { do: 'settle' });
      }
      continue;
    }
    if (event.side !== 'client') continue;
    const frame = event.frame;
    tick = Math.max(tick, frame.tick);
    const message = frame.message as Message | undefined;
    if (frame.direction === 'out' && answersList(frame, frames)) {
      const next = message?.result?.nextCursor;
      listing = { page: listing.open ? listing.page + 1 : 1, open: typeof next === 'string' };
      continue;
    }
    if (frame.direction !== 'in' || !isRequest(message) || position < initialPosition) continue;
    const method = message.method!;
    if (method === 'tools/list' && message.params?.cursor === undefined) listing = { page: 0, open: false };
    if (WORLD_METHODS.has(method)) continue;
    const answer = answerTo(frame, frames);
    if (method === 'tools/call') {
      const tool = String(message.params?.name ?? '');
      const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
      const nth = (callCounts.get(tool) ?? 0) + 1;
      callCounts.set(tool, nth);
      catchUpClock();
      clientActions.push({ do: 'call', tool, arguments: args });
      if (answer)
        answers.push({
          method,
          tool,
          requests: [nth],
          arguments: args,
          ...answerOf(answer, true),
        } as ScriptAnswer);
      continue;
    }
    const nth = (methodCounts.get(method) ?? 0) + 1;
    methodCounts.set(method, nth);
    if (answer) answers.push({ method, requests: [nth], ...answerOf(answer, false) } as ScriptAnswer);
  }
  if (clientActions[clientActions.length - 1]?.do !== 'settle') clientActions.push({ do: 'settle' });
  const server = { ...(recording.settings.server ?? {}) } as NonNullable<ScriptDocument['server']>;
  delete server.eras;
  const script: ScriptDocument = {
    toolshiftScript: 1,
    name: `recorded from ${recording.upstream}`,
    description: `Replays a session recorded by toolshift proxy on ${recording.startedAt}.`,
    server,
    catalog: { tools: initial.tools as never },
    ...(recording.settings.pagination ? { pagination: recording.settings.pagination } : {}),
    ...(recording.settings.freshness ? { freshness: recording.settings.freshness } : {}),
    ...(answers.length ? { answers } : {}),
    ...(steps.length ? { steps } : {}),
  };
  const announces = server.toolsListChanged !== false;
  const checks: ScenarioCheck[] = [{ invariant: 'registry.matches-final-catalog' }];
  if (steps.length > 0 && announces) checks.push({ invariant: 'change.relists-after-signal' });
  const eras = [
    ...new Set(requests.map((frame) => frame.era).filter((era) => era === 'legacy' || era === 'modern')),
  ];
  const transports = [
    ...new Set(requests.map((frame) => frame.transport).filter((t): t is ScenarioTransport => t !== 'msw')),
  ];
  return {
    toolshiftScenario: 1,
    id: options.id ?? `recorded-${slug(recording.profile.name)}`,
    title: `The client ends with the catalog ${recording.profile.name} ${recording.profile.version} served in a recorded session (${steps.length} change${steps.length === 1 ? '' : 's'}).`,
    eras: eras.length ? eras : ['dual'],
    transports: transports.length ? transports : ['http'],
    servers: [{ id: slug(recording.profile.name) || 'upstream', script }],
    clientActions,
    checks,
  };
}

function isRequest(message: unknown): message is Message & { method: string; id: string | number } {
  const m = message as Message | undefined;
  return typeof m?.method === 'string' && m.id !== undefined;
}

/** The `out` frame answering the request of an `in` frame (same stream and id). */
function answerTo(request: ClientFrame, frames: readonly ClientFrame[]): Message | undefined {
  const id = (request.message as Message).id;
  const found = frames.find(
    (frame) =>
      frame.seq > request.seq &&
      frame.direction === 'out' &&
      frame.streamId === request.streamId &&
      (frame.message as Message | undefined)?.id === id &&
      !('method' in (frame.message as object)),
  );
  return found?.message as Message | undefined;
}

/** Whether an `out` frame answers a `tools/list` request. */
function answersList(frame: ClientFrame, frames: readonly ClientFrame[]): boolean {
  const message = frame.message as Message | undefined;
  if (
    !message ||
    message.method !== undefined ||
    message.id === undefined ||
    !Array.isArray(message.result?.tools)
  )
    return false;
  return frames.some(
    (other) =>
      other.seq < frame.seq &&
      other.direction === 'in' &&
      other.streamId === frame.streamId &&
      (other.message as Message | undefined)?.id === message.id &&
      (other.message as Message | undefined)?.method === 'tools/list',
  );
}

/** A scripted answer's `result` or `error` from a recorded answer (a call result without the era's wrapping). */
function answerOf(message: Message, call: boolean): Pick<ScriptAnswer, 'result' | 'error'> {
  if (message.error) {
    const { code, message: text, data } = message.error;
    return { error: { code, message: text, ...(data !== undefined ? { data } : {}) } } as never;
  }
  const { resultType: _type, _meta, ...result } = message.result ?? {};
  if (call && result.structuredContent === undefined)
    return { result: { ...result, structured: 'omit' } } as never;
  return { result } as never;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
