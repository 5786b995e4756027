import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import type { McpBridgeOptions } from './mcp-bridge-options';
import type { McpUrlElicitationRequest } from './mcp-host-hooks';

// Our host-features server asks for a form whose fields all have defaults (SEP-1034) and for a
// URL-mode elicitation followed by notifications/elicitation/complete.
const hostFeatures = fileURLToPath(new URL('../__fixtures__/servers/host-features-server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const bridges: McpBridge[] = [];

afterAll(async () => {
  await Promise.all(bridges.map((bridge) => bridge.close()));
});

async function open(options: McpBridgeOptions, events: McpBridgeEvent[], frames: McpTraceFrame[]): Promise<McpBridge> {
  const bridge = await McpBridge.fromConfig(
    { mcpServers: { host: { command: process.execPath, args: ['--import', 'tsx', hostFeatures], cwd: repoRoot } } },
    {
      roots: false,
      restart: false,
      ...options,
      onEvent: (event) => events.push(event),
      onTrace: (frame) => frames.push(frame),
    },
  );
  bridges.push(bridge);
  return bridge;
}

function text(output: { content: { type: string }[] }): string {
  return output.content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join('\n');
}

function capabilitiesOf(frames: McpTraceFrame[]): unknown {
  const initialize = frames.find((frame) => 'method' in frame.message && frame.message.method === 'initialize');
  const params = initialize !== undefined && 'params' in initialize.message ? initialize.message.params : undefined;
  return (params as { capabilities?: unknown } | undefined)?.capabilities;
}

describe('elicitation: schema defaults (SEP-1034) and URL mode', () => {
  it('fills the fields the user left out with the schema defaults; what the user answered is kept', async () => {
    const events: McpBridgeEvent[] = [];
    const frames: McpTraceFrame[] = [];
    const bridge = await open({ elicitation: () => ({ action: 'accept', content: { retries: 5 } }) }, events, frames);
    expect(capabilitiesOf(frames)).toEqual({ elicitation: { form: {} } });
    const output = await bridge.callTool('host__ask-form', {});
    expect(JSON.parse(text(output))).toEqual({
      action: 'accept',
      content: { name: 'Ada', retries: 5, verbose: false, level: 'low' },
    });
    // Form only: the server is not told URL mode works, so it does not ask.
    const refused = await bridge.callTool('host__ask-url', {});
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/url elicitation/i);
  }, 60_000);

  it('hands a URL-mode request to the URL hook, declares url only then, and reports the completion', async () => {
    const events: McpBridgeEvent[] = [];
    const frames: McpTraceFrame[] = [];
    const asked: McpUrlElicitationRequest[] = [];
    const bridge = await open(
      {
        urlElicitation: (request) => {
          asked.push(request);
          return { action: 'accept' };
        },
      },
      events,
      frames,
    );
    expect(capabilitiesOf(frames)).toEqual({ elicitation: { url: {} } });
    const output = await bridge.callTool('host__ask-url', {});
    expect(JSON.parse(text(output))).toEqual({ action: 'accept' });
    expect(asked).toEqual([
      {
        server: 'host',
        message: 'Connect your account.',
        url: 'https://example.com/connect?session=1',
        elicitationId: 'visit-1',
      },
    ]);
    await expect
      .poll(() => events.filter((event) => event.type === 'elicitation-complete'))
      .toEqual([{ type: 'elicitation-complete', server: 'host', elicitationId: 'visit-1' }]);
    expect(events).toContainEqual({ type: 'elicitation', server: 'host', action: 'accept', mode: 'url' });
  }, 60_000);
  it('answers -32042 (URL elicitation required) through the URL hook, then calls once more', async () => {
    const events: McpBridgeEvent[] = [];
    const asked: McpUrlElicitationRequest[] = [];
    const bridge = await open(
      {
        urlElicitation: (request) => {
          asked.push(request);
          return { action: 'accept' };
        },
      },
      events,
      [],
    );
    const output = await bridge.callTool('host__needs-connection', {});
    expect(output.isError).not.toBe(true);
    expect(text(output)).toBe('connected after 2 calls');
    expect(asked).toEqual([
      {
        server: 'host',
        message: 'Connect your calendar first.',
        url: 'https://example.com/connect?session=2',
        elicitationId: 'connect-2',
      },
    ]);
    expect(events).toContainEqual({ type: 'elicitation', server: 'host', action: 'accept', mode: 'url' });
  }, 60_000);

  it('keeps the -32042 error when the user declines the page, and calls no more', async () => {
    const asked: McpUrlElicitationRequest[] = [];
    const bridge = await open(
      {
        urlElicitation: (request) => {
          asked.push(request);
          return { action: 'decline' };
        },
      },
      [],
      [],
    );
    const refused = await bridge.callTool('host__needs-connection', {});
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/URL elicitation required/);
    expect(asked).toHaveLength(1);
    // The server counted one call only: the declined page was not followed by a retry.
    expect(text(await bridge.callTool('host__needs-connection', {}))).toBe('connected after 2 calls');
  }, 60_000);
});
