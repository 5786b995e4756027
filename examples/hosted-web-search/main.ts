/**
 * A provider-run web search, declared once in the IR, on any provider: only the model string changes.
 *
 *   npx tsx examples/hosted-web-search/main.ts anthropic:claude-sonnet-4-6
 *   npx tsx examples/hosted-web-search/main.ts openai:gpt-5-mini
 *   npx tsx examples/hosted-web-search/main.ts gemini:gemini-2.5-flash
 *
 * `{ type: 'hosted-tool', kind: 'web-search' }` becomes Anthropic's `web_search_20250305`, the
 * Responses API's `web_search` or Gemini's `googleSearch`; the search the provider ran comes
 * back as a `hosted-tool-call` (the query) and a `hosted-tool-result` (the sources) in the
 * answer, kept in the history for the next turn. The key comes from the provider's usual
 * variable (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY). Without it the example says so
 * and runs offline: a local server speaking that provider's wire protocol (`startDemoServer`)
 * answers with a search and its result, so every leg but the model itself is real.
 */
import { pathToFileURL } from 'node:url';
import type { ChatModel, HostedTool, Message, ModelResponse } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { type ModelSettings, model, startDemoServer } from 'interlingua';

type WireProvider = Parameters<typeof startDemoServer>[0]['provider'];

/** The search tool, with settings each provider maps or names in a warning. */
export const webSearch: HostedTool = {
  type: 'hosted-tool',
  kind: 'web-search',
  maxUses: 3,
  userLocation: { country: 'FR', city: 'Lyon', timezone: 'Europe/Paris' },
};

/** Asks `modelId` a question it must search the web for; returns what it searched, found and said. */
export async function searchTheWeb(modelId: string, settings: ModelSettings = {}) {
  const messages: Message[] = [
    { role: 'user', content: [{ type: 'text', text: 'When was Interlingua 2.0 released?' }] },
  ];
  const response = await model(modelId, settings).generate({ messages, tools: [webSearch], maxOutputTokens: 2000 });
  const content = response.message.content;
  const queries = content.flatMap((part) =>
    part.type === 'hosted-tool-call' && typeof part.input.query === 'string' ? [part.input.query] : [],
  );
  const sources = content.flatMap((part) =>
    part.type === 'hosted-tool-result' ? (part.sources ?? []).flatMap((source) => source.url ?? []) : [],
  );
  const answer = content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  // The next turn sends the whole history back, the search included: the provider replays it.
  const history: Message[] = [...messages, response.message];
  return { queries, sources, answer, warnings: response.warnings, history };
}

const KEYS: Record<string, readonly string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};

/** The offline stand-in: a search for the question, two pages found, and the answer. */
function offlineSearchModel(): ChatModel {
  const id = 'srvtoolu_01OfflineSearch';
  const query = 'interlingua 2.0 release date';
  const pages = [
    { url: 'https://example.com/blog/interlingua-2', title: 'Interlingua 2.0 is out' },
    { url: 'https://example.org/changelog', title: 'Changelog' },
  ];
  const answer: ModelResponse = {
    message: {
      role: 'assistant',
      content: [
        {
          type: 'hosted-tool-call',
          id,
          kind: 'web-search',
          name: 'web_search',
          input: { query },
          // What Anthropic needs to replay the search: the blocks as its API sends them.
          providerMetadata: {
            anthropic: { block: { type: 'server_tool_use', id, name: 'web_search', input: { query } } },
          },
        },
        {
          type: 'hosted-tool-result',
          callId: id,
          kind: 'web-search',
          name: 'web_search',
          sources: pages,
          providerMetadata: {
            anthropic: {
              block: {
                type: 'web_search_tool_result',
                tool_use_id: id,
                content: pages.map((page) => ({
                  type: 'web_search_result',
                  ...page,
                  encrypted_content: 'offline',
                  page_age: null,
                })),
              },
            },
          },
        },
        { type: 'text', text: 'Interlingua 2.0 was released on November 30, 2026.' },
      ],
    },
    finishReason: 'stop',
    rawFinishReason: 'end_turn',
    usage: { inputTokens: 2890, outputTokens: 96 },
    warnings: [],
  };
  return {
    provider: 'offline',
    modelId: 'web-search',
    capabilities: { toolCalling: 'native' },
    generate: async () => answer,
    async *stream() {
      yield* responseToStream(answer);
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const modelId = process.argv[2] ?? 'anthropic:claude-sonnet-4-6';
  const provider = modelId.split(':')[0] ?? '';
  const keys = KEYS[provider] ?? [];
  const offline = keys.length > 0 && !keys.some((name) => (process.env[name] ?? '') !== '');
  // openai: reasoning models (gpt-5*) go through the Responses API, which runs web_search.
  const wire: WireProvider =
    provider === 'openai' ? (modelId.includes('gpt-5') ? 'openai-responses' : 'openai') : (provider as WireProvider);
  const server = offline ? await startDemoServer({ provider: wire, model: offlineSearchModel() }) : undefined;
  if (server !== undefined) {
    console.log(`No key in the environment (${keys.join(' or ')}): answering offline over the ${wire} wire protocol.`);
  }
  try {
    const settings = server === undefined ? {} : { baseURL: server.baseURL, apiKey: 'offline' };
    const { queries, sources, answer, warnings } = await searchTheWeb(modelId, settings);
    console.log(`${modelId} searched: ${queries.join('; ')}`);
    for (const source of sources) console.log(`  found ${source}`);
    console.log(`answer: ${answer}`);
    for (const warning of warnings) console.log(`  warning (${warning.feature}): ${warning.message}`);
  } finally {
    await server?.close();
  }
}
