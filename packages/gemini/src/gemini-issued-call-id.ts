import type { ToolCall } from '@interlingua/core';

/**
 * The id to send back on a call's `functionCall.id` (and its result's `functionResponse.id`):
 * the call's id when a Gemini response issued it — recorded at decode time as
 * `providerMetadata.gemini.functionCallId` — else `undefined`. Gemini (Vertex AI, and the
 * Gemini API on several models) answers an id it did not issue with `400 Invalid JSON payload
 * received. Unknown name "id" at 'contents[…].parts[…].function_call'`, so synthesized ids and
 * other providers' ids (`call_…`, `toolu_…`) stay off the wire; Gemini then pairs results with
 * calls by name and order. A call renamed after Gemini issued its id (the agent's reused-id
 * rename) no longer matches its record and is sent without one.
 *
 * @see https://ai.google.dev/api/caching#FunctionCall
 * @see docs/decisions/010-gemini-call-ids-on-the-wire.md
 */
export function issuedGeminiCallId(call: Pick<ToolCall, 'id' | 'providerMetadata'>): string | undefined {
  return call.providerMetadata?.gemini?.functionCallId === call.id ? call.id : undefined;
}
