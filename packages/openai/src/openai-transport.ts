import { AbortedError, type CallOptions, type ModelResponse, type StreamEvent, type Warning } from '@interlingua/core';

/** The `openai` SDK's own `timeout` default, also the default bound on each wait for a stream chunk. */
export const OPENAI_DEFAULT_TIMEOUT_MS = 600_000;

/** The SDK request options of one call: its abort signal and extra headers. */
export function openAIRequestOptions(options: CallOptions): { signal?: AbortSignal; headers?: Record<string, string> } {
  const { signal, headers } = options;
  if (signal === undefined) return headers === undefined ? {} : { headers };
  return headers === undefined ? { signal } : { signal, headers };
}

/** The response with the encoder's warnings first. */
export function withEncodeWarnings(response: ModelResponse, warnings: Warning[]): ModelResponse {
  return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
}

/**
 * A decoded stream as a model yields it: the encoder's warnings on the `finish` event, and an
 * abort by the caller thrown (as before the stream started), not reported as a failure — with
 * the usage the stream reported before it, so billed usage is not lost.
 */
export async function* yieldModelEvents(
  events: AsyncIterable<StreamEvent>,
  warnings: Warning[],
): AsyncIterable<StreamEvent> {
  for await (const event of events) {
    if (event.type === 'error' && AbortedError.isInstance(event.error)) {
      if (event.usage !== undefined) event.error.usage ??= event.usage;
      throw event.error;
    }
    if (event.type === 'finish' && warnings.length > 0) {
      yield { ...event, warnings: [...warnings, ...(event.warnings ?? [])] };
    } else yield event;
  }
}
