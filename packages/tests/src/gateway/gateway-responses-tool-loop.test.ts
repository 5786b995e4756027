import type { ModelResponse, Tool } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import { INTERLINGUA_REASONING_PREFIX } from '@interlingua/openai';
import type { ProviderServer } from '@interlingua/testkit';
import type OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, startBackends, startGateway } from './gateway-harness';
import {
  RESPONSES_BACKEND_MODEL,
  type ResponsesBackend,
  responsesClient,
  responsesConfig,
  responsesEvents,
  startResponsesBackend,
} from './gateway-responses-harness';

// Issue 18's gateway test: a Responses client (the `openai` SDK: `responses.create`, with and
// without `stream`, and `responses.stream`) runs the documented stateless tool loop — function_call → function_call_output
// → answer — on Anthropic, Gemini, Chat Completions and Responses backends. The reasoning each
// backend signed comes back to it on the second turn (Anthropic's `signature`, Gemini's
// `thoughtSignature` on the thought and on the call, OpenAI's encrypted content), call ids pair up, and the usage reaches the
// client with its cached tokens.

let backends: Backends;
let responsesServer: ProviderServer;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  responsesServer = await startResponsesBackend(backends);
  ({ gateway, url, logs } = await startGateway(responsesConfig(backends, responsesServer)));
});

afterAll(async () => {
  await gateway.close();
  await backends.close();
  await responsesServer.close();
});

const weather: Tool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const TOOLS: OpenAI.Responses.FunctionTool[] = [
  {
    type: 'function',
    name: weather.name,
    description: weather.description ?? null,
    parameters: weather.inputSchema as Record<string, unknown>,
    strict: false,
  },
];
const QUESTION: ResponseInputItem = { role: 'user', content: '北京今天天气怎么样？' };
const THOUGHT = 'The user wants the weather in Beijing; call get_weather.';

// What each backend signs its reasoning with, as its adapter reads it into IR.
const REASONING: Record<ResponsesBackend, ModelResponse['message']['content']> = {
  anthropic: [{ type: 'reasoning', text: THOUGHT, signature: 'EqQBCkgIBRABGAIiQLoopSig' }],
  gemini: [
    { type: 'reasoning', text: THOUGHT, providerMetadata: { gemini: { thoughtSignature: 'CiQBVKhc7loopSig' } } },
  ],
  // Chat Completions carries no reasoning.
  openai: [],
  'openai-responses': [
    {
      type: 'reasoning',
      text: THOUGHT,
      providerMetadata: { openai: { itemId: 'rs_loop1', encryptedContent: 'gAAAAABloopEnc' } },
    },
  ],
};
// The signed value, as it must reach the backend again on turn 2.
const SIGNED: Record<ResponsesBackend, string | undefined> = {
  anthropic: 'EqQBCkgIBRABGAIiQLoopSig',
  gemini: 'CiQBVKhc7loopSig',
  openai: undefined,
  'openai-responses': 'gAAAAABloopEnc',
};

const CALL_SIGNATURE = 'CiQBVKhc7callSig';

