import {
  InvalidRequestError,
  type Message,
  type MessageInput,
  type ToolApprovalDecision,
  type ToolCall,
  toMessages,
  type UserContentPart,
} from '@interlingua/core';
import { AgentAbortedError } from './agent-aborted-error';
import type { AgentEvent } from './agent-event';
import type { AgentOptions } from './agent-options';
import type { AgentResult } from './agent-result';
import { findPendingApprovals } from './approval/read-pending-approvals';
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
  /** The calls the last turn holds for a person's decision (its run ended with `approval-requested`); empty otherwise. */
  readonly pendingApprovals: readonly ToolCall[];
  /**
   * Resumes a turn that ended with `approval-requested`: one decision per pending call (approved,
   * or denied with a reason the model reads). A `send` instead denies the pending calls, saying
   * the user moved on, and then adds the new turn.
   */
  approve(decisions: readonly ToolApprovalDecision[], options?: SendOptions): Promise<AgentResult>;
  /** Like `approve`, yielding the run's events. */
  approveStream(
    decisions: readonly ToolApprovalDecision[],
    options?: SendOptions,
  ): AsyncGenerator<AgentEvent, void, undefined>;
  /** Replaces the history (empty by default). */
  reset(messages?: readonly MessageInput[]): void;
};

/** The reason a pending call is denied with when the user sends a new message instead of deciding. */
const MOVED_ON = 'The user sent a new message instead of deciding.';

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

  const begin = (
    input: string | readonly UserContentPart[] | undefined,
    send: SendOptions | undefined,
    decisions?: readonly ToolApprovalDecision[],
  ): AgentOptions => {
    if (busy) {
      throw new InvalidRequestError({ message: 'Expected one turn at a time, got a new turn while one is running.' });
    }
    // A new user turn answers what was left undecided, so the model is told rather than left guessing.
    const approvals =
      decisions ??
      findPendingApprovals(messages).map((call) => ({
        approvalId: call.approval?.approvalId ?? call.id,
        approved: false,
        reason: MOVED_ON,
      }));
    busy = true;
    return {
      ...settings,
      ...send,
      onEvent: (event) => {
        settings.onEvent?.(event);
        send?.onEvent?.(event);
      },
      history: messages,
      ...(input === undefined ? {} : { messages: [userMessage(input)] }),
      ...(approvals.length === 0 ? {} : { approvals }),
    };
  };
  const run = async (options: AgentOptions): Promise<AgentResult> => {
    try {
      const result = await runAgent(options);
      messages = result.messages;
      return result;
    } catch (error) {
      keep(error);
      throw error;
    } finally {
      busy = false;
    }
  };
  // Begun on the first read, like any generator: a stream never read holds no turn.
  async function* runStream(make: () => AgentOptions): AsyncGenerator<AgentEvent, void, undefined> {
    const options = make();
    try {
      for await (const event of streamAgent(options)) {
        if (event.type === 'finish') messages = event.result.messages;
        yield event;
      }
    } catch (error) {
      keep(error);
      throw error;
    } finally {
      busy = false;
    }
  }
  const keep = (error: unknown): void => {
    if (AgentAbortedError.isInstance(error)) messages = error.messages;
  };

  return {
    get messages() {
      return messages;
    },
    get pendingApprovals() {
      return findPendingApprovals(messages);
    },
    // Async, so a refused turn is a rejected promise like any other failure.
    async send(input, send) {
      return run(begin(input, send));
    },
    stream(input, send) {
      return runStream(() => begin(input, send));
    },
    async approve(decisions, send) {
      return run(begin(undefined, send, decisions));
    },
    approveStream(decisions, send) {
      return runStream(() => begin(undefined, send, decisions));
    },
    reset(next = []) {
      messages = [...toMessages(next)];
    },
  };
}
