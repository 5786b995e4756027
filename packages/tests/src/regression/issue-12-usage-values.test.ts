import { anthropicCodec } from '@interlingua/anthropic';
import { type Codec, collectStream, modelResponseSchema, type Warning } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import { anthropicResponse, chunks, geminiResponse, openaiResponse } from './issue-12-wire';

// Issue 12, item 5: IR usage holds non-negative integers. A count that is not one (1e308, -5,
// 1.5, a string) is dropped with a warning naming the wire field, the same way in every codec;
// the response itself is kept.
const features = (warnings: Warning[]) => warnings.map((warning) => warning.feature);

describe('issue 12 #5: bad usage counts are dropped with a warning, in every codec', () => {
  it('OpenAI', () => {
    const response = openaiCodec.decodeResponse(
      openaiResponse(undefined, {
        prompt_tokens: 1e308,
        completion_tokens: 7,
        prompt_tokens_details: { cached_tokens: -5 },
        completion_tokens_details: { reasoning_tokens: 1.5 },
      }),
    );
    expect(modelResponseSchema.safeParse(response).success).toBe(true);
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 7 });
    expect(features(response.warnings)).toEqual([
      'usage.prompt_tokens',
      'usage.prompt_tokens_details.cached_tokens',
      'usage.completion_tokens_details.reasoning_tokens',
    ]);
    expect(response.warnings[0]?.message).toBe(
      'Expected usage.prompt_tokens to be a non-negative integer token count, got 1e+308; it was left out.',
    );
    expect(response.message.content).toHaveLength(1);
  });

  it('Anthropic', () => {
    const response = anthropicCodec.decodeResponse(
      anthropicResponse(undefined, { input_tokens: 1.5, output_tokens: '12', cache_read_input_tokens: 4 }),
    );
    expect(modelResponseSchema.safeParse(response).success).toBe(true);
    expect(response.usage).toEqual({ inputTokens: 4, outputTokens: 0, cachedInputTokens: 4 });
    expect(features(response.warnings)).toEqual(['usage.input_tokens', 'usage.output_tokens']);
  });

  it('Gemini (which used to refuse the whole response)', () => {
    const response = geminiCodec.decodeResponse(
      geminiResponse(undefined, { promptTokenCount: -5, candidatesTokenCount: 3, thoughtsTokenCount: 1e308 }),
    );
    expect(modelResponseSchema.safeParse(response).success).toBe(true);
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 3 });
    expect(features(response.warnings)).toEqual(['usageMetadata.promptTokenCount', 'usageMetadata.thoughtsTokenCount']);
    expect(response.message.content[0]).toMatchObject({ type: 'tool-call', name: 'get_weather' });
  });

  it('streams carry the warnings on their finish event', async () => {
    const openai = await collectStream(
      (openaiCodec as Codec<unknown, unknown, unknown>).decodeStream(
        chunks([
          { id: 'c', model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] },
          { id: 'c', model: 'm', choices: [], usage: { prompt_tokens: -1, completion_tokens: 2 } },
        ]),
      ),
    );
    expect(openai.usage).toEqual({ inputTokens: 0, outputTokens: 2 });
    expect(features(openai.warnings)).toEqual(['usage.prompt_tokens']);
    const anthropic = await collectStream(
      anthropicCodec.decodeStream(
        chunks([
          { type: 'message_start', message: { id: 'msg', model: 'm', usage: { input_tokens: 5, output_tokens: 1 } } },
          { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2.5 } },
          { type: 'message_stop' },
        ]),
      ),
    );
    expect(anthropic.usage).toEqual({ inputTokens: 5, outputTokens: 0 });
    expect(features(anthropic.warnings)).toEqual(['usage.output_tokens']);
    const gemini = await collectStream(
      geminiCodec.decodeStream(
        chunks([geminiResponse(undefined, { promptTokenCount: 2 ** 60, candidatesTokenCount: 1 })]),
      ),
    );
    expect(gemini.usage).toEqual({ inputTokens: 0, outputTokens: 1 });
    expect(features(gemini.warnings)).toEqual(['usageMetadata.promptTokenCount']);
  });
});
