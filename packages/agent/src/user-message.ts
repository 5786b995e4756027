import type { UserContentPart, UserMessage } from '@interlingua/core';

/**
 * Builds a user message from text or parts.
 *
 * @example
 * runAgent({ model, tools, messages: [userMessage('北京今天天气怎么样？')] });
 */
export function userMessage(content: string | readonly UserContentPart[]): UserMessage {
  return { role: 'user', content: typeof content === 'string' ? [{ type: 'text', text: content }] : [...content] };
}
