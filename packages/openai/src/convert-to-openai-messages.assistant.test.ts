import type { AssistantContentPart, ToolCall } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { convertToOpenAIMessages } from './convert-to-openai-messages';

// Assistant turns take one of two paths: a short one for an answer or a calling turn (one text
// part at most, no metadata or reasoning), and the general one for everything else. Both must
// write the message the Chat Completions reference describes, whichever path a turn takes.

const call = (id: string, args: Record<string, number>): ToolCall => ({
  type: 'tool-call',
  id,
  name: 'get_weather',
  args,
});

function assistant(content: AssistantContentPart[], sendReasoningContent = false) {
  const { messages, warnings } = convertToOpenAIMessages(undefined, [{ role: 'assistant', content }], 'system', {
    sendReasoningContent,
  });
  return { message: messages[0], warnings };
}

const wire = (id: string, args: string) => ({
  id,
  type: 'function',
  function: { name: 'get_weather', arguments: args },
});

describe('convertToOpenAIMessages: assistant turns', () => {
  it('an answer is its text; an empty turn is an empty string', () => {
    expect(assistant([{ type: 'text', text: 'Sunny.' }]).message).toEqual({ role: 'assistant', content: 'Sunny.' });
    expect(assistant([]).message).toEqual({ role: 'assistant', content: '' });
  });

  it('a calling turn has its text (even empty) or null, and every call in order with JSON arguments', () => {
    expect(
      assistant([{ type: 'text', text: 'Checking.' }, call('c1', { days: 1 }), call('c2', { days: 2 })]).message,
    ).toEqual({
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [wire('c1', '{"days":1}'), wire('c2', '{"days":2}')],
    });
    expect(assistant([call('c1', { days: 1 })]).message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [wire('c1', '{"days":1}')],
    });
    expect(assistant([{ type: 'text', text: '' }, call('c1', {})]).message).toEqual({
      role: 'assistant',
      content: '',
      tool_calls: [wire('c1', '{}')],
    });
    // Unparseable arguments go back exactly as the model sent them.
    const broken: AssistantContentPart = { ...call('c3', {}), argsText: '{"days": 1', argsError: 'cut off' };
    expect(assistant([broken]).message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [wire('c3', '{"days": 1')],
    });
  });

  it('two text parts, a refusal, or reasoning take the general path and keep its shape', () => {
    expect(
      assistant([
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B' },
      ]).message,
    ).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B' },
      ],
    });
    expect(
      assistant([{ type: 'text', text: 'No.', providerMetadata: { openai: { refusal: true } } }, call('c1', {})])
        .message,
    ).toEqual({ role: 'assistant', content: null, refusal: 'No.', tool_calls: [wire('c1', '{}')] });
    expect(
      assistant([
        { type: 'reasoning', text: 'Hmm.' },
        { type: 'text', text: 'Yes.' },
      ]).message,
    ).toEqual({
      role: 'assistant',
      content: 'Yes.',
    });
  });

  it('with sendReasoningContent, a calling turn without reasoning is still sent with its warning', () => {
    const { message, warnings } = assistant([call('c1', {})], true);
    expect(message).toEqual({ role: 'assistant', content: null, tool_calls: [wire('c1', '{}')] });
    expect(warnings.map((warning) => warning.feature)).toEqual(['messages[0].reasoning_content']);
  });
});
