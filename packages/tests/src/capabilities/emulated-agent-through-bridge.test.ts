import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AgentResult, runAgent } from '@interlingua/agent';
import { createCapabilityRegistry, withCapabilities } from '@interlingua/capabilities';
import type { ChatRequest, Message } from '@interlingua/core';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real npm server is a devDependency of the bridge package: resolve its bin from there.
const bridgeRequire = createRequire(fileURLToPath(new URL('../../../mcp-bridge/package.json', import.meta.url)));
function stdio(packageName: string, args: string[]) {
  const manifestPath = bridgeRequire.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  return {
    command: process.execPath,
    args: [join(dirname(manifestPath), Object.values(manifest.bin)[0] ?? ''), ...args],
  };
}

let bridge: McpBridge;
beforeAll(async () => {
  bridge = await McpBridge.fromConfig({
    mcpServers: { everything: stdio('@modelcontextprotocol/server-everything', ['stdio']) },
  });
});
afterAll(async () => {
  await bridge?.close();
});

const ask: Message = { role: 'user', content: [{ type: 'text', text: 'What is 2 + 3? Use the calculator.' }] };

function lastUserText(request: ChatRequest): string {
  const last = request.messages.at(-1);
  return last?.role === 'user' ? last.content.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
}

/** The history's shape: each turn's role and its part types, reasoning left out. */
function shapeOf(result: AgentResult): string[] {
  return result.messages.map(
    (message) =>
      `${message.role}:${message.content
        .map((part) => part.type)
        .filter((type) => type !== 'reasoning')
        .join(',')}`,
  );
}

describe('an emulated text-only model in the agent loop, calling a real MCP server', () => {
  it('calls everything__get-sum through ReAct text, sees the result as an observation, and answers', async () => {
    // What a small local model writes when prompted with the ReAct format.
    const text = scriptedModel(
      [
        textResponse(
          'Thought: The user wants 2 + 3. I should use the sum tool.\nAction: everything__get-sum\nAction Input: {"a": 2, "b": 3}\n',
        ),
        (request) => {
          const observation = lastUserText(request);
          const sum = /\b5\b/.test(observation) ? '5' : 'unknown';
          return textResponse(`Thought: The tool says the sum is ${sum}.\nFinal Answer: 2 + 3 = ${sum}.`);
        },
      ],
      { provider: 'ollama', modelId: 'gemma3:4b' },
    );
    const model = withCapabilities(text, { registry: createCapabilityRegistry(), generateId: () => 'call_react_1' });
    expect(model.capabilities.toolCalling).toBe('none');

    const emulated = await runAgent({ model, tools: await bridge.tools(), messages: [ask] });

    expect(emulated.finishReason).toBe('stop');
    expect(emulated.text).toBe('2 + 3 = 5.');
    // The model never saw native tools: they were described in its system turn (merged into the user turn for Gemma).
    const first = text.requests[0];
    expect(first?.tools).toBeUndefined();
    expect(first?.system).toBeUndefined();
    expect(lastUserText(first as ChatRequest)).toContain('- everything__get-sum: ');
    // The call's result came back as an observation, in text.
    const second = text.requests[1] as ChatRequest;
    expect(second.messages.at(-2)).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: 'Thought: The user wants 2 + 3. I should use the sum tool.\nAction: everything__get-sum\nAction Input: {"a":2,"b":3}',
        },
      ],
    });
    expect(lastUserText(second)).toMatch(/^Observation: .*\b5\b/s);

    // A native model doing the same: the final history has the same shape.
    const native = scriptedModel([
      toolCallResponse([{ id: 'call_native_1', name: 'everything__get-sum', args: { a: 2, b: 3 } }]),
      textResponse('2 + 3 = 5.'),
    ]);
    const nativeResult = await runAgent({ model: native, tools: await bridge.tools(), messages: [ask] });
    expect(shapeOf(emulated)).toEqual(['user:text', 'assistant:tool-call', 'tool:tool-result', 'assistant:text']);
    expect(shapeOf(emulated)).toEqual(shapeOf(nativeResult));
    const resultOf = (result: AgentResult) => result.steps[0]?.toolOutcomes[0]?.result;
    expect(resultOf(emulated)).toMatchObject({
      toolCallId: 'call_react_1',
      toolName: 'everything__get-sum',
      isError: false,
    });
    expect(resultOf(emulated)?.content).toEqual(resultOf(nativeResult)?.content);
  });

  it('does the same with <tool_call> tags, and recovers from a malformed call the loop reports back', async () => {
    const text = scriptedModel(
      [
        textResponse('<tool_call>\n{"name": "everything__get-sum", "arguments": {"a": 2, "b": }}\n</tool_call>'),
        (request) =>
          textResponse(
            lastUserText(request).includes('<tool_response>')
              ? '<tool_call>\n{"name": "everything__get-sum", "arguments": {"a": 2, "b": 3}}\n</tool_call>'
              : 'I could not call the tool.',
          ),
        textResponse('The sum is 5.'),
      ],
      { provider: 'vllm', modelId: 'Qwen/Qwen2.5-0.5B-Instruct' },
    );
    let id = 0;
    const model = withCapabilities(text, {
      registry: createCapabilityRegistry(),
      capabilities: { toolCalling: 'none' },
      generateId: () => `call_tag_${++id}`,
    });
    const result = await runAgent({ model, tools: await bridge.tools(), messages: [ask] });

    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe('The sum is 5.');
    expect(text.requests[0]?.system).toContain('<tools>');
    const [bad, good] = result.steps.map((step) => step.toolOutcomes[0]);
    expect(bad?.toolCall.argsError).toBeDefined();
    expect(bad?.result.isError).toBe(true);
    expect(good?.result.isError).toBe(false);
    expect(lastUserText(text.requests[2] as ChatRequest)).toMatch(/^<tool_response>\n.*\b5\b.*\n<\/tool_response>$/s);
    expect(shapeOf(result)).toEqual([
      'user:text',
      'assistant:tool-call',
      'tool:tool-result',
      'assistant:tool-call',
      'tool:tool-result',
      'assistant:text',
    ]);
  });
});
