import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { FromClientProcess } from './client-process-protocol.js';

/**
 * In a client process: the client end of an in-memory channel whose server end is in the runner.
 * An SDK `Transport`: `start()` asks the runner to open the channel to its endpoint; messages go
 * over the IPC channel both ways, as JSON-RPC objects; the runner's `channel-error` (the fake
 * server sent text that is not JSON) reaches `onerror` as a `SyntaxError`, as the in-memory
 * transport reports it.
 */
export class IpcChannelTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private state: 'new' | 'opening' | 'open' | 'closed' = 'new';
  private opening: { resolve(): void; reject(error: Error): void } | undefined;

  constructor(
    readonly channel: number,
    private readonly endpoint: number,
    private readonly post: (message: FromClientProcess) => void,
    /** Called once the channel closed, from either side. */
    private readonly onFinished: () => void,
  ) {}

  start(): Promise<void> {
    if (this.state !== 'new') return Promise.reject(new Error('IpcChannelTransport already started'));
    this.state = 'opening';
    return new Promise((resolve, reject) => {
      this.opening = { resolve, reject };
      this.post({ type: 'channel-open', channel: this.channel, endpoint: this.endpoint });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.state !== 'open') throw new Error('the in-memory channel is not open');
    this.post({
      type: 'channel-send',
      channel: this.channel,
      message: JSON.parse(JSON.stringify(message)) as Record<string, unknown>,
    });
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.post({ type: 'channel-close', channel: this.channel });
    this.finish();
  }

  /** The runner opened the channel. */
  opened(): void {
    if (this.state !== 'opening') return;
    this.state = 'open';
    this.opening?.resolve();
    this.opening = undefined;
  }

  /** A message from the fake server. */
  message(message: unknown): void {
    if (this.state === 'open') this.onmessage?.(message as JSONRPCMessage);
  }

  /** The runner's client end could not read what the fake server sent. */
  error(text: string): void {
    if (this.state === 'open') this.onerror?.(new SyntaxError(text));
  }

  /** The channel closed on the runner's side, or could not be opened (`error`). */
  closed(error?: string): void {
    if (this.state === 'opening') {
      this.opening?.reject(new Error(`the in-memory channel could not be opened: ${error ?? 'closed'}`));
      this.opening = undefined;
    }
    this.finish();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    this.state = 'closed';
    this.onFinished();
    if (wasOpen) this.onclose?.();
  }
}
