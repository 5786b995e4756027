import { describe, expect, it } from 'vitest';
import { encodeBedrockRequest } from './encode-bedrock-request';

describe("other providers' options in a Converse request", () => {
  it('are not sent, each with a warning naming it', () => {
    const { value, warnings } = encodeBedrockRequest(
      {
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        providerOptions: { openai: { response_format: { type: 'json_object' } }, gemini: { topK: 3 } },
      },
      { model: 'amazon.nova-pro-v1:0' },
    );
    expect(JSON.stringify(value)).not.toMatch(/response_format|topK/);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.response_format',
        message: 'Bedrock Converse has no equivalent of the openai option `response_format`; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'providerOptions.gemini.topK',
        message: 'Bedrock Converse has no equivalent of the gemini option `topK`; it was not sent.',
      },
    ]);
  });
});
