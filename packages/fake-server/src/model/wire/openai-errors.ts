import type { RenderedError, RuleFinding } from './model-wire.js';

/**
 * An OpenAI API error for a request that broke a rule: HTTP 400 with
 * `{ error: { message, type: "invalid_request_error", param, code } }`.
 * @see https://platform.openai.com/docs/guides/error-codes
 */
export function openAiError(finding: RuleFinding): RenderedError {
  return {
    status: 400,
    body: {
      error: {
        message: finding.message,
        type: 'invalid_request_error',
        param: finding.field === '' ? null : finding.field,
        code: finding.code ?? null,
      },
    },
  };
}

/** An OpenAI API error for a failure on the provider's side (429 rate limit, 5xx server error). */
export function openAiFailure(status: number, message: string): RenderedError {
  const type = status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return {
    status,
    body: {
      error: { message, type, param: null, code: status === 429 ? 'rate_limit_exceeded' : null },
    },
  };
}
