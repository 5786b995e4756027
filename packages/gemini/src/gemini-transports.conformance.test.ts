import { fileURLToPath } from 'node:url';
import {
  type ChatModel,
  type ChatRequest,
  collectStream,
  type ModelResponse,
  modelResponseSchema,
} from '@interlingua/core';
import { json, loadCodecFixtures, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { createVertex } from './create-vertex';
import { geminiCodec } from './gemini-codec';

// The codec's conformance fixtures, served over HTTP and read back through each transport's SDK:
// whatever SDK is under the model, it gives exactly what the codec gives for the same wire answer.
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };
const byName = new Map(fixtures.map((fixture) => [fixture.name, fixture]));
const pick = (path: string) => byName.get(/\/fixture\/([^/]+)\//.exec(path)?.[1] ?? '');

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: (path) => path.endsWith(':generateContent'),
        reply: (recorded) => json(pick(recorded.path)?.body ?? {}),
      },
      {
        method: 'POST',
        path: (path) => path.endsWith(':streamGenerateContent'),
        reply: (recorded) => sse('gemini', pick(recorded.path)?.chunks ?? [], { splitEvery: 13 }),
      },
    ],
  });
});
afterAll(() => server.close());

const authClient = new OAuth2Client();
authClient.setCredentials({ access_token: 'ya29.conformance', expiry_date: Date.now() + 3_600_000 });

// What a transport's SDK cannot hand over: @google/genai's Gemini API response converter does not
// copy `candidates[].finishMessage` (its Vertex converter does), so that transport's `generate`
// lacks it. Its streams are read from the bytes, past the converter, and lose nothing; so is
// everything the lean transport reads.
type Transport = { model: (name: string) => ChatModel; lostInGenerate?: (response: ModelResponse) => ModelResponse };
const withoutFinishMessage = (response: ModelResponse): ModelResponse => {
  const { finishMessage: _lost, ...gemini } = response.providerMetadata?.gemini ?? {};
  const { providerMetadata: _metadata, ...rest } = response;
  return Object.keys(gemini).length === 0
    ? rest
    : { ...rest, providerMetadata: { ...response.providerMetadata, gemini } };
};

// Each fixture gets its own base path, so one server answers every transport with the right body.
const transports: Record<string, Transport> = {
  '@google/genai (Gemini API)': {
    model: (name) =>
      createGemini({ baseUrl: `${server.url}/fixture/${name}`, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash'),
    lostInGenerate: withoutFinishMessage,
  },
  '@google/generative-ai': {
    model: (name) =>
      createGemini({ sdk: 'generative-ai', baseUrl: `${server.url}/fixture/${name}`, apiKey: 'k', maxRetries: 0 })(
        'gemini-2.5-flash',
      ),
  },
  'the lean transport (Gemini API)': {
    model: (name) =>
      createGemini({ transport: 'lean', baseUrl: `${server.url}/fixture/${name}`, apiKey: 'k', maxRetries: 0 })(
        'gemini-2.5-flash',
      ),
  },
  'the lean transport (Vertex AI)': {
    model: (name) =>
      createVertex({
        transport: 'lean',
        project: 'p',
        location: 'us-central1',
        baseUrl: `${server.url}/fixture/${name}`,
        maxRetries: 0,
        googleAuthOptions: { authClient },
      })('gemini-2.5-flash'),
  },
  '@google/genai (Vertex AI)': {
    model: (name) =>
      createVertex({
        project: 'p',
        location: 'us-central1',
        baseUrl: `${server.url}/fixture/${name}`,
        maxRetries: 0,
        googleAuthOptions: { authClient },
      })('gemini-2.5-flash'),
  },
};

const async = <T>(items: readonly T[]) =>
  (async function* () {
    yield* items;
  })();

describe.each(Object.entries(transports))('Gemini conformance fixtures through %s', (_name, transport) => {
  const modelFor = transport.model;
  const lost = transport.lostInGenerate ?? ((response: ModelResponse) => response);
  for (const fixture of fixtures) {
    if (fixture.body !== undefined) {
      it(`generate: ${fixture.name}.json gives the codec’s IR`, async () => {
        const response = await modelFor(fixture.name).generate(request);
        expect(modelResponseSchema.safeParse(response).success).toBe(true);
        expect(response).toEqual(lost(geminiCodec.decodeResponse(fixture.body)));
      });
    }
    if (fixture.chunks !== undefined) {
      const chunks = fixture.chunks;
      it(`stream: ${fixture.name}.chunks.txt gives the codec’s events`, async () => {
        const events = [];
        for await (const event of modelFor(fixture.name).stream(request)) events.push(event);
        const direct = [];
        for await (const event of geminiCodec.decodeStream(async(chunks))) direct.push(event);
        expect(events.map((event) => event.type)).toEqual(direct.map((event) => event.type));
        if (direct.at(-1)?.type === 'finish') expect(await collectStream(events)).toEqual(await collectStream(direct));
      });
    }
  }
});
