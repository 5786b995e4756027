import { collectStream, InvalidRequestError, type Message } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import type { ResponseInput, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';

// The remote MCP guide's approval round (https://platform.openai.com/docs/guides/tools-remote-mcp#approvals):
// the request item from the previous answer, then the client's `mcp_approval_response`.
const requestItem = {
  id: 'mcpr_682d498e3bd4819196a0ce1664f8e77b04ad1e533afccbfa',
  type: 'mcp_approval_request',
  arguments: '{"diceRollExpression":"2d4 + 1"}',
  name: 'roll',
  server_label: 'dmcp',
};
const mcpTool = {
  type: 'mcp',
  server_label: 'dmcp',
  server_url: 'https://dmcp-server.deno.dev/sse',
  require_approval: 'always',
};
const approvedBody = {
  model: 'gpt-4.1',
  tools: [mcpTool],
  input: [
    { role: 'user', content: 'Roll 2d4+1' },
    requestItem,
    { type: 'mcp_approval_response', approve: true, approval_request_id: requestItem.id },
  ],
};

async function* toAsync<T>(items: Iterable<T>): AsyncIterable<T> {
  yield* items;
}

// The encoder always sends a list of items.
function inputOf(input: string | ResponseInput | undefined): ResponseInput {
  if (!Array.isArray(input)) throw new Error('expected input items');
  return input;
}

const history: Message[] = [
  { role: 'user', content: [{ type: 'text', text: 'Roll 2d4+1' }] },
  {
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        id: requestItem.id,
        name: 'roll',
        args: { diceRollExpression: '2d4 + 1' },
        approval: { approvalId: requestItem.id, providerExecuted: true },
        providerMetadata: { openai: { serverLabel: 'dmcp' } },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: requestItem.id,
        toolName: 'roll',
        content: [{ type: 'text', text: 'Approved.' }],
        isError: false,
        approval: { approvalId: requestItem.id, status: 'approved' },
      },
    ],
  },
];

describe('OpenAI Responses MCP approval items', () => {
  it('decodes a request body with mcp_approval_request and mcp_approval_response into the IR approval form', () => {
    const decoded = openaiResponsesCodec.decodeRequest(approvedBody);
    expect(decoded.value.request.messages).toEqual(history);
  });

  it('encodes the IR approval form back to the same input items', () => {
    const { value } = openaiResponsesCodec.encodeRequest({ messages: history }, { model: 'gpt-4.1' });
    expect(value.input).toEqual([
      { type: 'message', role: 'user', content: 'Roll 2d4+1' },
      requestItem,
      { type: 'mcp_approval_response', approve: true, approval_request_id: requestItem.id },
    ]);
  });

  it('carries a denial with its reason both ways', () => {
    const body = {
      ...approvedBody,
      input: [
        ...approvedBody.input.slice(0, 2),
        { type: 'mcp_approval_response', approve: false, approval_request_id: requestItem.id, reason: 'no dice' },
      ],
    };
    const { request } = openaiResponsesCodec.decodeRequest(body).value;
    const tool = request.messages.at(-1);
    expect(tool?.role === 'tool' && tool.content[0]).toMatchObject({
      isError: true,
      approval: { approvalId: requestItem.id, status: 'denied', reason: 'no dice' },
    });
    const { value } = openaiResponsesCodec.encodeRequest({ messages: request.messages }, { model: 'gpt-4.1' });
    expect(inputOf(value.input).at(-1)).toEqual(body.input.at(-1));
  });

  it('leaves a pending decision out: the request stands open, as the API left it', () => {
    const pending = structuredClone(history);
    const tool = pending[2];
    if (tool?.role !== 'tool' || tool.content[0] === undefined) throw new Error('fixture');
    tool.content[0] = {
      ...tool.content[0],
      isError: true,
      approval: { approvalId: requestItem.id, status: 'pending' },
    };
    const { value } = openaiResponsesCodec.encodeRequest({ messages: pending }, { model: 'gpt-4.1' });
    expect(inputOf(value.input).map((item) => ('type' in item ? item.type : 'message'))).toEqual([
      'message',
      'mcp_approval_request',
    ]);
  });

  it('rejects a decision on no earlier request, and malformed items, with a typed error and a path', () => {
    const orphan = {
      model: 'gpt-4.1',
      input: [{ type: 'mcp_approval_response', approve: true, approval_request_id: 'mcpr_nope' }],
    };
    expect(() => openaiResponsesCodec.decodeRequest(orphan)).toThrow(InvalidRequestError);
    expect(() => openaiResponsesCodec.decodeRequest(orphan)).toThrow(/input\[0\]\.approval_request_id/);
    const malformed = { model: 'gpt-4.1', input: [{ ...requestItem, arguments: 7 }] };
    expect(() => openaiResponsesCodec.decodeRequest(malformed)).toThrow(/input\[0\]\.arguments/);
    const badApprove = {
      model: 'gpt-4.1',
      input: [requestItem, { type: 'mcp_approval_response', approve: 'yes', approval_request_id: requestItem.id }],
    };
    expect(() => openaiResponsesCodec.decodeRequest(badApprove)).toThrow(/input\[1\]\.approve/);
  });

  it('encodes an approval call in a response (the gateway direction) as an mcp_approval_request output item', () => {
    const assistant = history[1];
    if (assistant?.role !== 'assistant') throw new Error('fixture');
    const { value } = openaiResponsesCodec.encodeResponse({
      message: assistant,
      finishReason: 'tool_calls',
      rawFinishReason: 'completed',
      usage: { inputTokens: 418, outputTokens: 21 },
      warnings: [],
    });
    expect(value.output).toEqual([requestItem]);
  });

  it('streams an approval call as one mcp_approval_request item and reads it back (the gateway stream)', async () => {
    const assistant = history[1];
    if (assistant?.role !== 'assistant') throw new Error('fixture');
    const response = {
      message: assistant,
      finishReason: 'tool_calls' as const,
      rawFinishReason: 'completed',
      usage: { inputTokens: 418, outputTokens: 21 },
      warnings: [],
    };
    const chunks: ResponseStreamEvent[] = [];
    for await (const chunk of openaiResponsesCodec.encodeStream(toAsync(responseToStream(response))))
      chunks.push(chunk);
    const items = chunks.flatMap((chunk) => (chunk.type === 'response.output_item.done' ? [chunk.item] : []));
    expect(items).toEqual([requestItem]);
    const folded = await collectStream(openaiResponsesCodec.decodeStream(toAsync(chunks)));
    expect(folded.message).toEqual(assistant);
  });
});
