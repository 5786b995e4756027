import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest } from '@interlingua/core';
import { runTransportConformance } from '@interlingua/testkit/vitest';
import { createAnthropic } from './create-anthropic';

const read = (name: string) => readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8');

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

// The Messages API over both transports; `anthropic-version` must follow the SDK in the lockfile.
runTransportConformance({
  name: 'Anthropic Messages',
  path: '/v1/messages',
  model: (transport, url, apiKey, settings) =>
    createAnthropic({ transport, baseURL: url, apiKey, headers: { 'anthropic-beta': 'test-1' }, ...settings })(
      'claude-sonnet-4-6',
    ),
  request,
  answer: JSON.parse(read('./__fixtures__/anthropic-weather-tool-use.1.json')),
  events: read('./__fixtures__/anthropic-weather-tool-use.1.chunks.txt')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line)),
  format: 'anthropic',
  errorBody: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key KEY' } },
  sameHeaders: ['x-api-key', 'anthropic-version', 'anthropic-beta', 'authorization', 'content-type'],
});
