import { createOpenAI, openaiResponsesCodec } from '@interlingua/openai';
import { encodeSSE } from '@interlingua/testkit';
import { cannedJSONFetch, cannedSSEFetch, utf8Chunks } from '../method/canned-fetch';
import { adapterSDKVersion, importAdapterSDK } from '../method/import-adapter-sdk';
import { rawSSELoop } from '../method/lower-bounds';
import { TEXT_ANSWER } from '../workloads/build-history';
import { type OpenAISDK, openaiBenchSettings } from './openai-kit';
import { collect, iterate, type ProviderKit } from './provider-kit';

const MODEL = 'gpt-5';

/** The OpenAI Responses API (`client.responses.create`) on the `openai` SDK the adapter resolves. */
export async function openaiResponsesKit(): Promise<ProviderKit> {
  const { OpenAI } = await importAdapterSDK<OpenAISDK>('openai', 'openai');
  const settings = openaiBenchSettings;
  return {
    label: `openai responses (openai ${adapterSDKVersion('openai', 'openai')})`,
    request(request, probes) {
      const body = openaiResponsesCodec.encodeRequest(request, { model: MODEL }).value;
      const reply = new TextEncoder().encode(JSON.stringify(openaiResponsesCodec.encodeResponse(TEXT_ANSWER).value));
      const fetch = cannedJSONFetch(reply, probes?.onSend);
      const client = new OpenAI(settings(fetch));
      const model = createOpenAI(settings(fetch)).responses(MODEL);
      return {
        sdk: () => client.responses.create(body),
        subject: () => model.generate(request),
        lowerBound: () => JSON.stringify(body),
        decodeSDKResult: (result) => openaiResponsesCodec.decodeResponse(result),
      };
    },
    async stream(request, events, probes) {
      const body = openaiResponsesCodec.encodeRequest(request, { model: MODEL, stream: true }).value;
      const native = await collect(openaiResponsesCodec.encodeStream(iterate(events)));
      const chunks = utf8Chunks(native.map((event) => encodeSSE('openai-responses', [event])));
      const fetch = cannedSSEFetch(chunks, probes?.onPull);
      const client = new OpenAI(settings(fetch));
      const model = createOpenAI(settings(fetch)).responses(MODEL);
      return {
        async sdk(sink) {
          const stream = (await client.responses.create(body)) as AsyncIterable<unknown>;
          for await (const event of stream) sink?.push(event);
        },
        async subject(sink) {
          for await (const event of model.stream(request)) sink?.push(event);
        },
        lowerBound: () => rawSSELoop(chunks),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkEvents) => collect(openaiResponsesCodec.decodeStream(iterate(sdkEvents as never[]))),
      };
    },
  };
}
