import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest } from '@interlingua/core';
import { runTransportConformance } from '@interlingua/testkit/vitest';
import { createOpenAI } from './create-openai';

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
};
const errorBody = {
  error: { message: 'Incorrect API key provided: KEY.', type: 'invalid_request_error', code: 'invalid_api_key' },
};

// Chat Completions (OpenAI and every compatible server) and the Responses API, each over both transports.
runTransportConformance({
  name: 'OpenAI Chat Completions',
  path: '/v1/chat/completions',
  model: (transport, url, apiKey, settings) =>
    createOpenAI({ transport, baseURL: `${url}/v1`, apiKey, organization: 'org-1', ...settings })('gpt-4.1'),
  request,
  answer: JSON.parse(read('./__fixtures__/openai-text-and-tool-call.1.json')),
  events: lines('./__fixtures__/openai-text-and-tool-call.1.chunks.txt'),
  format: 'openai',
  errorBody,
  sameHeaders: ['authorization', 'openai-organization', 'content-type'],
});

runTransportConformance({
  name: 'OpenAI Responses',
  path: '/v1/responses',
  model: (transport, url, apiKey, settings) =>
    createOpenAI({ transport, baseURL: `${url}/v1`, apiKey, ...settings }).responses('gpt-5'),
  request,
  answer: JSON.parse(read('./responses/__fixtures__/openai-responses-reasoning-tool-call.1.json')),
  events: lines('./responses/__fixtures__/openai-responses-reasoning-tool-call.1.chunks.txt'),
  format: 'openai-responses',
  errorBody,
  sameHeaders: ['authorization', 'content-type'],
});
