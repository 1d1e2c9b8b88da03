import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpTransport } from '../../src/http.js';
import type { ScriptDocument } from '../../src/index.js';
import { createFakeServer } from '../../src/index.js';
import { type PreparedName, prepareOfficialServer } from '../fixtures/official/prepare-official-servers.js';
import { startHttpServer } from '../support/official-servers.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, '..', 'fixtures');

/** The catalog every server serves: echo (text), add (a, b) and add_tool. */
export const PARITY_TOOLS = [
  {
    name: 'echo',
    description: 'Echoes text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  { name: 'add_tool', description: 'Adds a tool named late_<n>.', inputSchema: { type: 'object' } },
];

/** The fake server's parity script: the parity catalog, in the given eras. */
export function parityScript(eras: ReadonlyArray<'legacy' | 'modern'>): ScriptDocument {
  return {
    toolshiftScript: 1,
    name: 'parity',
    server: { name: 'parity-fake', version: '1.0.0', eras: [...eras] },
    catalog: { tools: PARITY_TOOLS },
  };
}

/** A server of the parity table: how to start it over HTTP and how to spawn it on stdio. */
export interface ParityServer {
  id: string;
  /** Column heading. */
  label: string;
  group: 'dual' | 'legacy-only';
  /** Starts it on loopback HTTP. */
  http(): Promise<{ url: string; close(): Promise<void> }>;
  /** The argv that starts it on stdio, or why it has no stdio form. */
  stdio(): Promise<string[] | { none: string }>;
}

async function prepared(name: PreparedName): Promise<string[]> {
  const server = await prepareOfficialServer(name);
  if (!server.ok) throw new Error(`the ${name} server could not be prepared: ${server.reason}`);
  return server.command;
}

function fake(
  id: string,
  label: string,
  eras: ReadonlyArray<'legacy' | 'modern'>,
  group: ParityServer['group'],
): ParityServer {
  const script = parityScript(eras);
  return {
    id,
    label,
    group,
    async http() {
      const http = await startHttpTransport(createFakeServer(script, { sessionIds: 'random' }));
      return { url: http.url, close: () => http.close('drop') };
    },
    async stdio() {
      return [process.execPath, '--import', 'tsx', join(fixtures, 'stdio-server.ts'), JSON.stringify(script)];
    },
  };
}

function official(
  id: string,
  label: string,
  group: ParityServer['group'],
  command: () => Promise<string[]>,
  options: { httpArgs?: string[]; stdio?: boolean } = {},
): ParityServer {
  return {
    id,
    label,
    group,
    async http() {
      const [program, ...args] = await command();
      return startHttpServer(program!, [...args, '--http', ...(options.httpArgs ?? [])]);
    },
    async stdio() {
      if (options.stdio === false) return { none: 'its stdio entry serves both eras' };
      return [...(await command()), '--stdio'];
    },
  };
}

const typescript = async () => [process.execPath, join(fixtures, 'official', 'typescript-server.mjs')];

/**
 * The servers compared: the fake server and the official SDK servers, each as its docs show it
 * deployed, serving the same catalog. Servers speaking both eras answer every `dual` probe; the
 * `legacy-only` probes go to servers speaking 2025-11-25 alone.
 */
export const PARITY_SERVERS: readonly ParityServer[] = [
  fake('fake', 'toolshift fake server', ['legacy', 'modern'], 'dual'),
  official('typescript', 'TypeScript SDK 2.4.0', 'dual', typescript),
  official('python', 'Python SDK 2.3.0 (MCPServer)', 'dual', () => prepared('python')),
  official('go', 'Go SDK 1.8.0', 'dual', () => prepared('go')),
  fake('fake-legacy', 'toolshift fake server, `server.eras: [legacy]`', ['legacy'], 'legacy-only'),
  official('typescript-v1', 'TypeScript SDK 1.32.2', 'legacy-only', () => prepared('typescript-v1')),
  official(
    'typescript-legacy',
    'TypeScript SDK 2.4.0, sessionful 2025-11-25 wiring',
    'legacy-only',
    typescript,
    {
      httpArgs: ['--legacy-only'],
      stdio: false,
    },
  ),
];
