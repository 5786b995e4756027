import { OPENAI_TOOL_ERROR_PREFIX } from '@interlingua/openai';
import type { ProviderName } from './handoff-histories';

/** One tool exchange as a provider's wire carries it: the calls of a turn and the answers that follow. */
export type WireExchange = {
  calls: { id: string | undefined; name: string }[];
  answers: { id: string | undefined; name: string; isError: boolean; text: string }[];
};

/** A request body read back: its tool exchanges, the last user text, and every rule it breaks. */
export type WireReading = { exchanges: WireExchange[]; lastUserText: string | undefined; problems: string[] };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Chat Completions: every assistant `tool_calls` entry is answered by exactly one `role: tool`
 * message with its `tool_call_id`, and those tool messages come right after the assistant turn.
 *
 * @see https://platform.openai.com/docs/guides/function-calling
 */
export function readOpenAIBody(body: unknown): WireReading {
  const problems: string[] = [];
  const exchanges: WireExchange[] = [];
  const messages = isObject(body) ? list(body.messages) : [];
  let lastUserText: string | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Json;
    if (message.role === 'user') {
      lastUserText =
        typeof message.content === 'string'
          ? message.content
          : list(message.content)
              .filter((part) => part.type === 'text')
              .map((part) => str(part.text))
              .join('');
    }
    if (message.role === 'tool') {
      problems.push(`messages[${index}]: a tool message that answers no assistant turn right before it`);
      continue;
    }
    if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) continue;
    const calls = list(message.tool_calls).map((call) => {
      const fn = isObject(call.function) ? call.function : {};
      if (call.type !== 'function' || typeof fn.arguments !== 'string')
        problems.push(`messages[${index}]: call ${str(call.id)} is not a function call with string arguments`);
      return { id: str(call.id), name: str(fn.name) };
    });
    const answers: WireExchange['answers'] = [];
    while (messages[index + 1]?.role === 'tool') {
      index++;
      const tool = messages[index] as Json;
      const text =
        typeof tool.content === 'string'
          ? tool.content
          : list(tool.content)
              .map((part) => str(part.text))
              .join('');
      const id = str(tool.tool_call_id);
      const isError = text.startsWith(OPENAI_TOOL_ERROR_PREFIX);
      answers.push({
        id,
        name: calls.find((call) => call.id === id)?.name ?? '?',
        isError,
        text: isError ? text.slice(OPENAI_TOOL_ERROR_PREFIX.length) : text,
      });
    }
    exchanges.push({ calls, answers });
  }
  return { exchanges, lastUserText, problems };
}

/**
 * Responses API, stateless: every `function_call` is answered by exactly one
 * `function_call_output` with its `call_id`, after it and before the next user message; every
 * replayed `reasoning` item has an id, a summary array and its encrypted content (with
 * `store: false` the API cannot look one up: 404); no item refers to stored state
 * (`item_reference`, `previous_response_id`).
 *
 * @see https://platform.openai.com/docs/guides/function-calling
 * @see https://platform.openai.com/docs/guides/reasoning#keeping-reasoning-items-in-context
 */
export function readOpenAIResponsesBody(body: unknown): WireReading {
  const problems: string[] = [];
  const exchanges: WireExchange[] = [];
  const root = isObject(body) ? body : {};
  const items = list(root.input);
  let lastUserText: string | undefined;
  if (root.store !== false) problems.push('the body does not say store: false');
  if (root.previous_response_id !== undefined) problems.push('the body refers to a stored response');
  let current: WireExchange | undefined;
  const pending = new Map<string, string>();
  items.forEach((item, index) => {
    const type = item.type ?? (item.role === undefined ? undefined : 'message');
    if (type === 'message' && item.role !== 'assistant') {
      if (pending.size > 0) problems.push(`input[${index}]: calls ${[...pending.keys()].join(', ')} are unanswered`);
      pending.clear();
      current = undefined;
      if (item.role === 'user') {
        lastUserText =
          typeof item.content === 'string'
            ? item.content
            : list(item.content)
                .filter((part) => part.type === 'input_text')
                .map((part) => str(part.text))
                .join('');
      }
      return;
    }
    if (type === 'reasoning') {
      if (str(item.id) === '' || !Array.isArray(item.summary) || typeof item.encrypted_content !== 'string')
        problems.push(`input[${index}]: a reasoning item without id, summary or encrypted content`);
      return;
    }
    if (type === 'item_reference') problems.push(`input[${index}]: an item reference`);
    if (type === 'function_call') {
      if (typeof item.arguments !== 'string') problems.push(`input[${index}]: arguments are not a string`);
      if (current === undefined || current.answers.length > 0) {
        current = { calls: [], answers: [] };
        exchanges.push(current);
      }
      current.calls.push({ id: str(item.call_id), name: str(item.name) });
      pending.set(str(item.call_id), str(item.name));
      return;
    }
    if (type === 'function_call_output') {
      const id = str(item.call_id);
      const name = pending.get(id);
      if (name === undefined || current === undefined) {
        problems.push(`input[${index}]: an output that answers no call before it`);
        return;
      }
      pending.delete(id);
      const text =
        typeof item.output === 'string'
          ? item.output
          : list(item.output)
              .filter((part) => part.type === 'input_text')
              .map((part) => str(part.text))
              .join('');
      const isError = text.startsWith(OPENAI_TOOL_ERROR_PREFIX);
      current.answers.push({ id, name, isError, text: isError ? text.slice(OPENAI_TOOL_ERROR_PREFIX.length) : text });
    }
  });
  if (pending.size > 0) problems.push(`calls ${[...pending.keys()].join(', ')} are unanswered`);
  return { exchanges, lastUserText, problems };
}

