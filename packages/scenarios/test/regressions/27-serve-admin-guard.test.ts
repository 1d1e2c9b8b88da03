// Regression (issue 27, S2 and the smaller items): `toolshift serve --stdio --admin-port` served its
// admin API with no Host or Origin check, so a web page (`Origin: null` or any origin) could change
// the catalog with a text/plain POST; there was no way to require a token; and legacy session ids
// repeated across `serve` processes (seeded, default seed 1), so a client holding an id from an
// earlier process could land in another client's session. The CLI now puts the admin guard in front
// of both admin listeners, takes `--admin-token` / TOOLSHIFT_ADMIN_TOKEN, and draws session ids
// from the OS's CSPRNG.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminHttpClient } from '@toolshift/fake-server';
import { afterEach, describe, expect, test } from 'vitest';
import type { ServeReady } from '../../src/cli/serve-command.js';
import { toolshiftNodeArgs } from '../support/cli-command.js';

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

function scratch(): { script: string; ready: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-guard-'));
  const script = join(dir, 'script.yaml');
  writeFileSync(
    script,
    'toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n      inputSchema: { type: object }\n',
  );
  return { script, ready: join(dir, 'ready.json') };
}

/** Starts `toolshift serve ARGS --ready-file F` and resolves with what it wrote there. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<ServeReady> {
  const { script, ready } = scratch();
  const child = spawn(
    process.execPath,
    toolshiftNodeArgs(['serve', '--script', script, '--ready-file', ready, ...args]),
    { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/admin API http/.test(output)) {
        const poll = () => (existsSync(ready) ? resolve() : setTimeout(poll, 10));
        poll();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`toolshift serve exited ${code}: ${output}`)));
  });
  return JSON.parse(readFileSync(ready, 'utf8')) as ServeReady;
}

/** One raw request (node:http, so Host and Origin go out as given). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: {
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ADD_BETA = JSON.stringify({
  action: 'addTool',
  tool: { name: 'beta', inputSchema: { type: 'object' } },
});

describe('toolshift serve: the admin guard and session ids', () => {
  test('serve --stdio --admin-port refuses web origins, foreign hosts and text/plain writes, in the admin shape', async () => {
    const ready = await serve(['--stdio', '--admin-port', '0']);
    const steps = `${ready.adminUrl!}/steps`;
    const refusals: Array<[Record<string, string>, number, string]> = [
      [{ 'content-type': 'application/json', origin: 'null' }, 403, 'ADMIN_FORBIDDEN'],
      [{ 'content-type': 'application/json', origin: 'http://evil.example' }, 403, 'ADMIN_FORBIDDEN'],
      [{ 'content-type': 'application/json', host: 'evil.example' }, 403, 'ADMIN_FORBIDDEN'],
      [{ 'content-type': 'text/plain' }, 415, 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [headers, status, code] of refusals) {
      const reply = await send(steps, 'POST', headers, ADD_BETA);
      expect({ headers, status: reply.status }).toEqual({ headers, status });
      expect(JSON.parse(reply.text)).toMatchObject({ error: { code } });
    }
    const admin = createAdminHttpClient(ready.adminUrl!);
    expect((await admin.status()).toolCount).toBe(1);
  });

  test('TOOLSHIFT_ADMIN_TOKEN (stdio) and --admin-token (HTTP) require the token on every admin request', async () => {
    const token = 'serve-test-token';
    for (const ready of [
      await serve(['--stdio', '--admin-port', '0'], { TOOLSHIFT_ADMIN_TOKEN: token }),
      await serve(['--port', '0', '--admin-token', token]),
    ]) {
      const without = await send(
        `${ready.adminUrl!}/steps`,
        'POST',
        { 'content-type': 'application/json' },
        ADD_BETA,
      );
      expect(without.status).toBe(401);
      expect(JSON.parse(without.text)).toMatchObject({ error: { code: 'ADMIN_UNAUTHORIZED' } });
      await expect(createAdminHttpClient(ready.adminUrl!).status()).rejects.toMatchObject({
        code: 'ADMIN_UNAUTHORIZED',
      });
      const admin = createAdminHttpClient(ready.adminUrl!, { token });
      await admin.applyStep(JSON.parse(ADD_BETA));
      expect((await admin.status()).toolCount).toBe(2);
    }
  });

  test('two serve processes hand the same initialize different session ids', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    const ids: string[] = [];
    for (const ready of [await serve(['--port', '0']), await serve(['--port', '0'])]) {
      const reply = await send(
        ready.url!,
        'POST',
        { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        initialize,
      );
      expect(reply.status).toBe(200);
      const id = reply.headers['mcp-session-id'];
      expect(id).toMatch(/^[\x21-\x7e]{16,}$/);
      ids.push(id as string);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });
});
