import { addTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { Drive } from '../test/support/drive.js';
import './vitest.js';
import { runRecordFrom, toolSetAt } from './run-record-from.js';

const alpha = { name: 'alpha', inputSchema: { type: 'object' } };
const beta = { name: 'beta', inputSchema: { type: 'object' } };
const script = () => scriptBuilder('tool-added').tools(alpha).step('add-beta', addTool(beta)).build();

describe('runRecordFrom turns the tool sets a client exposed into the run the matchers judge', () => {
  test('a client that re-lists after the change passes; its record carries the transcript, the sets in order and the final catalog', async () => {
    const client = new Drive(script());
    const { server } = client;
    await client.listen();
    const sets = [
      toolSetAt(
        server,
        (await client.listAll()).map((tool) => tool.name),
      ),
    ];
    server.apply('add-beta');
    sets.push(toolSetAt(server, await client.listAll()));
    const run = runRecordFrom(server, sets);
    expect(run.era).toBe('dual');
    expect(run.transcript).toHaveLength(server.transcript.frames.length);
    expect(
      run.observations.map((o) => o.kind === 'exposure' && o.tools.map((t) => `${t.serverId}/${t.name}`)),
    ).toEqual([['primary/alpha'], ['primary/alpha', 'primary/beta']]);
    expect(run.finalCatalog.catalogRevision).toBe(server.catalogRevision);
    expect(run).toHaveRelistedAfterChange();
    expect(run).toMatchFinalCatalog();
    expect(run).toSatisfyInvariant('registry.no-stale-exposure');
  });

  test('a client that keeps its first set after the change is caught', async () => {
    const client = new Drive(script());
    const { server } = client;
    await client.listen();
    const sets = [toolSetAt(server, ['alpha'])];
    await client.listAll();
    server.apply('add-beta');
    const run = runRecordFrom(server, sets);
    expect(run).not.toHaveRelistedAfterChange();
    expect(run).not.toMatchFinalCatalog();
  });

  test('other observations merge in transcript order, and a server id of your own is used', () => {
    const client = new Drive(script());
    const run = runRecordFrom(client.server, [{ afterSeq: 3, tools: ['alpha'] }], {
      era: 'legacy',
      serverId: 'work',
      observations: [{ kind: 'note', afterSeq: 1, text: 'started' }],
    });
    expect(run.observations.map((o) => o.kind)).toEqual(['note', 'exposure']);
    expect(run.serverId).toBe('work');
    expect(run.era).toBe('legacy');
  });
});
