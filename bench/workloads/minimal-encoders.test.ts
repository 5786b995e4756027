import { anthropicCodec } from '@interlingua/anthropic';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import { buildHistory } from './build-history';
import { minimalAnthropicBody, minimalGeminiBody, minimalOpenAIBody } from './minimal-encoders';

// The `encode` suite compares each codec with a minimal converter of the same workload: both
// must build the same body, key order included (the same JSON text), or the floor means nothing.
describe('minimal converters build the body the codec builds for the request-build workload', () => {
  for (const size of [10, 101]) {
    const request = buildHistory(size);
    it(`openai Chat, ${size} messages`, () => {
      const body = openaiCodec.encodeRequest(request, { model: 'gpt-4.1' }).value;
      expect(JSON.stringify(minimalOpenAIBody(request, 'gpt-4.1'))).toBe(JSON.stringify(body));
    });
    it(`anthropic, ${size} messages`, () => {
      const body = anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' }).value;
      expect(JSON.stringify(minimalAnthropicBody(request, 'claude-sonnet-4-6'))).toBe(JSON.stringify(body));
    });
    it(`gemini, ${size} messages`, () => {
      const body = geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }).value;
      expect(JSON.stringify(minimalGeminiBody(request, body.tools as never))).toBe(JSON.stringify(body));
    });
  }
});
