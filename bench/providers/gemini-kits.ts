import type { ChatRequest } from '@interlingua/core';
import { createGemini, geminiCodec } from '@interlingua/gemini';
import { encodeSSE } from '@interlingua/testkit';
import { cannedJSONFetch, cannedSSEFetch, utf8Chunks, withGlobalFetch } from '../method/canned-fetch';
import { adapterSDKVersion, importAdapterSDK } from '../method/import-adapter-sdk';
import { rawSSELoop } from '../method/lower-bounds';
import { TEXT_ANSWER } from '../workloads/build-history';
import { collect, iterate, type KitProbes, type ProviderKit } from './provider-kit';

type GenAISDK = {
  GoogleGenAI: new (options: {
    apiKey: string;
    httpOptions: { baseUrl: string; fetch: typeof fetch; retryOptions: { attempts: number } };
  }) => {
    models: {
      generateContent(params: unknown): Promise<unknown>;
      generateContentStream(params: unknown): Promise<AsyncIterable<unknown>>;
    };
  };
};
type GenerativeAISDK = {
  GoogleGenerativeAI: new (
    apiKey: string,
  ) => {
    getGenerativeModel(
      params: { model: string },
      options: { baseUrl: string },
    ): {
      generateContent(body: unknown): Promise<{ response: unknown }>;
      generateContentStream(body: unknown): Promise<{ stream: AsyncIterable<unknown>; response: Promise<unknown> }>;
    };
  };
};

const MODEL = 'gemini-2.5-flash';
const BASE_URL = 'http://bench.invalid';

function encode(request: ChatRequest, stream: boolean) {
  return geminiCodec.encodeRequest(request, { model: MODEL, stream }).value;
}

// The REST body as @google/genai's parameters (what a developer writing against that SDK passes).
function genAIParameters(body: ReturnType<typeof encode>): unknown {
  const { contents, generationConfig, systemInstruction, tools, toolConfig, ...rest } = body;
  return { model: MODEL, contents, config: { ...generationConfig, ...rest, systemInstruction, tools, toolConfig } };
}

async function streamChunks(events: Parameters<ProviderKit['stream']>[1], probes: KitProbes | undefined) {
  const native = await collect(geminiCodec.encodeStream(iterate(events)));
  const chunks = utf8Chunks(native.map((chunk) => encodeSSE('gemini', [chunk])));
  return { native, chunks, fetch: cannedSSEFetch(chunks, probes?.onPull) };
}

/** Gemini on `@google/genai` (the adapter's default transport), given the same `fetch` on both sides. */
export async function geminiGenAIKit(): Promise<ProviderKit> {
  const { GoogleGenAI } = await importAdapterSDK<GenAISDK>('gemini', '@google/genai');
  const sdkClient = (fetch: typeof globalThis.fetch) =>
    // The adapter with maxRetries: 0 configures the SDK the same way (one attempt).
    new GoogleGenAI({ apiKey: 'bench-key', httpOptions: { baseUrl: BASE_URL, fetch, retryOptions: { attempts: 1 } } });
  const adapter = (fetch: typeof globalThis.fetch) =>
    createGemini({ apiKey: 'bench-key', baseUrl: BASE_URL, maxRetries: 0, fetch })(MODEL);
  return {
    label: `gemini (@google/genai ${adapterSDKVersion('gemini', '@google/genai')})`,
    request(request, probes) {
      const params = genAIParameters(encode(request, false));
      const reply = new TextEncoder().encode(JSON.stringify(geminiCodec.encodeResponse(TEXT_ANSWER).value));
      const fetch = cannedJSONFetch(reply, probes?.onSend);
      const client = sdkClient(fetch);
      const model = adapter(fetch);
      return {
        sdk: () => client.models.generateContent(params),
        subject: () => model.generate(request),
        lowerBound: () => JSON.stringify(encode(request, false)),
        decodeSDKResult: (result) => geminiCodec.decodeResponse(JSON.parse(JSON.stringify(result))),
      };
    },
    async stream(request, events, probes) {
      const params = genAIParameters(encode(request, true));
      const { native, chunks, fetch } = await streamChunks(events, probes);
      const client = sdkClient(fetch);
      const model = adapter(fetch);
      return {
        async sdk(sink) {
          for await (const chunk of await client.models.generateContentStream(params)) sink?.push(chunk);
        },
        async subject(sink) {
          for await (const event of model.stream(request)) sink?.push(event);
        },
        lowerBound: () => rawSSELoop(chunks, '\r\n\r\n'),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkChunks) =>
          collect(geminiCodec.decodeStream(iterate(sdkChunks.map((chunk) => JSON.parse(JSON.stringify(chunk)))))),
      };
    },
  };
}

/** Gemini on `@google/generative-ai`, which takes no `fetch`: both sides run with the global one swapped. */
export async function geminiGenerativeAIKit(): Promise<ProviderKit> {
  const { GoogleGenerativeAI } = await importAdapterSDK<GenerativeAISDK>('gemini', '@google/generative-ai');
  const sdkModel = new GoogleGenerativeAI('bench-key').getGenerativeModel({ model: MODEL }, { baseUrl: BASE_URL });
  const model = createGemini({ sdk: 'generative-ai', apiKey: 'bench-key', baseUrl: BASE_URL, maxRetries: 0 })(MODEL);
  return {
    label: `gemini (@google/generative-ai ${adapterSDKVersion('gemini', '@google/generative-ai')})`,
    request(request, probes) {
      const body = encode(request, false);
      const reply = new TextEncoder().encode(JSON.stringify(geminiCodec.encodeResponse(TEXT_ANSWER).value));
      const fetch = cannedJSONFetch(reply, probes?.onSend);
      return {
        sdk: () => withGlobalFetch(fetch, async () => (await sdkModel.generateContent(body)).response),
        subject: () => withGlobalFetch(fetch, () => model.generate(request)),
        lowerBound: () => JSON.stringify(body),
        decodeSDKResult: (result) => geminiCodec.decodeResponse(JSON.parse(JSON.stringify(result))),
      };
    },
    async stream(request, events, probes) {
      const body = encode(request, true);
      const { native, chunks, fetch } = await streamChunks(events, probes);
      return {
        sdk: (sink) =>
          withGlobalFetch(fetch, async () => {
            const result = await sdkModel.generateContentStream(body);
            for await (const chunk of result.stream) sink?.push(chunk);
            await result.response;
          }),
        subject: (sink) =>
          withGlobalFetch(fetch, async () => {
            for await (const event of model.stream(request)) sink?.push(event);
          }),
        lowerBound: () => rawSSELoop(chunks, '\r\n\r\n'),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkChunks) =>
          collect(geminiCodec.decodeStream(iterate(sdkChunks.map((chunk) => JSON.parse(JSON.stringify(chunk)))))),
      };
    },
  };
}
