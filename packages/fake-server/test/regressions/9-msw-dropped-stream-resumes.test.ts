// Issue 9, point 9: over msw no resumed GET ever carried Last-Event-ID, so a dropped tools/call was
// never resumed and hung. A dropped msw stream errored its body at once, and erroring a
// ReadableStream discards the events still queued in it: the priming event (whose id the client
// resumes from) never reached the client. A reset socket delivers what was sent before it; msw now
// does the same.
import { expect, test } from 'vitest';
import { injectFault, scriptBuilder, type TranscriptFrame } from '../../src/index.js';
import { forEachCell } from '../matrix/for-each-cell.js';

const script = scriptBuilder('dropped-call')
  .tools({ name: 'alpha', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } })
  .streams({ postResponse: 'sse', eventIds: true, retryMs: 5 })
  .step('drop', injectFault({ kind: 'dropStream' }, { method: 'tools/call', times: 1 }), { atStart: true })
  .build();

const isResumption = (frame: TranscriptFrame) =>
  frame.direction === 'in' && frame.httpMethod === 'GET' && frame.headers?.['last-event-id'] !== undefined;

forEachCell({ eras: ['legacy'], transports: ['http', 'msw'] }, (cell) => {
  test('a tools/call whose answer stream drops is resumed with Last-Event-ID and answered', async () => {
    const { client, server } = await cell.start(script);
    const result = await client.callTool({ name: 'alpha', arguments: { q: 'resume me' } });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ q: 'resume me' }) }]);
    const dropped = server.transcript.frames.find(
      (frame) => frame.kind === 'stream-close' && frame.closeMode === 'drop',
    );
    expect(dropped).toBeDefined();
    const primed = server.transcript.frames.find(
      (frame) => frame.streamId === dropped!.streamId && frame.sseEventId !== undefined,
    );
    const resumed = server.transcript.frames.find(isResumption);
    expect(resumed?.headers?.['last-event-id']).toBe(primed?.sseEventId);
  });
});
