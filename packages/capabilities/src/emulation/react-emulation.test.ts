import { collectStream } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { emulatedModel, eventsOf, question, streamedText, toolRequest } from '../__fixtures__/emulation-helpers';

describe('ReAct emulation', () => {
  it('describes the tools in the system prompt, removes native tools and stops at "Observation:"', async () => {
    const { inner, model } = emulatedModel(['Final Answer: Hello!']);
    await model.generate(toolRequest());
    const sent = inner.requests[0];
    expect(sent?.tools).toBeUndefined();
    expect(sent?.toolChoice).toBeUndefined();
    expect(sent?.stopSequences).toEqual(['Observation:']);
    expect(sent?.system).toMatch(/^You are a helpful assistant\.\n\n## Tools/);
    expect(sent?.system).toContain('- get_weather: Get the current weather for a city.');
    expect(sent?.system).toContain('"required":["city"]');
    expect(sent?.system).toContain('Action: the tool name, one of get_weather, get_time');
  });

  it('parses a single action into a tool call with a synthesized id', async () => {
    const { model } = emulatedModel([
      'Thought: The user wants the weather in Paris, I should use the weather tool.\nAction: get_weather\nAction Input: {"city": "Paris"}',
    ]);
    const response = await model.generate(toolRequest());
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content).toEqual([
      { type: 'reasoning', text: 'The user wants the weather in Paris, I should use the weather tool.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
    ]);
    expect(response.warnings).toContainEqual(expect.objectContaining({ type: 'degraded', feature: 'tools' }));
  });

  it('parses two actions in one reply', async () => {
    const { model } = emulatedModel([
      'Thought: I need both the weather and the time.\nAction: get_weather\nAction Input: {"city": "Paris", "unit": "celsius"}\nAction: get_time\nAction Input: {"timezone": "Europe/Paris"}\n',
    ]);
    const response = await model.generate(toolRequest());
    expect(response.message.content.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
      { type: 'tool-call', id: 'call_2', name: 'get_time', args: { timezone: 'Europe/Paris' } },
    ]);
  });

  it('reads JSON in a code fence and ignores the prose after it', async () => {
    const { model } = emulatedModel([
      'Thought: Let me look it up.\nAction: `get_weather`\nAction Input:\n```json\n{\n  "city": "Paris"\n}\n```\nI will wait for the result.',
    ]);
    const response = await model.generate(toolRequest());
    expect(response.message.content).toContainEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(response.warnings).toContainEqual(
      expect.objectContaining({
        feature: 'emulation',
        message: expect.stringContaining('I will wait for the result.'),
      }),
    );
  });

  it('keeps quotes, braces and unicode inside arguments untouched', async () => {
    const { model } = emulatedModel([
      'Thought: 查一下天气。\nAction: get_weather\nAction Input: {"city": "Saint-Étienne \\"the {green} city\\" 北京 🌧", "unit": "celsius"}',
    ]);
    const response = await model.generate(toolRequest());
    expect(response.message.content).toContainEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Saint-Étienne "the {green} city" 北京 🌧', unit: 'celsius' },
    });
    expect(response.message.content[0]).toEqual({ type: 'reasoning', text: '查一下天气。' });
  });

  it('repairs almost-JSON input (issue 19) and turns the rest into a call with argsError and the raw text', async () => {
    const { model } = emulatedModel([
      "Thought: I'll check.\nAction: get_weather\nAction Input: {'city': 'Paris',}\n",
      'Thought: I need the weather.\nAction: get_weather\nAction Input: Paris\n',
    ]);
    const singleQuoted = await model.generate(toolRequest());
    expect(singleQuoted.finishReason).toBe('tool_calls');
    // Single quotes and a trailing comma: repaired as the agent's repairJson does, no step lost.
    expect(singleQuoted.message.content[1]).toEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    const bare = await model.generate(toolRequest());
    expect(bare.message.content[1]).toMatchObject({
      argsText: 'Paris',
      argsError: expect.stringContaining('got: Paris'),
    });
  });

  it('treats a reply with no action as the final answer', async () => {
    const { model } = emulatedModel([
      'Thought: I know this already.\nFinal Answer: Paris is the capital of France.',
      'The capital of France is Paris.',
    ]);
    const formatted = await model.generate(toolRequest());
    expect(formatted.finishReason).toBe('stop');
    expect(formatted.message.content).toEqual([
      { type: 'reasoning', text: 'I know this already.' },
      { type: 'text', text: 'Paris is the capital of France.' },
    ]);
    const plain = await model.generate(toolRequest());
    expect(plain.message.content).toEqual([{ type: 'text', text: 'The capital of France is Paris.' }]);
  });

  it('lets the action win when a reply both acts and answers, and says what was dropped', async () => {
    const { model } = emulatedModel([
      'Thought: I should check.\nAction: get_weather\nAction Input: {"city": "Paris"}\nFinal Answer: It is sunny and 25°C in Paris.',
      'Action: get_weather\nAction Input: {"city": "Paris"}\nObservation: sunny, 25°C\nThought: I now know.\nFinal Answer: Sunny.',
    ]);
    const actAndAnswer = await model.generate(toolRequest());
    expect(actAndAnswer.finishReason).toBe('tool_calls');
    expect(actAndAnswer.message.content.map((part) => part.type)).toEqual(['reasoning', 'tool-call']);
    expect(actAndAnswer.warnings).toContainEqual(
      expect.objectContaining({
        type: 'other',
        feature: 'emulation',
        message: expect.stringContaining('the call wins'),
      }),
    );
    const madeUpObservation = await model.generate(toolRequest());
    expect(madeUpObservation.message.content).toEqual([
      { type: 'tool-call', id: 'call_2', name: 'get_weather', args: { city: 'Paris' } },
    ]);
    expect(madeUpObservation.warnings).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining('made up') }),
    );
  });

  it('tolerates bold markers, a missing input and a name in brackets', async () => {
    const { model } = emulatedModel(['**Thought:** no arguments needed\n**Action:** [GET_TIME]\n']);
    const response = await model.generate(toolRequest());
    expect(response.message.content).toEqual([
      { type: 'reasoning', text: 'no arguments needed' },
      { type: 'tool-call', id: 'call_1', name: 'get_time', args: {} },
    ]);
  });

  it('reads <think> reasoning from reasoning models before the ReAct text', async () => {
    const { model } = emulatedModel([
      streamedText(
        '<think>\nThe user wants weather. Use get_weather.\n</think>\n\nThought: I will call the tool.\nAction: get_weather\nAction Input: {"city": "Paris"}',
        5,
      ),
    ]);
    const response = await collectStream(model.stream(toolRequest()));
    expect(response.message.content).toEqual([
      // Consecutive reasoning folds into one part.
      { type: 'reasoning', text: 'The user wants weather. Use get_weather.\nI will call the tool.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
    ]);
  });

  it('answers with the thought when a reply is only a Thought, and flags an input with no Action', async () => {
    const { model } = emulatedModel(['Thought: Paris is the capital of France.', 'Action Input: {"city": "Paris"}']);
    const thoughtOnly = await model.generate(toolRequest());
    expect(thoughtOnly.finishReason).toBe('stop');
    expect(thoughtOnly.message.content).toEqual([
      { type: 'reasoning', text: 'Paris is the capital of France.' },
      { type: 'text', text: 'Paris is the capital of France.' },
    ]);
    const nameless = await model.generate(toolRequest());
    expect(nameless.message.content).toEqual([
      {
        type: 'tool-call',
        id: 'call_1',
        name: 'unknown',
        args: {},
        argsText: '{"city": "Paris"}',
        argsError: 'Expected an "Action:" line naming the tool before "Action Input:".',
      },
    ]);
  });

  it('replays tool history as text even when no tools are offered any more (toolChoice none)', async () => {
    const { inner, model } = emulatedModel(['Final Answer: done']);
    await model.generate(
      toolRequest(
        [
          question,
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'x', name: 'get_weather', args: { city: 'Paris' } }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'x',
                toolName: 'get_weather',
                content: [{ type: 'text', text: 'rain' }],
                isError: false,
              },
            ],
          },
        ],
        { toolChoice: 'none' },
      ),
    );
    const sent = inner.requests[0];
    expect(sent?.system).toBe('You are a helpful assistant.');
    expect(sent?.stopSequences).toBeUndefined();
    expect(sent?.messages.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'Action: get_weather\nAction Input: {"city":"Paris"}' }] },
      { role: 'user', content: [{ type: 'text', text: 'Observation: rain' }] },
    ]);
  });

  it('replays an emulated call and its result as text, the result as an observation (round trip)', async () => {
    const { inner, model } = emulatedModel([
      'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}',
      'Thought: I now know the answer.\nFinal Answer: It is 18°C and cloudy in Paris.',
    ]);
    const first = await model.generate(toolRequest());
    const call = first.message.content.find((part) => part.type === 'tool-call');
    if (call?.type !== 'tool-call') throw new Error('expected a call');
    const history = [
      question,
      first.message,
      {
        role: 'tool' as const,
        content: [
          {
            type: 'tool-result' as const,
            toolCallId: call.id,
            toolName: call.name,
            content: [{ type: 'text' as const, text: '18°C, cloudy' }],
            isError: false,
          },
        ],
      },
    ];
    const second = await model.generate(toolRequest(history));
    expect(inner.requests[1]?.messages).toEqual([
      question,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city":"Paris"}' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Observation: 18°C, cloudy' }] },
    ]);
    expect(second.finishReason).toBe('stop');
    expect(second.message.content.at(-1)).toEqual({ type: 'text', text: 'It is 18°C and cloudy in Paris.' });
  });

  it('replays several results and errors as labelled observations, merged with a following user turn', async () => {
    const { inner, model } = emulatedModel(['Final Answer: ok']);
    await model.generate(
      toolRequest([
        question,
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'a', name: 'get_weather', args: { city: 'Paris' } },
            { type: 'tool-call', id: 'b', name: 'get_time', args: { timezone: 'Mars/Olympus' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'rain' }],
              isError: false,
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 'get_time',
              content: [{ type: 'text', text: 'unknown zone' }],
              isError: true,
            },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'And?' }] },
      ]),
    );
    expect(inner.requests[0]?.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Observation (get_weather): rain\nObservation (get_time): Error: unknown zone' },
        { type: 'text', text: 'And?' },
      ],
    });
  });

  it('streams text until an action starts, then the action as tool-call events; the fold equals generate', async () => {
    const reply =
      'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}\nAction: get_time\nAction Input: {"timezone": "Europe/Paris"}';
    const { model: streaming } = emulatedModel([streamedText(reply, 2)]);
    const events = await eventsOf(streaming.stream(toolRequest()));
    const types = events.map((event) => event.type);
    expect(types.indexOf('tool-call-start')).toBeGreaterThan(types.lastIndexOf('reasoning-delta'));
    expect(types.filter((type) => type === 'tool-call-end')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool_calls', rawFinishReason: 'stop' });
    const { model: generating } = emulatedModel([reply]);
    const generated = await generating.generate(toolRequest());
    const folded = await collectStream(events);
    expect(folded.message).toEqual(generated.message);
    expect(folded.finishReason).toBe(generated.finishReason);
  });

  it('passes a provider error event through, after the text settled before it', async () => {
    const boom = new Error('stream reset by peer');
    const { model } = emulatedModel([
      {
        events: [
          { type: 'text-delta', text: 'Thought: checking\nAct' },
          { type: 'error', error: boom },
        ],
      },
    ]);
    const events = await eventsOf(model.stream(toolRequest()));
    expect(events).toEqual([
      { type: 'reasoning-delta', text: 'checking' },
      { type: 'error', error: boom },
    ]);
    await expect(collectStream(events)).rejects.toBe(boom);
  });

  it('streams a plain answer through as text deltas as they arrive', async () => {
    const { model } = emulatedModel([streamedText('Final Answer: It is sunny in Paris today.', 4)]);
    const events = await eventsOf(model.stream(toolRequest()));
    const deltas = events.filter((event) => event.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => (event.type === 'text-delta' ? event.text : '')).join('')).toBe(
      'It is sunny in Paris today.',
    );
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });
});
