import type { Message, Warning } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { convertToBedrockMessages } from './convert-to-bedrock-messages';

const pdf = (filename?: string) => ({
  type: 'file' as const,
  source: { type: 'base64' as const, data: 'JVBERi0xLjQK' },
  mediaType: 'application/pdf',
  ...(filename === undefined ? {} : { filename }),
});

describe('convertToBedrockMessages', () => {
  it('names unnamed documents document-<n>, n counting every document in request order, tool results included', () => {
    const messages: Message[] = [
      { role: 'user', content: [pdf(), pdf('report.pdf')] },
      { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'fetch', args: {} }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'fetch', content: [pdf()], isError: false }],
      },
      { role: 'user', content: [{ type: 'text', text: '总结一下' }, pdf()] },
    ];
    const warnings: Warning[] = [];
    const out = convertToBedrockMessages(messages, warnings);
    const names = JSON.stringify(out).match(/"document":\{"format":"pdf","name":"[^"]+"/g);
    expect(names?.map((found) => found.split('"name":')[1])).toEqual([
      '"document-1"',
      '"report"',
      '"document-3"',
      '"document-4"',
    ]);
    // The tool's results come first in the user turn they share with the text that follows.
    expect(out.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(Object.keys(out[2]?.content[0] ?? {})).toEqual(['toolResult']);
    expect(warnings).toEqual([]);
  });
});
