import type {
  AssistantMessage,
  ChatRequest,
  JSONObject,
  JSONValue,
  Message,
  ModelResponse,
  Tool,
  ToolCall,
  ToolChoice,
  Usage,
} from '@interlingua/core';
import fc from 'fast-check';

/** Non-empty text with at least one visible character; unicode and quotes included on purpose. */
export const arbitraryText = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.constantFrom('北京今天天气怎么样？', 'say "hi" \\ back', 'line\nbreak', '😀 emoji', 'tab\there'),
    )
    .filter((text) => text.trim() !== '');

// Arbitraries are built once: building `stringMatching` and `letrec` arbitraries is costly.
const nameArbitrary = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
const arbitraryName = (): fc.Arbitrary<string> => nameArbitrary;

const arbitraryNumber = (): fc.Arbitrary<number> =>
  fc
    .oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    )
    .filter((value) => !Object.is(value, -0));

/** A JSON object of the kind models send as tool arguments. */
export const arbitraryArgs = (): fc.Arbitrary<JSONObject> => argsArbitrary;

const argsArbitrary: fc.Arbitrary<JSONObject> = (() => {
  const { value } = fc.letrec<{ value: JSONValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      arbitraryText(),
      arbitraryNumber(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(arbitraryName(), tie('value'), { maxKeys: 3 }),
    ),
  }));
  return fc.dictionary(arbitraryName(), value, { maxKeys: 4 });
})();

const toolCallsArbitrary: fc.Arbitrary<ToolCall[]> = fc.uniqueArray(
  fc.record({
    type: fc.constant('tool-call' as const),
    id: fc.stringMatching(/^call_[A-Za-z0-9]{6,12}$/),
    name: nameArbitrary,
    args: argsArbitrary,
  }),
  { minLength: 1, maxLength: 3, selector: (call) => call.id },
);
const arbitraryToolCalls = (): fc.Arbitrary<ToolCall[]> => toolCallsArbitrary;

const arbitraryTool = (name: string): fc.Arbitrary<Tool> =>
  fc.record({
    name: fc.constant(name),
    description: arbitraryText(),
    inputSchema: fc.uniqueArray(arbitraryName(), { maxLength: 3 }).map((keys) => ({
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'string', description: `the ${key}` }])),
      required: keys.slice(0, 1),
    })),
  });

/** One exchange: assistant text, or assistant calls followed by their results, then a user turn. */
const arbitraryExchange = (): fc.Arbitrary<Message[]> =>
  fc.oneof(
    fc.tuple(arbitraryText(), arbitraryText()).map(([answer, next]): Message[] => [
      { role: 'assistant', content: [{ type: 'text', text: answer }] },
      { role: 'user', content: [{ type: 'text', text: next }] },
    ]),
    fc
      .tuple(fc.option(arbitraryText(), { nil: undefined }), arbitraryToolCalls())
      .chain(([text, calls]) =>
        fc.tuple(
          fc.array(fc.tuple(arbitraryText(), fc.boolean()), { minLength: calls.length, maxLength: calls.length }),
          fc.constant(calls),
          fc.constant(text),
        ),
      )
      .map(([results, calls, text]): Message[] => [
        { role: 'assistant', content: [...(text === undefined ? [] : [{ type: 'text' as const, text }]), ...calls] },
        {
          role: 'tool',
          content: calls.map((call, index) => ({
            type: 'tool-result' as const,
            toolCallId: call.id,
            toolName: call.name,
            content: [{ type: 'text' as const, text: results[index]?.[0] ?? 'ok' }],
            isError: results[index]?.[1] ?? false,
          })),
        },
      ]),
  );

/**
 * Chat requests every built-in format can carry: alternating turns, text, tool calls with
 * object arguments, one text result per call, tools with simple object schemas.
 * Call ids are unique across the conversation.
 */
