import type { ChatRequest } from './chat-request';
import type { UserContentPart } from './content-parts';
import type { AssistantContentPart, Message } from './message';

/**
 * A message as a caller may write it: IR, or a user or assistant turn whose content is a plain
 * string (one text part). `toChatRequest` turns it into IR; tool messages are IR only (their
 * results name the calls they answer).
 *
 * @example
 * model.generate({ messages: [{ role: 'user', content: '北京今天天气怎么样？' }] });
 */
export type MessageInput =
  | Message
  | { role: 'user'; content: string | UserContentPart[] }
  | { role: 'assistant'; content: string | AssistantContentPart[] };

/** A {@link ChatRequest} whose messages may be written as {@link MessageInput}s. */
export type ChatRequestInput = Omit<ChatRequest, 'messages'> & { messages: readonly MessageInput[] };
