import type { ChatRequest, Message, StreamEvent, Tool } from '@interlingua/core';
import { type ScriptedStep, scriptedModel, textResponse } from '@interlingua/testkit';
import { createCapabilityRegistry } from '../registry/create-capability-registry';
import { type WithCapabilitiesOptions, withCapabilities } from '../with-capabilities';

/** Tools as an MCP server or defineTool would declare them. */
export const weatherTool: Tool = {
  name: 'get_weather',
  description: 'Get the current weather for a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
  },
};

export const timeTool: Tool = {
  name: 'get_time',
  description: 'Get the local time in an IANA time zone.',
  inputSchema: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
};

export const question: Message = { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] };

export const toolRequest = (messages: Message[] = [question], extra: Partial<ChatRequest> = {}): ChatRequest => ({
  system: 'You are a helpful assistant.',
  messages,
  tools: [weatherTool, timeTool],
  ...extra,
});

/** A text-only model (as a small local model would answer) wrapped in emulation, with predictable call ids. */
export function emulatedModel(
  replies: (string | ScriptedStep)[],
  options: WithCapabilitiesOptions = {},
  settings: { provider?: string; modelId?: string } = {},
) {
  const inner = scriptedModel(
    replies.map((reply) => (typeof reply === 'string' ? textResponse(reply) : reply)),
    { provider: settings.provider ?? 'ollama', modelId: settings.modelId ?? 'tiny-model:1b' },
  );
  let next = 0;
  const registry = options.registry ?? createCapabilityRegistry();
  const model = withCapabilities(inner, {
    registry,
    capabilities: { toolCalling: 'none' },
    generateId: () => `call_${++next}`,
    ...options,
  });
  return { inner, model, registry };
}

/** A text reply streamed in small pieces, as a local server would send it. */
export function streamedText(text: string, pieceLength = 3): { events: StreamEvent[] } {
  const events: StreamEvent[] = [];
  for (let offset = 0; offset < text.length; offset += pieceLength) {
    events.push({ type: 'text-delta', text: text.slice(offset, offset + pieceLength) });
  }
  events.push({
    type: 'finish',
    finishReason: 'stop',
    rawFinishReason: 'stop',
    usage: { inputTokens: 50, outputTokens: 20 },
  });
  return { events };
}

/** Collects every event of a stream. */
export async function eventsOf(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
