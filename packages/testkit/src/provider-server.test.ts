import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSSE, hang, json, type ProviderServer, raw, sse, startProviderServer } from './provider-server';

const chunk = (delta: object, extra: object = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'gpt-4.1',
  choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
  ...extra,
});

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('startProviderServer', () => {
  it('streams SSE that the official openai SDK parses, even when split mid-character', async () => {
    const events = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: '北京今天' }),
      chunk({ content: '晴，25°C 😀' }),
      { ...chunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }] },
      { ...chunk({}), choices: [], usage: { prompt_tokens: 9, completion_tokens: 6, total_tokens: 15 } },
    ];
    server = await startProviderServer({
      routes: [{ method: 'POST', path: '/v1/chat/completions', reply: sse('openai', events, { splitEvery: 5 }) }],
    });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: '北京今天天气怎么样？' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const received: unknown[] = [];
    for await (const part of stream) received.push(part);

    expect(received).toEqual(events);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: '北京今天天气怎么样？' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('serves JSON, records every request, and plays replies in turn', async () => {
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/chat/completions',
          reply: [
            json({ error: { message: 'Rate limit', type: 'rate_limit_error' } }, { status: 429 }),
            json({ ok: true }),
          ],
        },
      ],
    });
    const first = await fetch(`${server.url}/v1/chat/completions?x=1`, { method: 'POST', body: '{"a":1}' });
    const second = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: 'not json' });
    const third = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect([first.status, second.status, third.status]).toEqual([429, 200, 200]);
    expect(await first.json()).toEqual({ error: { message: 'Rate limit', type: 'rate_limit_error' } });
    expect(server.requests.map((request) => [request.url, request.body, request.rawBody])).toEqual([
      ['/v1/chat/completions?x=1', { a: 1 }, '{"a":1}'],
      ['/v1/chat/completions', undefined, 'not json'],
      ['/v1/chat/completions', {}, '{}'],
    ]);
    expect(server.requests[0]?.query.get('x')).toBe('1');
  });

  it('answers an unknown path with a 404 that names it', async () => {
    server = await startProviderServer({ routes: [] });
    const response = await fetch(`${server.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: 'No route for GET /nowhere' } });
  });

  it('can hang a request until the client gives up', async () => {
    const slow = await startProviderServer({ routes: [{ path: '/slow', reply: hang() }] });
    server = slow;
    // The client gives up once the server holds the request (not on a timer that, on a busy
    // machine, could fire before the request even arrives); the server then sees it hang up.
    const client = new AbortController();
    const answer = fetch(`${slow.url}/slow`, { signal: client.signal });
    answer.catch(() => undefined); // awaited below, after the abort
    await vi.waitFor(() => expect(slow.requests).toHaveLength(1), { timeout: 20_000, interval: 20 });
    client.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    await expect(slow.closed(0)).resolves.toEqual(expect.any(Number));
  });

  it('serves a body that is not JSON, under a JSON content type by default', async () => {
    server = await startProviderServer({ routes: [{ path: '/v1/messages', reply: raw('<html>502</html>') }] });
    const response = await fetch(`${server.url}/v1/messages`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('<html>502</html>');
  });

  it('stalls a stream after its headers, or after some events, without the terminator', async () => {
    server = await startProviderServer({
      routes: [
        { path: '/empty', reply: sse('openai', [], { end: 'hang' }) },
        { path: '/some', reply: sse('openai', [{ n: 1 }], { end: 'hang' }) },
      ],
    });
    const empty = await fetch(`${server.url}/empty`);
    expect(empty.headers.get('content-type')).toBe('text/event-stream');
    const reader = empty.body?.getReader();
    const read = reader?.read();
    // Nothing comes: the read is still pending when the client gives up.
    const winner = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
    expect(winner).toBe('pending');
    await reader?.cancel();

    const some = await fetch(`${server.url}/some`);
    const first = await some.body?.getReader().read();
    expect(new TextDecoder().decode(first?.value)).toBe('data: {"n":1}\n\n');
  });

  it('holds a stream after some events until told to go on, then sends the rest and the terminator', async () => {
    let resume: () => void = () => undefined;
    const until = new Promise<void>((resolve) => {
      resume = resolve;
    });
    server = await startProviderServer({
      routes: [{ path: '/held', reply: sse('openai', [{ n: 1 }, { n: 2 }], { hold: { after: 1, until } }) }],
    });
    const response = await fetch(`${server.url}/held`);
    const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"n":1}\n\n');
    const next = reader.read();
    const winner = await Promise.race([next, new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
    expect(winner).toBe('pending');
    resume();
    let rest = new TextDecoder().decode((await next).value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: {"n":2}\n\ndata: [DONE]\n\n');
  });

  it('resets the connection after the events', async () => {
    server = await startProviderServer({
      routes: [{ path: '/reset', reply: sse('anthropic', [{ type: 'ping' }], { end: 'reset' }) }],
    });
    const response = await fetch(`${server.url}/reset`);
    const failure = await response.text().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'terminated' });
  });
});

describe('encodeSSE', () => {
  it('frames each provider as it does on the wire', () => {
    expect(encodeSSE('openai', [{ a: 1 }])).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
    expect(encodeSSE('openai', [{ a: 1 }], true)).toBe('data: {"a":1}\n\n');
    expect(encodeSSE('anthropic', [{ type: 'message_stop' }])).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
    expect(encodeSSE('gemini', [{ candidates: [] }])).toBe('data: {"candidates":[]}\r\n\r\n');
    // Responses: an `event:` line per event and no `[DONE]` (the stream ends with response.completed).
    expect(encodeSSE('openai-responses', [{ type: 'response.completed', sequence_number: 9 }])).toBe(
      'event: response.completed\ndata: {"type":"response.completed","sequence_number":9}\n\n',
    );
  });
});
