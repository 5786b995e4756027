import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/create-authenticator';
import type { GatewayKeyConfig } from '../config/gateway-config-schema';
import type { Candidate, ModelPlan } from '../router/create-model-table';
import { estimateInputTokens } from './estimate-input-tokens';
import { PromptEstimate, tokensLimited } from './prompt-estimate';

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

const candidate = (limits: Candidate['limits']): Candidate => ({
  backend: 'openai:gpt-4.1',
  model: new Error('not made'),
  retries: 0,
  timeoutMs: 1_000,
  price: undefined,
  limits,
});
const plan = (over: Partial<ModelPlan> = {}): ModelPlan => ({
  name: 'fast',
  candidates: [candidate(undefined)],
  contextWindow: [],
  limits: {},
  ...over,
});
const key = (limits: Partial<GatewayKeyConfig>): Principal => ({
  kind: 'key',
  name: 'reader',
  key: { name: 'reader', sha256: 'a'.repeat(64), ...limits } as GatewayKeyConfig,
});

describe('tokensLimited', () => {
  it('is false when no tpm limit applies: no key, or a key and a model with request limits only', () => {
    expect(tokensLimited({ kind: 'anonymous', name: undefined }, plan())).toBe(false);
    expect(tokensLimited({ kind: 'master', name: 'master' }, plan())).toBe(false);
    expect(tokensLimited(key({ rpm: 10 }), plan({ limits: { rpm: 5 }, candidates: [candidate({ rpm: 3 })] }))).toBe(
      false,
    );
  });

  it("is true for the key's tpm, the model's, a backend's, a fallback's or a larger-context backend's", () => {
    const anonymous: Principal = { kind: 'anonymous', name: undefined };
    expect(tokensLimited(key({ tpm: 1_000 }), plan())).toBe(true);
    expect(tokensLimited(anonymous, plan({ limits: { tpm: 1_000 } }))).toBe(true);
    expect(tokensLimited(anonymous, plan({ candidates: [candidate({ tpm: 1_000 })] }))).toBe(true);
    expect(tokensLimited(anonymous, plan({ candidates: [candidate(undefined), candidate({ tpm: 1 })] }))).toBe(true);
    expect(tokensLimited(anonymous, plan({ contextWindow: [candidate({ tpm: 1_000 })] }))).toBe(true);
  });
});
