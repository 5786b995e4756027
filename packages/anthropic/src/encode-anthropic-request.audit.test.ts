import { describe, expect, it } from 'vitest';
import { encodeAnthropicRequest } from './encode-anthropic-request';

describe('files Anthropic cannot read (audit)', () => {
  it('answers an MCP audio result with a text note the model can read, plus a warning, never an empty result', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Play a.wav' }] },
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', id: 'toolu_01', name: 'filesystem__read_media_file', args: { path: 'a.wav' } },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'toolu_01',
                toolName: 'filesystem__read_media_file',
                content: [
                  {
                    type: 'file',
                    source: { type: 'base64', data: 'UklGRg==' },
                    mediaType: 'audio/wav',
                    filename: 'a.wav',
                  },
                ],
                isError: false,
              },
            ],
          },
        ],
      },
      { model: 'claude-sonnet-4-6' },
    );
    expect(value.messages[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01',
          content: '[audio/wav file "a.wav" left out: this model cannot read that file type.]',
        },
      ],
    });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'messages[2].results(toolu_01).file',
        message:
          'Replaced the audio/wav file by a text note: Anthropic documents accept application/pdf and text/plain only.',
      },
    ]);
  });
});

describe('empty system prompt (audit)', () => {
  it('never sends an empty cached text block (the API rejects empty text blocks)', () => {
    const { value } = encodeAnthropicRequest(
      {
        system: '',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        providerOptions: { anthropic: { cache_control: { type: 'ephemeral' } } },
      },
      { model: 'claude-sonnet-4-6' },
    );
    expect(value.system).toBe('');
  });
});
