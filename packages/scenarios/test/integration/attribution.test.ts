import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type {
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from '../../src/adapters/client-adapter.js';
import { ClientPhaseError } from '../../src/adapters/client-phase-error.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { ReferenceClientAdapter, referenceClient } from '../../src/adapters/reference-adapter.js';
import { SdkClientAdapter } from '../../src/adapters/sdk-adapter.js';
import type { CellResult } from '../../src/runner/cell.js';
import { runCell } from '../../src/runner/run-cell.js';

const scenario = (id: string) => SCENARIOS.find((candidate) => candidate.id === id)!;
const runner = (result: Pick<CellResult, 'verdicts'>) =>
  result.verdicts
    .filter((verdict) => verdict.checkId.startsWith('runner.'))
    .map((verdict) => `${verdict.checkId} ${verdict.status}`);
const message = (result: Pick<CellResult, 'verdicts'>, checkId: string) =>
  result.verdicts.find((verdict) => verdict.checkId === checkId)?.message;

function client(
  name: string,
  create: ClientAdapterFactory['create'],
  features: ClientAdapterFactory['capabilities'] = undefined,
): ClientAdapterFactory {
  return {
    name,
    kind: 'external',
    description: name,
    capabilities: features ?? { transports: ['http'], features: ['multi-server'] },
    create,
  };
}

/** The official SDK client whose connect throws once its tool set would hold a name it already holds. */
class RefusesDuplicates extends SdkClientAdapter {
  private readonly seen = new Set<string>();
  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    let duplicate: string | undefined;
    await super.connect(target, {
      ...observer,
      exposure: (tools) => {
        for (const tool of tools.filter((each) => each.serverId === target.serverId)) {
          if (this.seen.has(tool.name)) duplicate ??= tool.name;
          this.seen.add(tool.name);
        }
        observer.exposure(tools.filter((tool) => tool.serverId !== target.serverId || !duplicate));
      },
    });
    if (duplicate) throw new Error(`refusing to build a tool set with two tools named ${duplicate}`);
  }
}

test('a loud duplicate-name refusal after a working connection is a failed tool set (issue 26), not a failed connection', async () => {
  const result = await runCell(
    scenario('same-name-on-two-servers'),
    'legacy',
    client('refuses-duplicates', () => new RefusesDuplicates()),
    { transport: 'http', settleTimeoutMs: 1000 },
  );
  expect(runner(result)).toEqual(['runner.tool-set-built fail']);
  expect(message(result, 'runner.tool-set-built')).toMatch(
    /^The client connected to personal \(its handshake was answered: #\d+ initialize request, #\d+ initialize answered, #\d+ notifications\/initialized\) but failed to build its tool set: refusing to build a tool set with two tools named send_email\./,
  );
  // Evidence: the handshake frames, and the failure as a warning the host shows its user.
  expect(result.verdicts.find((v) => v.checkId === 'runner.tool-set-built')?.evidence.length).toBe(3);
  expect(result.observations.filter((o) => o.kind === 'warning')).toEqual([
    expect.objectContaining({
      serverId: 'personal',
      message: 'could not build its tool set: refusing to build a tool set with two tools named send_email',
    }),
  ]);
  // The run went on: both calls were made and the scenario's checks judged what the client exposes.
  expect(result.verdicts.find((v) => v.checkId === 'personal-exposed')?.status).toBe('fail');
  expect(result.verdicts.find((v) => v.checkId === 'work-exposed')?.status).toBe('pass');
}, 60_000);

test('an adapter may declare the phase: ClientPhaseError("tool-set") is a tool-set failure even with nothing on the wire', async () => {
  const result = await runCell(
    scenario('one-valid-tool'),
    'modern',
    client('declares-tool-set', () => ({
      connect: async () => {
        throw new ClientPhaseError('tool-set', 'the provider adapter rejected search_docs');
      },
      callTool: async () => ({ ok: false, error: 'no tools' }),
      close: async () => {},
    })),
    { transport: 'http', settleTimeoutMs: 500 },
  );
  expect(runner(result)).toEqual(['runner.tool-set-built fail']);
  expect(message(result, 'runner.tool-set-built')).toContain(
    'The client connected to primary (the client says its connection worked) but failed to build its tool set: the provider adapter rejected search_docs.',
  );
  expect(result.rawStatus).toBe('fail');
  // The registry checks fail with the client's error as their evidence, never inconclusive (issue 26).
  expect(result.verdicts.find((v) => v.checkId === 'registry.matches-final-catalog')).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('the provider adapter rejected search_docs'),
  });
}, 60_000);

