import { Readable } from 'node:stream';
import { bedrockCodec, createBedrock } from '@interlingua/bedrock';
import { encodeEventStream, eventStreamMessagesOf } from '@interlingua/testkit';
import { adapterSDKVersion, importAdapterSDK } from '../method/import-adapter-sdk';
import { rawEventStreamLoop } from '../method/lower-bounds';
import { TEXT_ANSWER } from '../workloads/build-history';
import { collect, iterate, type KitProbes, type ProviderKit } from './provider-kit';

type BedrockSDK = {
  BedrockRuntimeClient: new (
    config: Record<string, unknown>,
  ) => {
    send(command: unknown): Promise<{ stream?: AsyncIterable<unknown> }>;
  };
  ConverseCommand: new (input: unknown) => unknown;
  ConverseStreamCommand: new (input: unknown) => unknown;
};

const MODEL = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const CREDENTIALS = { accessKeyId: 'AKIABENCHBENCHBENCH0', secretAccessKey: 'bench/secret/key/for/sigv4/signing/0000' };

type Handler = { handle(request: unknown): Promise<{ response: unknown }> };

/**
 * An in-process `requestHandler` (the AWS SDK takes one instead of `fetch`): every call is
 * answered with the canned body — JSON bytes, or event-stream frames one per read.
 */
function cannedHandler(contentType: string, chunks: readonly Uint8Array[], probes: KitProbes | undefined): Handler {
  return {
    async handle() {
      probes?.onSend?.();
      let index = 0;
      const body = new Readable({
        read() {
          if (index < chunks.length) {
            probes?.onPull?.(index);
            this.push(chunks[index++]);
          } else this.push(null);
        },
      });
      return { response: { statusCode: 200, headers: { 'content-type': contentType }, body } };
    },
  };
}

/** Amazon Bedrock Converse on the `@aws-sdk/client-bedrock-runtime` the adapter resolves, both sides on one in-process handler. */
export async function bedrockKit(): Promise<ProviderKit> {
  const sdk = await importAdapterSDK<BedrockSDK>('bedrock', '@aws-sdk/client-bedrock-runtime');
  const common = { region: 'us-east-1', credentials: CREDENTIALS, endpoint: 'http://bench.invalid' };
  const pair = (handler: Handler) => ({
    client: new sdk.BedrockRuntimeClient({ ...common, requestHandler: handler, maxAttempts: 1 }),
    model: createBedrock({ ...common, requestHandler: handler as never, maxRetries: 0 })(MODEL),
  });
  return {
    label: `bedrock (@aws-sdk/client-bedrock-runtime ${adapterSDKVersion('bedrock', '@aws-sdk/client-bedrock-runtime')})`,
    request(request, probes) {
      // No blobs in the workloads, so the codec's input is the SDK's input as is.
      const input = bedrockCodec.encodeRequest(request, { model: MODEL }).value;
      const reply = new TextEncoder().encode(JSON.stringify(bedrockCodec.encodeResponse(TEXT_ANSWER).value));
      const { client, model } = pair(cannedHandler('application/json', [reply], probes));
      return {
        sdk: () => client.send(new sdk.ConverseCommand(input)),
        subject: () => model.generate(request),
        lowerBound: () => JSON.stringify(input),
        decodeSDKResult: (result) => {
          const { $metadata: _metadata, ...body } = result as { $metadata: unknown };
          return bedrockCodec.decodeResponse(body);
        },
      };
    },
    async stream(request, events, probes) {
      const input = bedrockCodec.encodeRequest(request, { model: MODEL, stream: true }).value;
      const native = await collect(bedrockCodec.encodeStream(iterate(events)));
      const chunks = native.map((chunk) => encodeEventStream(eventStreamMessagesOf([chunk])));
      const { client, model } = pair(cannedHandler('application/vnd.amazon.eventstream', chunks, probes));
      return {
        async sdk(sink) {
          const output = await client.send(new sdk.ConverseStreamCommand(input));
          for await (const chunk of output.stream ?? []) sink?.push(chunk);
        },
        async subject(sink) {
          for await (const event of model.stream(request)) sink?.push(event);
        },
        lowerBound: () => rawEventStreamLoop(chunks),
        nativeEvents: native.length,
        decodeSDKChunks: (sdkChunks) => collect(bedrockCodec.decodeStream(iterate(sdkChunks as never[]))),
      };
    },
  };
}
