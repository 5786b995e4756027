import type { Codec } from '@interlingua/core';
import type { GatewayError } from '../errors/gateway-error';
import { errorHeaders, headerValue, type InboundFormat } from './inbound-format';

// google.rpc status names by HTTP status, as the Gemini API answers.
// https://ai.google.dev/gemini-api/docs/troubleshooting#error-codes
function rpcStatus(status: number): string {
  switch (status) {
    case 400:
    case 413:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'UNIMPLEMENTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
    case 529:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

function geminiErrorObject(error: GatewayError) {
  return { code: error.status, message: error.message, status: rpcStatus(error.status) };
}

/**
 * The Gemini API format: `x-goog-api-key: <key>` (or `?key=`), `data:` frames, errors as
 * `{ error: { code, message, status } }` — in a stream, one `data: {"error": …}` frame.
 *
 * @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export function geminiFormat(codec: Codec): InboundFormat {
  return {
    name: 'gemini',
    codec,
    readKey: (request) => headerValue(request, 'x-goog-api-key') ?? request.query.get('key') ?? undefined,
    renderError(error) {
      return {
        status: error.status,
        headers: errorHeaders(error),
        body: JSON.stringify({ error: geminiErrorObject(error) }),
      };
    },
    renderStreamError(error) {
      return `data: ${JSON.stringify({ error: geminiErrorObject(error) })}\r\n\r\n`;
    },
    frame(chunk) {
      return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
    },
    streamEnd: '',
    encodeOptions(context) {
      return { model: context.model };
    },
  };
}
