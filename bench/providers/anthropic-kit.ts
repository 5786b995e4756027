import { anthropicCodec, createAnthropic } from '@interlingua/anthropic';
import { encodeSSE } from '@interlingua/testkit';
import { cannedJSONFetch, cannedSSEFetch, utf8Chunks } from '../method/canned-fetch';
import { adapterSDKVersion, importAdapterSDK } from '../method/import-adapter-sdk';
import { rawSSELoop } from '../method/lower-bounds';
import { TEXT_ANSWER } from '../workloads/build-history';
import { collect, iterate, type ProviderKit } from './provider-kit';

type AnthropicSDK = {
  Anthropic: new (options: {
    apiKey: string;
    baseURL: string;
    maxRetries: number;
    fetch: typeof fetch;
  }) => {
    messages: { create(body: unknown): Promise<unknown> };
  };
};

const MODEL = 'claude-sonnet-4-6';
const BASE_URL = 'http://bench.invalid';

/** Anthropic Messages on the `@anthropic-ai/sdk` the adapter resolves. */
export async function anthropicKit(): Promise<ProviderKit> {
  const { Anthropic } = await importAdapterSDK<AnthropicSDK>('anthropic', '@anthropic-ai/sdk');
  const settings = (fetch: typeof globalThis.fetch) => ({
    apiKey: 'sk-ant-bench',
    baseURL: BASE_URL,
    maxRetries: 0,
    fetch,
  });
  return {
    label: `anthropic (@anthropic-ai/sdk ${adapterSDKVersion('anthropic', '@anthropic-ai/sdk')})`,
    request(request, probes) {
      const body = anthropicCodec.encodeRequest(request, { model: MODEL }).value;
      const reply = new TextEncoder().encode(JSON.stringify(anthropicCodec.encodeResponse(TEXT_ANSWER).value));
      const fetch = cannedJSONFetch(reply, probes?.onSend);
      const client = new Anthropic(settings(fetch));
      const model = createAnthropic(settings(fetch))(MODEL);
      return {
        sdk: () => client.messages.create(body),
        subject: () => model.generate(request),
        lowerBound: () => JSON.stringify(body),
        decodeSDKResult: (result) => anthropicCodec.decodeResponse(result),
      };
    },
    async stream(request, events, probes) {
      const body = anthropicCodec.encodeRequest(request, { model: MODEL, stream: true }).value;
      const native = await collect(anthropicCodec.encodeStream(iterate(events)));
      const chunks = utf8Chunks(native.map((chunk) => encodeSSE('anthropic', [chunk])));
      const fetch = cannedSSEFetch(chunks, probes?.onPull);
      const client = new Anthropic(settings(fetch));
      const model = createAnthropic(settings(fetch))(MODEL);
      return {
        async sdk(sink) {
          const stream = (await client.messages.create(body)) as AsyncIterable<unknown>;
          for await (const chunk of stream) sink?.push(chunk);
        },
        async subject(sink) {
          for await (const event of model.stream(request)) sink?.push(event);
        },
        lowerBound: () => rawSSELoop(chunks),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkChunks) => collect(anthropicCodec.decodeStream(iterate(sdkChunks as never[]))),
      };
    },
  };
}
