import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelToolCountAsReported } from './model-tool-count-as-reported.js';

const tools = (count: number, prefix = 't') =>
  Array.from({ length: count }, (_, i) => modelTool(`${prefix}${i}`, 'primary', `${prefix}${i}`));

/** A request that reached the fake model provider as exchange `exchange`, offering `names`. */
function wireRequest(h: History, exchange: number, names: string[]): number {
  return h.frame({
    direction: 'in',
    kind: 'model',
    streamId: `model-${exchange}`,
    model: {
      api: 'openai-chat',
      exchange,
      path: '/v1/chat/completions',
      tools: names.map((name, index) => ({ index, name })),
    },
  }).seq;
}

describe('model.tool-count-as-reported', () => {
  test('fails a host whose request carries 130 tools while it tells its user 125, citing the wire frame', () => {
    const h = new History();
    h.listing(tools(125).map((tool) => ({ name: tool.toolName })));
    const offered = [...tools(125), ...tools(5, 'stale')];
    const seq = wireRequest(
      h,
      1,
      offered.map((tool) => tool.name),
    );
    h.observations.push(modelRequest(h.lastSeq, offered, { reportedToolCount: 125, exchange: 1 }));
    const verdict = modelToolCountAsReported.check(h.record());
    expect(verdict).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('offered the model 130 tool(s) while the host reported 125: 5 more'),
      evidence: [{ seq, note: 'model request with 130 tools' }],
      nearMiss: expect.stringContaining('never shown'),
    });
    expect(verdict.message).toContain('Model request 1 (openai-chat, on the wire)');
  });

  test('reads the count from the wire, not from what the client says it sent', () => {
    const h = new History();
    // The client reports 3 tools and a count of 3, but the provider received 4 (one twice).
    wireRequest(h, 1, ['a', 'b', 'c', 'a']);
    h.observations.push(modelRequest(h.lastSeq, tools(3), { reportedToolCount: 3, exchange: 1 }));
    const verdict = modelToolCountAsReported.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('offered more than once: a');
  });

  test('fails a host that shows its user tools the model is never offered', () => {
    const h = new History();
    h.observations.push(modelRequest(0, tools(2), { reportedToolCount: 3 }));
    expect(modelToolCountAsReported.check(h.record())).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('1 fewer'),
      nearMiss: expect.stringContaining('withheld'),
    });
  });

  test('passes a host that withholds tools and counts only what it offers; a refused build is not judged', () => {
    const h = new History();
    wireRequest(h, 1, ['t0', 't1']);
    h.observations.push(
      modelRequest(h.lastSeq, tools(2), {
        reportedToolCount: 2,
        exchange: 1,
        withheld: [{ serverId: 'primary', toolName: 'huge', reason: 'budget' }],
      }),
    );
    h.observations.push(modelRequest(h.lastSeq, [], { error: 'too many tools' }));
    expect(modelToolCountAsReported.check(h.record())).toMatchObject({
      status: 'pass',
      message: expect.stringContaining(
        '1 model request(s) each offered exactly the tool count the host reported (2)',
      ),
    });
  });

  test('is inconclusive, never failing, when the host reports no count or built no request', () => {
    const silent = new History();
    silent.observations.push(modelRequest(0, tools(4)));
    expect(modelToolCountAsReported.check(silent.record())).toMatchObject({
      status: 'inconclusive',
      message: expect.stringContaining('reported no tool count'),
    });
    expect(modelToolCountAsReported.check(new History().record()).status).toBe('inconclusive');
  });
});
