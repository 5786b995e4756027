import {
  InvalidRequestError,
  type Message,
  type MessageInput,
  toMessages,
  type UserContentPart,
} from '@interlingua/core';
import { AgentAbortedError } from './agent-aborted-error';
import type { AgentEvent } from './agent-event';
import type { AgentOptions } from './agent-options';
import type { AgentResult } from './agent-result';
import { runAgent } from './run-agent';
import { streamAgent } from './stream-agent';
import { userMessage } from './user-message';

/** Settings of a conversation: those of `runAgent`, with an optional starting history. */
export type ConversationOptions = Omit<AgentOptions, 'messages' | 'history' | 'signal'> & {
  /** Where the conversation starts, e.g. a stored earlier history (IR, or messages with string content). */
  messages?: readonly MessageInput[];
};

/** Per-turn settings of {@link Conversation.send}. */
export type SendOptions = Pick<AgentOptions, 'signal' | 'onEvent'>;

/** A conversation that keeps its history, tool exchanges included, between user turns. */
export type Conversation = {
  /** The whole history so far. */
  readonly messages: readonly Message[];
  /** Adds a user turn, runs the agent, and keeps the resulting history. */
  send(input: string | readonly UserContentPart[], options?: SendOptions): Promise<AgentResult>;
  /** Like `send`, yielding the run's events; the history is kept when the stream finishes. */
  stream(
    input: string | readonly UserContentPart[],
    options?: SendOptions,
  ): AsyncGenerator<AgentEvent, void, undefined>;
  /** Replaces the history (empty by default). */
  reset(messages?: readonly MessageInput[]): void;
};

/**
 * Creates a conversation: the agent API is stateless, so this holds the messages between
 * user turns. After an abort the history keeps what completed (see `AgentAbortedError`).
 * One turn at a time: a `send` while another runs throws `InvalidRequestError`.
 *
 * @example
 * const chat = createConversation({ model, tools: [getWeather], system: 'Be concise.' });
 * await chat.send('北京今天天气怎么样？');
 * await chat.send('那上海呢？'); // the model sees the earlier tool exchange
 */
export function createConversation(options: ConversationOptions): Conversation {
  const { messages: initial, ...settings } = options;
  let messages: Message[] = [...toMessages(initial ?? [])];
  let busy = false;

  const begin = (input: string | readonly UserContentPart[], send: SendOptions | undefined): AgentOptions => {
    if (busy) {
      throw new InvalidRequestError({ message: 'Expected one turn at a time, got a new turn while one is running.' });
    }
    busy = true;
    return {
      ...settings,
      ...send,
      onEvent: (event) => {
        settings.onEvent?.(event);
        send?.onEvent?.(event);
      },
      history: messages,
      messages: [userMessage(input)],
    };
  };
  const keep = (error: unknown): void => {
    if (AgentAbortedError.isInstance(error)) messages = error.messages;
  };

  return {
    get messages() {
      return messages;
    },
    async send(input, send) {
      const run = begin(input, send);
      try {
        const result = await runAgent(run);
        messages = result.messages;
        return result;
      } catch (error) {
        keep(error);
        throw error;
      } finally {
        busy = false;
      }
    },
    async *stream(input, send) {
      const run = begin(input, send);
      try {
        for await (const event of streamAgent(run)) {
          if (event.type === 'finish') messages = event.result.messages;
          yield event;
        }
      } catch (error) {
        keep(error);
        throw error;
      } finally {
        busy = false;
      }
    },
    reset(next = []) {
      messages = [...toMessages(next)];
    },
  };
}
