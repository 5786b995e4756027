import { ConverseRequest$, ConverseStreamRequest$ } from '@aws-sdk/client-bedrock-runtime';
import type { ChatRequest } from '@interlingua/core';
import { arbitraryChatRequest, startProviderServer } from '@interlingua/testkit';
import { NormalizedSchema } from '@smithy/core/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bedrockCodec } from './bedrock-codec';
import { BEDROCK_SDK_SHAPES, type BedrockShape } from './bedrock-sdk-shapes';
import { createBedrock } from './create-bedrock';
import { serializeBedrockBody } from './serialize-bedrock-body';

// The shape table, walked again from the SDK in the lockfile (what bedrock-sdk-shapes.ts was generated from).
function shapesOfSdk(): Record<string, [string, BedrockShape][]> {
  const shapes: Record<string, [string, BedrockShape][]> = {};
  const shapeOf = (schema: NormalizedSchema): BedrockShape => {
    if (schema.isBlobSchema()) return 'blob';
    if (schema.isDocumentSchema()) return 'document';
    if (schema.isListSchema() || schema.isMapSchema()) {
      const item = shapeOf(schema.getValueSchema());
      return item === 'plain' ? 'plain' : [schema.isListSchema() ? 'list' : 'map', item];
    }
    if (!schema.isStructSchema()) return 'plain';
    const name = schema.getName() as string;
    if (!(name in shapes)) {
      shapes[name] = [];
      const members: [string, BedrockShape][] = [];
      for (const [member, memberSchema] of schema.structIterator()) members.push([member, shapeOf(memberSchema)]);
      shapes[name] = members;
    }
    return name;
  };
  shapeOf(NormalizedSchema.of(ConverseRequest$));
  shapeOf(NormalizedSchema.of(ConverseStreamRequest$));
  return shapes;
}

const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';

describe('serializeBedrockBody', () => {
  it("holds the SDK schema's member order (regenerate bedrock-sdk-shapes.ts when this fails)", () => {
    expect(JSON.parse(JSON.stringify(BEDROCK_SDK_SHAPES))).toEqual(shapesOfSdk());
  });

  it('writes the body the SDK sends, byte for byte, for any request the codec encodes', async () => {
    const server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: () => true,
          reply: { kind: 'json', status: 400, body: { message: 'no' }, headers: {} },
        },
      ],
    });
    try {
      const sdk = createBedrock({
        region: 'us-east-1',
        endpoint: server.url,
        credentials: { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' },
        maxRetries: 0,
      })(MODEL);
      const requests: ChatRequest[] = fc.sample(arbitraryChatRequest(), { numRuns: 40, seed: 33 });
      let compared = 0;
      for (const request of requests) {
        let input: ReturnType<typeof bedrockCodec.encodeRequest>['value'];
        try {
          input = bedrockCodec.encodeRequest(request, { model: MODEL }).value;
        } catch {
          continue;
        }
        await sdk.generate(request).catch(() => undefined);
        expect(serializeBedrockBody(input, false)).toBe(server.requests.at(-1)?.rawBody);
        compared++;
      }
      expect(compared).toBeGreaterThan(20);
    } finally {
      await server.close();
    }
  }, 60_000);
});
