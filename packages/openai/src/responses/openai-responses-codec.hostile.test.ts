import {
  APICallError,
  chatRequestSchema,
  functionToolsOf,
  InvalidRequestError,
  InvalidResponseError,
  modelResponseSchema,
} from '@interlingua/core';
import { MAX_JSON_DEPTH } from '@interlingua/core/adapter';
import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

// The decoder rules every codec keeps (docs/decoder-guarantees.md), on the Responses codec's own
// fields: keys are data, one depth limit, usage dropped with a warning, error bodies are errors.

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};
const message = (text: string) => ({
  id: 'msg_1',
  type: 'message',
  status: 'completed',
  role: 'assistant',
  content: [{ type: 'output_text', text, annotations: [] }],
});
const body = (output: unknown[], usage: unknown = { input_tokens: 3, output_tokens: 2 }) => ({
  id: 'resp_1',
  object: 'response',
  status: 'completed',
  model: 'gpt-5',
  output,
  usage,
});

describe('the Responses codec under hostile input', () => {
  it('keeps __proto__ keys as data, both ways, and leaves Object.prototype alone', () => {
    const poisoned = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}');
    const request = JSON.parse(
      '{"model":"gpt-5","input":[{"role":"user","content":"hi"},{"type":"web_search_call","id":"ws_1","status":"completed","action":{"__proto__":{"polluted":true}}}],' +
        '"tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"__proto__":{"type":"string"}}}}],' +
        '"metadata":{"__proto__":{"polluted":true}}}',
    );
    const decoded = openaiResponsesCodec.decodeRequest(request).value.request;
    expect(chatRequestSchema.safeParse(decoded).success).toBe(true);
    expect(Object.keys(functionToolsOf(decoded.tools)[0]?.inputSchema.properties as object)).toEqual(['__proto__']);
    expect(Object.keys(decoded.providerOptions?.openai?.metadata as object)).toEqual(['__proto__']);
    const encoded = openaiResponsesCodec.encodeRequest(
      { ...decoded, providerOptions: { openai: { ...decoded.providerOptions?.openai, extra: poisoned } } },
      { model: 'gpt-5' },
    ).value as unknown as Record<string, unknown>;
    expect(Object.keys(encoded.metadata as object)).toEqual(['__proto__']);
    expect(JSON.stringify(encoded.input)).toContain('"action":{"__proto__":{"polluted":true}}');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses JSON nested past MAX_JSON_DEPTH with the path, in requests, bodies and streams', async () => {
    const deepItem = { type: 'web_search_call', id: 'ws_1', status: 'completed', action: nested(MAX_JSON_DEPTH) };
    expect(() => openaiResponsesCodec.decodeRequest({ model: 'gpt-5', input: [deepItem] })).toThrow(
      InvalidRequestError,
    );
    expect(() => openaiResponsesCodec.decodeResponse(body([deepItem]))).toThrow(
      /output\[0\]\.action\.a\.a.*: Expected JSON nested at most 997 levels deep/,
    );
    expect(() => openaiResponsesCodec.decodeResponse(body([deepItem]))).toThrow(InvalidResponseError);
    const events: unknown[] = [];
    const stream = openaiResponsesCodec.decodeStream(
      // Hostile events are not the SDK's types.
      (async function* (): AsyncIterable<never> {
        yield { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', output: [] } } as never;
        yield { type: 'response.output_item.done', sequence_number: 1, output_index: 0, item: deepItem } as never;
      })(),
    );
    for await (const event of stream) events.push(event);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', error: { code: 'INVALID_RESPONSE' } });
    // At the limit of what fits under providerMetadata.openai.serverItems, it is kept.
    const fits = { ...deepItem, action: nested(MAX_JSON_DEPTH - 5) };
    expect(modelResponseSchema.safeParse(openaiResponsesCodec.decodeResponse(body([fits]))).success).toBe(true);
  });

  it('drops a usage count that is not a non-negative integer, with a warning, and keeps the answer', () => {
    const response = openaiResponsesCodec.decodeResponse(
      body([message('hi')], { input_tokens: 1.5, output_tokens: 4, input_tokens_details: { cached_tokens: -1 } }),
    );
    expect(response.message.content).toEqual([{ type: 'text', text: 'hi' }]);
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 4 });
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'usage.input_tokens',
      'usage.input_tokens_details.cached_tokens',
    ]);
  });

  it('reads an error body as the error it describes, never as an empty answer', () => {
    const error = { error: { message: 'Invalid API key.', type: 'invalid_request_error', code: 'invalid_api_key' } };
    expect(() => openaiResponsesCodec.decodeResponse(error)).toThrow(APICallError);
    expect(() => openaiResponsesCodec.decodeResponse({})).toThrow(InvalidResponseError);
  });
});
