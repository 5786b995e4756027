import { collectStream } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { emulatedModel, eventsOf, question, streamedText, toolRequest } from '../__fixtures__/emulation-helpers';

const tags = { emulation: 'tags' } as const;

describe('tag-based emulation (<tool_call>)', () => {
  it('lists the tools as JSON signatures inside <tools> and stops at <tool_response>', async () => {
    const { inner, model } = emulatedModel(['Hello!'], tags);
    await model.generate(toolRequest());
    const sent = inner.requests[0];
    expect(sent?.stopSequences).toEqual(['<tool_response>']);
    expect(sent?.system).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_weather","description":"Get the current weather for a city.","parameters":',
    );
    expect(sent?.system).toContain(
      '<tool_call>\n{"name": "<function name>", "arguments": {"<argument>": "<value>"}}\n</tool_call>',
    );
  });

  it('parses a closed <tool_call>, keeping the text before it', async () => {
    const { model } = emulatedModel(
      [
        'Let me check that for you.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      ],
      tags,
    );
    const response = await model.generate(toolRequest());
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content).toEqual([
      { type: 'text', text: 'Let me check that for you.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
    ]);
  });

  it('keeps arguments nested past MAX_JSON_DEPTH out of the IR: a call with argsError', async () => {
    const deep = `${'{"a":'.repeat(1500)}1${'}'.repeat(1500)}`;
    const { model } = emulatedModel([`<tool_call>\n{"name": "get_weather", "arguments": ${deep}}\n</tool_call>`], tags);
    const response = await model.generate(toolRequest());
    const call = response.message.content[0];
    expect(call).toMatchObject({ type: 'tool-call', name: 'get_weather', args: {} });
    expect(call?.type === 'tool-call' && call.argsError).toMatch(
      /its arguments\.a\.a.*: Expected JSON nested at most 1000 levels deep/,
    );
  });

  it('parses a <tool_call> whose closing tag is missing, and several calls in one reply', async () => {
    const { model } = emulatedModel(
      [
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n',
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n<tool_call>\n{"name": "get_time", "arguments": "{\\"timezone\\": \\"Europe/Paris\\"}"}\n</tool_call>',
      ],
      tags,
    );
    const unclosed = await model.generate(toolRequest());
    expect(unclosed.message.content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
    ]);
    const two = await model.generate(toolRequest());
    expect(two.message.content).toEqual([
      { type: 'tool-call', id: 'call_2', name: 'get_weather', args: { city: 'Paris' } },
      { type: 'tool-call', id: 'call_3', name: 'get_time', args: { timezone: 'Europe/Paris' } },
    ]);
  });

  it('reads a fenced call, <think> reasoning, and drops (with a warning) prose after the call', async () => {
    const { model } = emulatedModel(
      [
        '<think>\nThe user asks about Paris weather. I should call get_weather.\n</think>\n\n<tool_call>\n```json\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n```\n</tool_call>\nI have called the tool and will report back.',
      ],
      tags,
    );
    const response = await model.generate(toolRequest());
    expect(response.message.content).toEqual([
      { type: 'reasoning', text: 'The user asks about Paris weather. I should call get_weather.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } },
    ]);
    expect(response.warnings).toContainEqual(
      expect.objectContaining({ feature: 'emulation', message: expect.stringContaining('I have called the tool') }),
    );
  });

  it('turns malformed JSON into a call with argsError, salvaging the name', async () => {
    const { model } = emulatedModel(
      ['<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris",}}\n</tool_call>'],
      tags,
    );
    const response = await model.generate(toolRequest());
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content).toEqual([
      {
        type: 'tool-call',
        id: 'call_1',
        name: 'get_weather',
        args: {},
        argsText: '{"name": "get_weather", "arguments": {"city": "Paris",}}',
        argsError: expect.stringContaining('it does not parse'),
      },
    ]);
  });

  it('keeps quotes and unicode in arguments, and treats a reply without a call as the answer', async () => {
    const { model } = emulatedModel(
      [
        '<tool_call>{"name":"get_weather","arguments":{"city":"Xi\'an \\"西安\\" <old town>"}}</tool_call>',
        '巴黎今天多云，18°C。',
      ],
      tags,
    );
    const call = await model.generate(toolRequest());
    expect(call.message.content).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Xi\'an "西安" <old town>' } },
    ]);
    const answer = await model.generate(toolRequest());
    expect(answer.finishReason).toBe('stop');
    expect(answer.message.content).toEqual([{ type: 'text', text: '巴黎今天多云，18°C。' }]);
  });

  it('reads a call written without tags (bare or fenced JSON naming a declared tool), and leaves other JSON as text', async () => {
    const { model } = emulatedModel(
      [
        'I will look it up.\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n',
        '{"name": "get_time", "arguments": {"timezone": "UTC"}}',
        'Here is an example:\n```json\n{"name": "Ada", "age": 36}\n```\nDone.',
      ],
      tags,
    );
    const fenced = await model.generate(toolRequest());
    expect(fenced.message.content).toEqual([
      { type: 'text', text: 'I will look it up.' },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
    ]);
    const bare = await model.generate(toolRequest());
    expect(bare.message.content).toEqual([
      { type: 'tool-call', id: 'call_2', name: 'get_time', args: { timezone: 'UTC' } },
    ]);
    const prose = await model.generate(toolRequest());
    expect(prose.finishReason).toBe('stop');
    expect(prose.message.content).toEqual([
      { type: 'text', text: 'Here is an example:\n```json\n{"name": "Ada", "age": 36}\n```\nDone.' },
    ]);
  });

  it('replays calls as <tool_call> blocks and results as <tool_response> (round trip)', async () => {
    const { inner, model } = emulatedModel(
      [
        '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
        'It is 18°C and cloudy in Paris.',
      ],
      tags,
    );
    const first = await model.generate(toolRequest());
    const history = [
      question,
      first.message,
      {
        role: 'tool' as const,
        content: [
          {
            type: 'tool-result' as const,
            toolCallId: 'call_1',
            toolName: 'get_weather',
            content: [{ type: 'text' as const, text: '{"temp": 18, "sky": "cloudy"}' }],
            isError: false,
          },
        ],
      },
    ];
    await model.generate(toolRequest(history));
    expect(inner.requests[1]?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '<tool_call>\n{"name":"get_weather","arguments":{"city":"Paris"}}\n</tool_call>' },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'text', text: '<tool_response>\n{"temp": 18, "sky": "cloudy"}\n</tool_response>' }],
      },
    ]);
  });

  it('streams text until <tool_call> starts; tags split across chunks still parse; the fold equals generate', async () => {
    const reply = 'Checking.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const { model: streaming } = emulatedModel([streamedText(reply, 3)], tags);
    const events = await eventsOf(streaming.stream(toolRequest()));
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => (event.type === 'text-delta' ? event.text : '')),
    ).toEqual(['Che', 'cki', 'ng.']);
    expect(events.filter((event) => event.type.startsWith('tool-call')).map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
    ]);
    const { model: generating } = emulatedModel([reply], tags);
    expect((await collectStream(events)).message).toEqual((await generating.generate(toolRequest())).message);
  });
});
