import { rename, writeFile } from 'node:fs/promises';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { FakeServer } from '../fake-server.js';
import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type { SecretRedactor } from './redact-secrets.js';
import type { RecordedEvent, SessionRecording } from './session-recording.js';
import type {
  UpstreamChannel,
  UpstreamReply,
  UpstreamSendOptions,
  UpstreamStream,
} from './upstream-channel.js';
import type { UpstreamProfile } from './upstream-profile.js';

/**
 * Records a proxy session as it happens (see {@link SessionRecording}): taps every upstream
 * channel (`tap`, given to `createProxyServer` as `wrapChannel`), follows the proxy's transcript
 * once attached, and notes the served tool list at each new catalog revision. Everything is
 * redacted as it is recorded; nothing secret is ever held.
 */
export class SessionRecorder {
  private readonly events: RecordedEvent[] = [];
  private readonly started = Date.now();
  private readonly startedAt = new Date(this.started).toISOString();
  private detach: (() => void) | undefined;
  private server: FakeServer | undefined;
  private profile: UpstreamProfile | undefined;

  constructor(
    private readonly upstream: string,
    private readonly redactor: SecretRedactor,
  ) {}

  /** Wraps a channel so every message through it is recorded. */
  readonly tap = (channel: UpstreamChannel, label: string): UpstreamChannel =>
    new TappedChannel(channel, label, this);

  /** Follows the proxy's transcript and catalog from now on. */
  attach(server: FakeServer, profile: UpstreamProfile): void {
    this.server = server;
    this.profile = profile;
    let revision = server.catalogRevision;
    this.catalog(revision);
    for (const frame of server.transcript.frames) this.client(frame);
    this.detach = server.transcript.subscribe((frame) => {
      if (frame.catalogRevision !== revision) {
        revision = frame.catalogRevision;
        this.catalog(revision);
      }
      this.client(frame);
    });
  }

  /** Records one upstream event (used by the tapped channels). */
  upstreamEvent(event: Omit<Extract<RecordedEvent, { side: 'upstream' }>, 'atMs' | 'side'>): void {
    const clean: Extract<RecordedEvent, { side: 'upstream' }> = {
      atMs: this.now(),
      side: 'upstream',
      ...event,
    };
    if (event.message) clean.message = this.redactor.value(event.message);
    if (event.headers) clean.headers = this.redactor.headers(event.headers)!;
    if (event.raw !== undefined) clean.raw = this.redactor.text(event.raw);
    if (event.error !== undefined) clean.error = this.redactor.text(event.error);
    this.events.push(clean);
  }

  /** The recording so far. */
  recording(): SessionRecording {
    const script = this.server?.script;
    return {
      toolshiftRecording: 1,
      upstream: this.redactor.text(this.upstream),
      startedAt: this.startedAt,
      profile: this.redactor.value(
        this.profile ?? { eras: [], name: 'upstream', version: '0', capabilities: {} },
      ),
      settings: this.redactor.value({
        ...(script?.server ? { server: script.server } : {}),
        ...(script?.pagination ? { pagination: script.pagination } : {}),
        ...(script?.freshness ? { freshness: script.freshness } : {}),
      }),
      events: [...this.events],
    };
  }

  /** Writes the recording to `file` as JSON, atomically (a reader never sees half of it). */
  async write(file: string): Promise<void> {
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, `${JSON.stringify(this.recording(), null, 2)}\n`);
    await rename(partial, file);
  }

  /** Stops following the transcript. */
  stop(): void {
    this.detach?.();
    this.detach = undefined;
  }

  private now(): number {
    return Date.now() - this.started;
  }

  private client(frame: TranscriptFrame): void {
    const { wallTimeMs, ...rest } = frame;
    const atMs = wallTimeMs !== undefined ? Math.max(0, wallTimeMs - this.started) : this.now();
    this.events.push({ atMs, side: 'client', frame: this.redactor.value(rest) });
  }

  private catalog(revision: number): void {
    if (!this.server) return;
    this.events.push({
      atMs: this.now(),
      side: 'catalog',
      catalogRevision: revision,
      tools: this.redactor.value(this.server.tools()),
    });
  }
}

/** A channel that records every message through it on a {@link SessionRecorder}. */
class TappedChannel implements UpstreamChannel {
  readonly kind: UpstreamChannel['kind'];

  constructor(
    private readonly inner: UpstreamChannel,
    private readonly label: string,
    private readonly recorder: SessionRecorder,
  ) {
    this.kind = inner.kind;
  }

  async send(message: JSONRPCMessage, options: UpstreamSendOptions = {}): Promise<UpstreamReply> {
    const headers = {
      ...(options.headers ?? {}),
      ...(options.sessionId ? { 'mcp-session-id': options.sessionId } : {}),
    };
    this.recorder.upstreamEvent({ channel: this.label, direction: 'out', message, headers });
    try {
      const reply = await this.inner.send(message, options);
      for (const before of reply.before)
        this.recorder.upstreamEvent({ channel: this.label, direction: 'in', message: before });
      this.recorder.upstreamEvent({
        channel: this.label,
        direction: 'in',
        ...(reply.answer ? { message: reply.answer } : {}),
        ...(reply.status !== undefined ? { status: reply.status } : {}),
        headers: reply.headers,
        ...(reply.raw !== undefined ? { raw: reply.raw } : {}),
      });
      return reply;
    } catch (error) {
      this.recorder.upstreamEvent({ channel: this.label, direction: 'in', error: (error as Error).message });
      throw error;
    }
  }

  openStream(
    open: 'get' | JSONRPCMessage,
    options: UpstreamSendOptions,
    onMessage: (message: JSONRPCMessage) => void,
  ): Promise<UpstreamStream> {
    this.recorder.upstreamEvent({
      channel: this.label,
      direction: 'out',
      ...(open === 'get' ? {} : { message: open }),
      stream: true,
      ...(options.headers ? { headers: options.headers } : {}),
    });
    return this.inner.openStream(open, options, (message) => {
      this.recorder.upstreamEvent({ channel: this.label, direction: 'in', message, stream: true });
      onMessage(message);
    });
  }

  endSession(sessionId: string | undefined, protocolVersion: string): Promise<void> {
    return this.inner.endSession(sessionId, protocolVersion);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
