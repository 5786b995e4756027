import type { z } from 'zod';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { ChatRequest } from '../ir/chat-request';
import type { Message } from '../ir/message';
import { formatSchemaIssues } from './format-schema-issues';
import { chatRequestSchema, messageSchema } from './ir-schemas';

/** The outcome of a safe parse: the value, or an error naming the bad field's path. */
export type SafeParseResult<T> = { success: true; value: T } | { success: false; error: InvalidRequestError };

/**
 * Validates untrusted data against one of the IR schemas. The error message names each
 * bad field by path, e.g. `messages[1].content[0].toolCallId: Invalid input: expected string`.
 */
export function safeParseIR<T>(schema: z.ZodType<T>, value: unknown, what = 'value'): SafeParseResult<T> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, value: result.data };
  return {
    success: false,
    error: new InvalidRequestError({
      message: `Expected a valid ${what}: ${formatSchemaIssues(result.error.issues)}`,
      cause: result.error,
    }),
  };
}

/** Validates an untrusted chat request (a gateway body, a stored request). Throws `InvalidRequestError`. */
export function parseChatRequest(value: unknown): ChatRequest {
  const result = safeParseIR(chatRequestSchema, value, 'ChatRequest');
  if (!result.success) throw result.error;
  return result.value;
}

/** Validates an untrusted history (e.g. loaded from storage). Throws `InvalidRequestError`. */
export function parseMessages(value: unknown): Message[] {
  const result = safeParseIR(messageSchema.array(), value, 'Message[]');
  if (!result.success) throw result.error;
  return result.value;
}
