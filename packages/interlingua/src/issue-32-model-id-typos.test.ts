import { suggestModelId } from '@interlingua/capabilities/internal';
import { json, startProviderServer } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { model } from './model';

// Issue 32: a typo in a model id (`claude-sonet-4-6`) passed silently until the provider answered.
// It is a warning against the capability data, never a refusal: the provider decides which ids exist.

describe('a model id that looks like a typo (issue 32)', () => {
  it('suggestModelId names the known id one or two edits away, and nothing for known or unlike ids', () => {
    expect(suggestModelId('anthropic:claude-sonet-4-6')).toBe('claude-sonnet-4-6');
    expect(suggestModelId('openai:gpt-4.1-mni')).toBe('gpt-4.1-mini');
    expect(suggestModelId('gemini:gemini-2.5-flsh')).toBe('gemini-2.5-flash');
    expect(suggestModelId('anthropic:claude-sonnet-4-6')).toBeUndefined();
    expect(suggestModelId('anthropic:claude-sonnet-4-5-20250929')).toBeUndefined();
    expect(suggestModelId('openai:my-own-finetune')).toBeUndefined();
    expect(suggestModelId('ollama:qwen2.5')).toBeUndefined();
  });

  it('is sent as written, and the answer carries a warning naming the nearest id', async () => {
    const server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/messages',
          reply: json({
            id: 'msg_32',
            type: 'message',
            role: 'assistant',
            model: 'claude-sonet-4-6',
            content: [{ type: 'text', text: 'hi' }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 5, output_tokens: 1 },
          }),
        },
      ],
    });
    try {
      const typo = model('anthropic:claude-sonet-4-6', { baseURL: server.url, apiKey: 'sk-ant-test' });
      const response = await typo.generate({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
      expect(server.requests[0]?.body).toMatchObject({ model: 'claude-sonet-4-6' });
      expect(response.warnings).toContainEqual(
        expect.objectContaining({
          feature: 'model',
          message: expect.stringContaining('did you mean "claude-sonnet-4-6"'),
        }),
      );
      const known = model('anthropic:claude-sonnet-4-6', { baseURL: server.url, apiKey: 'sk-ant-test' });
      const plain = await known.generate({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
      expect(plain.warnings.filter((warning) => warning.feature === 'model')).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
