/**
 * One structured answer from any provider: only the model string changes.
 *
 *   npx tsx examples/structured-output/main.ts openai:gpt-5-mini
 *   npx tsx examples/structured-output/main.ts anthropic:claude-sonnet-4-5
 *   npx tsx examples/structured-output/main.ts gemini:gemini-2.5-flash
 *
 * `reasoning` becomes each provider's own control (reasoning_effort, a thinking budget,
 * thinkingBudget/thinkingLevel) and the schema each one's structured output — or, for a model
 * without one (claude-3-5-haiku), a forced tool whose input is the answer. The key comes from
 * the provider's usual variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY). Without it
 * the example says so and runs offline: a local server speaking that provider's wire protocol
 * (`startDemoServer`) answers with a fixed report, so every leg but the model itself is real.
 */
import { pathToFileURL } from 'node:url';
import { generateObject } from '@interlingua/agent';
import type { ChatModel, ChatRequest, ModelResponse } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { type ModelSettings, model, startDemoServer } from 'interlingua';

type WireProvider = Parameters<typeof startDemoServer>[0]['provider'];

import { toChatRequest } from '@interlingua/core';
import { z } from 'zod';

/** The answer's shape: a zod schema (zod 3 or JSON Schema work too). */
export const WeatherReport = z.object({
  city: z.string(),
  temperatureC: z.number(),
  conditions: z.array(z.string()).describe('Short words such as "cloudy"'),
});

/** Asks `modelId` for a typed weather report. */
export async function weatherReport(modelId: string, settings: ModelSettings = {}) {
  const { object, warnings } = await generateObject({
    model: model(modelId, settings),
    schema: WeatherReport,
    schemaName: 'weather_report',
    prompt: 'What is the weather in Paris today? Use your best estimate.',
    settings: { reasoning: { effort: 'low' }, maxOutputTokens: 8000 },
  });
  return { report: object, warnings };
}

const KEYS: Record<string, readonly string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};

/** The offline stand-in: answers every request with one report, as JSON text (or as the forced tool's input). */
function offlineReportModel(): ChatModel {
  const answer = (request: ChatRequest): ModelResponse => {
    const report = { city: 'Paris', temperatureC: 18, conditions: ['cloudy', 'light wind'] };
    const forced = typeof request.toolChoice === 'object' ? request.toolChoice.name : undefined;
    return {
      message: {
        role: 'assistant',
        content:
          forced === undefined
            ? [{ type: 'text', text: JSON.stringify(report) }]
            : [{ type: 'tool-call', id: 'call_offline_1', name: forced, args: report }],
      },
      finishReason: forced === undefined ? 'stop' : 'tool_calls',
      rawFinishReason: forced === undefined ? 'stop' : 'tool_use',
      usage: { inputTokens: 60, outputTokens: 24 },
      warnings: [],
    };
  };
  return {
    provider: 'offline',
    modelId: 'weather-report',
    capabilities: { toolCalling: 'native' },
    generate: async (request) => answer(toChatRequest(request)),
    async *stream(request) {
      yield* responseToStream(answer(toChatRequest(request)));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const modelId = process.argv[2] ?? 'openai:gpt-5-mini';
  const provider = modelId.split(':')[0] ?? '';
  const keys = KEYS[provider] ?? [];
  const offline = keys.length > 0 && !keys.some((name) => (process.env[name] ?? '') !== '');
  // openai: reasoning models (gpt-5*) go through the Responses API, the others through Chat Completions.
  const wire: WireProvider =
    provider === 'openai' ? (modelId.includes('gpt-5') ? 'openai-responses' : 'openai') : (provider as WireProvider);
  const server = offline ? await startDemoServer({ provider: wire, model: offlineReportModel() }) : undefined;
  if (server !== undefined) {
    console.log(`No key in the environment (${keys.join(' or ')}): answering offline over the ${wire} wire protocol.`);
  }
  try {
    const settings = server === undefined ? {} : { baseURL: server.baseURL, apiKey: 'offline' };
    const { report, warnings } = await weatherReport(modelId, settings);
    console.log(`${modelId}: ${report.city}, ${report.temperatureC}°C, ${report.conditions.join(', ')}`);
    for (const warning of warnings) console.log(`  warning (${warning.feature}): ${warning.message}`);
  } finally {
    await server?.close();
  }
}
