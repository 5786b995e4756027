import { defineTool, type StreamEvent } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentAbortedError } from './agent-aborted-error';
import type { AgentEvent } from './agent-event';
import { streamAgent } from './stream-agent';
import { userMessage } from './user-message';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'd',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny`,
});

describe('streamAgent', () => {
  it('yields model deltas, tool events, step-finish and finish, using model.stream', async () => {
    const split: StreamEvent[] = [
      { type: 'text-delta', text: 'Let me ' },
      { type: 'text-delta', text: 'check.' },
      { type: 'tool-call-start', id: 'c1', name: 'get_weather' },
      { type: 'tool-call-delta', id: 'c1', argsTextDelta: '{"city":' },
      { type: 'tool-call-delta', id: 'c1', argsTextDelta: '"Paris"}' },
      {
        type: 'tool-call-end',
        toolCall: { type: 'tool-call', id: 'c1', name: 'get_weather', args: { city: 'Paris' } },
      },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        rawFinishReason: 'tool_use',
        usage: { inputTokens: 5, outputTokens: 5 },
      },
    ];
    const model = scriptedModel([{ events: split }, textResponse('Sunny.')]);
    const events: AgentEvent[] = [];
    for await (const event of streamAgent({ model, tools: [getWeather], messages: [userMessage('Paris?')] })) {
      events.push(event);
    }
    expect(model.calls.map((call) => call.mode)).toEqual(['stream', 'stream']);
    expect(events.map((event) => event.type)).toEqual([
      'step-start',
      'text-delta',
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-end',
      'tool-call',
      'tool-result',
      'step-finish',
      'step-start',
      'text-delta',
      'step-finish',
      'finish',
    ]);
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.result.text).toBe('Sunny.');
    expect(finish?.type === 'finish' && finish.result.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', id: 'c1', name: 'get_weather', args: { city: 'Paris' } },
      ],
    });
  });

  it('ends with `error` when the stream carries an error event', async () => {
    const failure = new Error('overloaded_error');
    const model = scriptedModel([
      {
        events: [
          { type: 'text-delta', text: 'Hal' },
          { type: 'error', error: failure },
        ],
      },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of streamAgent({ model, messages: [userMessage('Hi')] })) events.push(event);
    const finish = events.at(-1);
    expect(finish?.type === 'finish' && finish.result).toMatchObject({ finishReason: 'error', error: failure });
  });

  it('aborts the run when the consumer stops reading, cancelling the running tool', async () => {
    let toolSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'd',
      input: z.object({}),
      execute: (_input, { signal }) => {
        toolSignal = signal;
        return new Promise(() => {});
      },
    });
    const model = scriptedModel([toolCallResponse([{ id: 'c1', name: 'slow' }])]);
    for await (const event of streamAgent({ model, tools: [slow], messages: [userMessage('Go')] })) {
      if (event.type === 'tool-call') break;
    }
    expect(toolSignal?.aborted).toBe(true);
  });

  it('throws AgentAbortedError from the iterator when the caller aborts', async () => {
    const controller = new AbortController();
    const model = scriptedModel([textResponse('Hi')]);
    controller.abort();
    const consume = async () => {
      for await (const _event of streamAgent({ model, messages: [userMessage('Go')], signal: controller.signal })) {
        // nothing
      }
    };
    const error = await consume().catch((thrown: unknown) => thrown);
    expect(AgentAbortedError.isInstance(error)).toBe(true);
    expect(model.requests).toHaveLength(0);
  });
});
