import { APICallError, type ModelResponse, parseToolArguments, type ToolCall } from '@interlingua/core';
import { parseWireResponse } from '@interlingua/core/adapter';
import { type AcmeCall, acmeResponseSchema } from './acme-api';
import { mapAcmeEnd } from './map-acme-end';

/**
 * Acme response body → IR response. Throws the `APICallError` an error body
 * (`{ "error": { "code", "message" } }`) describes, or `InvalidResponseError` naming each bad field.
 */
export function decodeAcmeResponse(body: unknown): ModelResponse {
  const error = readAcmeErrorBody(body);
  if (error !== undefined) throw error;
  const wire = parseWireResponse(acmeResponseSchema, body, 'an Acme chat response');
  return {
    message: {
      role: 'assistant',
      content: [
        ...(wire.reply.text === undefined ? [] : [{ type: 'text' as const, text: wire.reply.text }]),
        ...(wire.reply.calls ?? []).map(acmeCallToToolCall),
      ],
    },
    finishReason: mapAcmeEnd(wire.end),
    rawFinishReason: wire.end,
    usage: { inputTokens: wire.meter.in, outputTokens: wire.meter.out },
    id: wire.id,
    model: wire.model,
    warnings: [],
  };
}

/** An Acme call as an IR call; arguments go through JSON text so they are plain JSON data. */
export function acmeCallToToolCall(call: AcmeCall): ToolCall {
  return toolCallFromText(call.ref, call.fn, JSON.stringify(call.params));
}

/** An IR call from argument text: parsed, or kept raw with `argsError`. Never throws. */
export function toolCallFromText(id: string, name: string, text: string): ToolCall {
  const parsed = parseToolArguments(text);
  return parsed.argsError === undefined
    ? { type: 'tool-call', id, name, args: parsed.args }
    : { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
}

/** Acme's error body as the `APICallError` it describes; anything else is `undefined`. */
export function readAcmeErrorBody(body: unknown): APICallError | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'error')) return undefined;
  const error: unknown = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return new APICallError({
    message: typeof message === 'string' ? message : 'Acme answered with an error that gives no message.',
    ...(typeof code === 'string' ? { providerErrorType: code } : {}),
    isRetryable: code === 'busy',
    responseBody: body,
  });
}
