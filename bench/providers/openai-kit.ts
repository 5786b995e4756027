import { createOpenAI, openaiCodec } from '@interlingua/openai';
import { encodeSSE } from '@interlingua/testkit';
import { cannedJSONFetch, cannedSSEFetch, utf8Chunks } from '../method/canned-fetch';
import { adapterSDKVersion, importAdapterSDK } from '../method/import-adapter-sdk';
import { rawSSELoop } from '../method/lower-bounds';
import { TEXT_ANSWER } from '../workloads/build-history';
import { collect, iterate, type ProviderKit } from './provider-kit';

/** The little of the `openai` module the bench uses (`Result`: what `create` resolves to). */
export type OpenAISDK<Result = unknown> = {
  OpenAI: new (
    options: OpenAIBenchSettings,
  ) => {
    chat: { completions: { create(body: unknown): Promise<Result> } };
    responses: { create(body: unknown): Promise<Result> };
  };
};

/** The client settings both sides of an OpenAI pair get: one attempt, the same in-process `fetch`. */
export type OpenAIBenchSettings = { apiKey: string; baseURL: string; maxRetries: number; fetch: typeof fetch };

/** {@link OpenAIBenchSettings} over `fetch`. */
export function openaiBenchSettings(fetch: typeof globalThis.fetch): OpenAIBenchSettings {
  return { apiKey: 'sk-bench', baseURL: 'http://bench.invalid/v1', maxRetries: 0, fetch };
}

const MODEL = 'gpt-4.1';

/** OpenAI Chat Completions on the `openai` SDK the adapter resolves. */
export async function openaiKit(): Promise<ProviderKit> {
  const { OpenAI } = await importAdapterSDK<OpenAISDK>('openai', 'openai');
  const settings = openaiBenchSettings;
  return {
    label: `openai (openai ${adapterSDKVersion('openai', 'openai')})`,
    request(request, probes) {
      const body = openaiCodec.encodeRequest(request, { model: MODEL }).value;
      const reply = new TextEncoder().encode(JSON.stringify(openaiCodec.encodeResponse(TEXT_ANSWER).value));
      const fetch = cannedJSONFetch(reply, probes?.onSend);
      const client = new OpenAI(settings(fetch));
      const model = createOpenAI(settings(fetch))(MODEL);
      return {
        sdk: () => client.chat.completions.create(body),
        subject: () => model.generate(request),
        lowerBound: () => JSON.stringify(body),
        decodeSDKResult: (result) => openaiCodec.decodeResponse(result),
      };
    },
    async stream(request, events, probes) {
      const body = openaiCodec.encodeRequest(request, { model: MODEL, stream: true }).value;
      const native = await collect(openaiCodec.encodeStream(iterate(events)));
      const chunks = utf8Chunks([...native.map((chunk) => encodeSSE('openai', [chunk], true)), 'data: [DONE]\n\n']);
      const fetch = cannedSSEFetch(chunks, probes?.onPull);
      const client = new OpenAI(settings(fetch));
      const model = createOpenAI(settings(fetch))(MODEL);
      return {
        async sdk(sink) {
          const stream = (await client.chat.completions.create(body)) as AsyncIterable<unknown>;
          for await (const chunk of stream) sink?.push(chunk);
        },
        async subject(sink) {
          for await (const event of model.stream(request)) sink?.push(event);
        },
        lowerBound: () => rawSSELoop(chunks),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkChunks) => collect(openaiCodec.decodeStream(iterate(sdkChunks as never[]))),
      };
    },
  };
}
