import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { UpstreamStream } from './upstream-channel.js';
import type { UpstreamLink, UpstreamSession } from './upstream-link.js';
import type { UpstreamProfile } from './upstream-profile.js';

/** Consecutive failed (re)opens after which the proxy stops watching (listings still re-read the upstream). */
const MAX_REOPENS = 10;

/** A running watch on the upstream's tool-list changes. */
export interface UpstreamWatch {
  /** How the watch listens: a modern `subscriptions/listen`, the legacy stream, or not at all (and why). */
  readonly mode: 'listen' | 'legacy-stream' | 'none';
  /** True while the change stream is open (the upstream can tell the proxy of a change right away). */
  live(): boolean;
  /** Resolves `true` once the change stream first opened, `false` when there is none or it never opened. */
  readonly opened: Promise<boolean>;
  stop(): void;
}

/**
 * Follows the upstream's tool-list changes, when it advertises `tools.listChanged`: a modern
 * `subscriptions/listen` for `toolsListChanged`, else the legacy control session's stream (the GET
 * stream over HTTP, the process's own channel over stdio). Each `list_changed` calls `onChange`;
 * so does every reopen after the stream dropped (changes in the gap are not replayed, §11.4).
 * Without `listChanged` nothing is watched: each listing's page 1 reads the upstream then (so it
 * does while the stream is down).
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2
 */
export function watchUpstream(
  link: UpstreamLink,
  profile: UpstreamProfile,
  control: UpstreamSession | undefined,
  onChange: () => void,
  note: (text: string) => void,
): UpstreamWatch {
  const modern = profile.eras.includes('modern') && listChanged(profile.discover?.capabilities);
  const legacy = control !== undefined && listChanged(profile.initialize?.capabilities);
  if (!modern && !legacy)
    return { mode: 'none', live: () => false, opened: Promise.resolve(false), stop: () => {} };
  let markOpened: (opened: boolean) => void = () => {};
  const opened = new Promise<boolean>((resolve) => {
    markOpened = resolve;
  });
  let stopped = false;
  let stream: UpstreamStream | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let open_ = false;
  const onMessage = (message: JSONRPCMessage) => {
    if ((message as { method?: string }).method === 'notifications/tools/list_changed') onChange();
  };
  const open = (): Promise<UpstreamStream> =>
    modern
      ? link.shared().openStream(
          {
            jsonrpc: '2.0',
            id: link.requestId(),
            method: 'subscriptions/listen',
            params: { _meta: link.modernMeta(), notifications: { toolsListChanged: true } },
          } as JSONRPCMessage,
          { headers: link.modernHeaders('subscriptions/listen'), timeoutMs: 10_000 },
          onMessage,
        )
      : control!.channel.openStream('get', link.legacyOptions(control!, { timeoutMs: 10_000 }), onMessage);
  const run = async (reopened: boolean): Promise<void> => {
    if (stopped) return;
    try {
      stream = await open();
      failures = 0;
      open_ = true;
      markOpened(true);
      if (reopened) onChange();
      await stream.closed;
      open_ = false;
      if (!stopped) note('the upstream closed the change stream; opening it again');
    } catch (error) {
      open_ = false;
      failures += 1;
      if (failures >= MAX_REOPENS) {
        note(
          `stopped watching the upstream for changes after ${failures} failures: ${(error as Error).message}`,
        );
        return;
      }
    }
    if (stopped) return;
    timer = setTimeout(() => void run(true), Math.min(10_000, 250 * 2 ** failures));
  };
  void run(false);
  return {
    mode: modern ? 'listen' : 'legacy-stream',
    live: () => open_ && !stopped,
    opened,
    stop: () => {
      stopped = true;
      markOpened(false);
      clearTimeout(timer);
      stream?.close();
    },
  };
}

function listChanged(capabilities: unknown): boolean {
  const tools = (capabilities as { tools?: { listChanged?: unknown } } | undefined)?.tools;
  return tools?.listChanged === true;
}
