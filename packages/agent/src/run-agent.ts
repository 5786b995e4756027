import { runAgentLoop } from './agent-loop';
import { type AgentOptions, resolveAgentOptions } from './agent-options';
import type { AgentResult } from './agent-result';
import type { InferObject, ObjectSchema } from './object/object-schema';

/**
 * Runs the tool loop: calls the model, runs every tool call it asks for, sends the results
 * back in one `tool` message, and repeats until the model's `finishReason` ends the run.
 *
 * `tool_calls` (text or not) runs the tools and continues; `stop` ends; `length` answers a
 * cut-off call with an error result and continues, else ends with `length`; `pause` resends;
 * `refusal`, `content_filter` and `error` end the run. A failed model call ends with
 * `finishReason: 'error'` and `error` set; `maxSteps` calls end with `max_steps`. Nothing a
 * tool throws escapes: it becomes an error result. Bad settings or history are rejected before
 * any call (`InvalidSettingError`, `InvalidRequestError`); after that only an abort throws
 * (`AgentAbortedError`, with the history of what completed). The result's `messages` can be passed back as `history`.
 * With `output` (a schema) the run ends with a typed, validated `result.output`; with
 * `repairToolCall` malformed calls are fixed before they run.
 *
 * @example
 * const result = await runAgent({
 *   model: scriptedOrRealModel,
 *   tools: [getWeather],
 *   system: 'You are a concise weather assistant.',
 *   messages: [userMessage('北京今天天气怎么样？')],
 * });
 * console.log(result.text, result.usage, result.inputTokensPerStep);
 */
export async function runAgent<S extends ObjectSchema = never, T = unknown>(
  options: AgentOptions & { output?: S },
): Promise<AgentResult<InferObject<S, T>>> {
  return runAgentLoop(resolveAgentOptions(options), 'generate') as Promise<AgentResult<InferObject<S, T>>>;
}
