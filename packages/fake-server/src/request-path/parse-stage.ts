import { detectEra } from '../eras/detect-era.js';
import { parseBody } from '../eras/json-rpc.js';
import { refuse } from '../eras/responses.js';
import { WireErrorCode } from '../eras/wire-error.js';
import type { RequestStage } from './request-stage.js';

/**
 * Parse: reads the body as one JSON-RPC message and routes it to an era. A body that is not JSON
 * (-32700) or not a JSON-RPC message (-32600) is recorded as raw text and answered 400 here.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export const parseStage: RequestStage = {
  name: 'parse',
  run(exchange, server) {
    const { request } = exchange;
    const eras = server.world.settings.eras;
    const hasConnectionSession = server.engines.legacy.hasConnectionSession(request.connectionId);
    if (request.body !== undefined && request.body !== '') {
      const parsed = parseBody(request.body);
      if (!parsed.ok) {
        const era = detectEra(request, undefined, eras, hasConnectionSession);
        exchange.frame = {
          era,
          transport: request.transport,
          streamId: exchange.frame.streamId,
          principal: 'anonymous',
        };
        server.recorder.inbound(exchange.frame, request, { raw: request.body });
        const code =
          parsed.reason === 'parse-error' ? WireErrorCode.ParseError : WireErrorCode.InvalidRequest;
        const text =
          parsed.reason === 'parse-error'
            ? `Parse error: ${parsed.detail}`
            : `Invalid Request: ${parsed.detail}`;
        exchange.response = refuse({ status: 400, code, message: text }, parsed.id).response;
        return 'answered';
      }
      exchange.classified = parsed.classified;
      exchange.message = parsed.message;
    }
    exchange.frame.era = detectEra(request, exchange.classified, eras, hasConnectionSession);
    return 'next';
  },
};
