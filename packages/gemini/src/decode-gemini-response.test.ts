import { InvalidResponseError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiResponse } from './decode-gemini-response';

describe('decodeGeminiResponse', () => {
  it('leaves out parts an assistant message cannot hold, and extra candidates, with warnings', () => {
    const response = decodeGeminiResponse({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Computing.' }, { futurePart: { x: 1 } }, { text: ' It is 2.' }] },
          finishReason: 'STOP',
        },
        { content: { role: 'model', parts: [{ text: 'other' }] }, finishReason: 'STOP', index: 1 },
      ],
    });
    expect(response.message.content).toEqual([{ type: 'text', text: 'Computing. It is 2.' }]);
    expect(response.warnings.map((warning) => warning.feature)).toEqual([
      'candidates',
      'candidates[0].content.parts.futurePart',
    ]);
  });

  it('keeps the code Gemini ran as hosted code-execution parts (issue 31), no longer dropped', () => {
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
      ],
    });
    expect(response.message.content).toEqual([
      { type: 'text', text: 'Computing.' },
      {
        type: 'hosted-tool-call',
        id: 'code_1',
        kind: 'code-execution',
        name: 'code_execution',
        input: { code: 'print(1+1)', language: 'PYTHON' },
        providerMetadata: { gemini: { part: { executableCode: { language: 'PYTHON', code: 'print(1+1)' } } } },
      },
      {
        type: 'hosted-tool-result',
        callId: 'code_1',
        kind: 'code-execution',
        name: 'code_execution',
        output: '2\n',
        providerMetadata: { gemini: { part: { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '2\n' } } } },
      },
      { type: 'text', text: ' It is 2.' },
    ]);
    expect(response.warnings).toEqual([]);
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
