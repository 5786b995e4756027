import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { APICallError, type ChatRequest, InvalidSettingError } from '@interlingua/core';
import { json, loadCodecFixtures, type ProviderServer, type Route, startProviderServer } from '@interlingua/testkit';
import { OAuth2Client } from 'google-auth-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { createVertex } from './create-vertex';
import { geminiCodec } from './gemini-codec';
import { geminiModelResource } from './gemini-lean-transport';

// What the conformance suite (gemini-lean-transport.conformance.test.ts) cannot compare with the
// SDK: the lean transport sends the codec's body as is, and the Vertex token source is asked on each call.
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const answer = fixtures.find((fixture) => fixture.name === 'gemini-text.1')?.body;
const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  temperature: 0.2,
};
const GENERATE = '/v1beta/models/gemini-2.5-flash:generateContent';
const VERTEX = '/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-2.5-flash';

let server: ProviderServer | undefined;
let sockets: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise((resolve) => (sockets === undefined ? resolve(undefined) : sockets.close(resolve)));
  sockets = undefined;
});
async function serve(routes: Route[]) {
  server = await startProviderServer({ routes });
  return server;
}

describe('createGemini({ transport: "lean" })', () => {
  it('sends the codec’s body byte for byte, with the key and X-Server-Timeout and no SDK header', async () => {
    const running = await serve([{ method: 'POST', path: GENERATE, reply: json(answer) }]);
    const model = createGemini({ transport: 'lean', baseURL: running.url, apiKey: 'gemini-key', timeout: 30_500 })(
      'gemini-2.5-flash',
    );
    const response = await model.generate(request);
    expect(response).toEqual(geminiCodec.decodeResponse(answer));
    const sent = running.requests[0];
    const { value: body } = geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' });
    expect(sent?.rawBody).toBe(JSON.stringify(body));
    expect(sent?.headers).toMatchObject({
      'x-goog-api-key': 'gemini-key',
      'x-server-timeout': '31',
      'content-type': 'application/json',
    });
    expect(sent?.headers['x-goog-api-client']).toBeUndefined();
    expect(sent?.headers['user-agent'] ?? '').not.toContain('google-genai-sdk');
  });

  it('a connection dropped before any answer is not retried, as @google/genai does not; the same error', async () => {
    let connections = 0;
    sockets = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => sockets?.listen(0, '127.0.0.1', resolve));
    const address = sockets.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const failures: unknown[] = [];
    for (const transport of ['sdk', 'lean'] as const) {
      const model = createGemini({ transport, baseURL: url, apiKey: 'gemini-key', maxRetries: 2 })('gemini-2.5-flash');
      failures.push(await model.generate(request).catch((error: unknown) => error));
    }
    expect(connections).toBe(2);
    const [sdk, lean] = failures.map((failure) => ({ ...(failure as object), message: String(failure) }));
    expect(APICallError.isInstance(failures[1])).toBe(true);
    expect(lean).toEqual(sdk);
  });

  it('refuses another transport name, and an SDK choice with the lean transport', () => {
    expect(() => createGemini({ transport: 'fetch' as 'lean' })).toThrow(InvalidSettingError);
    expect(() => createGemini({ transport: 'lean', sdk: 'generative-ai' })).toThrow(InvalidSettingError);
  });
});

describe('createVertex({ transport: "lean" })', () => {
  it('asks google-auth-library for the token on each call: a refreshed token is the next call’s', async () => {
    const running = await serve([{ method: 'POST', path: `${VERTEX}:generateContent`, reply: json(answer) }]);
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: 'ya29.first', expiry_date: Date.now() + 3_600_000 });
    const model = createVertex({
      transport: 'lean',
      project: 'my-project',
      location: 'us-central1',
      baseUrl: running.url,
      googleAuthOptions: { authClient },
    })('gemini-2.5-flash');
    await model.generate(request);
    authClient.setCredentials({ access_token: 'ya29.second', expiry_date: Date.now() + 3_600_000 });
    await model.generate(request);
    expect(running.requests.map((sent) => sent.headers.authorization)).toEqual([
      'Bearer ya29.first',
      'Bearer ya29.second',
    ]);
    expect(running.requests[0]?.headers['x-goog-api-key']).toBeUndefined();
  });

  it('a token echoed back in an error body is redacted', async () => {
    const echo = { error: { code: 401, message: 'Invalid token ya29.secret-token-value', status: 'UNAUTHENTICATED' } };
    const running = await serve([
      { method: 'POST', path: `${VERTEX}:generateContent`, reply: json(echo, { status: 401 }) },
    ]);
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: 'ya29.secret-token-value', expiry_date: Date.now() + 3_600_000 });
    const failure = await createVertex({
      transport: 'lean',
      project: 'my-project',
      baseUrl: running.url,
      googleAuthOptions: { authClient },
    })('gemini-2.5-flash')
      .generate(request)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 401, providerErrorType: 'UNAUTHENTICATED', isRetryable: false });
    expect(JSON.stringify({ ...(failure as object), message: String(failure) })).not.toContain('secret-token-value');
  });

  it('express mode: the API key as x-goog-api-key on the publisher path, no token asked for', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: '/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent',
        reply: json(answer),
      },
    ]);
    await createVertex({ transport: 'lean', apiKey: 'vertex-express-key', baseUrl: running.url })(
      'gemini-2.5-flash',
    ).generate(request);
    expect(running.requests[0]?.headers['x-goog-api-key']).toBe('vertex-express-key');
    expect(running.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('auth scopes without cloud-platform are refused, as the SDK refuses them', async () => {
    const failure = await createVertex({
      transport: 'lean',
      project: 'my-project',
      baseUrl: 'http://127.0.0.1:9',
      googleAuthOptions: { scopes: ['https://www.googleapis.com/auth/userinfo.email'] },
    })('gemini-2.5-flash')
      .generate(request)
      .catch((error: unknown) => error);
    expect(String(failure)).toContain('Scopes must include: https://www.googleapis.com/auth/cloud-platform');
  });
});

describe('geminiModelResource: the model path segment as @google/genai builds it (its tModel)', () => {
  it('prefixes a bare id, keeps a full resource name, refuses what could escape the path', () => {
    expect(geminiModelResource('gemini-2.5-flash', false)).toBe('models/gemini-2.5-flash');
    expect(geminiModelResource('tunedModels/my-tune', false)).toBe('tunedModels/my-tune');
    expect(geminiModelResource('gemini-2.5-flash', true)).toBe('publishers/google/models/gemini-2.5-flash');
    expect(geminiModelResource('meta/llama-4', true)).toBe('publishers/meta/models/llama-4');
    expect(geminiModelResource('projects/p/locations/l/endpoints/1', true)).toBe('projects/p/locations/l/endpoints/1');
    for (const hostile of ['../admin', 'gemini?alt=json', 'a&b', ''])
      expect(() => geminiModelResource(hostile, false)).toThrow('invalid model parameter');
  });
});
