import {
  type ChatRequest,
  type CodecResult,
  type EncodeRequestOptions,
  functionToolsOf,
  isHostedTool,
  type JSONObject,
  type TextPart,
  type Warning,
} from '@interlingua/core';
import {
  readSystemParts,
  renderToolReferences,
  warnForeignOptions,
  warnPromptCache,
  warnUnsupportedHostedTool,
} from '@interlingua/core/adapter';
import type { BedrockConverseRequest, BedrockInferenceConfig, BedrockSystemBlock } from './bedrock-api';
import { limitBedrockCachePoints, readCachePoint } from './bedrock-cache-point';
import { applyBedrockSettings } from './bedrock-prepare-settings';
import { prepareBedrockTools } from './bedrock-prepare-tools';
import { convertToBedrockMessages } from './convert-to-bedrock-messages';

// Keys of `providerOptions.bedrock` that map to request fields instead of passing through.
const HANDLED_OPTION_KEYS = new Set(['systemCachePoint', 'toolsCachePoint']);
// The request fields the codec computes: a pass-through key never replaces them.
const COMPUTED_KEYS = new Set(['modelId', 'messages', 'system', 'inferenceConfig', 'toolConfig']);
// The other fields of ConverseRequest / ConverseStreamRequest (the SDK sends only modeled fields).
const PASS_THROUGH_KEYS = new Set([
  'guardrailConfig',
  'additionalModelRequestFields',
  'promptVariables',
  'additionalModelResponseFieldPaths',
  'requestMetadata',
  'performanceConfig',
  'serviceTier',
  'outputConfig',
]);

/**
 * Encodes an IR request as the input of `Converse` / `ConverseStream` (the SDK's
 * `ConverseRequest`: `modelId` plus the JSON body). `system` becomes `[{ text }]`,
 * `maxOutputTokens`, `temperature`, `topP` and `stopSequences` go to `inferenceConfig`, tools to
 * `toolConfig`, `reasoning` and `responseFormat` per `applyBedrockSettings`. `systemParts` go as
 * text blocks, and every `cacheBreakpoint` (system part, content part, tool) as a `cachePoint` block
 * after it, at most four (the rest left out with a warning); `promptCache` has no Converse field. `providerOptions.bedrock.systemCachePoint` / `toolsCachePoint` (`{ type:
 * 'default' }`) put a `cachePoint` after the system prompt or the tools; every other
 * `providerOptions.bedrock` key (`additionalModelRequestFields`, `guardrailConfig`,
 * `performanceConfig`, `requestMetadata`, `promptVariables`, `serviceTier`, `outputConfig`,
 * `additionalModelResponseFieldPaths`) is copied into the input verbatim; other keys are not
 * Converse fields (the SDK would drop them) and become a warning, as does every option of another
 * provider (`warnForeignOptions`: Converse has no field for them).
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export function encodeBedrockRequest(
  input: ChatRequest,
  options: EncodeRequestOptions,
): CodecResult<BedrockConverseRequest> {
  const warnings: Warning[] = [];
  // A Converse tool result has no tool reference (its ToolReference only adds tools in system
  // messages): the referenced tools are described as text.
  const request = renderToolReferences(input, 'Bedrock Converse', warnings);
  const bedrockOptions: JSONObject = request.providerOptions?.bedrock ?? {};
  const messages = convertToBedrockMessages(request.messages, warnings);
  warnForeignOptions(request.providerOptions, { provider: 'bedrock', format: 'Bedrock Converse' }, warnings);
  const systemCachePoint = readCachePoint({
    providerMetadata: { bedrock: { cachePoint: bedrockOptions.systemCachePoint ?? null } },
  });
  const toolsCachePoint = readCachePoint({
    providerMetadata: { bedrock: { cachePoint: bedrockOptions.toolsCachePoint ?? null } },
  });

  const inferenceConfig: BedrockInferenceConfig = {
    ...(request.maxOutputTokens === undefined ? {} : { maxTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { topP: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stopSequences: request.stopSequences }),
  };
  // Blank system text is a 400: an empty system prompt is left out.
  const parts = readSystemParts(request, warnings);
  const system: BedrockSystemBlock[] =
    parts !== undefined
      ? systemPartBlocks(parts)
      : request.system === undefined || request.system === ''
        ? []
        : [{ text: request.system }, ...(systemCachePoint === undefined ? [] : [{ cachePoint: systemCachePoint }])];
  warnPromptCache(request.promptCache, 'Bedrock', 'Mark the prompt with cacheBreakpoint instead.', warnings);

  (request.tools ?? []).forEach((tool, index) => {
    if (isHostedTool(tool)) warnings.push(warnUnsupportedHostedTool(tool, index, 'Bedrock Converse'));
  });
  const functionTools = functionToolsOf(request.tools);
  const body: BedrockConverseRequest = {
    modelId: options.model,
    messages,
    ...(system.length === 0 ? {} : { system }),
    ...(Object.keys(inferenceConfig).length === 0 ? {} : { inferenceConfig }),
    ...prepareBedrockTools({
      tools: functionTools,
      toolChoice: request.toolChoice,
      cachePoint: toolsCachePoint,
      // Read only when no tools are declared (a walk of the whole history otherwise wasted).
      historyToolNames: functionTools.length === 0 ? toolNamesOf(request.messages) : [],
      warnings,
    }),
  };
  if (request.reasoning !== undefined || request.responseFormat !== undefined) {
    applyBedrockSettings(request, body, warnings);
  }
  for (const [key, value] of Object.entries(bedrockOptions)) {
    if (HANDLED_OPTION_KEYS.has(key)) continue;
    if (COMPUTED_KEYS.has(key)) {
      warnings.push({
        type: 'other',
        feature: `providerOptions.bedrock.${key}`,
        message: `Ignored providerOptions.bedrock.${key}: the codec computes ${key} from the request.`,
      });
      continue;
    }
    if (!PASS_THROUGH_KEYS.has(key)) {
      warnings.push({
        type: 'unsupported',
        feature: `providerOptions.bedrock.${key}`,
        message: `Converse has no request field ${key} (model-specific settings go in additionalModelRequestFields); it was not sent.`,
      });
      continue;
    }
    const computed = body[key];
    // Thinking set from `reasoning` merges with the caller's own model fields (theirs win).
    body[key] =
      key === 'additionalModelRequestFields' && isObject(computed) && isObject(value)
        ? { ...computed, ...value }
        : value;
  }
  limitBedrockCachePoints(body, warnings);
  return { value: body, warnings };
}

// System parts as text blocks, a cachePoint after each part with a breakpoint; blank text is a 400.
function systemPartBlocks(parts: readonly TextPart[]): BedrockSystemBlock[] {
  const blocks: BedrockSystemBlock[] = [];
  for (const part of parts) {
    if (part.text !== '') blocks.push({ text: part.text });
    const cachePoint = readCachePoint(part);
    if (cachePoint !== undefined && blocks.length > 0) blocks.push({ cachePoint });
  }
  return blocks;
}

// The tool names the history's calls and results use, in order.
function toolNamesOf(messages: ChatRequest['messages']): string[] {
  const names: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      for (const part of message.content) if (part.type === 'tool-call') names.push(part.name);
    } else if (message.role === 'tool') for (const result of message.content) names.push(result.toolName);
  }
  return names;
}

function isObject(value: unknown): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
