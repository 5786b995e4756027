import { describe, expect, it } from 'vitest';
import type { ChatModel } from '../chat-model';
import { InvalidModelIdError } from '../errors/invalid-model-id-error';
import { NoSuchProviderError } from '../errors/no-such-provider-error';
import { createRegistry, parseModelId } from './create-registry';

function fakeFactory(provider: string) {
  return (modelId: string): ChatModel => ({
    provider,
    modelId,
    capabilities: {},
    generate: () => Promise.reject(new Error('not called')),
    stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('not called')) }) }),
  });
}

describe('createRegistry', () => {
  const registry = createRegistry({ openai: fakeFactory('openai'), anthropic: fakeFactory('anthropic') });

  it('resolves provider:model strings, keeping colons inside the model id', () => {
    expect(registry.model('openai:gpt-4.1')).toMatchObject({ provider: 'openai', modelId: 'gpt-4.1' });
    expect(registry.model('anthropic:claude-sonnet-4-6').modelId).toBe('claude-sonnet-4-6');
    expect(parseModelId('ollama:qwen2.5:7b')).toEqual({ provider: 'ollama', modelId: 'qwen2.5:7b' });
  });

  it('names the known providers when the prefix is unknown', () => {
    expect(() => registry.model('mistral:large')).toThrowError(
      'Expected a provider among [anthropic, openai], got "mistral".',
    );
    expect(() => registry.model('mistral:large')).toThrowError(NoSuchProviderError);
    expect(() => registry.model('toString:x')).toThrowError(NoSuchProviderError);
  });

  it('names the nearest provider for a typo (issue 32)', () => {
    expect(() => registry.model('antropic:claude-sonnet-4-6')).toThrowError(
      'Expected a provider among [anthropic, openai], got "antropic". Did you mean "anthropic"?',
    );
    const error = (() => {
      try {
        registry.model('opnai:gpt-4.1');
      } catch (thrown) {
        return thrown as NoSuchProviderError;
      }
    })();
    expect(error?.suggestion).toBe('openai');
  });

  it.each(['gpt-4.1', ':gpt', 'openai:', ''])('rejects the malformed string %j', (id) => {
    expect(() => registry.model(id)).toThrowError(InvalidModelIdError);
    expect(() => registry.model(id)).toThrowError(/Expected a model string of the form "provider:model"/);
  });
});
