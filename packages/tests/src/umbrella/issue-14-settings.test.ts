// Issue 14, items 11 and 14: every factory takes `baseURL` and refuses unknown settings with a
// typed error; a model is built without its key, which is read on its first call.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropic } from '@interlingua/anthropic';
import { createBedrock } from '@interlingua/bedrock';
import { type ChatRequest, InvalidSettingError } from '@interlingua/core';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { createModelRegistry, model } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
const geminiBody = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'hi from here' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 },
};
// A Gemini-speaking server: requests that reach it did not go to Google.
const seen: { url: string; key: string | undefined }[] = [];
const server = createServer((incoming: IncomingMessage, response) => {
  seen.push({ url: incoming.url ?? '', key: incoming.headers['x-goog-api-key'] as string | undefined });
  incoming.resume();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(geminiBody));
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function settingError(make: () => unknown): InvalidSettingError {
  try {
    make();
  } catch (error) {
    if (InvalidSettingError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidSettingError');
}

describe('provider factories (item 11)', () => {
  it('createGemini({ baseURL }) sends the call there, as baseUrl still does', async () => {
    const viaURL = await createGemini({ baseURL: origin, apiKey: 'g-key' })('gemini-2.5-flash').generate(request);
    expect(viaURL.message.content).toEqual([{ type: 'text', text: 'hi from here' }]);
    await createGemini({ baseUrl: origin, apiKey: 'g-key' })('gemini-2.5-flash').generate(request);
    expect(seen.map((entry) => entry.url)).toEqual([
      '/v1beta/models/gemini-2.5-flash:generateContent',
      '/v1beta/models/gemini-2.5-flash:generateContent',
    ]);
    expect(seen[0]?.key).toBe('g-key');
  });

  it('every create* factory, and model(), refuses an unknown setting, naming the nearest one', () => {
    const cases: [() => unknown, string, string][] = [
      [() => createGemini({ baseUri: origin } as never), 'createGemini()', 'baseURL'],
      [() => createOpenAI({ baseUrl: origin } as never), 'createOpenAI()', 'baseURL'],
      [() => createAnthropic({ apikey: 'k' } as never), 'createAnthropic()', 'apiKey'],
      [() => createBedrock({ regoin: 'us-east-1' } as never), 'createBedrock()', 'region'],
      [
        () => createOpenAI()('gpt-4.1', { strictTool: true } as never),
        'the per-model options of createOpenAI()',
        'strictTools',
      ],
      [
        () => createOpenAI().responses('gpt-5', { encryptedReasonin: true } as never),
        'the options of createOpenAI().responses()',
        'encryptedReasoning',
      ],
      [() => model('openai:gpt-5', { apis: 'responses' } as never), 'model()', 'api'],
      [() => model('openai:gpt-4.1', { baseUrl: origin } as never), 'model()', 'baseURL'],
    ];
    for (const [make, where, nearest] of cases) {
      const error = settingError(make);
      expect(error.message).toMatch(
        new RegExp(
          `^${where.replace(/[()]/g, '\\$&')} has no setting \`\\w+\`; did you mean \`${nearest}\`\\? Expected one of: `,
        ),
      );
      expect(error.path?.length).toBe(1);
    }
    expect(settingError(() => createGemini({ timeout: 1, colour: 'red' } as never)).message).toMatch(
      /^createGemini\(\) has no setting `colour`\. Expected one of: apiKey, baseURL, baseUrl,/,
    );
  });
});

describe('when a key is checked (item 14): on the first call, everywhere', () => {
  it('model() builds a model without its key; the first call names the variable; a key set later is read', async () => {
    const env: Record<string, string | undefined> = {};
    const registry = createModelRegistry({ env });
    const claude = registry.model('anthropic:claude-sonnet-4-6');
    expect(claude).toMatchObject({ provider: 'anthropic', modelId: 'claude-sonnet-4-6' });
    expect(claude.capabilities.toolCalling).toBe('native');
    await expect(claude.generate(request)).rejects.toThrow(
      'Expected an API key for anthropic in ANTHROPIC_API_KEY (or the apiKey setting), got none.',
    );
    const streamed = (async () => {
      for await (const _event of registry.model('gemini:gemini-2.5-flash').stream(request)) break;
    })();
    await expect(streamed).rejects.toThrow(/GEMINI_API_KEY or GOOGLE_API_KEY/);
    env.GEMINI_API_KEY = 'late-key';
    const gemini = registry.model('gemini:gemini-2.5-flash', { baseURL: origin });
    expect((await gemini.generate(request)).message.content).toEqual([{ type: 'text', text: 'hi from here' }]);
    expect(seen.at(-1)?.key).toBe('late-key');
  });

  it('the adapters agree: createAnthropic, createOpenAI and createGemini build without a key too', async () => {
    const saved = { ...process.env };
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.OPENAI_API_KEY;
    delete process.env.GEMINI_API_KEY;
    delete process.env.GOOGLE_API_KEY;
    try {
      for (const built of [
        createAnthropic()('claude-sonnet-4-6'),
        createOpenAI()('gpt-4.1'),
        createGemini()('gemini-2.5-flash'),
      ]) {
        await expect(built.generate(request)).rejects.toThrow(InvalidSettingError);
      }
    } finally {
      Object.assign(process.env, saved);
    }
  });
});
