import type { ReasoningPart, TextPart, UserContentPart } from './content-parts';
import type { HostedToolCall, HostedToolResult } from './hosted-tool';
import type { ToolCall } from './tool-call';
import type { ToolResult } from './tool-result';

/** A user turn: text, images and files. */
export type UserMessage = {
  role: 'user';
  /** The parts, in order. */
  content: UserContentPart[];
};

/** The parts an assistant turn may hold, in the order the model produced them. */
export type AssistantContentPart = TextPart | ReasoningPart | ToolCall | HostedToolCall | HostedToolResult;

/** A model turn: text, reasoning and tool calls in the order they were produced. */
export type AssistantMessage = {
  role: 'assistant';
  /** The parts, in order. */
  content: AssistantContentPart[];
};

/**
 * Every result of one assistant turn, in one message, in call order.
 * Parallel calls therefore come back together by construction.
 */
export type ToolMessage = {
  role: 'tool';
  /** One result per call of the preceding assistant turn. */
  content: ToolResult[];
};

/** One entry of the conversation history. */
export type Message = UserMessage | AssistantMessage | ToolMessage;
