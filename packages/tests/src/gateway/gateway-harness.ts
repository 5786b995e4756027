import Anthropic from '@anthropic-ai/sdk';
import { type GenerateContentRequest, GoogleGenerativeAI } from '@google/generative-ai';
import { anthropicCodec } from '@interlingua/anthropic';
import type { ChatRequest, Codec, ModelResponse } from '@interlingua/core';
import { collectStream } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import type { Gateway, GatewayConfigInput } from '@interlingua/gateway';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import {
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';

/** The three wire formats, inbound and as backends. */
export type WireFormat = 'openai' | 'anthropic' | 'gemini';
export const WIRE_FORMATS: readonly WireFormat[] = ['openai', 'anthropic', 'gemini'];

export const CODECS: Record<WireFormat, Codec> = {
  openai: openaiCodec as Codec,
  anthropic: anthropicCodec as Codec,
  gemini: geminiCodec as Codec,
};

/** The gateway model name served by each backend format. */
export const BACKEND_MODEL: Record<WireFormat, string> = {
  openai: 'openai-backend',
  anthropic: 'anthropic-backend',
  gemini: 'gemini-backend',
};

/** Three provider servers, each answering every model call with the current scripted reply. */
export type Backends = {
  servers: Record<WireFormat, ProviderServer>;
  /** What every backend answers next: an IR response (encoded in the backend's format) or a raw reply. */
  answer: ModelResponse | ((format: WireFormat, stream: boolean, request: RecordedRequest) => Reply | Promise<Reply>);
  close(): Promise<void>;
};

async function* events(response: ModelResponse) {
  yield* responseToStream(response);
}

async function* from<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** What a backend sends for an IR response, JSON or SSE, in its own format (through its codec's gateway half). */
export async function backendReply(format: WireFormat, response: ModelResponse, stream: boolean): Promise<Reply> {
  const codec = CODECS[format];
  if (!stream) return json(codec.encodeResponse(response, { model: `${format}-model` }).value);
  const chunks = await collect(codec.encodeStream(events(response), { model: `${format}-model` }));
  return sse(format, chunks, { splitEvery: 13 });
}

/** An Anthropic stream that fails mid-answer: message_start, half a text, then an `overloaded_error` event. */
export const ANTHROPIC_CUT_STREAM: unknown[] = [
  {
    type: 'message_start',
    message: {
      id: 'msg_cut',
      type: 'message',
      role: 'assistant',
      model: 'cut',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  },
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Half an ans' } },
  { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
];

/** Starts the three provider servers. */
export async function startBackends(): Promise<Backends> {
  const backends = { answer: undefined as unknown as Backends['answer'] } as Backends;
  const reply = (format: WireFormat, stream: boolean, request: RecordedRequest) =>
    typeof backends.answer === 'function'
      ? backends.answer(format, stream, request)
      : backendReply(format, backends.answer, stream);
  const [openai, anthropic, gemini] = await Promise.all([
    startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: (request) => reply('openai', (request.body as { stream?: boolean }).stream === true, request),
        },
      ],
    }),
    startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/messages',
          reply: (request) => reply('anthropic', (request.body as { stream?: boolean }).stream === true, request),
        },
      ],
    }),
    startProviderServer({
      routes: [
        { method: 'POST', path: /:generateContent$/, reply: (request) => reply('gemini', false, request) },
        { method: 'POST', path: /:streamGenerateContent$/, reply: (request) => reply('gemini', true, request) },
      ],
    }),
  ]);
  backends.servers = { openai, anthropic, gemini };
  backends.close = async () => {
    await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
  };
  return backends;
}

/** A gateway config whose `<format>-backend` models are the three servers, through the real adapters. */
export function backendConfig(backends: Backends, extra: Partial<GatewayConfigInput> = {}): GatewayConfigInput {
  return {
    models: {
      'openai-backend': { model: 'openai:gpt-4.1', retries: 0 },
      'anthropic-backend': { model: 'anthropic:claude-sonnet-4-6', retries: 0 },
      'gemini-backend': { model: 'gemini:gemini-2.5-flash', retries: 0 },
      ...(extra.models ?? {}),
    },
    providers: {
      openai: { baseURL: `${backends.servers.openai.url}/v1`, apiKey: 'sk-backend-openai-0000' },
      anthropic: { baseURL: backends.servers.anthropic.url, apiKey: 'sk-ant-backend-0000' },
      gemini: { baseURL: backends.servers.gemini.url, apiKey: 'gemini-backend-key-0000' },
    },
    ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'models')),
  };
}

/** A gateway on a free loopback port, its log lines collected. */
export async function startGateway(
  config: GatewayConfigInput,
): Promise<{ gateway: Gateway; url: string; logs: Record<string, unknown>[] }> {
  const logs: Record<string, unknown>[] = [];
  const gateway = createBuiltInGateway(config, {
    log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    registry: { env: {} },
  });
  const { url } = await gateway.listen({ port: 0 });
  return { gateway, url, logs };
}

/** The result of one call through the gateway with an official SDK: the parsed result as IR. */
export type ClientResult = { response: ModelResponse; raw: unknown };

/**
 * Sends an IR request through the gateway with the inbound format's official SDK (JSON, or
 * its streaming helper accumulating the final message), and reads what the SDK parsed back
 * into IR with the same format's codec.
 */
export async function callWithSdk(
  format: WireFormat,
  gatewayUrl: string,
  model: string,
  request: ChatRequest,
  stream: boolean,
  key = 'test-key',
): Promise<ClientResult> {
  switch (format) {
    case 'openai': {
      const client = new OpenAI({ apiKey: key, baseURL: `${gatewayUrl}/v1`, maxRetries: 0 });
      const body = openaiCodec.encodeRequest(request, { model })
        .value as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming;
      const raw = stream
        ? await client.chat.completions
            .stream({ ...body, stream: true, stream_options: { include_usage: true } })
            .finalChatCompletion()
        : await client.chat.completions.create(body);
      return { response: openaiCodec.decodeResponse(raw), raw };
    }
    case 'anthropic': {
      const client = new Anthropic({ apiKey: key, baseURL: gatewayUrl, maxRetries: 0 });
      const body = anthropicCodec.encodeRequest(request, { model })
        .value as unknown as Anthropic.MessageCreateParamsNonStreaming;
      const raw = stream ? await client.messages.stream(body).finalMessage() : await client.messages.create(body);
      return { response: anthropicCodec.decodeResponse(raw), raw };
    }
    case 'gemini': {
      const client = new GoogleGenerativeAI(key).getGenerativeModel({ model }, { baseUrl: gatewayUrl });
      const { model: _model, ...body } = geminiCodec.encodeRequest(request, { model }).value as Record<string, unknown>;
      if (stream) {
        // The SDK's aggregated `response` folds thought parts into the answer text; read the chunks as they came.
        const result = await client.generateContentStream(body as unknown as GenerateContentRequest);
        const chunks: unknown[] = [];
        for await (const chunk of result.stream) chunks.push(JSON.parse(JSON.stringify(chunk)));
        return { response: await collectStream(geminiCodec.decodeStream(from(chunks))), raw: chunks };
      }
      const result = (await client.generateContent(body as unknown as GenerateContentRequest)).response;
      // The SDK adds helper methods to the response; the codec reads the data.
      const raw = JSON.parse(JSON.stringify(result)) as unknown;
      return { response: geminiCodec.decodeResponse(raw), raw };
    }
    default: {
      const exhaustive: never = format;
      throw new Error(`Unknown format ${String(exhaustive)}`);
    }
  }
}
