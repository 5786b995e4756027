import type { JSONSchema, Tool, ToolChoice, Warning } from '@interlingua/core';
import { warnDeferredTools } from '@interlingua/core/adapter';
import type { GeminiFunctionDeclaration, GeminiRequestBody, GeminiToolConfig } from './gemini-api';
import { type LoweredGeminiSchema, lowerJsonSchemaForGemini } from './lower-json-schema-for-gemini';

// Agents resend the same tools on every step: lower each schema object once.
const cache = new WeakMap<JSONSchema, Map<string, LoweredGeminiSchema>>();

function lowerCached(tool: Tool): LoweredGeminiSchema {
  let byName = cache.get(tool.inputSchema);
  if (byName === undefined) {
    byName = new Map();
    cache.set(tool.inputSchema, byName);
  }
  let lowered = byName.get(tool.name);
  if (lowered === undefined) {
    lowered = lowerJsonSchemaForGemini(tool.inputSchema, { toolName: tool.name, featurePrefix: '' });
    byName.set(tool.name, lowered);
  }
  return lowered;
}

/**
 * Turns IR tools and tool choice into Gemini `tools: [{ functionDeclarations }]` and
 * `toolConfig.functionCallingConfig`: `auto` → `AUTO`, `none` → `NONE`, `required` → `ANY`,
 * a named tool → `ANY` with `allowedFunctionNames: [name]`. Schemas are lowered with
 * `lowerJsonSchemaForGemini`; its warnings name `tools[i].inputSchema.<path>.<keyword>`.
 * Throws `SchemaConversionError` for a schema that cannot be lowered (recursive, remote `$ref`).
 *
 * @see https://ai.google.dev/gemini-api/docs/function-calling#function_calling_modes
 */
export function prepareGeminiTools(
  tools: Tool[] | undefined,
  toolChoice: ToolChoice | undefined,
): { tools?: GeminiRequestBody['tools']; toolConfig?: GeminiToolConfig; warnings: Warning[] } {
  const warnings: Warning[] = [];
  if (tools === undefined || tools.length === 0) {
    if (toolChoice !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'toolChoice',
        message: 'A tool choice was given without tools; Gemini got no toolConfig.',
      });
    }
    return { warnings };
  }
  warnDeferredTools(tools, 'Gemini', warnings);
  const functionDeclarations = tools.map((tool, index): GeminiFunctionDeclaration => {
    const lowered = lowerCached(tool);
    for (const warning of lowered.warnings) {
      warnings.push({ ...warning, feature: `tools[${index}].inputSchema${warning.feature}` });
    }
    return lowered.schema === undefined
      ? { name: tool.name, description: tool.description }
      : { name: tool.name, description: tool.description, parameters: lowered.schema };
  });
  const result: { tools: GeminiRequestBody['tools']; toolConfig?: GeminiToolConfig; warnings: Warning[] } = {
    tools: [{ functionDeclarations }],
    warnings,
  };
  if (toolChoice !== undefined) result.toolConfig = toGeminiToolConfig(toolChoice);
  return result;
}

function toGeminiToolConfig(toolChoice: ToolChoice): GeminiToolConfig {
  if (typeof toolChoice === 'object') {
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [toolChoice.name] } };
  }
  switch (toolChoice) {
    case 'auto':
      return { functionCallingConfig: { mode: 'AUTO' } };
    case 'none':
      return { functionCallingConfig: { mode: 'NONE' } };
    case 'required':
      return { functionCallingConfig: { mode: 'ANY' } };
    default: {
      const exhaustive: never = toolChoice;
      throw new Error(`Unknown tool choice ${JSON.stringify(exhaustive)}`);
    }
  }
}
