import { anthropicCodec } from '@interlingua/anthropic';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { responseToStream, type ModelResponse } from '@interlingua/core';
const resp: ModelResponse = { message: { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', args: {}, argsText: '{"q": "ab', argsError: 'Unexpected end' }] }, finishReason: 'length', rawFinishReason: null, usage: { inputTokens: 1, outputTokens: 2 }, warnings: [] };
for (const [n, c] of [['anthropic', anthropicCodec], ['gemini', geminiCodec], ['openai', openaiCodec]] as const) {
  const r = c.encodeResponse(resp, { model: 'm' });
  console.log(n, JSON.stringify(r.value), JSON.stringify(r.warnings));
  const back = c.decodeResponse(r.value);
  console.log('  back', JSON.stringify(back.message.content));
  const chunks: unknown[] = [];
  for await (const ch of c.encodeStream(responseToStream(resp), { model: 'm' })) chunks.push(ch);
  console.log('  stream', JSON.stringify(chunks).slice(0, 600));
}
