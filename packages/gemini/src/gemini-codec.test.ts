import { fileURLToPath } from 'node:url';
import {
  type AssistantContentPart,
  type ChatRequest,
  isHostedTool,
  type Message,
  type ModelResponse,
} from '@interlingua/core';
import { loadCodecFixtures } from '@interlingua/testkit';
import { runCodecConformance } from '@interlingua/testkit/vitest';
import { geminiCodec } from './gemini-codec';

const fixturesDir = fileURLToPath(new URL('./__fixtures__', import.meta.url));

// What Gemini's format cannot carry: a tool without properties is sent without `parameters`
// (it comes back as `{ type: 'object', properties: {} }`); ids Gemini did not issue are not sent
// (results pair with calls by name and order, so ids are compared by position); who issued an id
// is not on the wire (every id in a Gemini body reads as Gemini's); `rawFinishReason` is Gemini's word.
const normalizeRequest = (request: ChatRequest): ChatRequest => {
  const ids = new Map<string, string>();
  const messages = request.messages.map((message): Message => {
    if (message.role === 'assistant') {
      return {
        ...message,
        content: message.content.map((part) => {
          if (part.type !== 'tool-call') return part;
          const id = `call-${ids.size}`;
          ids.set(part.id, id);
          return { ...part, id };
        }),
      };
    }
    if (message.role === 'tool') {
      return {
        ...message,
        content: message.content.map((result) => ({ ...result, toolCallId: ids.get(result.toolCallId) ?? '?' })),
      };
    }
    return message;
  });
  const tools = request.tools?.map((tool) =>
    isHostedTool(tool) || Object.keys((tool.inputSchema.properties as object | undefined) ?? {}).length === 0
      ? { ...tool, inputSchema: { type: 'object', properties: {} } }
      : tool,
  );
  return { ...request, messages, ...(tools === undefined ? {} : { tools }) };
};
const withoutIssuedId = (part: AssistantContentPart): AssistantContentPart => {
  if (part.type !== 'tool-call' || part.providerMetadata?.gemini?.functionCallId !== part.id) return part;
  const { functionCallId: _issued, ...gemini } = part.providerMetadata.gemini;
  const { providerMetadata: _metadata, ...call } = part;
  return Object.keys(gemini).length === 0 ? call : { ...call, providerMetadata: { ...part.providerMetadata, gemini } };
};
const normalizeResponse = (response: ModelResponse): ModelResponse => ({
  ...response,
  message: { ...response.message, content: response.message.content.map(withoutIssuedId) },
  rawFinishReason: null,
});

runCodecConformance(geminiCodec, loadCodecFixtures(fixturesDir), {
  model: 'gemini-2.5-flash',
  normalizeRequest,
  normalizeResponse,
  // The REST body has no model: it is in the URL.
  modelInBody: false,
  numRuns: 60,
});
