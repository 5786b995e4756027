// A 2026-07-28 client of the aggregator over stdio (`serveMcpOverStdio`): list changes and resource
// updates reach it on its `subscriptions/listen` stream, which the SDK's stdio entry serves.
import { PassThrough } from 'node:stream';
import {
  type JSONRPCMessage,
  Client as ModernClient,
  ReadBuffer,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from '../host/mcp-bridge';
import { createMcpAggregatorServer } from './create-mcp-aggregator-server';
import { type McpStdioServing, serveMcpOverStdio } from './serve-mcp-over-stdio';

/** A client transport over two in-process streams, framed as stdio is (one JSON line per message). */
class StreamPairTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();
  constructor(
    private readonly input: PassThrough,
    private readonly output: PassThrough,
  ) {}
  async start(): Promise<void> {
    this.input.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.buffer.readMessage(); message !== null; message = this.buffer.readMessage()) {
        this.onmessage?.(message);
      }
    });
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.output.write(serializeMessage(message));
  }
  async close(): Promise<void> {
    this.output.end();
    this.onclose?.();
  }
}

let bridge: McpBridge;
let serving: McpStdioServing;
let client: ModernClient;
const received: string[] = [];

beforeAll(async () => {
  bridge = await McpBridge.fromConfig(
    { mcpServers: { changing: fixtureEntry('list-changed'), watched: fixtureEntry('subscribe') } },
    { restart: false, roots: false },
  );
  const [toServer, fromServer] = [new PassThrough(), new PassThrough()];
  serving = await serveMcpOverStdio(() => createMcpAggregatorServer(bridge), { stdin: toServer, stdout: fromServer });
  client = new ModernClient({ name: 'stdio-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    received.push('tools/list_changed');
  });
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    received.push(`resources/updated ${notification.params.uri}`);
  });
  await client.connect(new StreamPairTransport(fromServer, toServer));
}, 60_000);

afterAll(async () => {
  await client.close();
  await serving.close();
  await bridge.close();
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`Timed out waiting for ${what}; received ${JSON.stringify(received)}`);
}

describe('serveMcpOverStdio with a 2026-07-28 client', () => {
  it('passes an upstream tool-list change to the listen stream', async () => {
    const subscription = await client.listen({ toolsListChanged: true });
    expect(subscription.honoredFilter.toolsListChanged).toBe(true);
    await client.callTool({ name: 'changing__first', arguments: {} });
    await until(() => received.includes('tools/list_changed'), 'tools/list_changed');
    await subscription.close();
  });

  it('asks the upstream for the resources a listen names, passes their updates, and lets go when it is cancelled', async () => {
    const served = 'watched+fixture://resource/1';
    const upstream = async (tool: string, value = '') => {
      const result = (await bridge.server('watched').request('tools/call', { name: tool, arguments: { value } })) as {
        content: { text: string }[];
      };
      return JSON.parse(result.content[0]?.text ?? '{}') as { subscribed: string[]; log: string[] };
    };
    // `changing` offers resources without subscriptions: that URI is left out of the acknowledgement.
    const subscription = await client.listen({ resourceSubscriptions: [served, 'changing+fixture://resource/1'] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([served]);
    expect((await upstream('subscriptions')).subscribed).toEqual(['fixture://resource/1']);

    await upstream('touch', 'fixture://resource/1');
    await until(() => received.includes(`resources/updated ${served}`), 'the resource update');

    await subscription.close();
    for (let tries = 0; tries < 200 && (await upstream('subscriptions')).subscribed.length > 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await upstream('subscriptions')).toEqual({
      subscribed: [],
      log: ['subscribe fixture://resource/1', 'unsubscribe fixture://resource/1'],
    });
  });
});
