import { writeSync } from 'node:fs';
import type {
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
  TransportTarget,
} from '../../adapters/client-adapter.js';
import { openProcessChannel, ProcessStdioTransport } from '../transports/stdio-relay-process.js';
import {
  ADAPTER_METHODS,
  cellEndMark,
  type FromClientProcess,
  type ObserverCall,
  type PortableTarget,
  type ToClientProcess,
} from './client-process-protocol.js';
import { IpcChannelTransport } from './ipc-channel-transport.js';
import { MswForwarder } from './msw-forwarder.js';

/** `value` as JSON would carry it (functions and `undefined` dropped, dates as strings). */
function asJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * In a client process: hosts the adapters the runner creates, one cell at a time. It runs each
 * adapter method the runner calls and answers with its result; it hands the client observers
 * whose calls go to the runner (`observe`), and targets it can reach from here: `http` as is,
 * `msw` through its own interception forwarding to the runner, `in-memory` through channels the
 * runner relays, and `stdio` by spawning the server command line (a relay process, a child of this
 * process). The scenario plays a user who approves every call the client asks about, as in the
 * runner. It computes nothing about the cell.
 */
export class AdapterHost {
  private readonly adapters = new Map<number, ClientAdapter>();
  private readonly channels = new Map<number, IpcChannelTransport>();
  private nextChannel = 0;
  private readonly msw: MswForwarder;

  constructor(
    private readonly factories: readonly ClientAdapterFactory[],
    private readonly send: (message: FromClientProcess) => void,
  ) {
    this.msw = new MswForwarder(send);
  }

  /** Handles one message of the runner that is not a job or `shutdown`. */
  receive(message: Exclude<ToClientProcess, { type: 'job' | 'shutdown' }>): void {
    switch (message.type) {
      case 'create': {
        this.create(message.id, message.client);
        return;
      }
      case 'call': {
        this.call(message);
        return;
      }
      case 'end-cell': {
        this.endCell(message.id, message.adapter);
        return;
      }
      case 'channel-opened': {
        this.channels.get(message.channel)?.opened();
        return;
      }
      case 'channel-message': {
        this.channels.get(message.channel)?.message(message.message);
        return;
      }
      case 'channel-error': {
        this.channels.get(message.channel)?.error(message.message);
        return;
      }
      case 'channel-closed': {
        this.channels.get(message.channel)?.closed(message.error);
        return;
      }
      case 'msw-response':
      case 'msw-body':
      case 'msw-end': {
        this.msw.receive(message);
        return;
      }
    }
  }

  private answer(id: number, run: () => unknown): void {
    Promise.resolve()
      .then(run)
      .then(
        (value) => {
          try {
            this.send({ type: 'answer', id, ok: true, value: asJson(value) });
          } catch (error) {
            this.send({
              type: 'answer',
              id,
              ok: false,
              error: `its result could not be sent: ${(error as Error).message}`,
            });
          }
        },
        (error: unknown) => {
          const { code, phase } = (error ?? {}) as { code?: unknown; phase?: unknown };
          this.send({
            type: 'answer',
            id,
            ok: false,
            error: error instanceof Error ? error.message : String(error),
            ...(typeof code === 'string' ? { code } : {}),
            ...(typeof phase === 'string' ? { phase } : {}),
          });
        },
      );
  }

  private create(id: number, client: string): void {
    this.answer(id, () => {
      const factory = this.factories.find((candidate) => candidate.name === client);
      if (!factory) throw new Error(`this client process has no client '${client}'`);
      let adapter: ClientAdapter;
      try {
        adapter = factory.create();
      } catch (error) {
        throw new Error(`create() threw: ${(error as Error).message}`);
      }
      this.adapters.set(id, adapter);
      return { methods: ADAPTER_METHODS.filter((method) => typeof adapter[method] === 'function') };
    });
  }

  private call(message: Extract<ToClientProcess, { type: 'call' }>): void {
    this.answer(message.id, async () => {
      const adapter = this.adapters.get(message.adapter);
      if (!adapter) throw new Error(`no adapter ${message.adapter} in this client process`);
      const method = adapter[message.method] as ((...args: unknown[]) => unknown) | undefined;
      if (typeof method !== 'function') throw new Error(`the adapter has no ${message.method}()`);
      const args =
        message.method === 'connect'
          ? [this.targetOf(message.args[0] as PortableTarget), this.observer(message.id)]
          : message.args;
      const value = await method.apply(adapter, args);
      if (message.method === 'close') {
        const failure = adapter.failure?.();
        return failure !== undefined ? { failure } : {};
      }
      return value;
    });
  }

  /** Drops the cell's adapter, channels and interception, then marks the end of its stderr. */
  private endCell(id: number, adapter: number): void {
    this.adapters.delete(adapter);
    for (const channel of [...this.channels.values()]) void channel.close();
    this.msw.reset();
    // Synchronous, and before the answer: the runner reads the cell's stderr up to this mark.
    writeSync(2, cellEndMark(adapter));
    this.send({ type: 'answer', id, ok: true });
  }

  /** The observer handed to the client at `connect` request `id`: each call becomes an `observe` message. */
  private observer(id: number): ClientObserver {
    const observe = (observation: ObserverCall) => {
      let plain: ObserverCall;
      try {
        plain = asJson(observation) as ObserverCall;
      } catch (error) {
        plain = {
          kind: 'note',
          text: `the client reported ${observation.kind === 'exposure' ? 'an' : 'a'} ${observation.kind} that is not JSON (${(error as Error).message}); toolshift could not carry it`,
        };
      }
      this.send({ type: 'observe', observer: id, observation: plain });
    };
    return {
      exposure: (tools) => observe({ kind: 'exposure', tools }),
      note: (text) => observe({ kind: 'note', text }),
      warning: (warning) => observe({ kind: 'warning', ...warning }),
      permission: (decision) => observe({ kind: 'permission', ...decision }),
      approve: () => true,
    };
  }

  /** A target the client can use from this process. */
  private targetOf(portable: PortableTarget): ConnectTarget {
    const { transport, cellServers, ...rest } = portable;
    let target: TransportTarget;
    switch (transport.kind) {
      case 'http':
        target = { kind: 'http', url: transport.url };
        break;
      case 'msw':
        this.msw.forward(transport.url);
        target = { kind: 'msw', url: transport.url };
        break;
      case 'in-memory':
        target = { kind: 'in-memory', connect: () => this.openChannel(transport.endpoint) };
        break;
      case 'stdio': {
        const { command, args } = transport;
        target = {
          kind: 'stdio',
          command,
          args,
          connect: () => new ProcessStdioTransport(command, args),
          openChannel: () => openProcessChannel(command, args),
        };
        break;
      }
    }
    return {
      ...rest,
      transport: target,
      ...(cellServers ? { cellServers: cellServers.map((each) => this.targetOf(each)) } : {}),
    };
  }

  private openChannel(endpoint: number): IpcChannelTransport {
    const id = this.nextChannel++;
    const channel = new IpcChannelTransport(id, endpoint, this.send, () => this.channels.delete(id));
    this.channels.set(id, channel);
    return channel;
  }
}
