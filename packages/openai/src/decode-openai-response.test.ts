import { InvalidResponseError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponse } from './decode-openai-response';

const body = (message: object, finish = 'stop') => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: null, refusal: null, ...message },
      logprobs: null,
      finish_reason: finish,
    },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
});

describe('decodeOpenAIResponse', () => {
  it('throws an InvalidResponseError that says what was expected', () => {
    expect(() => decodeOpenAIResponse({ choices: [] })).toThrow(InvalidResponseError);
    expect(() => decodeOpenAIResponse({})).toThrow(/^Expected a Chat Completions response body: choices: /);
  });

  it('reports a custom tool call it cannot carry instead of dropping it silently', () => {
    const response = decodeOpenAIResponse(
      body({ tool_calls: [{ id: 'c1', type: 'custom', custom: { name: 'grammar_tool', input: 'x' } }] }, 'tool_calls'),
    );
    expect(response.message.content).toEqual([]);
    expect(response.warnings).toEqual([
      { type: 'unsupported', feature: 'custom tool call', message: expect.stringContaining('grammar_tool') },
    ]);
  });

  it('keeps arguments that are JSON but not an object as argsText with the reason', () => {
    const response = decodeOpenAIResponse(
      body({ tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '[1,2]' } }] }, 'tool_calls'),
    );
    expect(response.message.content).toEqual([
      {
        type: 'tool-call',
        id: 'c1',
        name: 'f',
        args: {},
        argsText: '[1,2]',
        argsError: 'Expected the arguments to be a JSON object, got an array.',
      },
    ]);
  });

  it('reads calls that arrive with stop (tool_choice naming a function) as tool_calls, keeping the raw word', () => {
    const response = decodeOpenAIResponse(
      body({ tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }, 'stop'),
    );
    expect([response.finishReason, response.rawFinishReason]).toEqual(['tool_calls', 'stop']);
  });

  it('maps an unknown finish_reason to other and keeps the raw word', () => {
    const response = decodeOpenAIResponse(body({ content: 'x' }, 'eos'));
    expect([response.finishReason, response.rawFinishReason]).toEqual(['other', 'eos']);
  });
});
