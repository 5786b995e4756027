import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponse } from './decode-openai-response';
import { encodeOpenAIResponse } from './encode-openai-response';

describe('encodeOpenAIResponse', () => {
  it('sends refusal-marked text as refusal, so a refusal survives the round trip', () => {
    const response = {
      message: {
        role: 'assistant' as const,
        content: [
          { type: 'text' as const, text: 'I cannot help with that.', providerMetadata: { openai: { refusal: true } } },
        ],
      },
      finishReason: 'refusal' as const,
      rawFinishReason: 'stop',
      usage: { inputTokens: 3, outputTokens: 4, cachedInputTokens: 1, reasoningTokens: 2 },
      id: 'chatcmpl-7',
      model: 'gpt-4o',
      warnings: [],
    };
    const { value, warnings } = encodeOpenAIResponse(response, { created: 1767225600 });
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      id: 'chatcmpl-7',
      object: 'chat.completion',
      created: 1767225600,
      model: 'gpt-4o',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: 3,
        completion_tokens: 4,
        total_tokens: 7,
        prompt_tokens_details: { cached_tokens: 1 },
        completion_tokens_details: { reasoning_tokens: 2 },
      },
    });
    expect(decodeOpenAIResponse(value)).toEqual(response);
  });

  it('warns about reasoning and finish reasons Chat Completions cannot carry', () => {
    const { value, warnings } = encodeOpenAIResponse({
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'hmm' },
          { type: 'text', text: 'ok' },
        ],
      },
      finishReason: 'pause',
      rawFinishReason: 'pause_turn',
      usage: { inputTokens: 1, outputTokens: 1 },
      warnings: [],
    });
    expect(value.choices[0]?.finish_reason).toBe('stop');
    expect(value.choices[0]?.message.content).toBe('ok');
    expect(warnings.map((warning) => warning.feature)).toEqual(['reasoning', 'finishReason']);
  });
});
