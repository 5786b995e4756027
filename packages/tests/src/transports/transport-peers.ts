import { fileURLToPath } from 'node:url';
import { createAnthropic } from '@interlingua/anthropic';
import type { ChatModel, ChatRequest, StreamEvent, Usage } from '@interlingua/core';
import { createKeepAliveFetch } from '@interlingua/gateway';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import {
  loadCodecFixtures,
  type ProviderServer,
  type Reply,
  type SSEFormat,
  startProviderServer,
} from '@interlingua/testkit';

/** Transport settings every adapter takes. */
export type TransportSettings = {
  timeout?: number;
  streamIdleTimeout?: number;
  apiKey?: string;
  baseURL?: string;
  fetch?: typeof fetch;
};

type BaseAdapter = 'openai' | 'openai (responses)' | 'anthropic' | 'gemini';

/** One adapter, over its official SDK, against the testkit's provider server. */
export type TransportPeer = {
  adapter: BaseAdapter | 'gemini (generative-ai)' | `${BaseAdapter} over createKeepAliveFetch`;
  format: SSEFormat;
  /** The paths its SDK posts a stream and a non-streaming call to. */
  streamPath: RegExp;
  generatePath: RegExp;
  /** The first chunks of a recorded stream (from the adapter's fixtures), before any finish. */
  head: unknown[];
  /** The text those chunks carry. */
  headText: string;
  /** The usage those chunks reported, in IR terms (`undefined`: they report none). */
  headUsage: Usage | undefined;
  model(url: string, settings?: TransportSettings): ChatModel;
};

// `folder`: the fixtures' folder under the package's `src` (the Responses codec's are in `responses/`).
const chunksOf = (adapter: string, name: string, folder = ''): unknown[] => {
  const dir = fileURLToPath(new URL(`../../../${adapter}/src/${folder}__fixtures__`, import.meta.url));
  const found = loadCodecFixtures(dir).find((fixture) => fixture.name === name)?.chunks;
  if (found === undefined) throw new Error(`no stream fixture ${adapter}/${name}`);
  return found;
};

/** The adapters (OpenAI over both its APIs), each with a stream head from its own fixtures. */
export const TRANSPORT_PEERS: TransportPeer[] = [
  {
    adapter: 'openai',
    format: 'openai',
    streamPath: /^\/v1\/chat\/completions$/,
    generatePath: /^\/v1\/chat\/completions$/,
    // openai-text.1: the role chunk, "Hello", "!" (usage comes only in the last chunk).
    head: chunksOf('openai', 'openai-text.1').slice(0, 3),
    headText: 'Hello!',
    headUsage: undefined,
    model: (url, settings = {}) =>
      createOpenAI({ apiKey: 'sk-test', maxRetries: 0, ...settings, baseURL: settings.baseURL ?? `${url}/v1` })(
        'gpt-4.1',
      ),
  },
  {
    adapter: 'openai (responses)',
    format: 'openai-responses',
    streamPath: /^\/v1\/responses$/,
    generatePath: /^\/v1\/responses$/,
    // openai-responses-text.1: created, in_progress, the message item and its part, "Hello", "!" (usage only in response.completed).
    head: chunksOf('openai', 'openai-responses-text.1', 'responses/').slice(0, 6),
    headText: 'Hello!',
    headUsage: undefined,
    model: (url, settings = {}) =>
      createOpenAI({
        apiKey: 'sk-test',
        maxRetries: 0,
        ...settings,
        baseURL: settings.baseURL ?? `${url}/v1`,
      }).responses('gpt-4.1'),
  },
  {
    adapter: 'anthropic',
    format: 'anthropic',
    streamPath: /^\/v1\/messages$/,
    generatePath: /^\/v1\/messages$/,
    // anthropic-weather-tool-use.1: message_start (512 input tokens), the text block's first deltas.
    head: chunksOf('anthropic', 'anthropic-weather-tool-use.1').slice(0, 5),
    headText: '我需要查一下北京的天气。',
    headUsage: { inputTokens: 512, outputTokens: 1, cachedInputTokens: 0, cacheWriteTokens: 0 },
    model: (url, settings = {}) =>
      createAnthropic({ apiKey: 'sk-ant-test', maxRetries: 0, ...settings, baseURL: settings.baseURL ?? url })(
        'claude-sonnet-4-6',
      ),
  },
  {
    adapter: 'gemini',
    format: 'gemini',
    streamPath: /:streamGenerateContent$/,
    generatePath: /:generateContent$/,
    // gemini-stream-text-then-call.1: two text chunks, usageMetadata cumulative (58 prompt, 9 candidates).
    head: chunksOf('gemini', 'gemini-stream-text-then-call.1').slice(0, 2),
    headText: 'Let me check the weather in 北京 for you.',
    headUsage: { inputTokens: 58, outputTokens: 9 },
    model: (url, { baseURL, ...settings } = {}) =>
      createGemini({ apiKey: 'test-key', maxRetries: 0, ...settings, baseUrl: baseURL ?? url })('gemini-2.5-flash'),
  },
];

const gemini = TRANSPORT_PEERS.find((peer) => peer.adapter === 'gemini') as TransportPeer;
/** Gemini over its other transport, `@google/generative-ai`, where the model (not the SDK) owns the timeout. */
TRANSPORT_PEERS.push({
  ...gemini,
  adapter: 'gemini (generative-ai)',
  model: (url, { baseURL, ...settings } = {}) =>
    createGemini({ apiKey: 'test-key', maxRetries: 0, sdk: 'generative-ai', ...settings, baseUrl: baseURL ?? url })(
      'gemini-2.5-flash',
    ),
});

// The gateway's keep-alive node:http fetch under every SDK that takes a `fetch` (the official SDKs'
// contract with fetch: streaming bodies, TypeError on a dropped connection, AbortError on abort).
const keepAliveFetch = createKeepAliveFetch();
for (const peer of TRANSPORT_PEERS.filter((candidate) => candidate.adapter !== 'gemini (generative-ai)')) {
  TRANSPORT_PEERS.push({
    ...peer,
    adapter: `${peer.adapter as BaseAdapter} over createKeepAliveFetch`,
    model: (url, settings = {}) => peer.model(url, { fetch: keepAliveFetch, ...settings }),
  });
}

/** A one-message request. */
export const REQUEST: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
};

/** Starts a server answering the peer's stream and generate paths with `reply`. */
export function servePeer(peer: TransportPeer, reply: Reply): Promise<ProviderServer> {
  return startProviderServer({
    routes: [
      { method: 'POST', path: peer.streamPath, reply },
      { method: 'POST', path: peer.generatePath, reply },
    ],
  });
}

/** Every event of a stream, and what its iterator threw (if anything). */
export async function drain(events: AsyncIterable<StreamEvent>): Promise<{ events: StreamEvent[]; thrown?: unknown }> {
  const out: StreamEvent[] = [];
  try {
    for await (const event of events) out.push(event);
  } catch (thrown) {
    return { events: out, thrown };
  }
  return { events: out };
}

/** The text of the text deltas. */
export function textOf(events: readonly StreamEvent[]): string {
  return events.map((event) => (event.type === 'text-delta' ? event.text : '')).join('');
}
