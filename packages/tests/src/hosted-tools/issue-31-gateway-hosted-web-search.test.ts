import { readFileSync } from 'node:fs';
import type { Gateway } from '@interlingua/gateway';
import { json, type ProviderServer, type RecordedRequest, type Reply, sse } from '@interlingua/testkit';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, startBackends, startGateway, type WireFormat } from '../gateway/gateway-harness';
import {
  RESPONSES_BACKEND_MODEL,
  type ResponsesBackend,
  responsesClient,
  responsesConfig,
  startResponsesBackend,
} from '../gateway/gateway-responses-harness';

// Issue 31, item 2: a Responses client (the official `openai` SDK) asks for `web_search`
// through the gateway. Each backend gets its own provider's web search tool (Anthropic
// `web_search_20250305` through the Anthropic SDK, Gemini `googleSearch`, OpenAI `web_search`)
// and answers as the real API does (the adapters' fixtures, built from the API references); the
// client gets the search back as a `web_search_call` item with the query and the sources found,
// then the answer, in JSON and in a stream.

const fixture = (path: string) => new URL(`../../../${path}`, import.meta.url);
const body = (path: string): unknown => JSON.parse(readFileSync(fixture(`${path}.json`), 'utf8'));
const chunks = (path: string): unknown[] =>
  readFileSync(fixture(`${path}.chunks.txt`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

const FIXTURES: Record<Exclude<ResponsesBackend, 'openai'>, string> = {
  anthropic: 'anthropic/src/__fixtures__/anthropic-web-search.1',
  gemini: 'gemini/src/__fixtures__/gemini-google-search.1',
  'openai-responses': 'openai/src/responses/__fixtures__/openai-responses-web-search.1',
};
const SSE_FORMAT = { anthropic: 'anthropic', gemini: 'gemini', 'openai-responses': 'openai-responses' } as const;

// What each backend's search found, as its fixture says.
const EXPECTED: Record<keyof typeof FIXTURES, { query: string; sources: string[]; answer: string }> = {
  anthropic: {
    query: 'interlingua 2.0 release date',
    sources: ['https://example.com/blog/interlingua-2', 'https://example.org/changelog'],
    answer: 'Interlingua 2.0 was released on November 30, 2026.',
  },
  gemini: {
    query: 'interlingua 2.0 release date',
    sources: [
      'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9wXE1',
      'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AbF9wXE2',
    ],
    answer: 'Interlingua 2.0 was released on November 30, 2026.',
  },
  'openai-responses': {
    query: 'positive news today',
    sources: [],
    answer: 'As of today, a coral reef restoration project reported record growth.',
  },
};

let backends: Backends;
let responsesServer: ProviderServer;
let gateway: Gateway;
let url: string;
let backend: keyof typeof FIXTURES = 'anthropic';

beforeAll(async () => {
  backends = await startBackends();
  responsesServer = await startResponsesBackend(backends);
  ({ gateway, url } = await startGateway(responsesConfig(backends, responsesServer)));
  backends.answer = (_format: WireFormat, stream: boolean, _request: RecordedRequest): Reply => {
    const path = FIXTURES[backend];
    return stream ? sse(SSE_FORMAT[backend], chunks(path), { splitEvery: 41 }) : json(body(path));
  };
});

afterAll(async () => {
  await gateway.close();
  await backends.close();
  await responsesServer.close();
});

const serverOf = (name: keyof typeof FIXTURES): ProviderServer =>
  name === 'openai-responses' ? responsesServer : backends.servers[name];

const WEB_SEARCH = {
  type: 'web_search' as const,
  filters: { allowed_domains: ['example.com', 'example.org'] },
  user_location: { type: 'approximate' as const, country: 'FR', city: 'Lyon', timezone: 'Europe/Paris' },
};

// The tool each backend must have received for WEB_SEARCH.
function expectSearchTool(name: keyof typeof FIXTURES, sent: Record<string, unknown>): void {
  const tools = sent.tools as Record<string, unknown>[];
  if (name === 'anthropic') {
    expect(tools).toEqual([
      {
        type: 'web_search_20250305',
        name: 'web_search',
        allowed_domains: ['example.com', 'example.org'],
        user_location: { type: 'approximate', country: 'FR', city: 'Lyon', timezone: 'Europe/Paris' },
      },
    ]);
  } else if (name === 'gemini') {
    expect(tools).toEqual([{ googleSearch: {} }]);
  } else {
    expect(tools).toEqual([WEB_SEARCH]);
  }
}

function expectSearchItems(name: keyof typeof FIXTURES, output: OpenAI.Responses.ResponseOutputItem[]): void {
  const expected = EXPECTED[name];
  const search = output.find((item) => item.type === 'web_search_call') as
    | (OpenAI.Responses.ResponseFunctionWebSearch & { action: { query?: string; sources?: { url: string }[] } })
    | undefined;
  expect(search, JSON.stringify(output)).toBeDefined();
  expect(search?.status).toBe('completed');
  expect(search?.action.query).toBe(expected.query);
  expect((search?.action.sources ?? []).map((source) => source.url)).toEqual(expected.sources);
  const text = output
    .flatMap((item) => (item.type === 'message' ? item.content : []))
    .map((part) => (part.type === 'output_text' ? part.text : ''))
    .join('');
  expect(text).toContain(expected.answer);
}

describe.each(['anthropic', 'gemini', 'openai-responses'] as const)('web_search onto the %s backend', (name) => {
  it('responses.create: the backend gets its own web search tool; the client gets a web_search_call item', async () => {
    backend = name;
    const server = serverOf(name);
    const before = server.requests.length;
    const response = await responsesClient(url).responses.create({
      model: RESPONSES_BACKEND_MODEL[name],
      input: 'When was Interlingua 2.0 released?',
      tools: [WEB_SEARCH],
    });
    expect(server.requests.length).toBe(before + 1);
    expectSearchTool(name, server.requests.at(-1)?.body as Record<string, unknown>);
    expectSearchItems(name, response.output);
  });

  it('responses.create({ stream: true }): the search arrives as output_item events, the same items at the end', async () => {
    backend = name;
    const server = serverOf(name);
    const stream = await responsesClient(url).responses.create({
      model: RESPONSES_BACKEND_MODEL[name],
      input: 'When was Interlingua 2.0 released?',
      tools: [WEB_SEARCH],
      stream: true,
    });
    const added: string[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_item.added') added.push(event.item.type);
      if (event.type === 'response.completed') completed = event.response;
    }
    expectSearchTool(name, server.requests.at(-1)?.body as Record<string, unknown>);
    expect(added).toContain('web_search_call');
    expect(completed).toBeDefined();
    expectSearchItems(name, completed?.output ?? []);
  });
});

describe('the history with a search, sent back', () => {
  it('on the Anthropic backend, a search the client replays reaches the model as text, not dropped', async () => {
    backend = 'anthropic';
    const client = responsesClient(url);
    const first = await client.responses.create({
      model: RESPONSES_BACKEND_MODEL.anthropic,
      input: 'When was Interlingua 2.0 released?',
      tools: [WEB_SEARCH],
    });
    const server = backends.servers.anthropic;
    await client.responses.create({
      model: RESPONSES_BACKEND_MODEL.anthropic,
      input: [
        { role: 'user', content: 'When was Interlingua 2.0 released?' },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { role: 'user', content: 'And the one before?' },
      ],
      tools: [WEB_SEARCH],
    });
    const sent = JSON.stringify(server.requests.at(-1)?.body);
    expect(sent).toContain('interlingua 2.0 release date');
    expect(sent).toContain('https://example.com/blog/interlingua-2');
  });
});
