import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { type McpTraceDirection, TracedTransport } from './traced-transport';

async function pair() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const frames: [McpTraceDirection, JSONRPCMessage][] = [];
  const traced = new TracedTransport(clientSide, (direction, message) => frames.push([direction, message]));
  const arrived: JSONRPCMessage[] = [];
  serverSide.onmessage = (message) => arrived.push(message);
  await traced.start();
  await serverSide.start();
  return { traced, serverSide, frames, arrived };
}

const cancelled = (requestId: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason: 'stop' },
});

describe('TracedTransport', () => {
  it('passes a cancellation of a request in flight, once', async () => {
    const { traced, arrived, frames } = await pair();
    await traced.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait' } });
    await traced.send(cancelled(1));
    // The request is over once cancelled: a second cancellation of it is not sent.
    await traced.send(cancelled(1));
    expect(arrived.map((message) => ('method' in message ? message.method : ''))).toEqual([
      'tools/call',
      'notifications/cancelled',
    ]);
    expect(frames.map(([direction]) => direction)).toEqual(['send', 'send']);
  });

  it('drops a cancellation of a request already answered, or never sent, unsent and untraced', async () => {
    const { traced, serverSide, arrived, frames } = await pair();
    const answers: JSONRPCMessage[] = [];
    traced.onmessage = (message) => answers.push(message);
    await traced.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo' } });
    await serverSide.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    await traced.send(cancelled(7));
    await traced.send(cancelled(8));
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [] } }]);
    expect(arrived).toHaveLength(1);
    expect(frames.map(([direction, message]) => [direction, 'id' in message ? message.id : undefined])).toEqual([
      ['send', 7],
      ['receive', 7],
    ]);
  });

  it('keeps a server request and the answer to it apart from the client’s own ids', async () => {
    const { traced, serverSide, arrived } = await pair();
    await traced.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'wait' } });
    // The server asks something under the same id, and the client answers it.
    await serverSide.send({ jsonrpc: '2.0', id: 3, method: 'roots/list' });
    await traced.send({ jsonrpc: '2.0', id: 3, result: { roots: [] } });
    await traced.send(cancelled(3));
    expect(arrived.map((message) => ('method' in message ? message.method : 'result'))).toEqual([
      'tools/call',
      'result',
      'notifications/cancelled',
    ]);
  });
});
