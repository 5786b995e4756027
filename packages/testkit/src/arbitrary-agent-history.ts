import type { AssistantContentPart, Message, ToolCall } from '@interlingua/core';
import fc from 'fast-check';
import { arbitraryText } from './arbitraries';

/** What {@link arbitraryAgentHistory} generates. */
export type AgentHistoryOptions = {
  /** Tool names the calls pick from (default `get_weather`, `get_time`). */
  toolNames?: readonly string[];
  /** Whether rounds may open with a signed reasoning part (default false). */
  reasoning?: boolean;
  /** Most user turns (default 5). */
  maxTurns?: number;
};

/**
 * Valid multi-turn agent histories, the shape the tool loop leaves behind: each turn a user
 * question, 0-3 rounds of 1-3 parallel calls each answered in one tool message (results in
 * call order, text that is sometimes long and multi-line, sometimes an error), then maybe a text
 * answer. Call ids are unique across the history. For property tests of history strategies and
 * of codecs on long conversations.
 */
export function arbitraryAgentHistory(options: AgentHistoryOptions = {}): fc.Arbitrary<Message[]> {
  const toolNames = options.toolNames ?? ['get_weather', 'get_time'];
  const output = fc.oneof(
    arbitraryText(),
    arbitraryText().map((text) => `${text.repeat(20)}\nsecond line`),
  );
  return fc
    .array(
      fc.record({
        question: arbitraryText(),
        rounds: fc.array(
          fc.record({
            text: fc.option(arbitraryText(), { nil: undefined }),
            reasoning: options.reasoning === true ? fc.boolean() : fc.constant(false),
            calls: fc.array(fc.constantFrom(...toolNames), { minLength: 1, maxLength: 3 }),
            output,
            isError: fc.boolean(),
          }),
          { maxLength: 3 },
        ),
        answer: fc.option(arbitraryText(), { nil: undefined }),
      }),
      { minLength: 1, maxLength: options.maxTurns ?? 5 },
    )
    .map((turns) => {
      let counter = 0;
      const messages: Message[] = [];
      for (const turn of turns) {
        messages.push({ role: 'user', content: [{ type: 'text', text: turn.question }] });
        for (const round of turn.rounds) {
          const calls: ToolCall[] = round.calls.map((name) => ({
            type: 'tool-call',
            id: `call_${counter++}`,
            name,
            args: { city: '北京' },
          }));
          const content: AssistantContentPart[] = [
            ...(round.reasoning ? [{ type: 'reasoning' as const, text: 'thinking', signature: 'sig' }] : []),
            ...(round.text === undefined ? [] : [{ type: 'text' as const, text: round.text }]),
            ...calls,
          ];
          messages.push({ role: 'assistant', content });
          messages.push({
            role: 'tool',
            content: calls.map((call) => ({
              type: 'tool-result' as const,
              toolCallId: call.id,
              toolName: call.name,
              content: [{ type: 'text' as const, text: round.output }],
              isError: round.isError,
            })),
          });
        }
        if (turn.answer !== undefined)
          messages.push({ role: 'assistant', content: [{ type: 'text', text: turn.answer }] });
      }
      return messages;
    });
}
