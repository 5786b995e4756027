// Issue 31, item 3: Claude Code's prompt-cache breakpoints reach a Bedrock backend. Claude Code marks
// two system blocks and the newest tool result with `cache_control`; through the gateway's
// Anthropic endpoint onto Bedrock Converse (the AWS SDK against the testkit's Bedrock server)
// each becomes a `cachePoint` block at the same place, a tool's breakpoint included, and past
// Bedrock's four the extra one is named in a warning instead of the call failing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { json, loadCodecFixtures, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedrockRoutes, bedrockStream } from '../../../bedrock/src/__fixtures__/bedrock-routes';

const MODEL = 'anthropic.claude-sonnet-4-5-20250929-v1:0';
const fixtures = loadCodecFixtures(fileURLToPath(new URL('../../../bedrock/src/__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
// Recorded from Claude Code 2.1.197 (see its `source`): system[1] and system[2] and the tool result carry cache_control.
const claudeCode = JSON.parse(
  readFileSync(new URL('./__fixtures__/clients/claude-code-read.2.json', import.meta.url), 'utf8'),
) as { headers: Record<string, string>; body: Record<string, unknown> & { tools: Record<string, unknown>[] } };

let backend: ProviderServer;
let gateway: ReturnType<typeof createBuiltInGateway>;
let url: string;
const logs: string[] = [];

beforeAll(async () => {
  backend = await startProviderServer({
    routes: bedrockRoutes(MODEL, {
      converse: json(fixture('bedrock-cache-usage.1').body),
      stream: bedrockStream(fixture('bedrock-text.1').chunks ?? []),
    }),
  });
  gateway = createBuiltInGateway(
    {
      models: { [String(claudeCode.body.model)]: { model: `bedrock:${MODEL}`, retries: 0 } },
      providers: { bedrock: { baseURL: backend.url, apiKey: 'bedrock-api-key-test-0000' } },
    },
    { log: { write: (line: string) => void logs.push(line) }, registry: { env: { AWS_REGION: 'us-east-1' } } },
  );
  url = (await gateway.listen({ port: 0 })).url;
});
afterAll(async () => {
  await gateway?.close();
  await backend?.close();
});

async function send(body: Record<string, unknown>): Promise<{ status: number; warnings: string; text: string }> {
  // Streamed, as Claude Code asks: the warnings of the backend call reach the log line.
  const { 'content-length': _length, ...headers } = claudeCode.headers;
  const response = await fetch(`${url}/v1/messages?beta=true`, {
    method: 'POST',
    headers: { ...headers, 'x-api-key': 'client-key' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    warnings: response.headers.get('x-interlingua-warnings') ?? '',
    text: await response.text(),
  };
}

// Where each cachePoint sits: `system[i]`, `toolConfig.tools[i]`, `messages[i].content[j]`, after which block.
function cachePoints(body: unknown): string[] {
  const converse = body as {
    system?: Record<string, unknown>[];
    toolConfig?: { tools: Record<string, unknown>[] };
    messages: { content: Record<string, unknown>[] }[];
  };
  const found: string[] = [];
  const scan = (list: Record<string, unknown>[] | undefined, at: string) =>
    list?.forEach((block, index) => {
      if ('cachePoint' in block) found.push(`${at} after ${Object.keys(list[index - 1] ?? {})[0]}`);
    });
  scan(converse.toolConfig?.tools, 'toolConfig.tools');
  scan(converse.system, 'system');
  converse.messages.forEach((message, index) => {
    scan(message.content, `messages[${index}]`);
  });
  return found;
}

describe('Claude Code onto a Bedrock backend', () => {
  it('keeps its three cache_control breakpoints as three cachePoints, in place', async () => {
    const answer = await send(claudeCode.body);
    expect(answer.status).toBe(200);
    const sent = backend.requests.at(-1)?.body as { system: Record<string, unknown>[] };
    expect(cachePoints(sent)).toEqual(['system after text', 'system after text', 'messages[2] after toolResult']);
    // The blocks themselves: the billing header unmarked, the two marked blocks each followed by a cachePoint.
    const systemTexts = (claudeCode.body.system as { text: string }[]).map((block) => block.text);
    expect(sent.system).toEqual([
      { text: systemTexts[0] },
      { text: systemTexts[1] },
      { cachePoint: { type: 'default' } },
      { text: systemTexts[2] },
      { cachePoint: { type: 'default' } },
    ]);
    // Nothing said about breakpoints: none was lost (the log line has every warning, streamed ones too).
    const logged = (JSON.parse(logs.at(-1) ?? '{}') as { warnings?: unknown }).warnings;
    expect(answer.warnings + JSON.stringify(logged)).not.toMatch(/cache|breakpoint/i);
  });

  it('keeps a breakpoint on a tool definition, and past four names the one left out in a warning', async () => {
    const tools = claudeCode.body.tools.map((tool, index, all) =>
      index === all.length - 1 ? { ...tool, cache_control: { type: 'ephemeral', ttl: '1h' } } : tool,
    );
    const four = await send({ ...claudeCode.body, tools });
    expect(four.status).toBe(200);
    const sent = backend.requests.at(-1)?.body as { toolConfig: { tools: Record<string, unknown>[] } };
    expect(sent.toolConfig.tools.at(-1)).toEqual({ cachePoint: { type: 'default', ttl: '1h' } });
    expect(cachePoints(sent)).toHaveLength(4);

    // A fifth breakpoint (the first tool): Bedrock refuses more than four, so one is left out, with a warning.
    tools[0] = { ...tools[0], cache_control: { type: 'ephemeral' } };
    const five = await send({ ...claudeCode.body, tools });
    expect(five.status).toBe(200);
    expect(cachePoints(backend.requests.at(-1)?.body)).toHaveLength(4);
    expect(logs.at(-1)).toMatch(/Bedrock allows at most 4 prompt-cache breakpoints/);
  });
});