/**
 * Messages API: turns alternate and start with `user`; every `tool_use` is answered by exactly
 * one `tool_result` at the start of the very next user message; ids fit `^[a-zA-Z0-9_-]+$`,
 * `input` is an object, thinking blocks carry a signature, no text block is empty.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
export function readAnthropicBody(body: unknown): WireReading {
  const problems: string[] = [];
  const exchanges: WireExchange[] = [];
  const messages = isObject(body) ? list(body.messages) : [];
  let lastUserText: string | undefined;
  if (messages[0]?.role !== 'user') problems.push('the first message is not a user message');
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    if (previous !== undefined && previous.role === message.role)
      problems.push(`messages[${index}]: roles do not alternate`);
    const blocks = list(message.content);
    if (!Array.isArray(message.content) && typeof message.content !== 'string')
      problems.push(`messages[${index}]: no content`);
    if (Array.isArray(message.content) && blocks.length === 0) problems.push(`messages[${index}]: empty content`);
    for (const block of blocks) {
      if (block.type === 'text' && str(block.text) === '') problems.push(`messages[${index}]: an empty text block`);
      if (block.type === 'thinking' && str(block.signature) === '')
        problems.push(`messages[${index}]: a thinking block without a signature`);
    }
    if (message.role === 'user') {
      const texts = blocks.filter((block) => block.type === 'text').map((block) => str(block.text));
      lastUserText = typeof message.content === 'string' ? message.content : texts.at(-1);
      const calledBefore = previous?.role === 'assistant' && list(previous.content).some((b) => b.type === 'tool_use');
      if (!calledBefore && blocks.some((block) => block.type === 'tool_result'))
        problems.push(`messages[${index}]: a tool_result that answers no tool_use right before it`);
      return;
    }
    const uses = blocks.filter((block) => block.type === 'tool_use');
    if (uses.length === 0) return;
    const calls = uses.map((use) => {
      if (!/^[a-zA-Z0-9_-]+$/.test(str(use.id))) problems.push(`messages[${index}]: tool_use id ${str(use.id)}`);
      if (!isObject(use.input)) problems.push(`messages[${index}]: tool_use ${str(use.id)} input is not an object`);
      return { id: str(use.id), name: str(use.name) };
    });
    const next = list(messages[index + 1]?.content);
    const firstOther = next.findIndex((block) => block.type !== 'tool_result');
    const leading = firstOther === -1 ? next : next.slice(0, firstOther);
    if (next.slice(leading.length).some((block) => block.type === 'tool_result'))
      problems.push(`messages[${index + 1}]: a tool_result after other content`);
    const answers = leading.map((result) => {
      const id = str(result.tool_use_id);
      const text =
        typeof result.content === 'string'
          ? result.content
          : list(result.content)
              .filter((block) => block.type === 'text')
              .map((block) => str(block.text))
              .join('');
      return { id, name: calls.find((call) => call.id === id)?.name ?? '?', isError: result.is_error === true, text };
    });
    exchanges.push({ calls, answers });
  });
  return { exchanges, lastUserText, problems };
}

/**
 * generateContent: `user` and `model` turns alternate; a model turn with N `functionCall`
 * parts is followed by a user turn with exactly N `functionResponse` parts, in call order,
 * names matching; `response` is an object.
 *
 * @see https://ai.google.dev/gemini-api/docs/function-calling
 */
export function readGeminiBody(body: unknown): WireReading {
  const problems: string[] = [];
  const exchanges: WireExchange[] = [];
  const contents = isObject(body) ? list(body.contents) : [];
  let lastUserText: string | undefined;
  if (contents[0]?.role !== 'user') problems.push('the first content is not a user turn');
  contents.forEach((content, index) => {
    if (content.role !== 'user' && content.role !== 'model')
      problems.push(`contents[${index}]: role ${str(content.role)}`);
    if (contents[index - 1]?.role === content.role) problems.push(`contents[${index}]: roles do not alternate`);
    const parts = list(content.parts);
    if (parts.length === 0) problems.push(`contents[${index}]: no parts`);
    if (content.role === 'user') {
      const texts = parts.filter((part) => typeof part.text === 'string').map((part) => str(part.text));
      if (texts.length > 0) lastUserText = texts.at(-1);
      const previous = contents[index - 1];
      const calledBefore = previous !== undefined && list(previous.parts).some((part) => isObject(part.functionCall));
      if (!calledBefore && parts.some((part) => isObject(part.functionResponse)))
        problems.push(`contents[${index}]: a functionResponse that answers no functionCall right before it`);
      return;
    }
    const calls = parts.flatMap((part) =>
      isObject(part.functionCall)
        ? [
            {
              id: typeof part.functionCall.id === 'string' ? part.functionCall.id : undefined,
              name: str(part.functionCall.name),
            },
          ]
        : [],
    );
    if (calls.length === 0) return;
    const responses = list(contents[index + 1]?.parts).flatMap((part) =>
      isObject(part.functionResponse) ? [part.functionResponse] : [],
    );
    const answers = responses.map((response) => {
      const payload = isObject(response.response) ? response.response : undefined;
      if (payload === undefined) problems.push(`contents[${index + 1}]: functionResponse.response is not an object`);
      const isError = payload !== undefined && 'error' in payload;
      return {
        id: typeof response.id === 'string' ? response.id : undefined,
        name: str(response.name),
        isError,
        text: str(isError ? payload?.error : payload?.output),
      };
    });
    if (answers.length !== calls.length)
      problems.push(`contents[${index + 1}]: ${answers.length} functionResponse parts for ${calls.length} calls`);
    exchanges.push({ calls, answers });
  });
  return { exchanges, lastUserText, problems };
}

