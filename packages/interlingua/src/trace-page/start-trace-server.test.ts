import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTraceServer, type TraceServer } from './start-trace-server';

const line = (seq: number, extra: object = {}) =>
  JSON.stringify({
    v: 1,
    seq,
    time: '2026-12-01T10:00:00.000Z',
    ms: seq,
    type: 'mcp',
    server: 'weather',
    direction: 'send',
    message: { id: seq },
    ...extra,
  });

let server: TraceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function traceFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'interlingua-trace-server-')), 'run.jsonl');
  writeFileSync(file, text);
  return file;
}

/** A GET with a chosen Host header (fetch does not let one set it). */
function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: host === undefined ? {} : { host },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('startTraceServer', () => {
  it('serves the page, its script and the trace on 127.0.0.1, with a policy that loads nothing from outside', async () => {
    const file = traceFile(`${line(0)}\n${line(1)}\n`);
    server = await startTraceServer({ file, follow: false, script: 'console.log(1)' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await get(server.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/page.js" defer></script>');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    expect((await get(`${server.url}page.js`)).body).toBe('console.log(1)');
    const trace = JSON.parse((await get(`${server.url}trace`)).body);
    expect(trace).toMatchObject({ file: 'run.jsonl', follow: false, problems: [], nextLine: 3 });
    expect(trace.lines.map((entry: { seq: number }) => entry.seq)).toEqual([0, 1]);
    expect((await get(`${server.url}nope`)).status).toBe(404);
    expect((await get(`${server.url}events`)).status).toBe(404);
  });

  it('refuses a request for another host name (DNS rebinding)', async () => {
    server = await startTraceServer({ file: traceFile(''), follow: false, script: '' });
    const port = new URL(server.url).port;
    expect((await get(`${server.url}trace`, `evil.example:${port}`)).status).toBe(403);
    expect((await get(`${server.url}trace`, `localhost:${port}`)).status).toBe(200);
  });

  it('reports a line that is not a trace line with its number, and leaves a half-written last line for later', async () => {
    const file = traceFile(`${line(0)}\nnot json\n${line(2, { v: 3 })}\n${line(3).slice(0, 20)}`);
    server = await startTraceServer({ file, follow: false, script: '' });
    const trace = JSON.parse((await get(`${server.url}trace`)).body);
    expect(trace.lines).toHaveLength(1);
    expect(trace.problems).toEqual([
      { line: 2, message: 'Expected a JSON object, got "not json".' },
      { line: 3, message: expect.stringMatching(/^Expected a trace line: v: /) },
    ]);
    expect(trace.nextLine).toBe(4);
  });

  it('--follow streams the lines added to the file as server-sent events', async () => {
    const file = traceFile(`${line(0)}\n`);
    server = await startTraceServer({ file, follow: true, script: '' });
    const { next, nextLine } = JSON.parse((await get(`${server.url}trace`)).body);
    const controller = new AbortController();
    const response = await fetch(`${server.url}events?from=${next}&line=${nextLine}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    appendFileSync(file, `${line(1)}\n${line(2).slice(0, 30)}`);
    while (!received.includes('event: lines')) received += (await reader?.read())?.value ?? '';
    appendFileSync(file, `${line(2).slice(30)}\n`);
    while (received.split('event: lines').length < 3) received += (await reader?.read())?.value ?? '';
    controller.abort();
    const chunks = received
      .split('\n')
      .filter((row) => row.startsWith('data: '))
      .map((row) => JSON.parse(row.slice(6)));
    expect(chunks.map((chunk) => chunk.lines.map((entry: { seq: number }) => entry.seq))).toEqual([[1], [2]]);
    expect(chunks[1]).toMatchObject({ nextLine: 4, restarted: false });
    expect((await get(`${server.url}events?from=-1`)).status).toBe(400);
  });
});