const firstTurn = (backend: ResponsesBackend): ModelResponse => ({
  message: {
    role: 'assistant',
    content: [
      ...REASONING[backend],
      {
        type: 'tool-call',
        id: 'call_loop1',
        name: 'get_weather',
        args: { city: '北京' },
        // Gemini signs the function call too (Gemini 3 requires that signature back).
        ...(backend === 'gemini' ? { providerMetadata: { gemini: { thoughtSignature: CALL_SIGNATURE } } } : {}),
      },
    ],
  },
  finishReason: 'tool_calls',
  rawFinishReason: 'tool_calls',
  usage: { inputTokens: 310, outputTokens: 42 },
  warnings: [],
});
const secondTurn: ModelResponse = {
  message: { role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C。' }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 420, outputTokens: 12, cachedInputTokens: 256 },
  warnings: [],
};

const serverOf = (backend: ResponsesBackend): ProviderServer =>
  backend === 'openai-responses' ? responsesServer : backends.servers[backend];

// A valid order: created first, one terminal event last, sequence numbers 0, 1, 2, …
function expectValidOrder(events: readonly { type: string; sequence_number?: unknown }[]): void {
  expect(events[0]?.type).toBe('response.created');
  expect(events.at(-1)?.type).toBe('response.completed');
  expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
}

// One turn through the gateway: `responses.create`; streaming, turn 1 reads
// `responses.create({ stream: true })` event by event and turn 2 uses `responses.stream`'s accumulator.
async function turn(
  client: OpenAI,
  body: OpenAI.Responses.ResponseCreateParamsNonStreaming,
  stream: false | 'create' | 'stream',
): Promise<OpenAI.Responses.Response> {
  if (stream === false) return client.responses.create(body);
  if (stream === 'create') {
    const events = await responsesEvents(await client.responses.create({ ...body, stream: true }));
    expectValidOrder(events);
    return (events.at(-1) as unknown as { response: OpenAI.Responses.Response }).response;
  }
  const { stream: _stream, ...streamBody } = body;
  const helper = client.responses.stream(streamBody as Parameters<OpenAI['responses']['stream']>[0]);
  expectValidOrder(await responsesEvents(helper));
  return helper.finalResponse();
}

const BACKENDS: ResponsesBackend[] = ['anthropic', 'gemini', 'openai', 'openai-responses'];
const cases = BACKENDS.flatMap((backend) => [false, true].map((stream) => [backend, stream] as const));

describe('a Responses client runs the stateless tool loop on any backend', () => {
  it.each(cases)('%s backend, stream %s', async (backend, stream) => {
    const client = responsesClient(url);
    const model = RESPONSES_BACKEND_MODEL[backend];
    const server = serverOf(backend);

    backends.answer = firstTurn(backend);
    const first = await turn(
      client,
      { model, input: [QUESTION], tools: TOOLS, store: false, include: ['reasoning.encrypted_content'] },
      stream && 'create',
    );
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', arguments: '{"city":"北京"}' });
    // Gemini has no call ids: the adapter makes one; the others keep the backend's.
    if (backend !== 'gemini') expect(call?.call_id).toBe('call_loop1');
    // The reasoning item with a summary (a Gemini call's signature rides in one without, after the call).
    const reasoning = first.output
      .filter((item): item is OpenAI.Responses.ResponseReasoningItem => item.type === 'reasoning')
      .find((item) => item.summary.length > 0);
    if (backend === 'openai') expect(reasoning).toBeUndefined();
    else {
      expect(reasoning?.summary).toEqual([{ type: 'summary_text', text: THOUGHT }]);
      // Another provider's signature rides in encrypted_content; OpenAI's own is passed as it is.
      if (backend === 'openai-responses') expect(reasoning?.encrypted_content).toBe(SIGNED[backend]);
      else expect(reasoning?.encrypted_content?.startsWith(INTERLINGUA_REASONING_PREFIX)).toBe(true);
    }
    expect(first.usage).toMatchObject({ input_tokens: 310, output_tokens: 42 });

    // Turn 2, as the Responses docs loop it: the output items back, then the function's output.
    backends.answer = secondTurn;
    const before = server.requests.length;
    const input: ResponseInputItem[] = [
      QUESTION,
      ...(first.output as ResponseInputItem[]),
      { type: 'function_call_output', call_id: call?.call_id ?? '', output: '晴，25°C' },
    ];
    const second = await turn(client, { model, input, tools: TOOLS, store: false }, stream && 'stream');
    expect(second.output_text ?? textOf(second)).toBe('北京今天晴，25°C。');
    expect(second.usage).toMatchObject({
      input_tokens: 420,
      output_tokens: 12,
      input_tokens_details: { cached_tokens: 256 },
    });

    expect(server.requests.length).toBe(before + 1);
    const sent = server.requests.at(-1)?.body as Record<string, unknown>;
    expectReplayed(backend, sent, call?.call_id ?? '');

    const line = logs.findLast((entry) => entry.path === '/v1/responses' && entry.model === model);
    expect(line).toMatchObject({
      route: 'openai.responses',
      format: 'openai-responses',
      status: 200,
      stream,
      tokens: { input: 420, output: 12, cached: 256 },
    });
  });
});

// The SDK adds `output_text` to parsed responses, not to the one inside a stream's terminal event.
function textOf(response: OpenAI.Responses.Response): string {
  return response.output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .map((part) => (part.type === 'output_text' ? part.text : ''))
    .join('');
}

// What the backend got on turn 2, on its own wire: the signed reasoning, the call and its result, paired.
function expectReplayed(backend: ResponsesBackend, sent: Record<string, unknown>, callId: string): void {
  switch (backend) {
    case 'anthropic': {
      const messages = sent.messages as { role: string; content: Record<string, unknown>[] }[];
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(messages[1]?.content).toEqual([
        { type: 'thinking', thinking: THOUGHT, signature: SIGNED.anthropic },
        { type: 'tool_use', id: 'call_loop1', name: 'get_weather', input: { city: '北京' } },
      ]);
      expect(messages[2]?.content).toMatchObject([{ type: 'tool_result', tool_use_id: 'call_loop1' }]);
      expect(JSON.stringify(messages[2]?.content)).toContain('晴，25°C');
      return;
    }
    case 'gemini': {
      const contents = sent.contents as { role: string; parts: Record<string, unknown>[] }[];
      expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
      expect(contents[1]?.parts[0]).toEqual({ text: THOUGHT, thought: true, thoughtSignature: SIGNED.gemini });
      expect(contents[1]?.parts[1]).toMatchObject({
        functionCall: { name: 'get_weather', args: { city: '北京' } },
        thoughtSignature: CALL_SIGNATURE,
      });
      expect(contents[2]?.parts[0]).toMatchObject({ functionResponse: { name: 'get_weather' } });
      expect(JSON.stringify(contents[2]?.parts)).toContain('晴，25°C');
      return;
    }
    case 'openai': {
      const messages = sent.messages as Record<string, unknown>[];
      expect(messages[1]).toMatchObject({
        role: 'assistant',
        tool_calls: [{ id: callId, type: 'function', function: { name: 'get_weather', arguments: '{"city":"北京"}' } }],
      });
      expect(messages[2]).toEqual({ role: 'tool', tool_call_id: callId, content: '晴，25°C' });
      return;
    }
    case 'openai-responses': {
      const items = sent.input as Record<string, unknown>[];
      expect(items.map((item) => item.type ?? item.role)).toEqual([
        'message',
        'reasoning',
        'function_call',
        'function_call_output',
      ]);
      expect(items[1]).toMatchObject({ id: 'rs_loop1', encrypted_content: SIGNED['openai-responses'] });
      expect(items[3]).toEqual({ type: 'function_call_output', call_id: callId, output: '晴，25°C' });
      expect(sent).toMatchObject({ store: false, include: ['reasoning.encrypted_content'] });
      return;
    }
    default: {
      const exhaustive: never = backend;
      throw new Error(`Unknown backend ${String(exhaustive)}`);
    }
  }
}
