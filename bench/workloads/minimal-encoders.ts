import { type ChatRequest, functionToolsOf, type JSONObject, type JSONValue, type Message } from '@interlingua/core';

// Plain hand-written IR → wire converters for the request-build workload, and nothing more: text,
// tool calls and text tool results; no options, no warnings, no checks. What any converter from
// the IR must do at the least — the floor `codec.encodeRequest` is compared with in the
// `encode` suite. Each builds the body the codec builds for `buildHistory` (checked by
// `minimal-encoders.test.ts`).

type Wire = Record<string, JSONValue>;

function textOf(parts: readonly { type: string; text?: string }[]): string {
  let text = '';
  for (const part of parts) if (part.type === 'text') text += part.text;
  return text;
}

/** Chat Completions: a message per IR message (tool results one each), arguments as JSON text. */
export function minimalOpenAIBody(request: ChatRequest, model: string): Wire {
  const messages: Wire[] = [];
  if (request.system !== undefined) messages.push({ role: 'system', content: request.system });
  for (const message of request.messages) {
    if (message.role === 'user') messages.push({ role: 'user', content: textOf(message.content) });
    else if (message.role === 'tool') {
      for (const result of message.content) {
        const text = textOf(result.content);
        messages.push({
          role: 'tool',
          tool_call_id: result.toolCallId,
          content: result.isError ? `[tool error] ${text}` : text,
        });
      }
    } else {
      let content = '';
      const calls: Wire[] = [];
      for (const part of message.content) {
        if (part.type === 'text') content += part.text;
        else if (part.type === 'tool-call') {
          calls.push({
            id: part.id,
            type: 'function',
            function: { name: part.name, arguments: JSON.stringify(part.args) },
          });
        }
      }
      const out: Wire = { role: 'assistant', content };
      if (calls.length > 0) out.tool_calls = calls;
      messages.push(out);
    }
  }
  const body: Wire = { model, messages };
  if (request.tools !== undefined) {
    body.tools = functionToolsOf(request.tools).map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
  }
  if (request.maxOutputTokens !== undefined) body.max_completion_tokens = request.maxOutputTokens;
  return body;
}

/** Anthropic Messages: blocks, tool results in a user turn, turns of one role merged. */
export function minimalAnthropicBody(request: ChatRequest, model: string): Wire {
  const messages: { role: string; content: Wire[] }[] = [];
  const turn = (role: string): Wire[] => {
    const last = messages[messages.length - 1];
    if (last !== undefined && last.role === role) return last.content;
    const content: Wire[] = [];
    messages.push({ role, content });
    return content;
  };
  for (const message of request.messages) {
    const content = turn(message.role === 'assistant' ? 'assistant' : 'user');
    appendAnthropicBlocks(message, content);
  }
  const body: Wire = { model, max_tokens: request.maxOutputTokens ?? 4096 };
  if (request.system !== undefined) body.system = request.system;
  body.messages = messages;
  if (request.tools !== undefined) {
    body.tools = functionToolsOf(request.tools).map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
    }));
  }
  return body;
}

function appendAnthropicBlocks(message: Message, content: Wire[]): void {
  if (message.role === 'tool') {
    for (const result of message.content) {
      const block: Wire = { type: 'tool_result', tool_use_id: result.toolCallId, content: textOf(result.content) };
      if (result.isError) block.is_error = true;
      content.push(block);
    }
    return;
  }
  for (const part of message.content) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'tool-call')
      content.push({ type: 'tool_use', id: part.id, name: part.name, input: part.args });
  }
}

/**
 * Gemini `generateContent`: parts, `functionResponse` turns, roles merged. The tool declarations
 * are passed in already lowered (`declarations`), as the codec keeps each schema's lowering.
 */
export function minimalGeminiBody(request: ChatRequest, declarations: JSONValue): Wire {
  const contents: { role: string; parts: Wire[] }[] = [];
  for (const message of request.messages) {
    const role = message.role === 'assistant' ? 'model' : 'user';
    const last = contents[contents.length - 1];
    let parts: Wire[];
    if (last !== undefined && last.role === role) parts = last.parts;
    else {
      parts = [];
      contents.push({ role, parts });
    }
    if (message.role === 'tool') {
      for (const result of message.content) {
        const text = textOf(result.content);
        parts.push({
          functionResponse: { name: result.toolName, response: result.isError ? { error: text } : { output: text } },
        });
      }
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text') parts.push({ text: part.text });
      else if (part.type === 'tool-call')
        parts.push({ functionCall: { name: part.name, args: part.args as JSONObject } });
    }
  }
  const body: Wire = { contents };
  if (request.system !== undefined) body.systemInstruction = { parts: [{ text: request.system }] };
  body.tools = declarations;
  if (request.maxOutputTokens !== undefined) body.generationConfig = { maxOutputTokens: request.maxOutputTokens };
  return body;
}
