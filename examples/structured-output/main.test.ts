import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherReport } from './main';

// The example offline: each provider's wire protocol served locally, answering the way the
// API answers a structured-output request (JSON text; for a model without JSON outputs, the
// forced tool's input). Only the model string (and the local base URL) changes.

const report = { city: 'Paris', temperatureC: 18, conditions: ['cloudy'] };
const usage = { input_tokens: 50, output_tokens: 20 };
let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    routes: [
      {
        // openai: reasoning models go through the Responses API (the capability data's choice).
        method: 'POST',
        path: '/v1/responses',
        reply: json({
          id: 'resp_example',
          object: 'response',
          created_at: 0,
          status: 'completed',
          model: 'gpt-5-mini',
          output: [
            {
              id: 'msg_example',
              type: 'message',
              status: 'completed',
              role: 'assistant',
              content: [{ type: 'output_text', text: JSON.stringify(report), annotations: [] }],
            },
          ],
          usage: {
            input_tokens: 50,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 20,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 70,
          },
        }),
      },
      {
        method: 'POST',
        path: '/v1/chat/completions',
        reply: json({
          id: 'chatcmpl-example',
          object: 'chat.completion',
          created: 0,
          model: 'gpt-5-mini',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(report), refusal: null, annotations: [] },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        }),
      },
      {
        method: 'POST',
        path: '/v1/messages',
        reply: (request) => {
          const body = request.body as { model: string; tool_choice?: { name?: string } };
          const forced = body.tool_choice?.name;
          return json({
            id: 'msg_example',
            type: 'message',
            role: 'assistant',
            model: body.model,
            content:
              forced === undefined
                ? [{ type: 'text', text: JSON.stringify(report) }]
                : [{ type: 'tool_use', id: 'toolu_example', name: forced, input: report }],
            stop_reason: forced === undefined ? 'end_turn' : 'tool_use',
            stop_sequence: null,
            usage,
          });
        },
      },
      {
        method: 'POST',
        path: /:generateContent$/,
        reply: json({
          candidates: [
            { content: { role: 'model', parts: [{ text: JSON.stringify(report) }] }, finishReason: 'STOP', index: 0 },
          ],
          usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 20, totalTokenCount: 70 },
          modelVersion: 'gemini-2.5-flash',
        }),
      },
    ],
  });
});
afterAll(() => server.close());

const settings = (modelId: string) => ({
  apiKey: 'test-key',
  baseURL: modelId.startsWith('openai:') ? `${server.url}/v1` : server.url,
});
const lastBody = () => server.requests.at(-1)?.body as Record<string, unknown>;

describe('examples/structured-output: the same call on every provider', () => {
  it('openai:gpt-5-mini — reasoning.effort and a json_schema text.format (Responses API)', async () => {
    const { report: answer } = await weatherReport('openai:gpt-5-mini', settings('openai:'));
    expect(answer).toEqual(report);
    expect(server.requests.at(-1)?.path).toBe('/v1/responses');
    expect(lastBody()).toMatchObject({
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_schema', name: 'weather_report' } },
    });
  });

  it('anthropic:claude-sonnet-4-5 — a thinking budget and output_config.format', async () => {
    const { report: answer } = await weatherReport('anthropic:claude-sonnet-4-5', settings('anthropic:'));
    expect(answer).toEqual(report);
    expect(lastBody()).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 4096 },
      output_config: { format: { type: 'json_schema' } },
    });
  });

  it('anthropic:claude-3-5-haiku-latest — no reasoning, JSON through a forced tool, both warned', async () => {
    const { report: answer, warnings } = await weatherReport(
      'anthropic:claude-3-5-haiku-latest',
      settings('anthropic:'),
    );
    expect(answer).toEqual(report);
    expect(lastBody()).toMatchObject({ tool_choice: { type: 'tool', name: 'json_answer' } });
    expect(lastBody()).not.toHaveProperty('thinking');
    expect(warnings.map((warning) => warning.feature).sort()).toEqual(['reasoning', 'responseFormat']);
  });

  it('gemini:gemini-2.5-flash — thinkingBudget and responseJsonSchema', async () => {
    const { report: answer } = await weatherReport('gemini:gemini-2.5-flash', settings('gemini:'));
    expect(answer).toEqual(report);
    expect(lastBody().generationConfig).toMatchObject({
      thinkingConfig: { thinkingBudget: 1024 },
      responseMimeType: 'application/json',
    });
  });
});

describe('run without a key (issue 32)', () => {
  it('says so and answers offline over the provider wire protocol, exit 0', () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const root = fileURLToPath(new URL('../../', import.meta.url));
    for (const modelId of ['anthropic:claude-3-5-haiku-latest', 'gemini:gemini-2.5-flash']) {
      const run = spawnSync(process.execPath, ['--import', tsx, main, modelId], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TSX_TSCONFIG_PATH: `${root}tsconfig.json` },
        timeout: 120_000,
      });
      expect(run.stderr).not.toContain('Error');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('No key in the environment');
      expect(run.stdout).toContain(`${modelId}: Paris, 18°C, cloudy, light wind`);
    }
  }, 240_000);
});
