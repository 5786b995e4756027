import { createCapabilityRegistry, withCapabilities } from '@interlingua/capabilities';
import { collectStream, type Message, type Tool } from '@interlingua/core';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';

// Ollama's OpenAI-compatible endpoint, as recorded in ollama/ollama#5793 and #6027 and
// MadeAgents/Hammer#14: a 400 whose error.message names the model, and chat.completion bodies
// with `system_fingerprint: fp_ollama`. The model is a Hugging Face GGUF the capability data
// does not know (toolCalling 'unknown'), so the first request offers native tools.
const modelId = 'hf.co/acme/tiny-chat-GGUF:Q4_K_M';
const refusal = {
  error: { message: `${modelId} does not support tools`, type: 'api_error', param: null, code: null },
};
const completion = (content: string) => ({
  id: 'chatcmpl-527',
  object: 'chat.completion',
  created: 1722181065,
  model: modelId,
  system_fingerprint: 'fp_ollama',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 257, completion_tokens: 63, total_tokens: 320 },
});
const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  id: 'chatcmpl-528',
  object: 'chat.completion.chunk',
  created: 1722181066,
  model: modelId,
  system_fingerprint: 'fp_ollama',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

const weather: Tool = {
  name: 'get_weather',
  description: 'Get the current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const question: Message = { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] };
const action = 'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"city": "Paris"}';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function ollama(url: string) {
  return createOpenAI({ name: 'ollama', baseURL: `${url}/v1`, apiKey: 'ollama', maxRetries: 0 })(modelId);
}

type SentBody = { tools?: unknown[]; stop?: string[]; messages: { role: string; content: unknown }[] };

describe('runtime detection through the OpenAI adapter', () => {
  it('retries once with emulation after a 400 "does not support tools", then emulates from the start', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: [
            json(refusal, { status: 400 }),
            json(completion(action)),
            json(completion('Final Answer: 18°C and cloudy.')),
          ],
        },
      ],
    });
    const registry = createCapabilityRegistry();
    expect(registry.capabilitiesOf(`ollama:${modelId}`).toolCalling).toBe('unknown');
    const model = withCapabilities(ollama(server.url), { registry, generateId: () => 'call_1' });

    const first = await model.generate({ messages: [question], tools: [weather] });
    expect(first.finishReason).toBe('tool_calls');
    expect(first.message.content.at(-1)).toEqual({
      type: 'tool-call',
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(first.warnings[0]).toMatchObject({ type: 'degraded', feature: 'tools' });
    expect(first.warnings[0]?.message).toContain(`${modelId} does not support tools`);
    expect(registry.capabilitiesOf(`ollama:${modelId}`).toolCalling).toBe('none');

    const [refused, retried] = server.requests.map((request) => request.body as SentBody);
    expect(refused?.tools).toHaveLength(1);
    expect(retried?.tools).toBeUndefined();
    expect(retried?.stop).toEqual(['Observation:']);
    expect(retried?.messages[0]?.role).toBe('system');
    expect(String(retried?.messages[0]?.content)).toContain('Action: the tool name, one of get_weather');

    // The next turn goes straight to emulation, with the result replayed as an observation.
    const second = await model.generate({
      messages: [
        question,
        first.message,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'get_weather',
              content: [{ type: 'text', text: '18°C, cloudy' }],
              isError: false,
            },
          ],
        },
      ],
      tools: [weather],
    });
    expect(second.message.content.at(-1)).toEqual({ type: 'text', text: '18°C and cloudy.' });
    expect(server.requests).toHaveLength(3);
    const replayed = server.requests[2]?.body as SentBody;
    expect(replayed.tools).toBeUndefined();
    expect(replayed.messages.slice(1)).toEqual([
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: 'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"city":"Paris"}',
      },
      { role: 'user', content: 'Observation: 18°C, cloudy' },
    ]);
  });

  it('does the same for a stream, turning the streamed action into tool-call events', async () => {
    const pieces = action.match(/.{1,7}/gs) ?? [];
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: [
            json(refusal, { status: 400 }),
            sse('openai', [
              chunk({ role: 'assistant', content: '' }),
              ...pieces.map((piece) => chunk({ content: piece })),
              chunk({}, 'stop'),
            ]),
          ],
        },
      ],
    });
    const model = withCapabilities(ollama(server.url), {
      registry: createCapabilityRegistry(),
      generateId: () => 'call_s',
    });
    const events = [];
    for await (const event of model.stream({ messages: [question], tools: [weather] })) events.push(event);
    expect(events.filter((event) => event.type.startsWith('tool-call')).map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
    ]);
    const response = await collectStream(events);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rawFinishReason).toBe('stop');
    expect(response.message.content.at(-1)).toEqual({
      type: 'tool-call',
      id: 'call_s',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(response.warnings[0]?.message).toContain(`${modelId} does not support tools`);
    expect(server.requests[1]?.body).toMatchObject({ stream: true });
  });

  it('emulates from the first request when the data already says the model has no tools (Llama 3)', async () => {
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: '/v1/chat/completions', reply: [json({ ...completion(action), model: 'llama3' })] },
      ],
    });
    const llama3 = createOpenAI({ name: 'ollama', baseURL: `${server.url}/v1`, apiKey: 'ollama', maxRetries: 0 })(
      'llama3',
    );
    const model = withCapabilities(llama3, { registry: createCapabilityRegistry(), generateId: () => 'call_l3' });
    const response = await model.generate({ messages: [question], tools: [weather] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).not.toHaveProperty('tools');
    expect(response.message.content.at(-1)).toEqual({
      type: 'tool-call',
      id: 'call_l3',
      name: 'get_weather',
      args: { city: 'Paris' },
    });
    expect(response.warnings).toEqual([expect.objectContaining({ type: 'degraded', feature: 'tools' })]);
  });
});
