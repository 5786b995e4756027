import {
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type JSONObject,
  type Message,
  parseChatRequest,
} from '@interlingua/core';
import { parseWireRequest } from '@interlingua/core/adapter';
import { acmeRequestSchema } from './acme-api';

/** Acme body → IR request (the gateway direction): the inverse of `encodeAcmeRequest`. Throws `InvalidRequestError`. */
export function decodeAcmeRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(acmeRequestSchema, body, 'an Acme chat request');
  const names = new Map<string, string>();
  const messages = wire.turns.map((turn): Message => {
    if (turn.speaker === 'human') return { role: 'user', content: [{ type: 'text', text: turn.text }] };
    if (turn.speaker === 'bot') {
      for (const call of turn.calls ?? []) names.set(call.ref, call.fn);
      return {
        role: 'assistant',
        content: [
          ...(turn.text === undefined ? [] : [{ type: 'text' as const, text: turn.text }]),
          ...(turn.calls ?? []).map((call) => ({
            type: 'tool-call' as const,
            id: call.ref,
            name: call.fn,
            args: call.params as JSONObject,
          })),
        ],
      };
    }
    return {
      role: 'tool',
      content: turn.results.map((result) => ({
        type: 'tool-result' as const,
        toolCallId: result.ref,
        toolName: names.get(result.ref) ?? '',
        content: [{ type: 'text' as const, text: result.output }],
        isError: result.failed === true,
      })),
    };
  });
  const request: ChatRequest = { messages };
  if (wire.system !== undefined) request.system = wire.system;
  if (wire.functions !== undefined)
    request.tools = wire.functions.map((fn) => ({
      name: fn.name,
      description: fn.about,
      inputSchema: fn.schema as JSONObject,
    }));
  if (wire.pick !== undefined)
    request.toolChoice =
      typeof wire.pick === 'object'
        ? { type: 'tool', name: wire.pick.fn }
        : wire.pick === 'must'
          ? 'required'
          : wire.pick;
  if (wire.limits?.max_tokens !== undefined) request.maxOutputTokens = wire.limits.max_tokens;
  if (wire.limits?.temperature !== undefined) request.temperature = wire.limits.temperature;
  if (wire.limits?.top_p !== undefined) request.topP = wire.limits.top_p;
  if (wire.limits?.stop !== undefined) request.stopSequences = wire.limits.stop;
  // The wire schema says what Acme allows; the IR schema what the IR does (tool names, object schemas).
  return {
    value: { request: parseChatRequest(request), model: wire.model, stream: wire.stream === true },
    warnings: [],
  };
}
