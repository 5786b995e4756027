import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ModelCall, requestLosses } from './request-losses';

// The checker of real-clients.test.ts must see each kind of loss, or that test proves nothing:
// a recorded LangChain body (system, tool, tool call and result, temperature, max_tokens) is
// compared with copies of itself that lost one thing each, and with its Chat Completions twin.

const fixture = JSON.parse(
  readFileSync(new URL('./__fixtures__/clients/langchain-anthropic-weather.2.json', import.meta.url), 'utf8'),
) as { body: Record<string, unknown>; headers: Record<string, string> };
const inbound: ModelCall = { format: 'anthropic', body: fixture.body, headers: { 'anthropic-beta': 'a-1,b-2' } };
const copy = () => structuredClone(fixture.body) as Record<string, unknown> & { messages: { content: unknown }[] };
const same = (body: unknown, headers: Record<string, string> = { 'anthropic-beta': 'a-1,b-2' }): ModelCall => ({
  format: 'anthropic',
  body,
  headers,
});

describe('requestLosses', () => {
  it('finds nothing lost in the body itself', () => {
    expect(requestLosses(inbound, same(copy()), [])).toEqual([]);
  });

  it('names a dropped tool, unless a warning names it', () => {
    const body = { ...copy(), tools: [] };
    expect(requestLosses(inbound, same(body), [])).toEqual(['tool get_weather']);
    expect(requestLosses(inbound, same(body), [{ feature: 'tools[0]', message: 'get_weather was dropped' }])).toEqual(
      [],
    );
  });

  it('names a changed setting, a lost system text, a lost tool result and a missing beta', () => {
    const body = copy();
    body.temperature = 0.9;
    body.system = 'Something else.';
    body.messages[2]!.content = [{ type: 'tool_result', tool_use_id: 'call_rec_1', content: '{"city":"Paris"}' }];
    expect(requestLosses(inbound, same(body, { 'anthropic-beta': 'a-1' }), [])).toEqual([
      'system text 1',
      'system blocks: 1 sent (0 cached), 1 arrived (0 cached)',
      'tool result call_rec_1: content ["sunny","21"]',
      'setting temperature (temperature)',
      'header anthropic-beta: b-2',
    ]);
  });

  it('names a field that neither arrives nor is warned about', () => {
    const withMetadata: ModelCall = { ...inbound, body: { ...copy(), metadata: { user_id: 'u' } } };
    expect(requestLosses(withMetadata, same(copy()), [])).toEqual(['field metadata']);
    expect(requestLosses(withMetadata, same(copy()), [{ feature: 'providerOptions.anthropic.metadata' }])).toEqual([]);
  });

  it('reads the same call in another format: nothing lost, then a result answering no call', () => {
    const chat = {
      model: 'gpt-4.1',
      max_completion_tokens: 1024,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You are a weather assistant. Answer in one short sentence.' },
        { role: 'user', content: 'What is the weather in Paris? Use the tool.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_rec_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_rec_1', content: '{"city":"Paris","forecast":"sunny","celsius":21}' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { properties: { city: {} } } } }],
    };
    expect(requestLosses(inbound, { format: 'openai', body: chat, headers: {} }, [])).toEqual([]);
    const orphan = structuredClone(chat);
    orphan.messages[2]!.tool_calls![0]!.id = 'call_other';
    expect(requestLosses(inbound, { format: 'openai', body: orphan, headers: {} }, [])).toEqual([
      'tool call call_rec_1',
      'tool result call_rec_1 answers no call',
    ]);
  });

  it('holds a Gemini backend to the rules Gemini enforces: no foreign call ids, every call answered', () => {
    const contents = (id: Record<string, string>, responses: number) => ({
      systemInstruction: { parts: [{ text: 'You are a weather assistant. Answer in one short sentence.' }] },
      generationConfig: { temperature: 0.2, maxOutputTokens: 1024 },
      tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { properties: { city: {} } } }] }],
      contents: [
        { role: 'user', parts: [{ text: 'What is the weather in Paris? Use the tool.' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' }, ...id } }] },
        {
          role: 'user',
          parts: Array.from({ length: responses }, () => ({
            functionResponse: {
              name: 'get_weather',
              response: { city: 'Paris', forecast: 'sunny', celsius: 21 },
              ...id,
            },
          })),
        },
      ],
    });
    expect(requestLosses(inbound, { format: 'gemini', body: contents({}, 1), headers: {} }, [])).toEqual([]);
    expect(
      requestLosses(inbound, { format: 'gemini', body: contents({ id: 'call_rec_1' }, 2), headers: {} }, []),
    ).toEqual([
      'gemini: contents[1] makes 1 calls, 2 answered',
      'gemini: foreign call id call_rec_1 in contents[1]',
      'gemini: foreign call id call_rec_1 in contents[2]',
      'gemini: foreign call id call_rec_1 in contents[2]',
    ]);
  });
});
