import Anthropic from '@anthropic-ai/sdk';
import type { ModelResponse } from '@interlingua/core';
import { json, type RecordedRequest } from '@interlingua/testkit';
import { createBuiltInGateway, createTraceRecorder } from 'interlingua';
import OpenAI from 'openai';
import { backendConfig, backendReply, startBackends } from '../gateway/gateway-harness';

const answer = (text: string): ModelResponse => ({
  message: { role: 'assistant', content: [{ type: 'text', text }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 12, outputTokens: 5 },
  warnings: [],
});

/**
 * Records a gateway trace into `file` through a real gateway and the official SDKs: a JSON
 * request (OpenAI format), a streamed one (Anthropic format), and one whose first backend fails
 * with a 500 before its fallback answers — the failed backend call is in the trace too.
 */
export async function recordGatewayTrace(file: string): Promise<void> {
  const backends = await startBackends();
  backends.answer = (format, stream, request: RecordedRequest) => {
    if ((request.body as { model?: unknown } | undefined)?.model === 'broken') {
      return json({ error: { message: 'Internal failure', type: 'server_error' } }, { status: 500 });
    }
    return backendReply(format, answer(format === 'openai' ? '北京今天晴，25°C。' : '上海今天多云，22°C。'), stream);
  };
  const trace = createTraceRecorder({ file, source: 'interlingua gateway' });
  const gateway = createBuiltInGateway(
    backendConfig(backends, {
      models: { fallback: { model: 'openai:broken', retries: 0, fallbacks: ['anthropic:claude-sonnet-4-6'] } },
    }),
    { log: false, registry: { env: {} }, trace },
  );
  const { url } = await gateway.listen({ port: 0 });
  try {
    const openai = new OpenAI({ apiKey: 'sk-client-0000', baseURL: `${url}/v1`, maxRetries: 0 });
    const anthropic = new Anthropic({ apiKey: 'sk-client-0000', baseURL: url, maxRetries: 0 });
    await openai.chat.completions.create(
      { model: 'openai-backend', messages: [{ role: 'user', content: '北京今天天气怎么样？请用一句话回答。' }] },
      { headers: { 'x-request-id': 'page-json-1' } },
    );
    await anthropic.messages
      .stream(
        { model: 'anthropic-backend', max_tokens: 64, messages: [{ role: 'user', content: '上海今天天气怎么样？' }] },
        { headers: { 'x-request-id': 'page-stream-1' } },
      )
      .finalMessage();
    await openai.chat.completions.create(
      { model: 'fallback', messages: [{ role: 'user', content: 'Will it rain in Shanghai tomorrow?' }] },
      { headers: { 'x-request-id': 'page-fallback-1' } },
    );
  } finally {
    await gateway.close();
    await trace.close();
    await backends.close();
  }
}
