import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest } from '@interlingua/core';
import { runTransportConformance } from '@interlingua/testkit/vitest';
import { OAuth2Client } from 'google-auth-library';
import { createGemini } from './create-gemini';
import { createVertex } from './create-vertex';

const read = (name: string) => readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8');
const lines = (name: string): unknown[] =>
  read(name)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris and 北京?' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  maxOutputTokens: 512,
  temperature: 0.2,
};
// Gemini's error body; the key echoed in its message must not reach the caller.
const errorBody = {
  error: { code: 400, message: 'API key not valid: KEY. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
};
// A 429 as Gemini sends it: the delay it asks for is in the body (google.rpc.RetryInfo), not a header.
const rateLimitBody = {
  error: {
    code: 429,
    message: 'Resource has been exhausted (e.g. check quota).',
    status: 'RESOURCE_EXHAUSTED',
    details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '0.02s' }],
  },
};
// @google/genai rebuilds the body from its own types (its key order, schema types in capitals);
// the lean transport sends the codec's body as is (checked byte for byte in gemini-lean-transport.test.ts).
function normalizeBody(rawBody: string): unknown {
  const sorted = (value: unknown, key?: string): unknown => {
    if (key === 'type' && typeof value === 'string') return value.toUpperCase();
    if (Array.isArray(value)) return value.map((item) => sorted(item));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, sorted((value as Record<string, unknown>)[name], name)]),
    );
  };
  return sorted(JSON.parse(rawBody));
}
const isModelCall = (path: string) => /:(generateContent|streamGenerateContent)$/.test(path);

// The Gemini Developer API (API key) over @google/genai and over the lean transport.
runTransportConformance({
  name: 'Gemini API',
  path: (path) => path.startsWith('/v1beta/models/gemini-2.5-flash:') && isModelCall(path),
  model: (transport, url, apiKey, settings) =>
    createGemini({ transport, baseURL: url, apiKey, headers: { 'x-team': 'weather' }, ...settings })(
      'gemini-2.5-flash',
    ),
  request,
  answer: JSON.parse(read('./__fixtures__/gemini-parallel-calls.1.json')),
  events: lines('./__fixtures__/gemini-stream-thoughts.1.chunks.txt'),
  format: 'gemini',
  errorBody,
  rateLimitBody,
  normalizeBody,
  sameHeaders: ['x-goog-api-key', 'content-type', 'x-server-timeout', 'x-team', 'authorization'],
});

// google-auth-library's own OAuth2 client with an access token that has not expired: both
// transports ask it for the request headers (no token exchange, no network).
const authClient = new OAuth2Client();
authClient.setCredentials({ access_token: 'ya29.conformance-token', expiry_date: Date.now() + 3_600_000 });

// Gemini on Vertex AI (project, location, the token source) over @google/genai and over the lean transport.
runTransportConformance({
  name: 'Vertex AI',
  path: (path) =>
    path.startsWith('/v1beta1/projects/my-project/locations/europe-west4/publishers/google/models/gemini-2.5-flash:') &&
    isModelCall(path),
  model: (transport, url, _apiKey, settings) =>
    createVertex({
      transport,
      project: 'my-project',
      location: 'europe-west4',
      baseUrl: url,
      googleAuthOptions: { authClient },
      ...settings,
    })('gemini-2.5-flash'),
  request,
  answer: JSON.parse(read('./__fixtures__/gemini-function-call-with-id.1.json')),
  events: lines('./__fixtures__/vertex-stream-partial-args.1.chunks.txt'),
  format: 'gemini',
  errorBody: {
    error: { code: 403, message: "Permission 'aiplatform.endpoints.predict' denied.", status: 'PERMISSION_DENIED' },
  },
  rateLimitBody,
  normalizeBody,
  sameHeaders: ['authorization', 'content-type', 'x-server-timeout', 'x-goog-api-key'],
});
