import { InvalidModelIdError, InvalidSettingError, type ModelCapabilities } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { shippedCapabilities } from '../data/shipped-capabilities';
import { capabilitiesOf } from './capabilities-of';
import { capabilityRowSchema } from './capability-row-schema';
import { createCapabilityRegistry } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';
import { defaultMaxTokensFromCapabilities } from './default-max-tokens-from-capabilities';
import { preferredApiFromCapabilities } from './preferred-api-from-capabilities';
import { registerCapabilities } from './register-capabilities';
import { safeParseCapabilityRows } from './safe-parse-capability-rows';
import { unknownCapabilities } from './unknown-capabilities';

describe('shipped data', () => {
  it.each(shippedCapabilities.map((row, index) => [index, row] as const))(
    'row %i parses and names a source',
    (_, row) => {
      expect(capabilityRowSchema.safeParse(row).success).toBe(true);
      expect(row.source).toMatch(/^https:\/\//);
    },
  );

  it.each([
    ['openai:gpt-4o', { toolCalling: 'native', contextWindow: 128_000, maxOutputTokens: 16_384, imageInput: true }],
    ['openai:gpt-4.1', { toolResultMedia: false }],
    ['openai:gpt-4o-2024-05-13', { maxOutputTokens: 4096 }],
    ['openai:gpt-4.1-mini', { contextWindow: 1_047_576, maxOutputTokens: 32_768 }],
    ['openai:gpt-5-mini', { contextWindow: 400_000, reasoning: true }],
    ['openai:gpt-3.5-turbo', { toolCalling: 'native', contextWindow: 16_385, imageInput: false }],
    ['openai:o1-mini', { toolCalling: 'none', systemPrompt: 'merge-into-user' }],
    ['openai:o3-mini', { toolCalling: 'native', imageInput: false, reasoning: true }],
    ['anthropic:claude-3-haiku-20240307', { maxOutputTokens: 4096, reasoning: false, contextWindow: 200_000 }],
    ['anthropic:claude-3-5-sonnet-20241022', { maxOutputTokens: 8192 }],
    ['anthropic:claude-3-7-sonnet-20250219', { maxOutputTokens: 64_000, reasoning: true }],
    ['anthropic:claude-opus-4-1-20250805', { maxOutputTokens: 32_000 }],
    ['anthropic:claude-sonnet-4-5', { maxOutputTokens: 64_000 }],
    ['anthropic:claude-sonnet-4-6', { contextWindow: 1_000_000, maxOutputTokens: 128_000, toolResultMedia: true }],
    ['gemini:gemini-1.5-pro-002', { contextWindow: 2_097_152, maxOutputTokens: 8192 }],
    ['gemini:gemini-2.0-flash', { toolCalling: 'native', reasoning: false }],
    ['gemini:gemini-2.5-flash', { maxOutputTokens: 65_536, reasoning: true, toolResultMedia: false }],
    ['gemini:gemini-3-pro-preview', { contextWindow: 1_048_576, maxOutputTokens: 65_536, toolResultMedia: true }],
    ['gemini:gemini-3-flash-preview', { toolResultMedia: true }],
    ['gemini:gemma-3-27b-it', { toolCalling: 'none', systemPrompt: 'merge-into-user', imageInput: true }],
    ['ollama:llama3', { toolCalling: 'none', contextWindow: 8192 }],
    ['ollama:llama3.1:8b', { toolCalling: 'native', contextWindow: 131_072 }],
    ['vllm:meta-llama/Llama-3.3-70B-Instruct', { toolCalling: 'native' }],
    ['ollama:llama3.2-vision', { toolCalling: 'none', imageInput: true }],
    ['ollama:qwen2.5:7b', { toolCalling: 'native', contextWindow: 32_768 }],
    ['vllm:Qwen/Qwen3-8B', { toolCalling: 'native', reasoning: true }],
    ['ollama:mistral-nemo', { toolCalling: 'native', contextWindow: 131_072 }],
    ['deepseek:deepseek-chat', { toolCalling: 'native' }],
    ['ollama:deepseek-r1:7b', { toolCalling: 'unknown', reasoning: true }],
    ['ollama:gemma2:9b', { toolCalling: 'none', contextWindow: 8192, systemPrompt: 'merge-into-user' }],
    ['ollama:gemma3:1b', { imageInput: false, contextWindow: 32_768 }],
    ['ollama:phi4', { toolCalling: 'none', contextWindow: 16_384 }],
    ['ollama:phi4-mini', { toolCalling: 'native', contextWindow: 131_072 }],
  ] as const)('%s', (id, expected) => {
    expect(capabilitiesOf(id)).toMatchObject(expected);
  });

  it('prefers the tag format for Qwen-style models', () => {
    const registry = createCapabilityRegistry();
    expect(registry.resolve('ollama:qwen2.5:7b').emulation).toBe('tags');
    expect(registry.resolve('ollama:llama3').emulation).toBeUndefined();
  });

  it.each([
    ['gpt-5', 'responses'],
    ['gpt-5-mini-2025-08-07', 'responses'],
    ['gpt-5.1-codex-max', 'responses'],
    ['o3', 'responses'],
    ['o4-mini', 'responses'],
    ['o3-pro', 'responses'],
    ['o3-deep-research', 'responses'],
    ['codex-mini-latest', 'responses'],
    ['computer-use-preview', 'responses'],
    ['gpt-5-chat-latest', 'chat-completions'],
    ['o1-mini', 'chat-completions'],
    ['gpt-4.1', 'chat-completions'],
    ['gpt-4o-mini', 'chat-completions'],
    ['qwen2.5', 'chat-completions'],
  ] as const)('says openai:%s is best called through %s', (modelId, api) => {
    expect(preferredApiFromCapabilities('openai')(modelId)).toBe(api);
  });

  it('states no API for providers that have one', () => {
    expect(preferredApiFromCapabilities('anthropic')('claude-sonnet-4-6')).toBeUndefined();
    expect(preferredApiFromCapabilities('ollama')('gpt-5')).toBeUndefined();
  });
});

describe('createCapabilityRegistry', () => {
  it('answers a fresh copy each time, the adapter on top, and applies a row registered after a lookup', () => {
    const registry = createCapabilityRegistry();
    const adapter: Partial<ModelCapabilities> = { toolChoice: ['auto'], contextWindow: 999 };
    const first = registry.resolve('openai:gpt-4.1-mini', { adapter });
    expect(first.capabilities).toMatchObject({ toolChoice: ['auto'], contextWindow: 999, schema: { ref: true } });
    (first.capabilities.toolChoice as string[]).push('none');
    first.capabilities.schema.ref = false;
    const second = registry.resolve('OpenAI:GPT-4.1-mini', { adapter });
    expect(second.capabilities).toMatchObject({ toolChoice: ['auto'], contextWindow: 999, schema: { ref: true } });
    expect(adapter.toolChoice).toEqual(['auto']);
    registry.register('openai:gpt-4.1-mini', { contextWindow: 1234 });
    expect(registry.resolve('openai:gpt-4.1-mini').capabilities.contextWindow).toBe(1234);
  });

  it('answers unknown for a model no row mentions: unknown is not unsupported', () => {
    expect(capabilitiesOf('acme:frontier-9000')).toEqual(unknownCapabilities);
  });

  it('merges matching rows field by field, the most specific pattern winning', () => {
    const registry = createCapabilityRegistry([
      { match: 'acme:*', capabilities: { toolCalling: 'native', contextWindow: 8000 }, source: 'a' },
      { match: 'acme:big-*', capabilities: { contextWindow: 100_000 }, source: 'b' },
      { match: 'acme:big-2*', capabilities: { imageInput: true }, source: 'c' },
    ]);
    const resolved = registry.resolve('acme:big-2-latest');
    expect(resolved.capabilities).toMatchObject({ toolCalling: 'native', contextWindow: 100_000, imageInput: true });
    expect(resolved.sources).toEqual(['a', 'b', 'c']);
    expect(registry.capabilitiesOf('acme:small').contextWindow).toBe(8000);
  });

  it('applies the most specific row last even when it comes first in the data', () => {
    const registry = createCapabilityRegistry([
      { match: 'acme:big-2*', capabilities: { contextWindow: 2 }, source: 'specific' },
      { match: 'acme:*', capabilities: { contextWindow: 1 }, source: 'broad' },
    ]);
    expect(registry.capabilitiesOf('acme:big-2').contextWindow).toBe(2);
  });

  it('matches case-insensitively and treats a pattern without a provider as any provider', () => {
    const registry = createCapabilityRegistry([
      { match: '*qwen2.5*', capabilities: { toolCalling: 'native' }, source: 's' },
    ]);
    expect(registry.capabilitiesOf('vllm:Qwen/Qwen2.5-7B-Instruct').toolCalling).toBe('native');
    expect(registry.capabilitiesOf('ollama:QWEN2.5:7b').toolCalling).toBe('native');
  });

  it('lets registrations override shipped data, later registrations winning', () => {
    const registry = createCapabilityRegistry();
    registry.register('openai:gpt-4o*', { contextWindow: 1000 });
    expect(registry.capabilitiesOf('openai:gpt-4o').contextWindow).toBe(1000);
    registry.register('openai:*', { contextWindow: 2000 }, { emulation: 'tags' });
    expect(registry.capabilitiesOf('openai:gpt-4o').contextWindow).toBe(2000);
    expect(registry.resolve('openai:gpt-4o').emulation).toBe('tags');
    // The shipped rows of a fresh registry are untouched.
    expect(createCapabilityRegistry().capabilitiesOf('openai:gpt-4o').contextWindow).toBe(128_000);
  });

  it('puts per-call overrides above registrations and the adapter between data and registrations', () => {
    const registry = createCapabilityRegistry();
    const resolved = registry.resolve('openai:gpt-4o', {
      adapter: { contextWindow: 5, imageInput: false },
      overrides: { imageInput: true, schema: { ref: false } },
    });
    expect(resolved.capabilities).toMatchObject({ contextWindow: 5, imageInput: true });
    expect(resolved.capabilities.schema).toMatchObject({ ref: false, anyOf: true });
    registry.register('openai:gpt-4o', { contextWindow: 6 });
    expect(registry.resolve('openai:gpt-4o', { adapter: { contextWindow: 5 } }).capabilities.contextWindow).toBe(6);
  });

  it('records a runtime detection for the process, above registrations', () => {
    const registry = createCapabilityRegistry();
    registry.register('ollama:*', { toolCalling: 'native' });
    const warning = registry.markToolCallingUnsupported('ollama:mystery:7b', 'mystery:7b does not support tools');
    expect(warning).toMatchObject({ type: 'degraded', feature: 'tools' });
    expect(warning.message).toContain('does not support tools');
    expect(registry.capabilitiesOf('ollama:mystery:7b').toolCalling).toBe('none');
    expect(registry.capabilitiesOf('ollama:other').toolCalling).toBe('native');
    registry.clearDetections();
    expect(registry.capabilitiesOf('ollama:mystery:7b').toolCalling).toBe('native');
  });

  it('rejects malformed registrations and model ids with typed errors', () => {
    const registry = createCapabilityRegistry();
    expect(() => registry.register('acme:*', { toolCalling: 'sometimes' as 'none' })).toThrow(InvalidSettingError);
    expect(() => registry.register('acme:*', { contextWindow: -1 })).toThrow(/contextWindow/);
    expect(() => registry.capabilitiesOf('gpt-4o')).toThrow(InvalidModelIdError);
  });
});

describe('registerCapabilities', () => {
  it('registers in the process-wide registry that capabilitiesOf reads', () => {
    expect(capabilitiesOf('registry-test:model-a').toolCalling).toBe('unknown');
    registerCapabilities(
      'registry-test:*',
      { toolCalling: 'none' },
      { emulation: 'tags', api: 'responses', source: 'this test' },
    );
    expect(capabilitiesOf('registry-test:model-a').toolCalling).toBe('none');
    expect(defaultCapabilityRegistry.resolve('registry-test:model-a')).toMatchObject({
      emulation: 'tags',
      api: 'responses',
      sources: ['this test'],
    });
  });
});

describe('safeParseCapabilityRows', () => {
  it('accepts rows read from JSON and names the bad field of a bad one', () => {
    const good = [{ match: ['ollama:my-*'], capabilities: { toolCalling: 'none' }, source: 'me', emulation: 'tags' }];
    expect(safeParseCapabilityRows(good)).toEqual({ success: true, value: good });
    const bad = safeParseCapabilityRows([{ match: 'x:*', capabilities: { schema: { ref: 'maybe' } }, source: 's' }]);
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.error).toBeInstanceOf(InvalidSettingError);
      expect(bad.error.message).toContain('[0].capabilities.schema.ref');
    }
  });
});

describe('defaultMaxTokensFromCapabilities', () => {
  it('reads maxOutputTokens from the data, capped, and undefined when unknown', () => {
    const defaultMaxTokens = defaultMaxTokensFromCapabilities('anthropic');
    expect(defaultMaxTokens('claude-3-haiku-20240307')).toBe(4096);
    expect(defaultMaxTokens('claude-sonnet-4-5')).toBe(16_384);
    expect(defaultMaxTokens('claude-opus-4-6')).toBeUndefined();
    expect(defaultMaxTokensFromCapabilities('anthropic', { cap: Number.POSITIVE_INFINITY })('claude-sonnet-4-5')).toBe(
      64_000,
    );
  });
});
