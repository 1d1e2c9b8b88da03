// The Dockerfile's image against a real Docker engine: built from the repository, run as a non-root
// user, serving MCP over host networking (loopback) with its health check, and over stdio.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseImage, engineUnavailable, toolshiftImage } from './support/toolshift-image.js';

const unavailable = engineUnavailable();
if (unavailable) console.warn(`Docker tests skipped: ${unavailable}`);
const title = unavailable ? `the toolshift image (skipped: ${unavailable})` : 'the toolshift image';

function docker(args: readonly string[], timeoutMs = 60_000) {
  const result = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs });
  if (result.error) throw result.error;
  return result;
}

function scriptFile(text: string, name = 'script.yaml'): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-image-'));
  const file = join(dir, name);
  writeFileSync(file, text, { mode: 0o644 });
  return file;
}

const ALPHA =
  'toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n      inputSchema: { type: object }\n';

describe.skipIf(unavailable !== undefined)(title, () => {
  let image = '';
  const containers: string[] = [];

  beforeAll(() => {
    image = toolshiftImage();
  }, 20 * 60_000);

  afterAll(() => {
    for (const id of containers) docker(['rm', '--force', id]);
  });

  /** Polls the container's health (bounded: 90 s) until it is `healthy`; the last check's output on failure. */
  async function healthy(id: string): Promise<string> {
    for (let attempt = 0; attempt < 180; attempt++) {
      const state = JSON.parse(docker(['inspect', '--format', '{{json .State}}', id]).stdout) as {
        Running: boolean;
        Health?: { Status: string; Log: Array<{ Output: string }> };
      };
      if (state.Health?.Status === 'healthy') return state.Health.Log.at(-1)?.Output ?? '';
      if (!state.Running) throw new Error(`exited: ${docker(['logs', id]).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`never healthy: ${docker(['inspect', '--format', '{{json .State.Health}}', id]).stdout}`);
  }

  test('runs as an unprivileged user, serving by default through its entrypoint, with a health check', () => {
    const config = JSON.parse(docker(['image', 'inspect', '--format', '{{json .Config}}', image]).stdout) as {
      User: string;
      Entrypoint: string[];
      Cmd: string[];
      Healthcheck: { Test: string[] };
      ExposedPorts: Record<string, unknown>;
    };
    expect(config.User).toBe('toolshift:toolshift');
    expect(config.Entrypoint).toEqual(['node', '/opt/toolshift/entrypoint.mjs']);
    expect(config.Cmd ?? []).toEqual([]);
    expect(config.Healthcheck.Test.join(' ')).toContain('healthcheck.mjs');
    expect(Object.keys(config.ExposedPorts)).toEqual(['8080/tcp']);
    const id = docker(['run', '--rm', '--network', 'none', '--entrypoint', 'id', image, '-u']).stdout.trim();
    expect(id).toBe('10001');
  });

  test('runs every toolshift command that comes first: run judges the reference client, list prints the catalog', () => {
    const version = docker(['run', '--rm', '--network', 'none', image, '--version']);
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const list = docker(['run', '--rm', '--network', 'none', image, 'list', '--json']);
    expect(list.status, list.stderr).toBe(0);
    expect(
      (JSON.parse(list.stdout) as { scenarios: Array<{ id: string }> }).scenarios.map((s) => s.id),
    ).toContain('one-valid-tool');
    // run binds loopback ports for its fake servers: host networking, as everywhere here.
    const run = docker(
      [
        'run',
        '--rm',
        '--network',
        'host',
        image,
        'run',
        '--client',
        'reference',
        '--scenario',
        'one-valid-tool',
        '--transport',
        'http',
      ],
      180_000,
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Result: matches the baseline.');
    // An unknown command is the CLI's one-line error, not the serve default.
    const unknown = docker(['run', '--rm', '--network', 'none', image, 'serve', '--no-such-option']);
    expect(unknown.status).not.toBe(0);
  });

  test('adds only the deployed CLI to its base: no sources, tests or dev tools', () => {
    const size = (name: string) => Number(docker(['image', 'inspect', '--format', '{{.Size}}', name]).stdout);
    const base = baseImage();
    if (base) expect(size(image) - size(base)).toBeLessThan(120 * 1024 * 1024);
    const listing = docker([
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'sh',
      image,
      '-c',
      'ls /opt/toolshift /opt/toolshift/node_modules/.pnpm',
    ]).stdout;
    expect(listing).toContain('@toolshift+scenarios');
    for (const devTool of ['vitest@', '@biomejs+', 'tsx@', 'publint@', 'autocannon@'])
      expect(listing, devTool).not.toContain(devTool);
  });

  test('serves a mounted script on loopback with host networking; healthy; stops gracefully on SIGTERM', async () => {
    const script = scriptFile(ALPHA);
    const run = docker([
      'run',
      '--detach',
      '--network',
      'host',
      '--volume',
      `${script}:/toolshift/script.yaml:ro`,
      image,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const id = run.stdout.trim();
    containers.push(id);
    expect(await healthy(id)).toMatch(/^healthy: catalog revision 1, 1 tools/);
    const ready = JSON.parse(docker(['exec', id, 'cat', '/tmp/toolshift-ready.json']).stdout) as {
      url: string;
    };
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'image-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(ready.url)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);
    await client.close();
    docker(['stop', id]);
    expect(docker(['inspect', '--format', '{{.State.ExitCode}}', id]).stdout.trim()).toBe('0');
  });

  test('the health check fails, saying why, while there is no server to ask', () => {
    const check = docker([
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'node',
      image,
      '/opt/toolshift/healthcheck.mjs',
      '/tmp/no-such-ready-file.json',
    ]);
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^unhealthy: no ready file yet/);
  });

  test('an invalid script stops the container with exit 2 and the path and rule in its output', () => {
    const script = scriptFile('toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n');
    const run = docker([
      'run',
      '--rm',
      '--network',
      'none',
      '--volume',
      `${script}:/toolshift/script.yaml:ro`,
      image,
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      "/toolshift/script.yaml: /catalog/tools/0 must have required property 'inputSchema' (rule: required)",
    );
  });

  test('serves MCP on stdin/stdout with --stdio (an SDK client spawning `docker run -i`)', async () => {
    const script = scriptFile(ALPHA);
    const client = new Client({ name: 'image-stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'docker',
        args: [
          'run',
          '--rm',
          '-i',
          '--network',
          'none',
          '--volume',
          `${script}:/toolshift/script.yaml:ro`,
          image,
          '--stdio',
        ],
        stderr: 'pipe',
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);
    await client.close();
  });
});
