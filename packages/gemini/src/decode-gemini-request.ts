import {
  type AssistantContentPart,
  type ChatRequest,
  type CodecResult,
  type DecodedRequest,
  type HostedTool,
  InvalidRequestError,
  type JSONObject,
  type Message,
  type Tool,
  type ToolChoice,
  type ToolResult,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { parseWireRequest, setOwnProperty } from '@interlingua/core/adapter';
import type { z } from 'zod';
import { decodeGeminiCodePart, GeminiCodeIds } from './convert-gemini-hosted-parts';
import { convertGeminiSchemaToJsonSchema } from './convert-gemini-schema-to-json-schema';
import { decodeGeminiSettings } from './decode-gemini-settings';
import { type GeminiParsedPart, geminiRequestSchema } from './gemini-api';
import { decodeGeminiHostedTools } from './gemini-hosted-tools';

type GeminiRequest = z.infer<typeof geminiRequestSchema>;
type GeminiDeclaration = NonNullable<NonNullable<GeminiRequest['tools']>[number]['functionDeclarations']>[number];

import { thoughtSignatureMetadata } from './gemini-thought-signature';
import { synthesizeGeminiCallId } from './synthesize-gemini-call-id';

const IR_CONFIG = new Set(['maxOutputTokens', 'temperature', 'topP', 'stopSequences']);

/**
 * A `generateContent` request body → IR request (the gateway direction). The model id and
 * streaming live in Gemini's URL, not its body: `model` is read from a `model` field when
 * present (`models/` prefix removed), `stream` is `false`; the gateway knows both from the path.
 *
 * A `functionCall` without `id` gets one from `synthesizeGeminiCallId`, salted with its turn's
 * position (stable as the history grows). A `functionResponse` answers the call with its `id`,
 * else the first unanswered call of the previous model turn with its name. `{ output }` is the
 * result text, `{ error }` an error result (`isError: true`), any other object its JSON text;
 * `inlineData` / `fileData` parts inside a `functionResponse` (`parts`, Gemini 3) or right after
 * it belong to that result.
 * Throws `InvalidRequestError` naming the path on a body that is not a `generateContent`
 * request: nested deeper than `MAX_JSON_DEPTH`, `null` where a part belongs, parameters that
 * are not an object schema, an out-of-range setting, a `functionResponse` that answers no call.
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 */
export function decodeGeminiRequest(body: unknown): CodecResult<DecodedRequest> {
  const wire = parseWireRequest(geminiRequestSchema, body, 'a Gemini generateContent request body');
  const warnings: Warning[] = [];
  const messages: Message[] = [];
  let pending = pendingCalls();

  wire.contents.forEach((content, contentIndex) => {
    if (content.role === 'model') {
      const parts: AssistantContentPart[] = [];
      pending = pendingCalls();
      let callIndex = 0;
      const codeIds = new GeminiCodeIds();
      for (const part of content.parts) {
        const code = decodeGeminiCodePart(part, codeIds);
        if (code !== undefined) {
          parts.push(code);
          continue;
        }
        const providerMetadata = thoughtSignatureMetadata(part.thoughtSignature);
        const meta = providerMetadata === undefined ? {} : { providerMetadata };
        if (part.functionCall !== undefined) {
          const call = part.functionCall;
          // An empty id is no id (the API treats it so).
          const id =
            (call.id === '' ? undefined : call.id) ??
            synthesizeGeminiCallId({
              responseId: `contents[${contentIndex}]`,
              name: call.name,
              args: call.args ?? {},
              index: callIndex,
            });
          callIndex++;
          addPendingCall(pending, { id, name: call.name, answered: false });
          parts.push({ type: 'tool-call', id, name: call.name, args: (call.args ?? {}) as JSONObject, ...meta });
        } else if (part.text !== undefined) {
          parts.push(
            part.thought === true
              ? { type: 'reasoning', text: part.text, ...meta }
              : { type: 'text', text: part.text, ...meta },
          );
        } else warnings.push(unsupportedPart(contentIndex, part));
      }
      messages.push({ role: 'assistant', content: parts });
      return;
    }
    // A user turn: function responses (with their media) form a tool message, the rest a user message.
    let results: ToolResult[] | undefined;
    let user: UserContentPart[] | undefined;
    let lastResult: ToolResult | undefined;
    const flushUser = () => {
      if (user !== undefined) messages.push({ role: 'user', content: user });
      user = undefined;
    };
    const flushResults = () => {
      if (results !== undefined) messages.push({ role: 'tool', content: results });
      results = undefined;
    };
    for (const part of content.parts) {
      if (part.functionResponse !== undefined) {
        flushUser();
        results ??= [];
        lastResult = toolResult(part, pending, contentIndex);
        results.push(lastResult);
        continue;
      }
      const media = mediaPart(part);
      if (media !== undefined && lastResult !== undefined) {
        lastResult.content.push(media);
        continue;
      }
      lastResult = undefined;
      const userPart: UserContentPart | undefined =
        media ??
        (part.text === undefined
          ? undefined
          : {
              type: 'text',
              text: part.text,
              ...(part.thoughtSignature === undefined
                ? {}
                : { providerMetadata: { gemini: { thoughtSignature: part.thoughtSignature } } }),
            });
      if (userPart === undefined) {
        warnings.push(unsupportedPart(contentIndex, part));
        continue;
      }
      flushResults();
      user ??= [];
      user.push(userPart);
    }
    flushResults();
    flushUser();
  });

  const request: ChatRequest = { messages };
  const system = systemText(wire.systemInstruction);
  if (system !== undefined) request.system = system;

  const declarations = (wire.tools ?? []).flatMap((tool, toolIndex) =>
    (tool.functionDeclarations ?? []).map((declaration, index) => ({
      declaration,
      index: `tools[${toolIndex}].functionDeclarations[${index}]`,
    })),
  );
  const tools: (Tool | HostedTool)[] = declarations.map(({ declaration, index }) => ({
    name: declaration.name,
    description: declaration.description ?? '',
    inputSchema: declarationSchema(declaration, index),
  }));
  // Hosted tools (`googleSearch`, `codeExecution`, …), read from the body: the schema keeps only declarations.
  const rawTools = (body as { tools?: unknown }).tools;
  (Array.isArray(rawTools) ? rawTools : []).forEach((entry, toolIndex) => {
    const hosted = decodeGeminiHostedTools(entry);
    tools.push(...hosted.tools);
    for (const key of hosted.unknown) {
      warnings.push({
        type: 'unsupported',
        feature: `tools[${toolIndex}].${key.slice(0, 64)}`,
        message: `A Gemini "${key.slice(0, 64)}" tool has no IR equivalent; it was left out.`,
      });
    }
  });
  if (tools.length > 0) request.tools = tools;
  const toolChoice = decodeToolChoice(wire.toolConfig?.functionCallingConfig, warnings);
  if (toolChoice !== undefined) request.toolChoice = toolChoice;

  const config = wire.generationConfig ?? {};
  if (config.maxOutputTokens !== undefined) request.maxOutputTokens = config.maxOutputTokens;
  if (config.temperature !== undefined) request.temperature = config.temperature;
  if (config.topP !== undefined) request.topP = config.topP;
  if (config.stopSequences !== undefined) request.stopSequences = config.stopSequences;
  const gemini: JSONObject = {};
  // From the body itself, not the parsed copy: the schema drops keys such as `__proto__`.
  const rawConfig = (body as { generationConfig?: JSONObject }).generationConfig ?? {};
  for (const [key, value] of Object.entries(rawConfig)) {
    if (!IR_CONFIG.has(key)) setOwnProperty(gemini, key, value);
  }
  if (wire.safetySettings !== undefined) gemini.safetySettings = wire.safetySettings as JSONObject[string];
  if (wire.cachedContent !== undefined) gemini.cachedContent = wire.cachedContent;
  const streamArguments = wire.toolConfig?.functionCallingConfig?.streamFunctionCallArguments;
  if (streamArguments === true) request.toolArgumentStreaming = true;
  if (config.thinkingConfig !== undefined || config.responseMimeType !== undefined) {
    decodeGeminiSettings(config, gemini, request);
  }
  if (Object.keys(gemini).length > 0) request.providerOptions = { gemini };

  const model = wire.model?.replace(/^models\//, '');
  return { value: { request, model, stream: false }, warnings };
}

function toolResult(part: GeminiParsedPart, pending: PendingCalls, contentIndex: number): ToolResult {
  const response = part.functionResponse as NonNullable<GeminiParsedPart['functionResponse']>;
  const responseId = response.id === '' ? undefined : response.id;
  const call = responseId === undefined ? firstUnansweredCall(pending, response.name) : pending.byId.get(responseId);
  if (call === undefined) {
    throw new InvalidRequestError({
      message:
        responseId === undefined
          ? `Expected a functionCall named "${response.name}" in the model turn before contents[${contentIndex}], whose functionResponse answers it; found none unanswered.`
          : `Expected a functionCall with id ${JSON.stringify(responseId.slice(0, 100))} in the model turn before contents[${contentIndex}], whose functionResponse answers it; found none.`,
    });
  }
  call.answered = true;
  const keys = Object.keys(response.response);
  const isError = keys.includes('error') && !keys.includes('output');
  const payload = isError
    ? response.response.error
    : keys.length === 1 && keys[0] === 'output'
      ? response.response.output
      : response.response;
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  // Gemini 3's multimodal function responses carry the result's media inside it.
  const media = (response.parts ?? []).flatMap((inner) => mediaPart(inner) ?? []);
  return {
    type: 'tool-result',
    toolCallId: call.id,
    toolName: response.name,
    content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...media],
    isError,
    ...(part.thoughtSignature === undefined
      ? {}
      : { providerMetadata: { gemini: { thoughtSignature: part.thoughtSignature } } }),
  };
}

type PendingCall = { id: string; name: string; answered: boolean };
// The calls of the last model turn, found by id or (first unanswered) by name in constant time:
// a turn may hold thousands of calls.
type PendingCalls = { byId: Map<string, PendingCall>; byName: Map<string, { calls: PendingCall[]; next: number }> };

function pendingCalls(): PendingCalls {
  return { byId: new Map(), byName: new Map() };
}

function addPendingCall(pending: PendingCalls, call: PendingCall): void {
  if (!pending.byId.has(call.id)) pending.byId.set(call.id, call);
  const queue = pending.byName.get(call.name);
  if (queue === undefined) pending.byName.set(call.name, { calls: [call], next: 0 });
  else queue.calls.push(call);
}

function firstUnansweredCall(pending: PendingCalls, name: string): PendingCall | undefined {
  const queue = pending.byName.get(name);
  if (queue === undefined) return undefined;
  while (queue.next < queue.calls.length && queue.calls[queue.next]?.answered === true) queue.next++;
  return queue.calls[queue.next];
}

function mediaPart(part: Pick<GeminiParsedPart, 'inlineData' | 'fileData'>): UserContentPart | undefined {
  if (part.inlineData !== undefined) {
    const { mimeType, data } = part.inlineData;
    return mimeType.startsWith('image/')
      ? { type: 'image', source: { type: 'base64', data }, mediaType: mimeType }
      : { type: 'file', source: { type: 'base64', data }, mediaType: mimeType };
  }
  if (part.fileData !== undefined) {
    const { mimeType, fileUri } = part.fileData;
    if (mimeType === undefined || mimeType.startsWith('image/')) {
      return {
        type: 'image',
        source: { type: 'url', url: fileUri },
        ...(mimeType === undefined ? {} : { mediaType: mimeType }),
      };
    }
    return { type: 'file', source: { type: 'url', url: fileUri }, mediaType: mimeType };
  }
  return undefined;
}

function systemText(instruction: GeminiRequest['systemInstruction']): string | undefined {
  if (instruction === undefined) return undefined;
  if (typeof instruction === 'string') return instruction;
  if ('parts' in instruction && Array.isArray(instruction.parts)) {
    return (instruction.parts as GeminiParsedPart[]).map((part) => part.text ?? '').join('\n');
  }
  return (instruction as { text: string }).text;
}

// A declaration's parameters as JSON Schema: `parametersJsonSchema` as it is, or `parameters`
// (Gemini's OpenAPI subset) converted; `type` may be left out of either, the IR states it.
function declarationSchema(declaration: GeminiDeclaration, path: string): JSONObject {
  if (declaration.parametersJsonSchema !== undefined) return { ...declaration.parametersJsonSchema, type: 'object' };
  if (declaration.parameters === undefined) return { type: 'object', properties: {} };
  return { ...convertGeminiSchemaToJsonSchema(declaration.parameters, `${path}.parameters`), type: 'object' };
}

function decodeToolChoice(
  config: { mode?: string | undefined; allowedFunctionNames?: string[] | undefined } | undefined,
  warnings: Warning[],
): ToolChoice | undefined {
  switch (config?.mode) {
    case undefined:
      return undefined;
    case 'AUTO':
    case 'MODE_UNSPECIFIED':
      return 'auto';
    case 'NONE':
      return 'none';
    case 'ANY': {
      const names = config.allowedFunctionNames ?? [];
      if (names.length === 1 && names[0] !== undefined) return { type: 'tool', name: names[0] };
      if (names.length > 1) {
        warnings.push({
          type: 'degraded',
          feature: 'toolConfig.functionCallingConfig.allowedFunctionNames',
          message: `The IR can force one tool or any tool; "ANY" over ${names.length} tools became "required" (any tool).`,
        });
      }
      return 'required';
    }
    default:
      warnings.push({
        type: 'degraded',
        feature: 'toolConfig.functionCallingConfig.mode',
        message: `Function calling mode "${config?.mode}" has no IR equivalent; it became "auto".`,
      });
      return 'auto';
  }
}

function unsupportedPart(contentIndex: number, part: GeminiParsedPart): Warning {
  const kind = Object.keys(part)[0] ?? 'empty';
  return {
    type: 'unsupported',
    feature: `contents[${contentIndex}].parts.${kind}`,
    message: `A "${kind}" part has no IR equivalent in this turn; it was left out.`,
  };
}
