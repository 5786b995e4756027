import { createOpenAI } from '@interlingua/openai';
import { json, startProviderServer } from '@interlingua/testkit';
import { type ChatRequest, model, startDemoServer, traceFetch } from 'interlingua';
import { compare, report } from '../harness';

/**
 * The umbrella's own cost: a model resolved by `model()` (registry + `withCapabilities`) against
 * the bare adapter model, a `--trace` fetch against the plain one, and a turn through the
 * offline demo server (decode → demo model → encode) against a canned JSON reply. All over the
 * same local HTTP, so the ratio is the added work per call.
 */
export async function run(): Promise<void> {
  const body = {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4.1',
    choices: [
      { index: 0, message: { role: 'assistant', content: 'hi', refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
  };
  const server = await startProviderServer({ routes: [{ path: '/v1/chat/completions', reply: json(body) }] });
  const demo = await startDemoServer({ provider: 'openai' });
  const request: ChatRequest = {
    messages: [{ role: 'user', content: [{ type: 'text', text: '你好' }] }],
    tools: [
      {
        name: 'weather__get_weather',
        description: '根据城市名查询实时天气',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
  };
  const settings = { apiKey: 'sk-bench', baseURL: `${server.url}/v1`, maxRetries: 0 };
  const bare = createOpenAI(settings)('gpt-4.1');
  const viaModel = model('openai:gpt-4.1', settings);
  const traced = model('openai:gpt-4.1', { ...settings, fetch: traceFetch(globalThis.fetch, () => {}) });
  const offline = model('openai:gpt-4.1', { apiKey: 'offline', baseURL: demo.baseURL, maxRetries: 0 });
  try {
    report(
      'interlingua (umbrella)',
      await compare([
        {
          name: "model('openai:…').generate vs the bare adapter model",
          baseline: () => bare.generate(request),
          subject: () => viaModel.generate(request),
        },
        {
          name: '--trace fetch vs plain fetch (generate)',
          baseline: () => viaModel.generate(request),
          subject: () => traced.generate(request),
        },
        {
          name: 'offline demo server turn vs canned JSON reply',
          baseline: () => viaModel.generate(request),
          subject: () => offline.generate(request),
        },
      ]),
    );
  } finally {
    await server.close();
    await demo.close();
  }
}
