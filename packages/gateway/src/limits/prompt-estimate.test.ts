import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { estimateInputTokens } from './estimate-input-tokens';
import { PromptEstimate } from './prompt-estimate';

// Issue 33: the prompt estimate (every tool schema stringified) is counted only when read.
function countedRequest(): { request: ChatRequest; reads: () => number } {
  let reads = 0;
  const messages: ChatRequest['messages'] = [
    { role: 'user', content: [{ type: 'text', text: 'Tell me about the fox.' }] },
  ];
  const request = {
    tools: [
      {
        name: 'read_file',
        description: 'Reads a file.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ],
  } as unknown as ChatRequest;
  Object.defineProperty(request, 'messages', {
    enumerable: true,
    get: () => {
      reads++;
      return messages;
    },
  });
  return { request, reads: () => reads };
}

describe('PromptEstimate', () => {
  it('reads nothing of the request until its tokens are asked for, then counts once', () => {
    const { request, reads } = countedRequest();
    const estimate = new PromptEstimate(request);
    expect(reads()).toBe(0);
    const tokens = estimate.tokens;
    expect(reads()).toBe(1);
    expect(estimate.tokens).toBe(tokens);
    expect(reads()).toBe(1);
    // The same count as the estimator's own: 22 characters of prompt, the tool's name, description and schema.
    expect(tokens).toBe(estimateInputTokens(request));
    expect(tokens).toBeGreaterThan(6);
  });
});
