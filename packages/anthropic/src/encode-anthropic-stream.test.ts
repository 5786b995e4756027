import type { StreamEvent } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeAnthropicStream } from './encode-anthropic-stream';

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
async function encode(events: StreamEvent[]) {
  const chunks: unknown[] = [];
  for await (const chunk of encodeAnthropicStream(toAsync(events), { model: 'claude-sonnet-4-6', messageId: 'msg_1' }))
    chunks.push(chunk);
  return chunks;
}

describe('encodeAnthropicStream', () => {
  it('serializes parallel calls streamed side by side (OpenAI order) into one block each, never twice', async () => {
    // Chat Completions streams parallel calls interleaved by index and ends them all at the
    // finish; Anthropic blocks cannot interleave. Found by the gateway matrix (OpenAI → Anthropic).
    const calls = [
      { type: 'tool-call' as const, id: 'call_p1', name: 'get_weather', args: { city: 'Paris' } },
      { type: 'tool-call' as const, id: 'call_p2', name: 'get_time', args: { timezone: 'Europe/Paris' } },
    ];
    const chunks = (await encode([
      { type: 'tool-call-start', id: 'call_p1', name: 'get_weather' },
      { type: 'tool-call-delta', id: 'call_p1', argsTextDelta: '{"city":' },
      { type: 'tool-call-start', id: 'call_p2', name: 'get_time' },
      { type: 'tool-call-delta', id: 'call_p2', argsTextDelta: '{"timezone":"Europe/Paris"}' },
      { type: 'tool-call-delta', id: 'call_p1', argsTextDelta: '"Paris"}' },
      { type: 'tool-call-end', toolCall: calls[0] as (typeof calls)[number] },
      { type: 'tool-call-end', toolCall: calls[1] as (typeof calls)[number] },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'tool_calls',
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    ])) as { type: string; index?: number; content_block?: { id?: string }; delta?: { partial_json?: string } }[];
    const blocks = chunks.filter((chunk) => chunk.type === 'content_block_start');
    expect(blocks.map((chunk) => [chunk.index, chunk.content_block?.id])).toEqual([
      [0, 'call_p1'],
      [1, 'call_p2'],
    ]);
    const json = (index: number) =>
      chunks
        .filter((chunk) => chunk.type === 'content_block_delta' && chunk.index === index)
        .map((chunk) => chunk.delta?.partial_json)
        .join('');
    expect(JSON.parse(json(0))).toEqual({ city: 'Paris' });
    expect(JSON.parse(json(1))).toEqual({ timezone: 'Europe/Paris' });
    // Block 0 stops before block 1 starts: no interleaving.
    const order = chunks.map((chunk) => `${chunk.type}:${chunk.index ?? ''}`);
    expect(order.indexOf('content_block_stop:0')).toBeLessThan(order.indexOf('content_block_start:1'));
  });

  it('emits the exact Messages event sequence with block framing and indices', async () => {
    const chunks = await encode([
      { type: 'reasoning-delta', text: 'Think.' },
      { type: 'reasoning-delta', text: '', signature: 'sig' },
      { type: 'text-delta', text: 'Let me ' },
      { type: 'text-delta', text: 'check.' },
      { type: 'tool-call-start', id: 'toolu_1', name: 'get_weather' },
      { type: 'tool-call-delta', id: 'toolu_1', argsTextDelta: '{"city":' },
      { type: 'tool-call-delta', id: 'toolu_1', argsTextDelta: '"北京"}' },
      {
        type: 'tool-call-end',
        toolCall: { type: 'tool-call', id: 'toolu_1', name: 'get_weather', args: { city: '北京' } },
      },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'tool_use',
        usage: { inputTokens: 600, outputTokens: 40, cachedInputTokens: 100 },
      },
    ]);
    expect(chunks).toEqual([
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Think.' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Let me ' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'check.' } },
      { type: 'content_block_stop', index: 1 },
      {
        type: 'content_block_start',
        index: 2,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
      },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"北京"}' } },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 40, input_tokens: 500, cache_read_input_tokens: 100 },
      },
      { type: 'message_stop' },
    ]);
  });

  it('sends a call that never streamed its arguments as one input_json_delta, and an error as an error event', async () => {
    const chunks = await encode([
      { type: 'tool-call-end', toolCall: { type: 'tool-call', id: 't', name: 'f', args: { a: 1 } } },
      { type: 'error', error: Object.assign(new Error('Overloaded'), { providerErrorType: 'overloaded_error' }) },
    ]);
    expect(chunks.slice(1)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } },
      { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]);
  });
});
