import { json, type RecordedRequest, type Reply } from '../provider-server';

/** Options of {@link strictGeminiReplies}. */
export type StrictGeminiOptions = {
  /**
   * Check thought signatures as Gemini 3 models do: the first `functionCall` of each model turn
   * must carry a `thoughtSignature` (default `false`, as Gemini 2.x).
   */
  requireThoughtSignatures?: boolean;
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/**
 * A route reply (`Route.reply`) that answers with `replies` in turn, like a list of replies, but
 * first checks each `generateContent` body the way the Gemini API does, answering with the API's
 * own 400 body when it breaks a rule:
 *
 * - a `functionCall.id` or `functionResponse.id` that no earlier reply of this route issued:
 *   `Invalid JSON payload received. Unknown name "id" at 'contents[i].parts[j].function_call': Cannot find field.`
 *   (what Vertex AI and the Gemini API answer to another provider's ids, e.g.
 *   https://github.com/googleapis/java-genai/issues/694, https://github.com/JetBrains/koog/issues/735);
 * - a model turn with N `functionCall` parts not followed by a user turn with N `functionResponse`
 *   parts: `Please ensure that the number of function response parts is equal to the number of
 *   function call parts of the function call turn.` (https://github.com/google-gemini/gemini-cli/issues/4217);
 * - with `requireThoughtSignatures` (Gemini 3), a model turn whose first `functionCall` has no
 *   `thoughtSignature`: `Function call is missing a thought_signature in functionCall parts. …`
 *   (https://ai.google.dev/gemini-api/docs/thought-signatures).
 *
 * Ids count as issued once a reply (JSON or SSE) carried them on a `functionCall`.
 */
export function strictGeminiReplies(
  replies: readonly Reply[],
  options: StrictGeminiOptions = {},
): (request: RecordedRequest) => Reply {
  if (replies.length === 0) throw new Error('strictGeminiReplies needs at least one reply.');
  const issued = new Set<string>();
  let answered = 0;
  return (request) => {
    const rejection = checkGeminiBody(request.body, issued, options);
    if (rejection !== undefined) return rejection;
    const reply = replies[Math.min(answered++, replies.length - 1)] as Reply;
    for (const id of idsIn(reply)) issued.add(id);
    return reply;
  };
}

function checkGeminiBody(body: unknown, issued: ReadonlySet<string>, options: StrictGeminiOptions): Reply | undefined {
  const contents = isObject(body) ? list(body.contents) : [];
  const unknownIds: string[] = [];
  contents.forEach((content, i) => {
    list(content.parts).forEach((part, j) => {
      for (const [field, wire] of [
        ['functionCall', 'function_call'],
        ['functionResponse', 'function_response'],
      ] as const) {
        const value = part[field];
        if (isObject(value) && 'id' in value && !issued.has(String(value.id)))
          unknownIds.push(`contents[${i}].parts[${j}].${wire}`);
      }
    });
  });
  if (unknownIds.length > 0) {
    const describe = (field: string) =>
      `Invalid JSON payload received. Unknown name "id" at '${field}': Cannot find field.`;
    return geminiError(unknownIds.map(describe).join('\n'), [
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: unknownIds.map((field) => ({ field, description: describe(field) })),
      },
    ]);
  }
  for (let i = 0; i < contents.length; i++) {
    const content = contents[i] as Json;
    if (content.role !== 'model') continue;
    const calls = list(content.parts).filter((part) => isObject(part.functionCall));
    if (calls.length === 0) continue;
    if (options.requireThoughtSignatures === true && typeof calls[0]?.thoughtSignature !== 'string') {
      const name = isObject(calls[0]?.functionCall) ? String(calls[0].functionCall.name) : '?';
      return geminiError(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
    const next = contents[i + 1];
    const responses = next === undefined ? [] : list(next.parts).filter((part) => isObject(part.functionResponse));
    // The last turn may be the model's own calls, awaiting their results.
    if (next === undefined) continue;
    if (responses.length !== calls.length) {
      return geminiError(
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      );
    }
  }
  return undefined;
}

function geminiError(message: string, details?: unknown[]): Reply {
  return json(
    { error: { code: 400, message, status: 'INVALID_ARGUMENT', ...(details === undefined ? {} : { details }) } },
    { status: 400 },
  );
}

function idsIn(reply: Reply): string[] {
  const bodies = reply.kind === 'json' ? [reply.body] : reply.kind === 'sse' ? reply.events : [];
  return bodies.flatMap((body) =>
    (isObject(body) ? list(body.candidates) : []).flatMap((candidate) =>
      list(isObject(candidate.content) ? candidate.content.parts : []).flatMap((part) =>
        isObject(part.functionCall) && typeof part.functionCall.id === 'string' ? [part.functionCall.id] : [],
      ),
    ),
  );
}
