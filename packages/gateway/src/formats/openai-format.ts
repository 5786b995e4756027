import type { Codec } from '@interlingua/core';
import type { GatewayError, GatewayErrorType } from '../errors/gateway-error';
import { bearerToken, errorHeaders, type InboundFormat } from './inbound-format';

// OpenAI's `error.type` / `error.code` for each gateway error type.
// https://platform.openai.com/docs/guides/error-codes
const OPENAI_ERRORS: Readonly<Record<GatewayErrorType, { type: string; code: string | null }>> = {
  invalid_request: { type: 'invalid_request_error', code: null },
  authentication: { type: 'invalid_request_error', code: 'invalid_api_key' },
  permission: { type: 'invalid_request_error', code: 'model_not_allowed' },
  not_found: { type: 'invalid_request_error', code: 'model_not_found' },
  method_not_allowed: { type: 'invalid_request_error', code: 'method_not_allowed' },
  request_too_large: { type: 'invalid_request_error', code: 'request_too_large' },
  rate_limit: { type: 'requests', code: 'rate_limit_exceeded' },
  budget_exceeded: { type: 'insufficient_quota', code: 'insufficient_quota' },
  overloaded: { type: 'server_error', code: 'overloaded' },
  unavailable: { type: 'server_error', code: 'unavailable' },
  timeout: { type: 'server_error', code: 'timeout' },
  upstream: { type: 'server_error', code: null },
  internal: { type: 'server_error', code: null },
};

/**
 * A gateway error as OpenAI's error object `{ message, type, param, code }`, shared by the
 * Chat Completions and Responses formats (the API's one error shape).
 */
export function openaiErrorObject(error: GatewayError): {
  message: string;
  type: string;
  param: null;
  code: string | null;
} {
  const mapped = OPENAI_ERRORS[error.type];
  // A backend's 4xx reads as the client's own mistake, as OpenAI would put it.
  const type = error.type === 'upstream' && error.status < 500 ? 'invalid_request_error' : mapped.type;
  return { message: error.message, type, param: null, code: mapped.code };
}

/**
 * The Chat Completions format: `Authorization: Bearer <key>`, `data:` frames ending with
 * `data: [DONE]`, errors as `{ error: { message, type, param, code } }` — in a stream, one
 * `data: {"error": …}` frame, which the `openai` SDK raises as an `APIError`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export function openaiFormat(codec: Codec): InboundFormat {
  return {
    name: 'openai',
    codec,
    readKey: bearerToken,
    renderError(error) {
      return {
        status: error.status,
        headers: errorHeaders(error),
        body: JSON.stringify({ error: openaiErrorObject(error) }),
      };
    },
    renderStreamError(error) {
      return `data: ${JSON.stringify({ error: openaiErrorObject(error) })}\n\n`;
    },
    frame(chunk) {
      return `data: ${JSON.stringify(chunk)}\n\n`;
    },
    streamEnd: 'data: [DONE]\n\n',
    sameProviderHeaders: { provider: 'openai', names: ['openai-beta'] },
    encodeOptions(context, stream) {
      const body = context.body as { stream_options?: { include_usage?: unknown } } | undefined;
      return {
        model: context.model,
        created: context.created,
        ...(stream
          ? {
              id: `chatcmpl-${context.requestId}`,
              // OpenAI sends the usage chunk (with empty `choices`) only when asked for it.
              includeUsage: body?.stream_options?.include_usage === true,
            }
          : {}),
      };
    },
  };
}
