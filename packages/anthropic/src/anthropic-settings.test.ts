import { fileURLToPath } from 'node:url';
import { APICallError, type ChatRequest } from '@interlingua/core';
import {
  json,
  loadCodecFixtures,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  startProviderServer,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropic } from './create-anthropic';
import { decodeAnthropicRequest } from './decode-anthropic-request';
import { encodeAnthropicRequest } from './encode-anthropic-request';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const answer = fixtures.find((fixture) => fixture.name === 'anthropic-json-output.1');

type Block = { type: string };
type Body = {
  max_tokens: number;
  thinking?: { type: string; budget_tokens?: number };
  tool_choice?: { type: string };
  temperature?: number;
  messages: { role: string; content: string | Block[] }[];
};

/**
 * What the Messages API answers 400 for, with its own words (error texts as reported in public
 * issue threads of SDK users, e.g. anthropics/claude-code, mastra-ai/mastra, run-llama/llama_index).
 */
function rejection(body: Body): string | undefined {
  const thinking = body.thinking;
  if (thinking?.type !== 'enabled') return undefined;
  const budget = thinking.budget_tokens ?? 0;
  if (budget < 1024) return 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024';
  if (body.max_tokens <= budget) return '`max_tokens` must be greater than `thinking.budget_tokens`.';
  if (body.tool_choice?.type === 'any' || body.tool_choice?.type === 'tool')
    return 'Thinking may not be enabled when tool_choice forces tool use.';
  if (body.temperature !== undefined && body.temperature !== 1)
    return '`temperature` may only be set to 1 when thinking is enabled.';
  const last = body.messages.at(-1);
  const results = typeof last?.content !== 'string' && last?.content.some((block) => block.type === 'tool_result');
  const index = body.messages.length - 2;
  const assistant = body.messages[index];
  if (results && assistant !== undefined && typeof assistant.content !== 'string') {
    const first = assistant.content[0]?.type;
    if (first !== 'thinking' && first !== 'redacted_thinking') {
      return `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
    }
  }
  return undefined;
}

function strictAnthropic(request: RecordedRequest): Reply {
  const message = rejection(request.body as Body);
  if (message === undefined) return json(answer?.body);
  return json(
    { type: 'error', error: { type: 'invalid_request_error', message }, request_id: 'req_011CSettings400' },
    { status: 400 },
  );
}

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve() {
  server = await startProviderServer({ routes: [{ method: 'POST', path: '/v1/messages', reply: strictAnthropic }] });
  return createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6');
}

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};
const ask: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };
const tool = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
// Another provider made the call: no Anthropic thinking block to replay.
const handOff: ChatRequest = {
  tools: [tool],
  messages: [
    ...ask.messages,
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'GPT thought about it', providerMetadata: { openai: { itemId: 'rs_1' } } },
        { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '18°C' }],
          isError: false,
        },
      ],
    },
  ],
};

describe('reasoning and responseFormat on the Messages API, through the Anthropic SDK', () => {
  it('sends thinking with the budget and output_config.format exactly, and reads thinking and JSON back', async () => {
    const model = await serve();
    const response = await model.generate({
      ...ask,
      maxOutputTokens: 16_000,
      reasoning: { budgetTokens: 6000 },
      responseFormat: { type: 'json', schema: weather },
    });
    expect(server?.requests[0]?.body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 16_000,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
      thinking: { type: 'enabled', budget_tokens: 6000 },
      output_config: { format: { type: 'json_schema', schema: weather } },
    });
    expect(response).toEqual(answer?.expected);
  });

  it('an effort alone becomes its budget, and max_tokens is raised above it with a warning', async () => {
    const model = await serve();
    const generated = await model.generate({ ...ask, maxOutputTokens: 2000, reasoning: { effort: 'high' } });
    expect(server?.requests[0]?.body).toMatchObject({
      max_tokens: 16_384 + 4096,
      thinking: { type: 'enabled', budget_tokens: 16_384 },
    });
    expect(generated.warnings).toEqual([
      {
        type: 'degraded',
        feature: 'maxOutputTokens',
        message: 'Anthropic needs max_tokens above the thinking budget (16384); max_tokens 2000 was raised to 20480.',
      },
    ]);
  });

  it('the effortBudget setting (capability data) decides the budget of an effort', () => {
    const { value } = encodeAnthropicRequest(
      { ...ask, maxOutputTokens: 30_000, reasoning: { effort: 'low' } },
      {
        model: 'claude-opus-4-5',
        effortBudget: (model, effort) => (model === 'claude-opus-4-5' && effort === 'low' ? 3000 : undefined),
      },
    );
    expect(value.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
  });

  it('a budget below 1,024 is raised; temperature is left out while thinking', async () => {
    const model = await serve();
    const response = await model.generate({ ...ask, temperature: 0.2, reasoning: { budgetTokens: 100 } });
    expect(server?.requests[0]?.body).toMatchObject({ max_tokens: 4096, thinking: { budget_tokens: 1024 } });
    expect(server?.requests[0]?.body).not.toHaveProperty('temperature');
    expect(response.warnings.map((warning) => warning.feature)).toEqual(['reasoning.budgetTokens', 'temperature']);
  });

  it('hand-off: an open tool exchange without Anthropic thinking continues without it (the strict server accepts)', async () => {
    const model = await serve();
    const response = await model.generate({ ...handOff, reasoning: { effort: 'medium' } });
    const body = server?.requests[0]?.body as Body;
    expect(body.thinking).toBeUndefined();
    expect(body.messages[1]?.content).toEqual([
      { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(response.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported', feature: 'reasoning' }));
    expect(response.finishReason).toBe('stop');
  });

  it('hand-off: the same body with thinking forced through providerOptions is what the API refuses', async () => {
    const model = await serve();
    const error = await model
      .generate({
        ...handOff,
        maxOutputTokens: 8000,
        providerOptions: { anthropic: { thinking: { type: 'enabled', budget_tokens: 2048 } } },
      })
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as APICallError).message).toContain('must start with a thinking block');
  });

  it('thinking resumes on the next user turn, and stays when the exchange has a signed thinking block', () => {
    const nextTurn: ChatRequest = {
      ...handOff,
      messages: [
        ...handOff.messages,
        { role: 'assistant', content: [{ type: 'text', text: '18°C in Paris.' }] },
        { role: 'user', content: [{ type: 'text', text: 'And Rome?' }] },
      ],
      reasoning: { budgetTokens: 2048 },
      maxOutputTokens: 8000,
    };
    expect(encodeAnthropicRequest(nextTurn, { model: 'claude-sonnet-4-6' }).value.thinking).toEqual({
      type: 'enabled',
      budget_tokens: 2048,
    });
    const signed: ChatRequest = {
      ...handOff,
      messages: handOff.messages.map((message) =>
        message.role === 'assistant'
          ? {
              role: 'assistant',
              content: [
                { type: 'reasoning', text: 'Claude thought', signature: 'EqQBsig' },
                ...message.content.filter((part) => part.type === 'tool-call'),
              ],
            }
          : message,
      ),
      reasoning: { budgetTokens: 2048 },
      maxOutputTokens: 8000,
    };
    expect(encodeAnthropicRequest(signed, { model: 'claude-sonnet-4-6' }).value.thinking).toEqual({
      type: 'enabled',
      budget_tokens: 2048,
    });
  });

  it('a forced tool choice goes without thinking, with a warning', () => {
    const { value, warnings } = encodeAnthropicRequest(
      { ...ask, tools: [tool], toolChoice: 'required', reasoning: { effort: 'low' } },
      { model: 'claude-sonnet-4-6' },
    );
    expect(value.thinking).toBeUndefined();
    expect(value.tool_choice).toEqual({ type: 'any' });
    expect(warnings[0]?.message).toContain('forced');
  });

  it('decodeRequest maps thinking and output_config.format back (round trip)', () => {
    const request: ChatRequest = {
      ...ask,
      maxOutputTokens: 9000,
      reasoning: { budgetTokens: 4000 },
      responseFormat: { type: 'json', schema: weather },
    };
    const decoded = decodeAnthropicRequest(encodeAnthropicRequest(request, { model: 'claude-sonnet-4-6' }).value);
    expect(decoded.value.request).toEqual(request);
    const off = decodeAnthropicRequest(
      encodeAnthropicRequest({ ...ask, maxOutputTokens: 100, reasoning: { budgetTokens: 0 } }, { model: 'm' }).value,
    );
    expect(off.value.request.reasoning).toEqual({ budgetTokens: 0 });
    const adaptive = decodeAnthropicRequest({
      model: 'claude-opus-4-6',
      max_tokens: 100,
      messages: [],
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
    });
    expect(adaptive.value.request.reasoning).toBeUndefined();
    expect(adaptive.value.request.providerOptions).toEqual({
      anthropic: { thinking: { type: 'adaptive' }, output_config: { effort: 'high' } },
    });
  });

  it('decodeRequest refuses a malformed thinking or output format with its path', () => {
    const body = (extra: object) => ({ model: 'm', max_tokens: 10, messages: [], ...extra });
    expect(() => decodeAnthropicRequest(body({ thinking: { type: 'enabled', budget_tokens: 'x' } }))).toThrow(
      /thinking/,
    );
    expect(() =>
      decodeAnthropicRequest(body({ output_config: { format: { type: 'json_schema', schema: 'x' } } })),
    ).toThrow(/output_config\.format\.schema/);
  });
});
