import { fileURLToPath } from 'node:url';
import {
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidSettingError,
  type StreamEvent,
} from '@interlingua/core';
import {
  json,
  loadCodecFixtures,
  type ProviderServer,
  type Route,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { OAuth2Client } from 'google-auth-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVertex } from './create-vertex';

// The codec's fixtures by file name: `<name>.json` (a body), `.chunks.txt` (a stream), `.ir.json` (the IR).
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const entry = (file: string) => {
  const name = file.replace(/(\.ir)?\.json$|\.chunks\.txt$/, '');
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
const fixture = (file: string): unknown => (file.endsWith('.ir.json') ? entry(file).expected : entry(file).body);
const chunks = (file: string): unknown[] => entry(file).chunks ?? [];

const MODEL_PATH = '/v1beta1/projects/my-project/locations/europe-west4/publishers/google/models/gemini-2.5-flash';
const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };

// google-auth-library's own OAuth2 client holding a test access token that has not expired: the
// SDK asks it for request headers and gets `Authorization: Bearer`, without any token exchange.
function testAuthClient(token = 'ya29.test-access-token'): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: token, expiry_date: Date.now() + 3_600_000 });
  return client;
}

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});
async function serve(routes: Route[]) {
  server = await startProviderServer({ routes });
  return server;
}

describe('createVertex: Gemini on Vertex AI over @google/genai, against a local server', () => {
  it('generate: the project/location path and the access token as Authorization: Bearer', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: `${MODEL_PATH}:generateContent`,
        reply: json(fixture('gemini-function-call-with-id.1.json')),
      },
    ]);
    const vertex = createVertex({
      project: 'my-project',
      location: 'europe-west4',
      baseUrl: running.url,
      googleAuthOptions: { authClient: testAuthClient() },
      headers: { 'x-team': 'weather' },
    });
    const model = vertex('gemini-2.5-flash');
    expect(model.provider).toBe('vertex');
    const response = await model.generate(request);
    expect(response.finishReason).toBe('tool_calls');
    const sent = running.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer ya29.test-access-token');
    expect(sent?.headers['x-goog-api-key']).toBeUndefined();
    expect(sent?.headers['x-team']).toBe('weather');
    expect(sent?.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }] });
  });

  it('stream: :streamGenerateContent?alt=sse on the same path, folded into the fixture IR', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: `${MODEL_PATH}:streamGenerateContent`,
        reply: sse('gemini', chunks('gemini-stream-thoughts.1.chunks.txt'), { splitEvery: 11 }),
      },
    ]);
    vi.stubEnv('GOOGLE_CLOUD_PROJECT', 'my-project');
    vi.stubEnv('GOOGLE_CLOUD_LOCATION', 'europe-west4');
    const model = createVertex({ baseUrl: running.url, googleAuthOptions: { authClient: testAuthClient() } })(
      'gemini-2.5-flash',
    );
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(running.requests[0]?.url).toBe(`${MODEL_PATH}:streamGenerateContent?alt=sse`);
    expect(running.requests[0]?.headers.authorization).toBe('Bearer ya29.test-access-token');
    expect({ ...(await collectStream(events)), warnings: [] }).toEqual(fixture('gemini-stream-thoughts.1.ir.json'));
  });

  it('express mode: a Vertex API key goes as x-goog-api-key on the publisher path', async () => {
    const running = await serve([
      {
        method: 'POST',
        path: '/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent',
        reply: json(fixture('gemini-text.1.json')),
      },
    ]);
    await createVertex({ apiKey: 'vertex-express-key', baseUrl: running.url })('gemini-2.5-flash').generate(request);
    expect(running.requests[0]?.headers['x-goog-api-key']).toBe('vertex-express-key');
    expect(running.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('a 403 from Vertex is an APICallError with its status and message; the token is in no error', async () => {
    const denied = {
      error: {
        code: 403,
        message: "Permission 'aiplatform.endpoints.predict' denied on resource.",
        status: 'PERMISSION_DENIED',
      },
    };
    const running = await serve([
      { method: 'POST', path: `${MODEL_PATH}:generateContent`, reply: json(denied, { status: 403 }) },
    ]);
    const model = createVertex({
      project: 'my-project',
      location: 'europe-west4',
      baseUrl: running.url,
      maxRetries: 0,
      googleAuthOptions: { authClient: testAuthClient('ya29.secret-token-value') },
    })('gemini-2.5-flash');
    const failure = await model.generate(request).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ statusCode: 403, providerErrorType: 'PERMISSION_DENIED', isRetryable: false });
    expect(JSON.stringify({ ...(failure as object), message: String(failure) })).not.toContain('secret-token-value');
  });

  it('without a project anywhere, the first call fails with InvalidSettingError naming GOOGLE_CLOUD_PROJECT', async () => {
    vi.stubEnv('GOOGLE_CLOUD_PROJECT', undefined);
    const failure = await createVertex()('gemini-2.5-flash')
      .generate(request)
      .catch((error: unknown) => error);
    expect(InvalidSettingError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain('GOOGLE_CLOUD_PROJECT');
  });
});
