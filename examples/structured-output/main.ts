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
 * the provider's usual variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY).
 */
import { pathToFileURL } from 'node:url';
import { generateObject } from '@interlingua/agent';
import { type ModelSettings, model } from 'interlingua';
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const modelId = process.argv[2] ?? 'openai:gpt-5-mini';
  const { report, warnings } = await weatherReport(modelId);
  console.log(`${modelId}: ${report.city}, ${report.temperatureC}°C, ${report.conditions.join(', ')}`);
  for (const warning of warnings) console.log(`  warning (${warning.feature}): ${warning.message}`);
}
