import { APICallError } from '@interlingua/core';

/**
 * The messages OpenAI-compatible servers send when a model cannot take `tools`. Each is the
 * provider's own text, as `APICallError.message` carries it.
 */
export const toolsUnsupportedPatterns: readonly RegExp[] = [
  // Ollama: "llama3 does not support tools", "registry.ollama.ai/library/gemma3:4b does not support tools".
  /does not support tools/i,
  // Other servers and gateways: "model does not support tool use / tool calling / function calling".
  /does(?:n't| not) support (?:tool use|tool calling|tool calls|function calling|function calls)/i,
  // OpenAI (o1-mini, o1-preview): "tools is not supported in this model".
  /\btools? (?:is|are) not supported (?:in|with|by|for) this model/i,
  // OpenAI-style: "Unsupported parameter: 'tools' is not supported with this model."
  /unsupported parameter:? ['"`]?tools['"`]?/i,
  // vLLM without --enable-auto-tool-choice: "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set".
  /tool choice requires --enable-auto-tool-choice/i,
  // llama.cpp server without --jinja: "tools param requires --jinja flag".
  /tools param requires --jinja/i,
  // Gemini API serving Gemma: "Function calling is not enabled for models/gemma-3-27b-it".
  /function calling is not enabled for/i,
];

/**
 * Whether `error` is a provider refusing tools for this model (an `APICallError` whose message
 * matches one of {@link toolsUnsupportedPatterns}), as opposed to any other failure.
 *
 * @see https://github.com/ollama/ollama/issues/5793
 * @see https://docs.vllm.ai/en/latest/features/tool_calling.html
 */
export function isToolsUnsupportedError(error: unknown): error is APICallError {
  if (!APICallError.isInstance(error)) return false;
  return toolsUnsupportedPatterns.some((pattern) => pattern.test(error.message));
}
