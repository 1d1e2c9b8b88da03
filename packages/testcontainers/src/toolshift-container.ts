import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { loadScriptFile, parseScript, type ScriptDocument, scriptToJson } from '@toolshift/fake-server';
import { GenericContainer, Wait } from 'testcontainers';
import { StartedToolshiftContainer } from './started-toolshift-container.js';

/** The port `toolshift serve` listens on inside the image (mapped to a host port unless the network is `host`). */
export const TOOLSHIFT_PORT = 8080;
/** Where the image reads its script (`--script`), and where it writes its ready file. */
export const SCRIPT_DIR = '/toolshift';
const READY_FILE = '/tmp/toolshift-ready.json';

/** The line `toolshift serve` prints once it listens (stdout). */
const LISTENING = /^admin API http:\/\/\S+$/m;

/**
 * A testcontainers module for the toolshift image (`toolshift serve` playing a script, both MCP
 * eras on one Streamable HTTP endpoint, admin API under `/__toolshift`), shaped like the other
 * testcontainers modules: configure with `with…` methods, then `start()` for a
 * {@link StartedToolshiftContainer} with the MCP URL and an admin client.
 *
 * Networking: by default port 8080 is exposed and mapped to a free host port. With
 * `.withNetworkMode('host')` the server binds 127.0.0.1 on an ephemeral port of the host (read back
 * from the ready file the image writes), for engines without a bridge network.
 *
 * ```ts
 * const toolshift = await new ToolshiftContainer('toolshift:0.1.0').withScript('./tool-added.yaml').start();
 * await client.connect(new StreamableHTTPClientTransport(new URL(toolshift.getMcpUrl())));
 * await toolshift.admin().applyStep('add-beta');
 * await toolshift.stop();
 * ```
 */
export class ToolshiftContainer extends GenericContainer {
  private script: { text: string; fileName: string } | undefined;
  private pendingScript: Promise<void> | undefined;
  private readonly logLines: string[] = [];
  private userLogConsumer: ((stream: Readable) => unknown) | undefined;

  /** @param image the toolshift image, e.g. `toolshift:0.1.0` (built from the repository's Dockerfile). */
  constructor(image: string) {
    super(image);
    this.withStartupTimeout(60_000).withWaitStrategy(Wait.forLogMessage(LISTENING));
  }

  /**
   * The script the server plays: a file (`.yaml`, `.yml` or `.json`, as `toolshift serve --script`
   * reads it) or a script document, validated before any container exists: a document here, a file
   * when `start()` reads it.
   * Without a script the image's default applies: a file mounted at `/toolshift/script.yaml`.
   * @throws {ScriptError} SCRIPT_INVALID (from here for a document, from `start()` for a file) naming
   *   the file, the JSON pointer and the rule that failed.
   */
  withScript(script: string | ScriptDocument): this {
    if (typeof script === 'string') {
      const path = script;
      this.pendingScript = (async () => {
        await loadScriptFile(path);
        const extension = extname(path).toLowerCase() === '.json' ? '.json' : '.yaml';
        this.script = { text: await readFile(path, 'utf8'), fileName: `script${extension}` };
      })();
      // Reported by start(); without a start() call a bad file must not be an unhandled rejection.
      this.pendingScript.catch(() => undefined);
    } else {
      this.pendingScript = undefined;
      this.script = { text: scriptToJson(parseScript(script)), fileName: 'script.json' };
    }
    return this;
  }

  /** Also hands every log chunk to `logConsumer` (the module reads the logs too, see {@link StartedToolshiftContainer.getLogs}). */
  override withLogConsumer(logConsumer: (stream: Readable) => unknown): this {
    this.userLogConsumer = logConsumer;
    return this;
  }

  /** Whether the container shares the host's network stack. */
  private get hostNetwork(): boolean {
    return this.networkMode === 'host';
  }

  protected override async beforeContainerCreated(): Promise<void> {
    await this.pendingScript;
    const command = this.hostNetwork
      ? ['--host', '127.0.0.1', '--port', '0']
      : ['--host', '0.0.0.0', '--port', String(TOOLSHIFT_PORT)];
    if (this.script) {
      const target = `${SCRIPT_DIR}/${this.script.fileName}`;
      this.withCopyContentToContainer([{ content: this.script.text, target, mode: 0o644 }]);
      command.push('--script', target);
    }
    this.withCommand(command);
    if (!this.hostNetwork) this.withExposedPorts(TOOLSHIFT_PORT);
    const lines = this.logLines;
    const user = this.userLogConsumer;
    super.withLogConsumer((stream) => {
      let partial = '';
      stream.on('data', (chunk: Buffer | string) => {
        const text = partial + chunk.toString();
        const complete = text.split('\n');
        partial = complete.pop() ?? '';
        lines.push(...complete);
      });
      stream.on('end', () => {
        if (partial) lines.push(partial);
      });
      user?.(stream);
    });
  }

  /**
   * Starts the container and waits until the server listens.
   * @throws {ScriptError} SCRIPT_INVALID when the script given to {@link withScript} is invalid.
   * @throws {Error} when the container exits or does not listen within the startup timeout (60 s by
   *   default); the message carries the container's output.
   */
  override async start(): Promise<StartedToolshiftContainer> {
    let started: Awaited<ReturnType<GenericContainer['start']>>;
    try {
      started = await super.start();
    } catch (error) {
      const output = this.logLines.length > 0 ? `\nContainer output:\n${this.logLines.join('\n')}` : '';
      throw new Error(`The toolshift container did not start: ${(error as Error).message}${output}`, {
        cause: error,
      });
    }
    let mcpUrl: string;
    if (this.hostNetwork) {
      const ready = await started.exec([
        'node',
        '-e',
        `process.stdout.write(require('fs').readFileSync('${READY_FILE}','utf8'))`,
      ]);
      if (ready.exitCode !== 0) {
        await started.stop();
        throw new Error(`The toolshift container started but wrote no ready file: ${ready.output}`);
      }
      mcpUrl = (JSON.parse(ready.stdout) as { url: string }).url;
    } else {
      mcpUrl = `http://${started.getHost()}:${started.getMappedPort(TOOLSHIFT_PORT)}/mcp`;
    }
    return new StartedToolshiftContainer(started, mcpUrl, this.logLines);
  }
}
