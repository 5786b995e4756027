import { createRegistry, NoSuchProviderError } from '@interlingua/core';
import { json, startProviderServer } from '@interlingua/testkit';
import { createModelRegistry } from 'interlingua';
import { describe, expect, it } from 'vitest';
import { createAcme } from './create-acme';

describe('registering the Acme provider', () => {
  it('beside the built-in ones: acme:<id> strings resolve to Acme models', async () => {
    const server = await startProviderServer({
      routes: [
        {
          path: '/v1/chat',
          reply: json({ id: 'a1', model: 'acme-large', reply: { text: 'hi' }, end: 'done', meter: { in: 3, out: 1 } }),
        },
      ],
    });
    const builtIn = createModelRegistry({ env: { ANTHROPIC_API_KEY: 'sk-ant-test' } });
    const registry = createRegistry({
      acme: createAcme({ baseURL: server.url, apiKey: 'acme-test' }),
      anthropic: (id: string) => builtIn.model(`anthropic:${id}`),
    });
    const model = registry.model('acme:acme-large');
    expect(model.provider).toBe('acme');
    expect(
      (await model.generate({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] })).message,
    ).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'hi' }],
    });
    expect(registry.model('anthropic:claude-sonnet-4-6').provider).toBe('anthropic');
    expect(() => registry.model('nope:x')).toThrow(NoSuchProviderError);
    await server.close();
  });
});
