import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { ScriptDocument } from '../script/script-document.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type { ToolDefinition } from '../world/tool-definition.js';
import type { UpstreamProfile } from './upstream-profile.js';

/** The session recording format version. */
export const SESSION_RECORDING_FORMAT = 1;

/**
 * What `toolshift proxy --record FILE` writes: every frame both ways with its time, secrets
 * redacted at record time. `client` events are the proxy's transcript (the host's side);
 * `upstream` events are what the proxy sent the real server and what came back; `catalog` events
 * give the tool list the host was served each time its catalog revision changed.
 */
export interface SessionRecording {
  toolshiftRecording: typeof SESSION_RECORDING_FORMAT;
  /** The upstream, described without credentials. */
  upstream: string;
  /** When recording started (ISO 8601). */
  startedAt: string;
  /** What the upstream said about itself (eras, identity, capabilities). */
  profile: UpstreamProfile;
  /** The settings the proxy served with: identity, eras, capabilities, paging, freshness. */
  settings: Pick<ScriptDocument, 'server' | 'pagination' | 'freshness'>;
  /** Every event, in the order it happened. */
  events: RecordedEvent[];
}

/** One event of a {@link SessionRecording}; `atMs` is wall time since recording started. */
export type RecordedEvent =
  | {
      atMs: number;
      side: 'client';
      /** A transcript frame of the proxy (without its wall time: `atMs` holds it). */
      frame: Omit<TranscriptFrame, 'wallTimeMs'>;
    }
  | {
      atMs: number;
      side: 'upstream';
      /** Which channel it travelled on (`shared`, `control`, `session <id>`). */
      channel: string;
      /** `out`: the proxy sent it; `in`: the upstream answered or streamed it. */
      direction: 'out' | 'in';
      message?: JSONRPCMessage;
      /** HTTP status of an answer. */
      status?: number;
      headers?: Record<string, string>;
      /** An answer that was not JSON-RPC. */
      raw?: string;
      /** The message travelled on a long-lived stream (listen, GET). */
      stream?: boolean;
      /** The exchange failed (unreachable, timeout). */
      error?: string;
    }
  | {
      atMs: number;
      side: 'catalog';
      /** The proxy's catalog revision from this point on. */
      catalogRevision: number;
      /** The tools served from this point on, in list order. */
      tools: ToolDefinition[];
    };
