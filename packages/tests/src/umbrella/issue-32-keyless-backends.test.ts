import { createBuiltInGateway } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// docs/gateway.md: backends without their provider key are reported at start-up and answer 503
// naming the variable to set, while the rest of the gateway serves (issue 32: they answered 502
// at their first call, and nothing was reported).

const gateway = createBuiltInGateway(
  {
    models: {
      demo: { model: 'demo:weather-demo' },
      fast: { model: 'openai:gpt-4.1-mini', fallbacks: ['anthropic:claude-haiku-4-5'] },
    },
  },
  { registry: { env: {} }, log: { write: () => {} } },
);
let url: string;

beforeAll(async () => {
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
});

function chat(model: string): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
}

describe('a gateway backend without its key (issue 32)', () => {
  it('is listed as unavailable at start-up, naming the variable', () => {
    expect([...gateway.unavailable.keys()].sort()).toEqual(['anthropic:claude-haiku-4-5', 'openai:gpt-4.1-mini']);
    expect(gateway.unavailable.get('openai:gpt-4.1-mini')?.message).toContain('OPENAI_API_KEY');
    expect(gateway.unavailable.get('anthropic:claude-haiku-4-5')?.message).toContain('ANTHROPIC_API_KEY');
  });

  it('answers 503 naming the variables, and the other models still serve', async () => {
    const refused = await chat('fast');
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('server_error');
    expect(body.error.message).toContain('OPENAI_API_KEY');
    expect(body.error.message).toContain('ANTHROPIC_API_KEY');
    const served = await chat('demo');
    expect(served.status).toBe(200);
  });
});
