// Tools and helpers shared by the loop's tests (runAgent, tool-call handling).
import { defineTool, type Message, type ToolMessage } from '@interlingua/core';
import { z } from 'zod';
import { userMessage } from '../user-message';

export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: sunny, 25°C`,
});

/** Slightly slow, so parallel calls finish out of call order. */
export const getTime = defineTool({
  name: 'get_time',
  description: 'Local time in a city.',
  input: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return `${city}: 10:00`;
  },
});

export const ask = [userMessage('Weather in Paris?')];

export function lastToolMessage(messages: readonly Message[]): ToolMessage {
  const message = messages.findLast((entry) => entry.role === 'tool');
  if (message?.role !== 'tool') throw new Error('no tool message');
  return message;
}

export function resultTexts(message: ToolMessage): string[] {
  return message.content.map((result) =>
    result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
  );
}
