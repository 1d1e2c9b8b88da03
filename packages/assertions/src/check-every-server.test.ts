import { expect, test } from 'vitest';
import { History } from '../test/support/history.js';
import { checkEveryServer } from './check-every-server.js';
import { matchesFinalCatalog } from './invariants/matches-final-catalog.js';
import type { RunRecord } from './run-record.js';

/** Two servers, each exposing `exposed` of its catalog `catalog`. */
function twoServers(aExposes: string[], bExposes: string[]): RunRecord {
  const histories = [new History('modern', 'prod'), new History('modern', 'staging')];
  const [prod, staging] = histories as [History, History];
  prod.listing([{ name: 'deploy' }]);
  staging.listing([{ name: 'deploy' }, { name: 'rollback' }]);
  const exposure = [
    ...aExposes.map((name) => ({ serverId: 'prod', name })),
    ...bExposes.map((name) => ({ serverId: 'staging', name })),
  ];
  for (const history of histories)
    history.observations.push({ kind: 'exposure', afterSeq: history.lastSeq, tools: exposure });
  const catalogs = { prod: ['deploy'], staging: ['deploy', 'rollback'] };
  const record = (history: History): RunRecord => ({
    ...history.record(),
    finalCatalog: {
      catalogRevision: 1,
      tools: catalogs[history.serverId as 'prod'].map((name) => ({ name, inputSchema: { type: 'object' } })),
    },
  });
  return {
    ...record(prod),
    servers: Object.fromEntries(
      histories.map((history) => {
        const { transcript, finalCatalog, observations } = record(history);
        return [history.serverId, { transcript, finalCatalog, observations }];
      }),
    ),
  };
}

test('a check no server narrows judges every server: the second server failing fails it (issue 9, point 13)', () => {
  const run = twoServers(['deploy'], ['deploy']);
  // The first server alone passes: what the runner used to judge.
  expect(matchesFinalCatalog.check(run).status).toBe('pass');
  const verdict = checkEveryServer(matchesFinalCatalog, run);
  expect(verdict).toMatchObject({
    status: 'fail',
    serverId: 'staging',
    message: expect.stringMatching(/^staging: .*missing 'rollback'/),
  });
});

test('every server passing passes, the message naming each server', () => {
  const verdict = checkEveryServer(matchesFinalCatalog, twoServers(['deploy'], ['deploy', 'rollback']));
  expect(verdict.status).toBe('pass');
  expect(verdict.message).toContain('prod: ');
  expect(verdict.message).toContain('staging: ');
  expect(verdict.serverId).toBeUndefined();
});

test('a one-server run gives that server’s verdict unchanged', () => {
  const history = new History('modern', 'only');
  history.listing([{ name: 'a' }]);
  history.expose([{ name: 'a' }]);
  const run = {
    ...history.record(),
    finalCatalog: { catalogRevision: 1, tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
  };
  expect(checkEveryServer(matchesFinalCatalog, run)).toEqual({
    ...matchesFinalCatalog.check(run),
    serverId: 'only',
  });
});
