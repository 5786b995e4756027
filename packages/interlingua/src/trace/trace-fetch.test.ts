import { REDACTED } from '@interlingua/core/adapter';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { type ModelTraceLeg, traceFetch } from './trace-fetch';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('traceFetch', () => {
  it('reports the request and the JSON response, keys redacted, and hands the body on intact', async () => {
    server = await startProviderServer({
      routes: [{ path: '/v1/chat/completions', reply: json({ id: 'chatcmpl-1', choices: [] }) }],
    });
    const legs: ModelTraceLeg[] = [];
    const fetch = traceFetch(globalThis.fetch, (leg) => legs.push(leg));
    const response = await fetch(`${server.url}/v1/chat/completions?key=secret-key`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-secret', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1' }),
    });
    expect(await response.json()).toEqual({ id: 'chatcmpl-1', choices: [] });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-secret');
    expect(legs).toEqual([
      {
        type: 'model-request',
        method: 'POST',
        url: `${server.url}/v1/chat/completions?key=%5BREDACTED%5D`,
        headers: { authorization: REDACTED, 'content-type': 'application/json' },
        body: { model: 'gpt-4.1' },
      },
      {
        type: 'model-response',
        url: `${server.url}/v1/chat/completions?key=%5BREDACTED%5D`,
        status: 200,
        body: { id: 'chatcmpl-1', choices: [] },
      },
    ]);
  });

  it('reports a streamed response once it has been read, event by event, after passing every byte on', async () => {
    const events = [{ type: 'message_start', message: { id: 'msg_1' } }, { type: 'message_stop' }];
    server = await startProviderServer({
      routes: [{ path: '/v1/messages', reply: sse('anthropic', events, { splitEvery: 7 }) }],
    });
    const legs: ModelTraceLeg[] = [];
    const fetch = traceFetch(globalThis.fetch, (leg) => legs.push(leg));
    const response = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{}' });
    expect(legs).toHaveLength(1);
    const text = await response.text();
    expect(text).toContain('event: message_start');
    expect(legs[1]).toEqual({ type: 'model-response', url: `${server.url}/v1/messages`, status: 200, events });
  });
});
