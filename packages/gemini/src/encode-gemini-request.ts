import {
  type ChatRequest,
  type CodecResult,
  type EncodeRequestOptions,
  functionToolsOf,
  isHostedTool,
  type Warning,
} from '@interlingua/core';
import { renderToolReferences, setOwnProperty, warnPromptCache } from '@interlingua/core/adapter';
import { convertToGeminiContents } from './convert-to-gemini-contents';
import type { GeminiRequestBody } from './gemini-api';
import { mapGeminiForeignOptions } from './gemini-foreign-options';
import { prepareGeminiHostedTools } from './gemini-hosted-tools';
import { prepareGeminiSettings } from './gemini-prepare-settings';
import { prepareGeminiTools } from './gemini-prepare-tools';

/** Options of the Gemini `encodeRequest`: the codec contract plus what differs between Gemini models. */
export type GeminiEncodeRequestOptions = EncodeRequestOptions & {
  /**
   * Send the images and files of tool results inside `functionResponse.parts` (Gemini 3's
   * multimodal function responses) instead of as parts after the `functionResponse` (Gemini 2.x).
   * Default: `true` for `gemini-3*` model ids. The umbrella fills it from the capability data
   * (`toolResultMedia`).
   */
  functionResponseParts?: boolean;
  /**
   * The backend streams a call's arguments in pieces when asked (`streamFunctionCallArguments`):
   * Vertex AI does, the Gemini API does not. `createVertex` sets it; it decides what the request's
   * `toolArgumentStreaming` becomes.
   */
  streamFunctionCallArguments?: boolean;
};

/**
 * IR request → the `generateContent` / `streamGenerateContent` REST request body, exactly the
 * documented fields: the model and streaming are not in it, they are in the URL
 * (`models/<id>:generateContent`), which the transport builds from `options.model`.
 *
 * `maxOutputTokens`, `temperature`, `topP`, `stopSequences` go to `generationConfig`, as do
 * `reasoning` (`thinkingConfig`) and `responseFormat` (`responseMimeType`, `responseJsonSchema`);
 * `providerOptions.gemini.safetySettings` and `.cachedContent` to the top level; every other
 * `providerOptions.gemini` key (`thinkingConfig`, `topK`, `responseMimeType`, …) into
 * `generationConfig` verbatim. Other providers' options with an equivalent are mapped
 * (`openai.seed`, `anthropic.top_k`); every other one is a warning (`mapGeminiForeignOptions`).
 * `toolArgumentStreaming` becomes `toolConfig.functionCallingConfig.streamFunctionCallArguments` on a
 * streamed Vertex AI call (a warning on the Gemini API); `promptCache` is a warning; `cacheBreakpoint`
 * marks are not sent: Gemini caches prefixes implicitly (see `docs/prompt-caching.md`).
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 */
export function encodeGeminiRequest(
  input: ChatRequest,
  options: GeminiEncodeRequestOptions,
): CodecResult<GeminiRequestBody> {
  const referenceWarnings: Warning[] = [];
  // Gemini has no tool references: the referenced tools are described as text.
  const request = renderToolReferences(input, 'Gemini', referenceWarnings);
  const { contents, systemInstruction, warnings } = convertToGeminiContents(request, {
    model: options.model,
    ...(options.functionResponseParts === undefined ? {} : { functionResponseParts: options.functionResponseParts }),
  });
  warnings.unshift(...referenceWarnings);
  const body: GeminiRequestBody = { contents };
  if (systemInstruction !== undefined) body.systemInstruction = systemInstruction;

  const prepared = prepareGeminiTools(functionToolsOf(request.tools), request.toolChoice);
  for (const warning of prepared.warnings) warnings.push(warning);
  if (prepared.tools !== undefined) body.tools = prepared.tools;
  const hosted = prepareGeminiHostedTools(
    (request.tools ?? []).flatMap((tool, index) => (isHostedTool(tool) ? [{ tool, index }] : [])),
    warnings,
  );
  if (hosted.length > 0) body.tools = [...(body.tools ?? []), ...hosted];
  if (prepared.toolConfig !== undefined) body.toolConfig = prepared.toolConfig;

  const generationConfig: Record<string, unknown> = {};
  if (request.maxOutputTokens !== undefined) generationConfig.maxOutputTokens = request.maxOutputTokens;
  if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
  if (request.topP !== undefined) generationConfig.topP = request.topP;
  if (request.stopSequences !== undefined) generationConfig.stopSequences = request.stopSequences;
  const foreign = mapGeminiForeignOptions(request, warnings);
  if (foreign.seed !== undefined) generationConfig.seed = foreign.seed;
  if (foreign.topK !== undefined) generationConfig.topK = foreign.topK;
  if (request.reasoning !== undefined || request.responseFormat !== undefined) {
    Object.assign(generationConfig, prepareGeminiSettings(request, options.model, warnings));
  }
  const gemini = request.providerOptions?.gemini;
  if (gemini !== undefined) {
    for (const [key, value] of Object.entries(gemini)) {
      if (key === 'safetySettings') body.safetySettings = Array.isArray(value) ? value : [value];
      else if (key === 'cachedContent' && typeof value === 'string') body.cachedContent = value;
      else if (key === 'streamFunctionCallArguments') streamArguments(body, value, warnings);
      else setOwnProperty(generationConfig, key, value);
    }
  }
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  if (request.toolArgumentStreaming === true) applyToolArgumentStreaming(body, options, warnings);
  warnPromptCache(
    request.promptCache,
    'Gemini',
    'Gemini caches repeated prefixes by itself, and explicit caches are cachedContents resources (providerOptions.gemini.cachedContent).',
    warnings,
  );
  return { value: body, warnings };
}

// `toolArgumentStreaming`: Vertex AI's switch, on streamed calls with tools; the Gemini API sends calls whole.
function applyToolArgumentStreaming(
  body: GeminiRequestBody,
  options: GeminiEncodeRequestOptions,
  warnings: Warning[],
): void {
  if (options.streamFunctionCallArguments !== true) {
    warnings.push({
      type: 'unsupported',
      feature: 'toolArgumentStreaming',
      message:
        'The Gemini API sends each function call whole and has no switch to stream its arguments (Vertex AI has: streamFunctionCallArguments); calls arrive whole.',
    });
    return;
  }
  // A whole answer has nothing to stream; without tools there are no calls.
  if (options.stream !== true || body.tools === undefined) return;
  body.toolConfig = {
    functionCallingConfig: { ...body.toolConfig?.functionCallingConfig, streamFunctionCallArguments: true },
  };
}

// Vertex AI's switch for a call's arguments in pieces lives in toolConfig, beside the mode.
function streamArguments(body: GeminiRequestBody, value: unknown, warnings: Warning[]): void {
  if (typeof value !== 'boolean' || body.tools === undefined) {
    warnings.push({
      type: 'unsupported',
      feature: 'providerOptions.gemini.streamFunctionCallArguments',
      message:
        typeof value !== 'boolean'
          ? `Expected streamFunctionCallArguments to be a boolean, got ${JSON.stringify(value)}; it was not sent.`
          : 'streamFunctionCallArguments applies to function calls, and the request has no tools; it was not sent.',
    });
    return;
  }
  body.toolConfig = {
    functionCallingConfig: { ...body.toolConfig?.functionCallingConfig, streamFunctionCallArguments: value },
  };
}