/**
 * Converse: `user` and `assistant` messages alternate, starting with `user`; every `toolUse` is
 * answered by exactly one `toolResult` at the start of the very next user message; `toolUseId`s
 * fit `^[a-zA-Z0-9_-]{1,64}$`, `input` is an object, `reasoningText` carries a signature, no text
 * is blank, and `toolConfig` is present whenever the history holds tool blocks.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/tool-use-inference-call.html
 */
export function readBedrockBody(body: unknown): WireReading {
  const problems: string[] = [];
  const exchanges: WireExchange[] = [];
  const messages = isObject(body) ? list(body.messages) : [];
  let lastUserText: string | undefined;
  if (messages[0]?.role !== 'user') problems.push('the first message is not a user message');
  const hasToolBlocks = messages.some((message) =>
    list(message.content).some((block) => isObject(block.toolUse) || isObject(block.toolResult)),
  );
  if (hasToolBlocks && !(isObject(body) && isObject(body.toolConfig)))
    problems.push('tool blocks without a toolConfig (Converse rejects it)');
  messages.forEach((message, index) => {
    if (messages[index - 1]?.role === message.role) problems.push(`messages[${index}]: roles do not alternate`);
    const blocks = list(message.content);
    if (blocks.length === 0) problems.push(`messages[${index}]: empty content`);
    for (const block of blocks) {
      if (typeof block.text === 'string' && block.text.trim() === '') problems.push(`messages[${index}]: blank text`);
      const reasoning = isObject(block.reasoningContent) ? block.reasoningContent : undefined;
      if (isObject(reasoning?.reasoningText) && str(reasoning.reasoningText.signature) === '')
        problems.push(`messages[${index}]: reasoningText without a signature`);
    }
    if (message.role === 'user') {
      const texts = blocks.filter((block) => typeof block.text === 'string').map((block) => str(block.text));
      if (texts.length > 0) lastUserText = texts.at(-1);
      const previous = messages[index - 1];
      const calledBefore = previous?.role === 'assistant' && list(previous.content).some((b) => isObject(b.toolUse));
      if (!calledBefore && blocks.some((block) => isObject(block.toolResult)))
        problems.push(`messages[${index}]: a toolResult that answers no toolUse right before it`);
      return;
    }
    const uses = blocks.flatMap((block) => (isObject(block.toolUse) ? [block.toolUse] : []));
    if (uses.length === 0) return;
    const calls = uses.map((use) => {
      if (!/^[a-zA-Z0-9_-]{1,64}$/.test(str(use.toolUseId)))
        problems.push(`messages[${index}]: toolUseId ${str(use.toolUseId)}`);
      if (!isObject(use.input))
        problems.push(`messages[${index}]: toolUse ${str(use.toolUseId)} input is not an object`);
      return { id: str(use.toolUseId), name: str(use.name) };
    });
    const next = list(messages[index + 1]?.content);
    const firstOther = next.findIndex((block) => !isObject(block.toolResult));
    const leading = firstOther === -1 ? next : next.slice(0, firstOther);
    if (next.slice(leading.length).some((block) => isObject(block.toolResult)))
      problems.push(`messages[${index + 1}]: a toolResult after other content`);
    const answers = leading.map((block) => {
      const result = block.toolResult as Json;
      const id = str(result.toolUseId);
      const content = list(result.content);
      if (content.length === 0) problems.push(`messages[${index + 1}]: a toolResult without content`);
      const text = content.map((entry) => str(entry.text)).join('');
      return { id, name: calls.find((call) => call.id === id)?.name ?? '?', isError: result.status === 'error', text };
    });
    exchanges.push({ calls, answers });
  });
  return { exchanges, lastUserText, problems };
}

/** The reader for each provider's request body. */
export const readWireBody: Record<ProviderName, (body: unknown) => WireReading> = {
  openai: readOpenAIBody,
  'openai-responses': readOpenAIResponsesBody,
  anthropic: readAnthropicBody,
  gemini: readGeminiBody,
  bedrock: readBedrockBody,
};
