import { InvalidRequestError } from '../errors/invalid-request-error';
import type { ChatRequest } from '../ir/chat-request';
import type { Message } from '../ir/message';
import type { ChatRequestInput, MessageInput } from '../ir/message-input';
import { describeJSONKind } from '../json/find-json-value-issue';

/**
 * The IR of a request whose messages may have plain-string content: each string becomes one text
 * part. A request already in IR is returned as it is (no copy). Throws `InvalidRequestError`
 * naming the path (`messages[2].content`) when a message is not an object with a known role and
 * content of the expected kind — the error a caller reads, not a `TypeError` from deep inside a codec.
 * Content parts themselves are checked by each codec.
 *
 * @example
 * const request = toChatRequest({ messages: [{ role: 'user', content: 'hi' }] });
 * // request.messages[0].content → [{ type: 'text', text: 'hi' }]
 */
export function toChatRequest(input: ChatRequestInput | ChatRequest): ChatRequest {
  if (typeof input !== 'object' || input === null) {
    throw new InvalidRequestError({ message: `Expected a request object, got ${describeJSONKind(input)}.` });
  }
  const messages = toMessages(input.messages, 'messages');
  return messages === input.messages ? (input as ChatRequest) : { ...input, messages };
}

/**
 * The IR of a list of messages (see {@link toChatRequest}); the same array when every message is IR
 * already. `path` names the list in errors.
 */
export function toMessages(inputs: readonly MessageInput[], path = 'messages'): Message[] {
  if (!Array.isArray(inputs)) {
    throw new InvalidRequestError({
      message: `${path}: expected an array of messages, got ${describeJSONKind(inputs)}.`,
    });
  }
  let out: Message[] | undefined;
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index] as MessageInput;
    const message = toMessage(input, path, index);
    if (message !== input && out === undefined) out = inputs.slice(0, index) as Message[];
    if (out !== undefined) out.push(message);
  }
  return out ?? (inputs as Message[]);
}

// `list` and `index` name the message in errors only: its path is not built per message per call.
function toMessage(input: MessageInput, list: string, index: number): Message {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new InvalidRequestError({
      message: `${list}[${index}]: expected a message ({ role, content }), got ${describeJSONKind(input)}.`,
    });
  }
  const role: unknown = input.role;
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') {
    const hint = role === 'system' ? " The system prompt goes in the request's `system` field, not in `messages`." : '';
    throw new InvalidRequestError({
      message: `${list}[${index}].role: expected 'user', 'assistant' or 'tool', got ${typeof role === 'string' ? `'${role}'` : describeJSONKind(role)}.${hint}`,
    });
  }
  const content: unknown = input.content;
  if (Array.isArray(content)) return input as Message;
  if (typeof content === 'string' && role !== 'tool') {
    return { ...input, role, content: [{ type: 'text', text: content }] } as Message;
  }
  const expected = role === 'tool' ? 'an array of tool results' : 'a string or an array of content parts';
  throw new InvalidRequestError({
    message: `${list}[${index}].content: expected ${expected}, got ${describeJSONKind(content)}.`,
  });
}