export const arbitraryChatRequest = (): fc.Arbitrary<ChatRequest> =>
  fc
    .record(
      {
        system: arbitraryText(),
        first: arbitraryText(),
        exchanges: fc.array(arbitraryExchange(), { maxLength: 3 }),
        toolNames: fc.uniqueArray(arbitraryName(), { maxLength: 3 }),
        toolChoice: fc.constantFrom<'auto' | 'none' | 'required' | 'named'>('auto', 'none', 'required', 'named'),
        maxOutputTokens: fc.integer({ min: 1, max: 8192 }),
        temperature: fc.integer({ min: 0, max: 100 }).map((value) => value / 100),
        topP: fc.integer({ min: 1, max: 100 }).map((value) => value / 100),
        stopSequences: fc.array(arbitraryText(), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['first', 'exchanges', 'toolNames'] },
    )
    .chain((draft) => fc.tuple(fc.constant(draft), fc.tuple(...draft.toolNames.map((name) => arbitraryTool(name)))))
    .map(([draft, tools]) => {
      const messages: Message[] = [
        { role: 'user', content: [{ type: 'text', text: draft.first }] },
        ...draft.exchanges.flat(),
      ];
      const request: ChatRequest = { messages: uniqueCallIds(messages) };
      if (draft.system !== undefined) request.system = draft.system;
      if (tools.length > 0) {
        request.tools = tools;
        if (draft.toolChoice !== undefined) {
          const choice: ToolChoice =
            draft.toolChoice === 'named' ? { type: 'tool', name: tools[0]?.name ?? 'tool' } : draft.toolChoice;
          request.toolChoice = choice;
        }
      }
      if (draft.maxOutputTokens !== undefined) request.maxOutputTokens = draft.maxOutputTokens;
      if (draft.temperature !== undefined) request.temperature = draft.temperature;
      if (draft.topP !== undefined) request.topP = draft.topP;
      if (draft.stopSequences !== undefined) request.stopSequences = draft.stopSequences;
      return request;
    });

function uniqueCallIds(messages: Message[]): Message[] {
  let counter = 0;
  const renamed = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === 'assistant') {
      return {
        ...message,
        content: message.content.map((part) => {
          if (part.type !== 'tool-call') return part;
          const id = `${part.id}_${counter++}`;
          renamed.set(part.id, id);
          return { ...part, id };
        }),
      };
    }
    if (message.role === 'tool') {
      return {
        ...message,
        content: message.content.map((result) => ({
          ...result,
          toolCallId: renamed.get(result.toolCallId) ?? result.toolCallId,
        })),
      };
    }
    return message;
  });
}

const respIdArbitrary = fc.stringMatching(/^resp_[A-Za-z0-9]{8}$/);

const arbitraryUsage = (): fc.Arbitrary<Usage> =>
  fc.record({ inputTokens: fc.integer({ min: 0, max: 200_000 }), outputTokens: fc.integer({ min: 0, max: 50_000 }) });

/** Model responses every built-in format can carry: optional text, then zero or more calls. */
export const arbitraryModelResponse = (): fc.Arbitrary<ModelResponse> =>
  fc
    .record({
      text: fc.option(arbitraryText(), { nil: undefined }),
      calls: fc.option(arbitraryToolCalls(), { nil: undefined }),
      truncated: fc.boolean(),
      usage: arbitraryUsage(),
      id: respIdArbitrary,
    })
    .filter((draft) => draft.text !== undefined || draft.calls !== undefined)
    .map((draft) => {
      const message: AssistantMessage = {
        role: 'assistant',
        content: [
          ...(draft.text === undefined ? [] : [{ type: 'text' as const, text: draft.text }]),
          ...(draft.calls ?? []),
        ],
      };
      const finishReason = draft.calls !== undefined ? 'tool_calls' : draft.truncated ? 'length' : 'stop';
      return {
        message,
        finishReason,
        rawFinishReason: null,
        usage: draft.usage,
        id: draft.id,
        model: 'test-model',
        warnings: [],
      };
    });