test('a connect that fails before any handshake is answered is a failed connection', async () => {
  const result = await runCell(
    scenario('one-valid-tool'),
    'legacy',
    client('wrong-url', () => {
      const inner = new SdkClientAdapter();
      return {
        connect: (target, observer) =>
          inner.connect(
            {
              ...target,
              url: `${target.url}-nowhere`,
              transport: { kind: 'http', url: `${target.url}-nowhere` },
            },
            observer,
          ),
        callTool: (name, args, serverId) => inner.callTool(name, args, serverId),
        close: () => inner.close(),
      };
    }),
    { transport: 'http' },
  );
  expect(runner(result)).toEqual(['runner.client-connected fail']);
  expect(message(result, 'runner.client-connected')).toMatch(
    /^The client failed to connect to primary: .*\(no handshake was answered\)$/s,
  );
}, 60_000);

test('a model request the client cannot build is a model-request failure, not a tool the model could not find', async () => {
  class FailsModelRequests extends ReferenceClientAdapter {
    override async modelRequest(): Promise<never> {
      throw new Error('two tools would be named send_email for the model');
    }
  }
  const result = await runCell(
    scenario('nm-04-same-name-last-wins'),
    'modern',
    {
      ...referenceClient,
      name: 'fails-model-requests',
      kind: 'external',
      create: () => new FailsModelRequests(),
    },
    { transport: 'http' },
  );
  expect(runner(result)).toEqual([
    'runner.model-request-built inconclusive',
    'runner.model-request-built inconclusive',
  ]);
  expect(message(result, 'runner.model-request-built')).toBe(
    'The client could not build the model request (two tools would be named send_email for the model), so the model could not pick a tool described as "Work mailbox"; the checks of its calls have nothing to judge.',
  );
  expect(
    result.observations
      .filter((o) => o.kind === 'model-request')
      .map((o) => o.kind === 'model-request' && o.error),
  ).toEqual([
    'two tools would be named send_email for the model',
    'two tools would be named send_email for the model',
  ]);
}, 60_000);

test('a call the adapter throws on is a call failure, with its own runner check', async () => {
  const result = await runCell(
    scenario('one-valid-tool'),
    'legacy',
    client('throws-on-call', () => {
      const inner = new SdkClientAdapter();
      return {
        connect: (target, observer) => inner.connect(target, observer),
        callTool: async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'content')");
        },
        close: () => inner.close(),
      };
    }),
    { transport: 'http' },
  );
  expect(runner(result)).toEqual(['runner.call-completed fail']);
  expect(message(result, 'runner.call-completed')).toBe(
    "The call of search_docs on primary did not complete: Cannot read properties of undefined (reading 'content') (an adapter's callTool returns a failed outcome rather than throwing).",
  );
}, 60_000);

test('a command program answering connect with phase "tool-set" gets a tool-set failure, not a failed connection', async () => {
  const program = fileURLToPath(new URL('../fixtures/command-clients/refuses-tool-set.mjs', import.meta.url));
  const factory = await createCommandClient(`${process.execPath} ${JSON.stringify(program)}`);
  const result = await runCell(scenario('one-valid-tool'), 'legacy', factory, {
    transport: 'http',
    settleTimeoutMs: 500,
  });
  expect(runner(result)).toEqual(['runner.tool-set-built fail']);
  expect(result.rawStatus).toBe('fail');
  expect(message(result, 'runner.tool-set-built')).toContain(
    'failed to build its tool set: duplicate tool name search_docs',
  );
}, 60_000);
