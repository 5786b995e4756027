import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import type { Gateway } from '@interlingua/gateway';
import { type RecordedRequest, strictAnthropicToolSearchReplies, toolCallResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKEND_MODEL,
  type Backends,
  backendConfig,
  backendReply,
  startBackends,
  startGateway,
  type WireFormat,
} from './gateway-harness';

// Claude Code with tool search on (`ENABLE_TOOL_SEARCH=true`) answers its own ToolSearch call with a
// `tool_result` of `tool_reference` blocks, and sends the referenced MCP tool with `defer_loading`.
// The request is Claude Code's own (the recorded second call of `claude-code-tool-search`), sent
// through the gateway with the official Anthropic SDK. On an Anthropic backend it must arrive as it
// was written; on the others the referenced tool must be described to the model and callable.

type Fixture = { headers: Record<string, string>; body: Record<string, unknown> };
type Block = Record<string, unknown>;

const fixture = JSON.parse(
  readFileSync(new URL('./__fixtures__/clients/claude-code-tool-search.2.json', import.meta.url), 'utf8'),
) as Fixture;
const REFERENCED = 'mcp__fs__read_text_file';
const BETAS = fixture.headers['anthropic-beta']?.split(',') ?? [];

let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];
let anthropicReply: ((request: RecordedRequest) => unknown) | undefined;

beforeAll(async () => {
  backends = await startBackends();
  // Every backend calls the referenced tool; the Anthropic one first checks the body as the API does.
  const answer = toolCallResponse([{ id: 'call_read_1', name: REFERENCED, args: { path: 'notes.md' } }]);
  backends.answer = async (format: WireFormat, stream: boolean, request: RecordedRequest) => {
    const reply = await backendReply(format, answer, stream);
    if (format !== 'anthropic') return reply;
    anthropicReply = strictAnthropicToolSearchReplies([reply]);
    return anthropicReply(request) as Awaited<ReturnType<typeof backendReply>>;
  };
  ({ gateway, url, logs } = await startGateway(backendConfig(backends)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

/** Claude Code's recorded body, through the gateway with the SDK's streaming helper, as Claude Code streams. */
async function send(format: WireFormat, id: string): Promise<Anthropic.Beta.BetaMessage> {
  const client = new Anthropic({ apiKey: 'test-key', baseURL: url, maxRetries: 0 });
  const { stream: _stream, ...body } = fixture.body;
  const params = {
    ...body,
    model: BACKEND_MODEL[format],
    betas: BETAS,
  } as unknown as Parameters<Anthropic['beta']['messages']['stream']>[0];
  return client.beta.messages.stream(params, { headers: { 'x-request-id': id } }).finalMessage();
}

function backendCall(format: WireFormat, id: string): RecordedRequest {
  const call = backends.servers[format].requests.find((request) => request.headers['x-request-id'] === id);
  if (call === undefined) throw new Error(`No call of the ${format} backend for ${id}.`);
  return call;
}

async function warningFeatures(id: string): Promise<string[]> {
  await vi.waitFor(() => expect(logs.some((entry) => entry.id === id)).toBe(true));
  const line = logs.find((entry) => entry.id === id);
  return ((line?.warnings ?? []) as { feature: string }[]).map((warning) => warning.feature);
}

function toolCallsOf(message: Anthropic.Beta.BetaMessage): { name: string; input: unknown }[] {
  return message.content.flatMap((block) =>
    block.type === 'tool_use' ? [{ name: block.name, input: block.input }] : [],
  );
}

const messagesOf = (body: unknown) => (body as { messages: { role: string; content: unknown }[] }).messages;
const recordedResult = ((messagesOf(fixture.body).at(-1)?.content ?? []) as Block[]).find(
  (block) => block.type === 'tool_result',
) as Block;

describe('Claude Code tool search through the gateway', () => {
  it('reaches an Anthropic backend as written: tool_reference, defer_loading, the beta, no search tool added', async () => {
    const message = await send('anthropic', 'toolref-anthropic');
    expect(toolCallsOf(message)).toEqual([{ name: REFERENCED, input: { path: 'notes.md' } }]);

    const call = backendCall('anthropic', 'toolref-anthropic');
    const body = call.body as { tools: Block[]; messages: { content: Block[] }[] };
    const result = body.messages.at(-1)?.content.find((block) => block.type === 'tool_result');
    expect(result).toEqual(recordedResult);
    expect(result?.content).toEqual([{ type: 'tool_reference', tool_name: REFERENCED }]);
    expect(body.tools.find((tool) => tool.name === REFERENCED)?.defer_loading).toBe(true);
    expect(body.tools.map((tool) => tool.type).filter((type) => String(type).startsWith('tool_search_tool_'))).toEqual(
      [],
    );
    expect(body.tools.map((tool) => tool.name)).toEqual((fixture.body.tools as Block[]).map((tool) => tool.name));
    expect(call.headers['anthropic-beta']).toContain('advanced-tool-use-2025-11-20');
    expect(await warningFeatures('toolref-anthropic')).not.toContain('toolResult.toolReference');
  });

  it.each(['openai', 'gemini'] as const)(
    'on a %s backend, describes the referenced tool in the result and sends it as a callable tool',
    async (format) => {
      const id = `toolref-${format}`;
      const message = await send(format, id);
      // The backend's call of the referenced tool reaches Claude Code as a tool_use it can run.
      expect(toolCallsOf(message)).toEqual([{ name: REFERENCED, input: { path: 'notes.md' } }]);

      const body = backendCall(format, id).body as Record<string, unknown>;
      const { declared, resultText } = format === 'openai' ? readOpenAI(body) : readGemini(body);
      expect(declared).toContain(REFERENCED);
      // The text stands for Anthropic's expansion: the tool's name, description and input schema.
      expect(resultText).toContain(`Tool "${REFERENCED}" is loaded and can be called now.`);
      expect(resultText).toContain('Read the complete contents of a file');
      expect(resultText).toContain('"path":{"type":"string"}');
      expect(await warningFeatures(id)).toContain('toolResult.toolReference');
    },
  );
});

function readOpenAI(body: Record<string, unknown>): { declared: string[]; resultText: string } {
  const tools = body.tools as { function: { name: string } }[];
  const messages = body.messages as { role: string; tool_call_id?: string; content: unknown }[];
  const result = messages.find((message) => message.role === 'tool' && message.tool_call_id === 'call_rec_1');
  const content = result?.content;
  const resultText =
    typeof content === 'string' ? content : ((content ?? []) as { text: string }[]).map((part) => part.text).join('\n');
  return { declared: tools.map((tool) => tool.function.name), resultText };
}

function readGemini(body: Record<string, unknown>): { declared: string[]; resultText: string } {
  const tools = body.tools as { functionDeclarations?: { name: string }[] }[];
  const contents = body.contents as {
    parts: { functionResponse?: { name: string; response: { output?: string } } }[];
  }[];
  const response = contents
    .flatMap((content) => content.parts)
    .find((part) => part.functionResponse?.name === 'ToolSearch')?.functionResponse;
  return {
    declared: tools.flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name)),
    resultText: response?.response.output ?? '',
  };
}
