import { Ajv2020 } from 'ajv/dist/2020.js';
import { SEED_000 } from '../authority/authority.js';
import { callWindow } from '../call-window.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, connectionIds, type Observation } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type CallMessage = { method?: string; params?: { name?: unknown; arguments?: unknown } };
type Exposure = Extract<Observation, { kind: 'exposure' }>;

const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });

function fits(schema: unknown, args: unknown): boolean | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  try {
    const validate = ajv.compile(schema);
    return validate(args ?? {}) === true;
  } catch {
    return undefined; // a schema ajv cannot compile decides nothing
  } finally {
    ajv.removeSchema(schema);
  }
}

/** Whether an earlier exposed contract of the tool accepts `args` (the call was built against it). */
function olderFits(
  exposures: readonly Exposure[],
  serverId: string,
  name: string,
  beforeSeq: number,
  args: unknown,
): boolean {
  return exposures.some((exposure) => {
    if (exposure.afterSeq >= beforeSeq) return false;
    const tool = exposure.tools.find((t) => t.serverId === serverId && t.name === name);
    return tool?.inputSchema !== undefined && fits(tool.inputSchema, args) === true;
  });
}

/**
 * Arguments are re-validated against the contract current at execution: every `tools/call` that
 * reaches the server carries arguments valid under the input schema the client exposed for that
 * tool when the call was made (the exposure in force when the call was handed to the client, or
 * any newer one before the request left). A call built against an older contract and sent
 * unchanged after the client learned the new one is the violation, and so is one that fits no
 * contract at all. A call whose arguments fit the server's current contract, which the client
 * never held (it still exposes an older one), is not judged: nothing stale was sent, and the
 * client's stale listing is what the registry checks judge.
 */
export const argumentsFitCurrentContract: Invariant = {
  id: 'execution.arguments-fit-current-contract',
  title: 'Every tools/call carries arguments valid under the contract the client held at execution time.',
  source:
    'DESIGN (re-validate arguments against the current contract before execution); seed 000; cases SC-06 E2',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: re-validate a call's arguments against the current contract before execution (host policy)`,
  },
  check(run) {
    const exposures = run.observations.filter((o): o is Exposure => o.kind === 'exposure');
    const calls = run.observations.filter((o) => o.kind === 'call');
    let checked = 0;
    for (const serverId of connectionIds(run)) {
      for (const frame of connectionFrames(run, serverId)) {
        const message = frame.message as CallMessage | undefined;
        if (frame.direction !== 'in' || message?.method !== 'tools/call') continue;
        const name = message.params?.name;
        if (typeof name !== 'string') continue;
        const call = calls.find(
          (c) =>
            c.serverId === serverId &&
            c.toolName === name &&
            (c.startedAfterSeq ?? frame.seq - 1) < frame.seq &&
            c.afterSeq >= frame.seq,
        );
        const opensAt = call?.startedAfterSeq ?? frame.seq - 1;
        const window = callWindow(exposures, opensAt, frame.seq);
        const contracts = window
          .map((e) => ({
            exposure: e,
            tool: e.tools.find((t) => t.serverId === serverId && t.name === name),
          }))
          .filter((c) => c.tool?.inputSchema !== undefined);
        if (contracts.length === 0) continue;
        const verdicts = contracts.map((c) => fits(c.tool!.inputSchema, message.params?.arguments));
        if (verdicts.some((v) => v === undefined)) continue;
        if (verdicts.some((v) => v === true)) {
          checked += 1;
          continue;
        }
        const current = contracts.at(-1)!;
        const args = message.params?.arguments;
        const stale = olderFits(exposures, serverId, name, current.exposure.afterSeq, args);
        // Arguments for a contract newer than any the client held (the host knew the server's
        // current contract; the client never listed it) were not built against an older one: the
        // client's stale listing is for the registry checks, not a stale call.
        if (
          !stale &&
          fits(run.finalCatalog.tools.find((tool) => tool.name === name)?.inputSchema, args) === true
        )
          continue;
        checked += 1;
        return fail(
          this.id,
          `${serverId}: tools/call '${name}' at #${frame.seq} carried arguments the current contract rejects.`,
          [
            {
              seq: current.exposure.afterSeq,
              note: `contract in force: ${JSON.stringify(current.tool!.inputSchema).slice(0, 120)}`,
            },
            {
              seq: frame.seq,
              note: `arguments sent: ${JSON.stringify(message.params?.arguments ?? {}).slice(0, 120)}`,
            },
          ],
          stale
            ? 'the arguments were built against an older contract and sent without re-validation'
            : 'the arguments fit no contract the client exposed for this tool; they were sent unvalidated',
        );
      }
    }
    // Staging: no tools/call reached the server after an exposure (a client may rightly decline a
    // call; one that exposed nothing is judged by the registry checks).
    if (checked === 0)
      return inconclusive(this.id, 'No tools/call could be checked against an exposed contract.');
    return pass(this.id, `The arguments of ${checked} tools/call(s) fit the contract in force.`);
  },
};
