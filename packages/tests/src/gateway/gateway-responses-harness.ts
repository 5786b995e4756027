import type { ChatRequest, Codec, ModelResponse } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import type { GatewayConfigInput } from '@interlingua/gateway';
import { openaiResponsesCodec } from '@interlingua/openai';
import {
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { CARRIES, type carried } from './gateway-digests';
import { type Backends, backendConfig, CODECS, type WireFormat } from './gateway-harness';

/** The backends of the Responses route's tests: the three of the matrix, and OpenAI over the Responses API. */
export type ResponsesBackend = WireFormat | 'openai-responses';
export const RESPONSES_BACKENDS: readonly ResponsesBackend[] = ['openai', 'anthropic', 'gemini', 'openai-responses'];

/** The gateway model name served by each backend. */
export const RESPONSES_BACKEND_MODEL: Record<ResponsesBackend, string> = {
  openai: 'openai-backend',
  anthropic: 'anthropic-backend',
  gemini: 'gemini-backend',
  'openai-responses': 'responses-backend',
};

/** The codec each backend speaks. */
export const RESPONSES_BACKEND_CODECS: Record<ResponsesBackend, Codec> = {
  ...CODECS,
  'openai-responses': openaiResponsesCodec as Codec,
};

/**
 * What survives between the Responses format and a backend: ids; reasoning (as summaries); a
 * signature too (another provider's travels in `encrypted_content`) — as far as the backend carries them.
 */
export function carriedByResponses(backend: ResponsesBackend): ReturnType<typeof carried> {
  if (backend === 'openai-responses') return { ids: true, reasoning: true, signature: true };
  return { ids: CARRIES[backend].ids, reasoning: CARRIES[backend].reasoning, signature: CARRIES[backend].signature };
}

async function* from<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** What a Responses API backend sends for an IR response (the codec's gateway half), JSON or SSE. */
export async function responsesBackendReply(response: ModelResponse, stream: boolean): Promise<Reply> {
  const options = { model: 'gpt-5', createdAt: 1767225600 };
  if (!stream) return json(openaiResponsesCodec.encodeResponse(response, options).value);
  const chunks = await collect(openaiResponsesCodec.encodeStream(from(responseToStream(response)), options));
  return sse('openai-responses', chunks, { splitEvery: 13 });
}

/**
 * A provider server speaking the Responses API (`POST /v1/responses`), answering what
 * `backends.answer` says, as the three of `startBackends` do (a function answer is asked with
 * the format `openai`, for replies built by hand).
 */
export function startResponsesBackend(backends: Backends): Promise<ProviderServer> {
  return startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/responses',
        reply: (request: RecordedRequest) => {
          const stream = (request.body as { stream?: boolean }).stream === true;
          return typeof backends.answer === 'function'
            ? backends.answer('openai', stream, request)
            : responsesBackendReply(backends.answer, stream);
        },
      },
    ],
  });
}

/** The matrix's gateway config plus `responses-backend` (OpenAI's Responses API at `server`). */
export function responsesConfig(
  backends: Backends,
  server: ProviderServer,
  extra: Partial<GatewayConfigInput> = {},
): GatewayConfigInput {
  const config = backendConfig(backends, {
    ...extra,
    models: { 'responses-backend': { model: 'openai-responses:gpt-5', retries: 0 }, ...(extra.models ?? {}) },
  });
  return {
    ...config,
    providers: {
      ...config.providers,
      'openai-responses': { baseURL: `${server.url}/v1`, apiKey: 'sk-backend-responses-0000' },
    },
  };
}

/** An `openai` SDK client of the gateway. */
export function responsesClient(gatewayUrl: string, key = 'test-key'): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: `${gatewayUrl}/v1`, maxRetries: 0 });
}

/**
 * Sends an IR request through the gateway's `/v1/responses` with the `openai` SDK —
 * `responses.create`, or `responses.stream` accumulating the final response — and reads what
 * the SDK returned back into IR with the Responses codec.
 */
export async function callWithResponsesSdk(
  gatewayUrl: string,
  model: string,
  request: ChatRequest,
  stream: boolean,
): Promise<{ response: ModelResponse; raw: OpenAI.Responses.Response }> {
  const client = responsesClient(gatewayUrl);
  const body = openaiResponsesCodec.encodeRequest(request, { model })
    .value as unknown as ResponseCreateParamsNonStreaming;
  const raw = stream
    ? await client.responses.stream(body as unknown as Parameters<OpenAI['responses']['stream']>[0]).finalResponse()
    : await client.responses.create(body);
  return { response: openaiResponsesCodec.decodeResponse(raw), raw };
}

/** Every event of a `responses.create({ stream: true })` stream, as the SDK yields them. */
export async function responsesEvents(
  stream: AsyncIterable<unknown>,
): Promise<{ type: string; [key: string]: unknown }[]> {
  const out: { type: string }[] = [];
  for await (const event of stream) out.push(event as { type: string });
  return out as { type: string; [key: string]: unknown }[];
}
