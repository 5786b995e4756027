import { fileURLToPath } from 'node:url';
import { anthropicCodec } from '@interlingua/anthropic';
import { bedrockCodec } from '@interlingua/bedrock';
import {
  type AssistantMessage,
  type Codec,
  collectStream,
  type Message,
  type ModelResponse,
  type ToolMessage,
  type ToolResult,
} from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec, openaiResponsesCodec } from '@interlingua/openai';
import { type CodecFixture, loadCodecFixtures } from '@interlingua/testkit';

/** The wire formats a conversation moves between (OpenAI's two APIs count as two). */
export type ProviderName = 'openai' | 'openai-responses' | 'anthropic' | 'gemini' | 'bedrock';
export const providerNames: readonly ProviderName[] = ['openai', 'openai-responses', 'anthropic', 'gemini', 'bedrock'];

// Each codec typed loosely: the tests only read what the wire carries.
export const codecs: Record<ProviderName, Codec> = {
  openai: openaiCodec as unknown as Codec,
  'openai-responses': openaiResponsesCodec as unknown as Codec,
  anthropic: anthropicCodec as unknown as Codec,
  gemini: geminiCodec as unknown as Codec,
  bedrock: bedrockCodec as unknown as Codec,
};

/** The model id each codec is asked to encode for. */
export const modelIds: Record<ProviderName, string> = {
  openai: 'gpt-4.1',
  'openai-responses': 'gpt-5',
  anthropic: 'claude-sonnet-4-6',
  gemini: 'gemini-2.5-flash',
  bedrock: 'anthropic.claude-sonnet-4-20250514-v1:0',
};

const fixtureCache = new Map<ProviderName, CodecFixture[]>();

// Where each format's wire fixtures live, relative to `packages/`.
const fixtureDirs: Record<ProviderName, string> = {
  openai: 'openai/src/__fixtures__',
  'openai-responses': 'openai/src/responses/__fixtures__',
  anthropic: 'anthropic/src/__fixtures__',
  gemini: 'gemini/src/__fixtures__',
  bedrock: 'bedrock/src/__fixtures__',
};

/** The adapter's own wire fixture `name` (`packages/<provider>/src/__fixtures__`). */
export function wireFixture(provider: ProviderName, name: string): CodecFixture {
  let fixtures = fixtureCache.get(provider);
  if (fixtures === undefined) {
    const dir = fileURLToPath(new URL(`../../../${fixtureDirs[provider]}`, import.meta.url));
    fixtures = loadCodecFixtures(dir);
    fixtureCache.set(provider, fixtures);
  }
  const fixture = fixtures.find((entry) => entry.name === name);
  if (fixture === undefined) throw new Error(`Expected a ${provider} fixture named ${name}, found none.`);
  return fixture;
}

/** Decodes a wire fixture with its own provider's codec: the body when there is one, else the stream. */
export async function decodeFixture(provider: ProviderName, name: string): Promise<ModelResponse> {
  const fixture = wireFixture(provider, name);
  const codec = codecs[provider];
  if (fixture.body !== undefined) return codec.decodeResponse(fixture.body);
  const chunks = fixture.chunks ?? [];
  return collectStream(
    codec.decodeStream(
      (async function* () {
        yield* chunks;
      })(),
    ),
  );
}

/** A 1×1 transparent PNG. */
export const pixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The answers to every call of `turn`, in call order: the first call gets text plus an image,
 * the second an error, the rest plain text.
 */
export function answerCalls(turn: AssistantMessage): ToolMessage {
  const content = turn.content.flatMap((part, index): ToolResult[] => {
    if (part.type !== 'tool-call') return [];
    const position = turn.content.slice(0, index).filter((earlier) => earlier.type === 'tool-call').length;
    const base = { type: 'tool-result' as const, toolCallId: part.id, toolName: part.name };
    if (position === 0) {
      return [
        {
          ...base,
          content: [
            { type: 'text' as const, text: `${part.name} result #${position}` },
            { type: 'image' as const, source: { type: 'base64' as const, data: pixelPng }, mediaType: 'image/png' },
          ],
          isError: false,
        },
      ];
    }
    if (position === 1) {
      return [
        { ...base, content: [{ type: 'text' as const, text: `${part.name} failed: upstream 503` }], isError: true },
      ];
    }
    return [
      { ...base, content: [{ type: 'text' as const, text: `${part.name} result #${position}` }], isError: false },
    ];
  });
  return { role: 'tool', content };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

/** The follow-up question every history ends with. */
export const followUp = 'And what should I pack?';

/** A history produced by one provider: its assistant turns, the tool results, then the next user turn. */
export type Handoff = { name: string; source: ProviderName; messages: Message[] };

/** Builds a history from decoded fixtures: each turn with calls is answered; the follow-up closes it. */
export async function buildHandoff(source: ProviderName, fixtureNames: readonly string[]): Promise<Handoff> {
  const messages: Message[] = [user('What is the weather, and the time?')];
  for (const name of fixtureNames) {
    const response = await decodeFixture(source, name);
    messages.push(response.message);
    if (response.message.content.some((part) => part.type === 'tool-call'))
      messages.push(answerCalls(response.message));
    else messages.push(user('Thanks. Now check the live data.'));
  }
  messages.push(user(followUp));
  return { name: `${source}: ${fixtureNames.join(' + ')}`, source, messages };
}

/** The histories handed from one provider to the others, each built from that provider's own fixtures. */
export const handoffScenarios: readonly { source: ProviderName; fixtures: readonly string[] }[] = [
  { source: 'anthropic', fixtures: ['anthropic-thinking-tool-use.1'] },
  { source: 'anthropic', fixtures: ['anthropic-redacted-thinking.1', 'anthropic-parallel-tool-use.1'] },
  { source: 'gemini', fixtures: ['gemini-thought-signatures.1'] },
  { source: 'anthropic', fixtures: ['anthropic-pause-turn-web-search.1', 'anthropic-thinking-tool-use.1'] },
  { source: 'gemini', fixtures: ['gemini-parallel-calls.1', 'gemini-function-call-no-id.1'] },
  { source: 'gemini', fixtures: ['gemini-stream-thoughts.1', 'gemini-function-call-with-id.1'] },
  { source: 'openai', fixtures: ['openai-truncated-args.1'] },
  { source: 'openai', fixtures: ['openai-parallel-tool-calls.1', 'openai-empty-args.1'] },
  { source: 'bedrock', fixtures: ['bedrock-reasoning.1'] },
  { source: 'bedrock', fixtures: ['bedrock-redacted-reasoning.1', 'bedrock-parallel-tool-use.1'] },
  { source: 'bedrock', fixtures: ['bedrock-max-tokens-tool-use.1', 'bedrock-reasoning.1'] },
  { source: 'openai-responses', fixtures: ['openai-responses-reasoning-tool-call.1'] },
  {
    source: 'openai-responses',
    fixtures: [
      'openai-responses-web-search.1',
      'openai-responses-reasoning-summaries.1',
      'openai-responses-parallel-tool-calls.1',
    ],
  },
];
