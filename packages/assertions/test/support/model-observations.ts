import type { ModelTool, Observation } from '../../src/run-record.js';

/** Test helpers: model observations for the `model.*` invariants' histories. */
export function modelRequest(
  afterSeq: number,
  tools: ModelTool[],
  extra: Partial<Extract<Observation, { kind: 'model-request' }>> = {},
): Observation {
  return { kind: 'model-request', afterSeq, tools, withheld: [], ...extra };
}

export function modelTool(
  name: string,
  serverId: string,
  toolName: string,
  parameters: unknown = { type: 'object' },
): ModelTool {
  return { name, serverId, toolName, description: `${toolName} on ${serverId}`, parameters };
}

export function modelCall(
  startedAfterSeq: number,
  afterSeq: number,
  name: string,
  outcome: Extract<Observation, { kind: 'model-call' }>['outcome'] = {
    kind: 'result',
    isError: false,
    text: 'ok',
  },
): Observation {
  return { kind: 'model-call', afterSeq, startedAfterSeq, name, arguments: {}, outcome };
}
