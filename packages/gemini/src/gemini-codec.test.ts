import { fileURLToPath } from 'node:url';
import type { ChatRequest, ModelResponse } from '@interlingua/core';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { geminiCodec } from './gemini-codec';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

// What Gemini's format cannot carry: a tool without properties is sent without `parameters`
// (it comes back as `{ type: 'object', properties: {} }`), and `rawFinishReason` is Gemini's word.
const normalizeRequest = (request: ChatRequest): ChatRequest =>
  request.tools === undefined
    ? request
    : {
        ...request,
        tools: request.tools.map((tool) =>
          Object.keys((tool.inputSchema.properties as object | undefined) ?? {}).length === 0
            ? { ...tool, inputSchema: { type: 'object', properties: {} } }
            : tool,
        ),
      };
const normalizeResponse = (response: ModelResponse): ModelResponse => ({ ...response, rawFinishReason: null });

runCodecConformance(geminiCodec, loadCodecFixtures(fixturesDir), {
  model: 'gemini-2.5-flash',
  normalizeRequest,
  normalizeResponse,
  // The REST body has no model: it is in the URL.
  modelInBody: false,
  numRuns: 60,
});
