import { fileURLToPath } from 'node:url';
import type { ChatRequest } from '@interlingua/core';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runTransportConformance } from '@interlingua/testkit/vitest';
import { rejectBedrockRequest, TEST_SIGV4 } from './__fixtures__/bedrock-routes';
import { createBedrock } from './create-bedrock';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

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
};
// An application inference profile's ARN: `:` and `/` escaped inside one path segment, and signed so.
const MODEL = 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3(d4)!*';
const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' };
const path = (operation: string) =>
  `/model/${encodeURIComponent(MODEL).replace(/[!'()*]/g, (c) => `%${(c.codePointAt(0) as number).toString(16).toUpperCase()}`)}/${operation}`;
const common = {
  path: (sent: string) => sent === path('converse') || sent === path('converse-stream'),
  request,
  answer: fixture('bedrock-tool-use.1').body,
  events: fixture('bedrock-tool-use.1').chunks ?? [],
  format: 'eventstream',
  // As Bedrock words a refused key (restJson1: the exception's name in `__type` here, no header).
  errorBody: {
    __type: 'com.amazon.coral.service#UnrecognizedClientException',
    message: 'The security token included in the request is invalid: KEY',
  },
  // The AWS SDK backs off by itself; `retry-after-ms` is not one of its headers.
  retryAfterMs: false,
} as const;

// Converse and ConverseStream over both transports, signed with SigV4: the server recomputes each
// signature from the request as it arrived (path, headers, body) and refuses a wrong one as AWS does.
runTransportConformance({
  ...common,
  name: 'Bedrock Converse (SigV4)',
  model: (transport, url, _apiKey, settings) =>
    createBedrock({
      transport,
      region: 'us-east-1',
      endpoint: url,
      credentials,
      headers: { 'x-test': '1' },
      ...settings,
    })(MODEL),
  check: (sent) => rejectBedrockRequest(sent, { sigv4: TEST_SIGV4 }),
  sameHeaders: ['content-type', 'x-amz-content-sha256', 'x-test'],
});

// With a Bedrock API key: `Authorization: Bearer`, no signature.
runTransportConformance({
  ...common,
  name: 'Bedrock Converse (API key)',
  model: (transport, url, apiKey, settings) =>
    createBedrock({ transport, region: 'us-east-1', endpoint: url, apiKey, ...settings })(MODEL),
  check: (sent) => rejectBedrockRequest(sent, { bearerTokens: ['sk-conformance-0123456789abcdef'] }),
  sameHeaders: ['authorization', 'content-type'],
});
