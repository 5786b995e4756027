import { runAgent, userMessage, findHistoryProblems } from '@interlingua/agent';
import { defineTool } from '@interlingua/core';
import { scriptedModel, toolCallResponse, textResponse } from '@interlingua/testkit';
import { z } from 'zod';
const t = defineTool({ name: 'get_weather', description: 'w', input: z.object({ city: z.string() }), execute: ({ city }) => `${city} ok` });
const model = scriptedModel([
  toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'A' } }, { id: 'c1', name: 'get_weather', args: { city: 'B' } }]),
  textResponse('done'),
]);
const r = await runAgent({ model, tools: [t], messages: [userMessage('hi')] }).catch((e) => { console.log('THREW', e); return undefined; });
console.log(JSON.stringify(r?.messages, null, 1));
console.log(r && findHistoryProblems(r.messages));
