import type { ChatRequest, StreamEvent } from '@interlingua/core';
import { collectStream } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { textResponse, toolCallResponse } from './responses';
import { scriptedModel } from './scripted-model';

const ask = (text: string): ChatRequest => ({ messages: [{ role: 'user', content: [{ type: 'text', text }] }] });

describe('scriptedModel', () => {
  it('answers in script order and records each request as it was sent', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('Sunny.'),
    ]);
    const request = ask('Weather in Paris?');
    const first = await model.generate(request);
    expect(first.finishReason).toBe('tool_calls');
    request.messages.push(first.message);
    const second = await model.generate(request);
    expect(second.message.content).toEqual([{ type: 'text', text: 'Sunny.' }]);
    // The first recorded request must not have grown when the history did.
    expect(model.requests[0]?.messages).toHaveLength(1);
    expect(model.requests[1]?.messages).toHaveLength(2);
    expect(model.calls.map((call) => call.mode)).toEqual(['generate', 'generate']);
  });

  it('streams a scripted response as events that fold back to it', async () => {
    const response = toolCallResponse([{ id: 'c1', name: 'f', args: { q: '北京' } }], { text: 'Checking.' });
    const model = scriptedModel([response]);
    const events: StreamEvent[] = [];
    for await (const event of model.stream(ask('x'))) events.push(event);
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    expect(await collectStream(events)).toEqual(response);
  });

  it('plays raw events, functions of the request, and errors', async () => {
    const model = scriptedModel([
      {
        events: [
          { type: 'text-delta', text: 'a' },
          { type: 'finish', finishReason: 'stop', rawFinishReason: null, usage: { inputTokens: 1, outputTokens: 1 } },
        ],
      },
      (request) => textResponse(`echo: ${request.messages.length}`),
      new Error('boom'),
    ]);
    expect((await model.generate(ask('x'))).message.content).toEqual([{ type: 'text', text: 'a' }]);
    expect((await model.generate(ask('y'))).message.content).toEqual([{ type: 'text', text: 'echo: 1' }]);
    await expect(model.generate(ask('z'))).rejects.toThrowError('boom');
    await expect(model.generate(ask('w'))).rejects.toThrowError(
      'scriptedModel: expected at most 3 calls, got call #4.',
    );
  });

  it('honours an aborted signal', async () => {
    const model = scriptedModel([textResponse('never')]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(model.generate(ask('x'), { signal: controller.signal })).rejects.toThrowError('stop');
  });
});
