// Issue 13: a Python driver's failed request said only "ExceptionGroup: unhandled errors in a
// TaskGroup (1 sub-exception)" — anyio task groups (the MCP SDK's sessions) wrap the real error, and
// the command protocol's answer kept the group's own message, so the server's words (here the
// scope a step-up needs) never reached the harness, though a traceback shows them to a user.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const pythonDir = fileURLToPath(new URL('../../../../clients/python/', import.meta.url));

const program = `
import asyncio, sys
sys.path.insert(0, ${JSON.stringify(pythonDir)})
import toolshift_command as protocol

async def call(request):
    raise ExceptionGroup("unhandled errors in a TaskGroup", [RuntimeError("Forbidden: insufficient_scope: needs docs:admin")])

async def shutdown():
    return None

asyncio.run(protocol.serve("group-raiser", [], {"call": call}, shutdown))
`;

test('a Python driver’s failed request carries the errors inside an exception group', () => {
  const run = spawnSync('python3', ['-c', program], {
    input: `${JSON.stringify({ type: 'call', id: 1, serverId: 'docs', tool: 'share_doc' })}\n`,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const answer = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string; ok?: boolean; error?: string })
    .find((message) => message.type === 'response');
  expect(answer).toMatchObject({ ok: false });
  expect(answer!.error).toContain('ExceptionGroup: unhandled errors in a TaskGroup');
  expect(answer!.error).toContain('RuntimeError: Forbidden: insufficient_scope: needs docs:admin');
});
