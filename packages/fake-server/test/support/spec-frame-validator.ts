import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TranscriptFrame } from '../../src/index.js';

const SPEC_DIR = '/work/shared/spec/schema';
const REVISIONS = { legacy: '2025-11-25', modern: '2026-07-28' } as const;

/** Result definitions by request method, per era (message-level `*Response` defs where the spec has them). */
const RESULT_DEFS = {
  legacy: {
    initialize: 'InitializeResult',
    ping: 'EmptyResult',
    'tools/list': 'ListToolsResult',
    'tools/call': 'CallToolResult',
    'resources/list': 'ListResourcesResult',
    'resources/templates/list': 'ListResourceTemplatesResult',
    'resources/read': 'ReadResourceResult',
    'resources/subscribe': 'EmptyResult',
    'resources/unsubscribe': 'EmptyResult',
    'prompts/list': 'ListPromptsResult',
    'prompts/get': 'GetPromptResult',
  },
  modern: {
    'server/discover': 'DiscoverResult',
    'tools/list': 'ListToolsResult',
    'tools/call': 'CallToolResult',
    'subscriptions/listen': 'SubscriptionsListenResult',
    'resources/list': 'ListResourcesResult',
    'resources/templates/list': 'ListResourceTemplatesResult',
    'resources/read': 'ReadResourceResult',
    'prompts/list': 'ListPromptsResult',
    'prompts/get': 'GetPromptResult',
  },
} as const;

const NOTIFICATION_DEFS: Record<string, string> = {
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/progress': 'ProgressNotification',
};

const ERROR_DEFS: Record<number, string> = {
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequestError',
  [-32601]: 'MethodNotFoundError',
  [-32602]: 'InvalidParamsError',
  [-32603]: 'InternalError',
  [-32020]: 'HeaderMismatchError',
  [-32021]: 'MissingRequiredClientCapabilityError',
  [-32022]: 'UnsupportedProtocolVersionError',
};

/** One frame that does not validate, with why. */
export interface FrameViolation {
  seq: number;
  definition: string;
  errors: string;
}

/**
 * Validates server frames against the spec JSON Schema of their era (2025-11-25 for legacy,
 * 2026-07-28 for modern; ajv, draft 2020-12): every outbound JSON-RPC message against the
 * definition for its method (results, errors, notifications), and every raw outbound event must be
 * an SSE priming event (id `<stream>:0`, empty data).
 */
export class SpecFrameValidator {
  private readonly ajv = new Map<string, Ajv2020>();
  private readonly compiled = new Map<string, ValidateFunction>();

  private validator(era: 'legacy' | 'modern', definition: string): ValidateFunction {
    const key = `${era}#${definition}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      let ajv = this.ajv.get(era);
      if (!ajv) {
        ajv = new Ajv2020({ strict: false, allErrors: true });
        addFormats.default(ajv);
        const schema = JSON.parse(readFileSync(`${SPEC_DIR}/${REVISIONS[era]}/schema.json`, 'utf8'));
        ajv.addSchema({ ...schema, $id: `https://spec.invalid/${era}` });
        this.ajv.set(era, ajv);
      }
      const found = ajv.getSchema(`https://spec.invalid/${era}#/$defs/${definition}`);
      if (!found) throw new Error(`No definition ${definition} in the ${era} schema`);
      validate = found;
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Every violation among `frames` (the whole transcript, so requests can be matched to responses). */
  check(frames: readonly TranscriptFrame[]): FrameViolation[] {
    const violations: FrameViolation[] = [];
    const methods = requestMethods(frames);
    for (const frame of frames) {
      if (frame.direction !== 'out' || frame.kind !== 'message') continue;
      if (frame.era === 'unknown') {
        violations.push({ seq: frame.seq, definition: '(era)', errors: 'outbound frame without an era' });
        continue;
      }
      const era = frame.era;
      if (frame.message === undefined) {
        if (frame.raw === '' && frame.sseEventId?.endsWith(':0')) continue;
        violations.push({
          seq: frame.seq,
          definition: '(raw)',
          errors: `not JSON-RPC: ${String(frame.raw).slice(0, 80)}`,
        });
        continue;
      }
      for (const [definition, value] of this.targets(era, frame, methods)) {
        const validate = this.validator(era, definition);
        if (!validate(value)) {
          violations.push({
            seq: frame.seq,
            definition,
            errors: JSON.stringify(validate.errors?.slice(0, 3)),
          });
        }
      }
    }
    return violations;
  }

  private targets(
    era: 'legacy' | 'modern',
    frame: TranscriptFrame,
    methods: Map<string, string>,
  ): Array<[string, unknown]> {
    const message = frame.message as Record<string, unknown>;
    if (typeof message.method === 'string') {
      const definition = NOTIFICATION_DEFS[message.method] ?? 'JSONRPCNotification';
      return [[definition, message]];
    }
    if ('error' in message) {
      const error = message.error as { code?: number };
      const specific = ERROR_DEFS[error.code ?? 0];
      const out: Array<[string, unknown]> = [['JSONRPCErrorResponse', message]];
      if (specific && era === 'modern') {
        const definitionHasEnvelope = [
          'HeaderMismatchError',
          'MissingRequiredClientCapabilityError',
          'UnsupportedProtocolVersionError',
        ].includes(specific);
        out.push([specific, definitionHasEnvelope ? message : error]);
      }
      return out;
    }
    const method = methodFor(frame, message, methods);
    const table = RESULT_DEFS[era] as Record<string, string>;
    const definition = method ? table[method] : undefined;
    if (!definition)
      return [
        ['JSONRPCResultResponse', message],
        ['(unknown method)', undefined],
      ];
    return [
      ['JSONRPCResultResponse', message],
      [definition, message.result],
    ];
  }
}

function requestMethods(frames: readonly TranscriptFrame[]): Map<string, string> {
  const methods = new Map<string, string>();
  for (const frame of frames) {
    if (frame.direction !== 'in' || !frame.message) continue;
    const message = frame.message as { id?: unknown; method?: unknown };
    if (typeof message.method !== 'string' || message.id === undefined) continue;
    methods.set(`stream:${frame.streamId}`, message.method);
    methods.set(`request:${frame.streamId}:${JSON.stringify(message.id)}`, message.method);
    methods.set(`session:${frame.sessionId ?? ''}:${String(message.id)}`, message.method);
  }
  return methods;
}

function methodFor(
  frame: TranscriptFrame,
  message: Record<string, unknown>,
  methods: Map<string, string>,
): string | undefined {
  const meta = (message.result as { _meta?: Record<string, unknown> } | undefined)?._meta;
  if (meta && 'io.modelcontextprotocol/subscriptionId' in meta) return 'subscriptions/listen';
  // A connection (stdio, in-memory) carries every request: match by id on it first.
  return (
    methods.get(`request:${frame.streamId}:${JSON.stringify(message.id)}`) ??
    methods.get(`stream:${frame.streamId}`) ??
    methods.get(`session:${frame.sessionId ?? ''}:${String(message.id)}`)
  );
}
