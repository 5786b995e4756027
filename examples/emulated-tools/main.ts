/**
 * Tool calling for a model that has none: `withCapabilities` emulates it with a ReAct prompt.
 *
 *   npx tsx examples/emulated-tools/main.ts
 *
 * With OLLAMA_MODEL set (e.g. `gemma3:4b`, served by Ollama at OLLAMA_BASE_URL, default
 * http://localhost:11434/v1) it talks to that local model; without it it runs on the testkit's
 * scripted model, which answers in text the way a small model does, and says so.
 */
import { runAgent } from '@interlingua/agent';
import { capabilitiesOf, withCapabilities } from '@interlingua/capabilities';
import { type ChatModel, defineTool } from '@interlingua/core';
import { createOpenAI } from '@interlingua/openai';
import { scriptedModel, textResponse } from '@interlingua/testkit';
import { z } from 'zod';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string().describe('City name, e.g. Paris') }),
  execute: ({ city }) => (city === 'Paris' ? '18°C, cloudy' : `No data for ${city}.`),
});

function localModel(): ChatModel {
  const modelId = process.env.OLLAMA_MODEL;
  if (modelId !== undefined && modelId !== '') {
    const ollama = createOpenAI({
      name: 'ollama',
      baseURL: process.env.OLLAMA_BASE_URL ?? 'http://localhost:11434/v1',
      apiKey: 'ollama',
      maxTokensField: 'max_tokens',
      streamUsage: false,
    });
    return ollama(modelId);
  }
  console.log('(no OLLAMA_MODEL set: replaying what a small text-only model answers)\n');
  return scriptedModel(
    [
      textResponse(
        'Thought: I need the current weather in Paris.\nAction: get_weather\nAction Input: {"city": "Paris"}',
      ),
      textResponse('Thought: I have the weather now.\nFinal Answer: It is 18°C and cloudy in Paris.'),
    ],
    { provider: 'ollama', modelId: 'gemma3:4b' },
  );
}

const base = localModel();
console.log(
  `${base.provider}:${base.modelId} tool calling:`,
  capabilitiesOf(`${base.provider}:${base.modelId}`).toolCalling,
);

// 'none' → emulated; 'unknown' → native first, emulated after a "does not support tools" refusal.
const model = withCapabilities(base);
const result = await runAgent({
  model,
  tools: [getWeather],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] }],
});

for (const step of result.steps) {
  for (const outcome of step.toolOutcomes) {
    console.log(`called ${outcome.toolCall.name}(${JSON.stringify(outcome.toolCall.args)}) →`, outcome.result.content);
  }
}
console.log('\nanswer:', result.text);
console.log(
  'warnings:',
  result.warnings.map((warning) => `${warning.type} ${warning.feature}: ${warning.message}`),
);
