import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { model } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTheWeb } from './main';

// The example against the testkit's provider server, which answers as each API does (the
// adapters' web search fixtures, built from the API references), then run as a script offline.

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../packages/${path}.json`, import.meta.url), 'utf8'));
let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/messages',
        reply: json(fixture('anthropic/src/__fixtures__/anthropic-web-search.1')),
      },
      {
        method: 'POST',
        path: /:generateContent$/,
        reply: json(fixture('gemini/src/__fixtures__/gemini-google-search.1')),
      },
    ],
  });
});
afterAll(() => server.close());

const lastBody = () => server.requests.at(-1)?.body as Record<string, unknown>;

describe('examples/hosted-web-search', () => {
  it('anthropic: web_search_20250305 is sent; the search and its sources come back as IR parts and replay', async () => {
    const result = await searchTheWeb('anthropic:claude-sonnet-4-6', { apiKey: 'test-key', baseURL: server.url });
    expect(lastBody().tools).toEqual([
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 3,
        user_location: { type: 'approximate', country: 'FR', city: 'Lyon', timezone: 'Europe/Paris' },
      },
    ]);
    expect(result.queries).toEqual(['interlingua 2.0 release date']);
    expect(result.sources).toEqual(['https://example.com/blog/interlingua-2', 'https://example.org/changelog']);
    expect(result.answer).toContain('Interlingua 2.0 was released on November 30, 2026.');
    // The next turn replays the blocks as Anthropic sent them (encrypted results included).
    await model('anthropic:claude-sonnet-4-6', { apiKey: 'test-key', baseURL: server.url }).generate({
      messages: [...result.history, { role: 'user', content: [{ type: 'text', text: 'Thanks!' }] }],
    });
    const replayed = (lastBody().messages as { role: string; content: { type: string }[] }[])[1]?.content ?? [];
    expect(replayed.map((block) => block.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text']);
    expect(JSON.stringify(replayed)).toContain('EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Yhosted1');
  });

  it('gemini: googleSearch is sent; the grounding comes back as a search and its sources, unsupported settings warned', async () => {
    const result = await searchTheWeb('gemini:gemini-2.5-flash', { apiKey: 'test-key', baseURL: server.url });
    expect(lastBody().tools).toEqual([{ googleSearch: {} }]);
    expect(result.queries).toEqual(['interlingua 2.0 release date']);
    expect(result.sources).toHaveLength(2);
    expect(result.warnings.map((warning) => warning.feature)).toEqual(['tools[0].maxUses', 'tools[0].userLocation']);
  });

  it('runs as a script without a key: offline over each wire protocol, exit 0', () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const root = fileURLToPath(new URL('../../', import.meta.url));
    for (const modelId of ['anthropic:claude-sonnet-4-6', 'openai:gpt-5-mini']) {
      const run = spawnSync(process.execPath, ['--import', tsx, main, modelId], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TSX_TSCONFIG_PATH: `${root}tsconfig.json` },
        timeout: 120_000,
      });
      expect(run.stderr).not.toContain('Error');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('No key in the environment');
      expect(run.stdout).toContain(`${modelId} searched: interlingua 2.0 release date`);
      expect(run.stdout).toContain('found https://example.com/blog/interlingua-2');
    }
  }, 240_000);
});
