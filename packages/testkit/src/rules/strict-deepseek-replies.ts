import { json, type RecordedRequest, type Reply } from '../provider-server';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/**
 * A route reply (`Route.reply`) that answers with `replies` in turn, but first checks each Chat
 * Completions body the way DeepSeek's thinking mode does: between two user messages, if the model
 * called a tool, every assistant message there must carry its `reasoning_content` (a non-empty
 * string) — otherwise HTTP 400 with DeepSeek's own body, `The \`reasoning_content\` in the
 * thinking mode must be passed back to the API.`. Turns between user messages without a tool
 * call are not checked (DeepSeek ignores their reasoning).
 *
 * @see https://api-docs.deepseek.com/guides/thinking_mode
 */
export function strictDeepSeekReplies(replies: readonly Reply[]): (request: RecordedRequest) => Reply {
  if (replies.length === 0) throw new Error('strictDeepSeekReplies needs at least one reply.');
  let answered = 0;
  return (request) => {
    if (missesReasoning(request.body)) {
      return json(
        {
          error: {
            message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_request_error',
          },
        },
        { status: 400 },
      );
    }
    return replies[Math.min(answered++, replies.length - 1)] as Reply;
  };
}

function missesReasoning(body: unknown): boolean {
  const messages = isObject(body) ? list(body.messages) : [];
  let segment: Json[] = [];
  const check = () => {
    const assistants = segment.filter((message) => message.role === 'assistant');
    const called = assistants.some((message) => list(message.tool_calls).length > 0);
    return (
      called &&
      assistants.some((message) => typeof message.reasoning_content !== 'string' || message.reasoning_content === '')
    );
  };
  for (const message of messages) {
    if (message.role === 'user') {
      if (check()) return true;
      segment = [];
    } else segment.push(message);
  }
  return check();
}
