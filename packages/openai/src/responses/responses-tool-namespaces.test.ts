import { functionToolsOf, type ModelResponse } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponsesRequest } from './decode-openai-responses-request';
import { encodeOpenAIResponsesResponse } from './encode-openai-responses-response';

// Codex's `multi_agent_v1` namespace of client-run functions, beside one of its own functions.
const tools = [
  { type: 'function', name: 'exec_command', parameters: { type: 'object', properties: {} } },
  {
    type: 'namespace',
    name: 'multi_agent_v1',
    description: 'Sub-agents.',
    tools: [
      { type: 'function', name: 'spawn_agent', description: 'Starts one.', parameters: { type: 'object' } },
      { type: 'custom', name: 'free_form' },
    ],
  },
];

describe('namespace tools', () => {
  it('decode as function tools under <namespace>__<name>, and so do namespaced calls of the history', () => {
    const { value, warnings } = decodeOpenAIResponsesRequest({
      model: 'gpt-5-codex',
      tools,
      input: [
        { role: 'user', content: 'go' },
        { type: 'function_call', call_id: 'c1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'ok' },
      ],
    });
    expect(functionToolsOf(value.request.tools).map((tool) => tool.name)).toEqual([
      'exec_command',
      'multi_agent_v1__spawn_agent',
    ]);
    expect(value.request.tools?.[1]).toMatchObject({ description: 'Starts one.', inputSchema: { type: 'object' } });
    expect(value.request.messages[1]).toMatchObject({
      role: 'assistant',
      content: [{ type: 'tool-call', id: 'c1', name: 'multi_agent_v1__spawn_agent' }],
    });
    expect(value.request.messages[2]).toMatchObject({
      role: 'tool',
      content: [{ toolName: 'multi_agent_v1__spawn_agent' }],
    });
    expect(value.request.providerOptions).toBeUndefined();
    expect(warnings.map((warning) => warning.feature)).toEqual(['tools[1].tools[1]']);
  });

  it('refuse a namespace without a name or tools, with its path', () => {
    expect(() =>
      decodeOpenAIResponsesRequest({ model: 'm', input: 'x', tools: [{ type: 'namespace', tools: 3 }] }),
    ).toThrow(/tools\[0\]: Expected a namespace tool/);
  });

  it('answer a call under its namespace when given the request tools; untouched without them', () => {
    const response: ModelResponse = {
      message: {
        role: 'assistant',
        content: [
          { type: 'tool-call', id: 'c2', name: 'multi_agent_v1__spawn_agent', args: { message: 'hi' } },
          { type: 'tool-call', id: 'c3', name: 'exec_command', args: {} },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { inputTokens: 1, outputTokens: 1 },
      warnings: [],
    };
    const named = encodeOpenAIResponsesResponse(response, { requestTools: tools }).value.output;
    expect(
      named.map((item) => ('name' in item ? [item.name, 'namespace' in item ? item.namespace : undefined] : [])),
    ).toEqual([
      ['spawn_agent', 'multi_agent_v1'],
      ['exec_command', undefined],
    ]);
    const plain = encodeOpenAIResponsesResponse(response).value.output;
    expect(plain[0]).toMatchObject({ name: 'multi_agent_v1__spawn_agent' });
    expect(plain[0]).not.toHaveProperty('namespace');
  });
});
