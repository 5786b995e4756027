import type { Codec } from '@interlingua/core';
import type { GatewayError, GatewayErrorType } from '../errors/gateway-error';
import { bearerToken, errorHeaders, headerValue, type InboundFormat } from './inbound-format';

// The Messages API's `error.type` for each gateway error type.
// https://docs.anthropic.com/en/api/errors
const ANTHROPIC_ERROR_TYPES: Readonly<Record<GatewayErrorType, string>> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  method_not_allowed: 'invalid_request_error',
  request_too_large: 'request_too_large',
  rate_limit: 'rate_limit_error',
  budget_exceeded: 'rate_limit_error',
  overloaded: 'overloaded_error',
  unavailable: 'overloaded_error',
  timeout: 'timeout_error',
  upstream: 'api_error',
  internal: 'api_error',
};

// A backend's status read as Anthropic would name it.
function upstreamType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 529 || status === 503) return 'overloaded_error';
  if (status === 504) return 'timeout_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status < 500) return 'invalid_request_error';
  return 'api_error';
}

// An Anthropic backend's own error types pass through as they are.
const ANTHROPIC_TYPES = new Set(Object.values(ANTHROPIC_ERROR_TYPES));

function anthropicErrorObject(error: GatewayError) {
  const upstream =
    error.providerErrorType !== undefined && ANTHROPIC_TYPES.has(error.providerErrorType)
      ? error.providerErrorType
      : upstreamType(error.status);
  const type = error.type === 'upstream' ? upstream : ANTHROPIC_ERROR_TYPES[error.type];
  return { type, message: error.message };
}

/**
 * The Messages API format: `x-api-key: <key>` (or `Authorization: Bearer`, as Claude Code sends
 * with `ANTHROPIC_AUTH_TOKEN`), `event:` + `data:` frames, errors as
 * `{ type: 'error', error: { type, message }, request_id }` — in a stream, an `event: error`.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export function anthropicFormat(codec: Codec): InboundFormat {
  return {
    name: 'anthropic',
    codec,
    readKey: (request) => headerValue(request, 'x-api-key') ?? bearerToken(request),
    renderError(error, requestId) {
      return {
        status: error.status,
        headers: errorHeaders(error),
        body: JSON.stringify({ type: 'error', error: anthropicErrorObject(error), request_id: requestId }),
      };
    },
    renderStreamError(error) {
      return `event: error\ndata: ${JSON.stringify({ type: 'error', error: anthropicErrorObject(error) })}\n\n`;
    },
    frame(chunk) {
      const type = (chunk as { type?: unknown }).type;
      return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${JSON.stringify(chunk)}\n\n`;
    },
    streamEnd: '',
    // Claude Code's betas (`context-management-…`, `interleaved-thinking-…`) go with body fields
    // only Anthropic reads. https://docs.anthropic.com/en/api/beta-headers
    sameProviderHeaders: { provider: 'anthropic', names: ['anthropic-beta'] },
    encodeOptions(context, stream) {
      return {
        model: context.model,
        ...(stream
          ? {
              messageId: `msg_${context.requestId.replace(/[^A-Za-z0-9]/g, '')}`,
              // The IR knows usage only at the end; message_start carries the estimate, message_delta the count.
              inputTokens: context.inputTokensEstimate,
            }
          : {}),
      };
    },
  };
}
