import { InvalidResponseError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiResponse } from './decode-gemini-response';

describe('decodeGeminiResponse', () => {
  it('leaves out parts an assistant message cannot hold, and extra candidates, with warnings', () => {
    const response = decodeGeminiResponse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Computing.' },
              { executableCode: { language: 'PYTHON', code: 'print(1+1)' } },
              { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '2\n' } },
              { text: ' It is 2.' },
            ],
          },
          finishReason: 'STOP',
        },
        { content: { role: 'model', parts: [{ text: 'other' }] }, finishReason: 'STOP', index: 1 },
      ],
    });
    expect(response.message.content).toEqual([{ type: 'text', text: 'Computing. It is 2.' }]);
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'candidates',
      'candidates[0].content.parts.executableCode',
      'candidates[0].content.parts.codeExecutionResult',
    ]);
  });

  it('maps the remaining finish reasons', () => {
    const finish = (finishReason: string) =>
      decodeGeminiResponse({ candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason }] })
        .finishReason;
    expect(['BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY'].map(finish)).toEqual(
      Array(4).fill('content_filter'),
    );
    expect(['LANGUAGE', 'OTHER', 'SOMETHING_NEW'].map(finish)).toEqual(['other', 'other', 'other']);
  });

  it('throws InvalidResponseError naming the path of what is wrong', () => {
    expect(() => decodeGeminiResponse({ candidates: [{ content: { parts: [{ text: 42 }] } }] })).toThrowError(
      InvalidResponseError,
    );
    expect(() => decodeGeminiResponse({ candidates: [{ content: { parts: [{ text: 42 }] } }] })).toThrowError(
      /^Expected a Gemini GenerateContentResponse: candidates\[0\]\.content\.parts\[0\]\.text:/,
    );
  });
});
