import type { Codec } from '@interlingua/core';
import { bearerToken, errorHeaders, type InboundFormat } from './inbound-format';
import { openaiErrorObject } from './openai-format';

/**
 * The Responses API format (`POST /v1/responses`): `Authorization: Bearer <key>`, an `event:`
 * line naming each event's `type` before its `data:` line and no end marker, errors as
 * OpenAI's `{ error: { message, type, param, code } }`. A failure after the stream started
 * goes through the codec's `encodeStream` as the IR `error` event, so it ends the stream with
 * `response.failed` — the output so far and `error: { code, message }` — in sequence, as the
 * API ends a response that failed; should the stream break in a way the codec never saw, an
 * `error` event (`{ type: 'error', code, message, param, sequence_number }`) ends it instead.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function openaiResponsesFormat(codec: Codec): InboundFormat {
  return {
    name: 'openai-responses',
    codec,
    readKey: bearerToken,
    renderError(error) {
      return {
        status: error.status,
        headers: errorHeaders(error),
        body: JSON.stringify({ error: openaiErrorObject(error) }),
      };
    },
    renderStreamError(error, position) {
      const { message, code, param } = openaiErrorObject(error);
      const event = { type: 'error', code: code ?? error.providerErrorType ?? 'server_error', message, param };
      return `event: error\ndata: ${JSON.stringify({ ...event, sequence_number: position?.chunks ?? 0 })}\n\n`;
    },
    streamErrorsInBand: true,
    frame(chunk) {
      const type = (chunk as { type?: unknown }).type;
      return `event: ${typeof type === 'string' ? type : 'message'}\ndata: ${JSON.stringify(chunk)}\n\n`;
    },
    streamEnd: '',
    sameProviderHeaders: { provider: 'openai', names: ['openai-beta'] },
    encodeOptions(context) {
      // Response ids are `resp_` and letters and digits; the IR's id (from `finish`) wins when it has one.
      return {
        model: context.model,
        // Calls of a `namespace` tool's functions are answered under their namespace (Codex's `multi_agent_v1`).
        requestTools: (context.body as { tools?: unknown } | undefined)?.tools,
        id: `resp_${context.requestId.replace(/[^A-Za-z0-9]/g, '')}`,
        createdAt: context.created,
      };
    },
  };
}
