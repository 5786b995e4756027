import { jsonObjectSchema } from '@interlingua/core';
import { findJSONValueIssue, isOptionalString, isWireArrayOf, isWireRecord } from '@interlingua/core/adapter';
import { z } from 'zod';

// Wire shapes of the Gemini API (`generateContent` / `streamGenerateContent`), checked
// against `@google/generative-ai` 0.24 `dist/types/*.d.ts`. Fields the SDK types lack
// (`functionCall.id`, `thought`, `thoughtSignature`, `thoughtsTokenCount`, `responseId`,
// `modelVersion`, `toolUsePromptTokenCount`) come from the REST reference
// (https://ai.google.dev/api/generate-content). Schemas name only the fields we read.

/** A Gemini `Blob`: inline base64 bytes. */
export type GeminiBlob = { mimeType: string; data: string };

/** A Gemini `FunctionCall`. `id` is optional and often absent. */
export type GeminiFunctionCall = { name: string; args?: Record<string, unknown>; id?: string };

/** Media inside a `functionResponse` (Gemini 3's multimodal function responses). */
export type GeminiFunctionResponsePart = {
  inlineData?: GeminiBlob;
  fileData?: { mimeType?: string; fileUri: string };
};

/**
 * A Gemini `FunctionResponse`; `response` is any JSON object (`{ output }` / `{ error }` by
 * convention); `parts` carries images and documents of the result (Gemini 3).
 */
export type GeminiFunctionResponse = {
  name: string;
  response: Record<string, unknown>;
  id?: string;
  parts?: GeminiFunctionResponsePart[];
};

/** One Gemini content `Part`, as sent and received. */
export type GeminiPart = {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: GeminiBlob;
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  /** Code the model ran with the `codeExecution` tool. */
  executableCode?: { language?: string; code: string; id?: string };
  /** What that code printed. */
  codeExecutionResult?: { outcome?: string; output?: string; id?: string };
};

/** A Gemini `Content`: one turn. */
export type GeminiContent = { role: 'user' | 'model'; parts: GeminiPart[] };

/** The OpenAPI-subset schema Gemini accepts for function parameters. */
export type GeminiSchema = { [key: string]: unknown };

/** A Gemini `FunctionDeclaration`. */
export type GeminiFunctionDeclaration = { name: string; description?: string; parameters?: GeminiSchema };

/**
 * Gemini `toolConfig`. `streamFunctionCallArguments` (Vertex AI only) asks for the arguments of a
 * call in pieces (`partialArgs`).
 */
export type GeminiToolConfig = {
  functionCallingConfig: {
    mode?: 'AUTO' | 'ANY' | 'NONE';
    allowedFunctionNames?: string[];
    streamFunctionCallArguments?: boolean;
  };
};

/**
 * The REST body of `models/<id>:generateContent` and `:streamGenerateContent`: the model is in
 * the URL, not here.
 *
 * @see https://ai.google.dev/api/generate-content#request-body
 */
export type GeminiRequestBody = {
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  /** Function declarations, and the hosted tools (`googleSearch`, `codeExecution`, `urlContext`, …) each in an entry of its own. */
  tools?: ({ functionDeclarations: GeminiFunctionDeclaration[] } | { [hostedTool: string]: unknown })[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: { [key: string]: unknown };
  safetySettings?: unknown[];
  cachedContent?: string;
};

/** Gemini `usageMetadata` (cumulative in streams). */
export type GeminiUsageMetadata = {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
};

/** A `GenerateContentResponse` (a whole body, or one stream chunk). */
export type GeminiResponseBody = {
  candidates?: {
    content?: { role?: string; parts?: GeminiPart[] };
    finishReason?: string;
    finishMessage?: string;
    groundingMetadata?: unknown;
    index?: number;
  }[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
};

// JSON objects copied into the IR (arguments, function responses, schemas) are checked with core's
// `jsonObjectSchema`: plain data nested at most MAX_JSON_DEPTH levels, own `__proto__` keys kept.

// Loose: a part kind we do not read (`executableCode`, …) is still named in the warning that drops it.
const partSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: z.object({ mimeType: z.string().min(1), data: z.string() }).optional(),
  fileData: z.object({ mimeType: z.string().min(1).optional(), fileUri: z.string().min(1) }).optional(),
  functionCall: z
    .object({ name: z.string().min(1), args: jsonObjectSchema.optional(), id: z.string().optional() })
    .optional(),
  functionResponse: z
    .object({
      name: z.string().min(1),
      response: jsonObjectSchema,
      id: z.string().optional(),
      // Gemini 3's multimodal function responses: the result's media inside it.
      parts: z
        .array(
          z.object({
            inlineData: z.object({ mimeType: z.string().min(1), data: z.string() }).optional(),
            fileData: z.object({ mimeType: z.string().min(1).optional(), fileUri: z.string().min(1) }).optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  executableCode: z.object({ code: z.string(), language: z.string().optional(), id: z.string().optional() }).optional(),
  codeExecutionResult: z
    .object({ outcome: z.string().optional(), output: z.string().optional(), id: z.string().optional() })
    .optional(),
});

// In a stream, Vertex AI may send a call's arguments in pieces (`streamFunctionCallArguments`):
// a first part with the name and `willContinue: true`, then parts with `partialArgs` only.
// Field names as @google/genai 3.3 types them (`FunctionCall`, `PartialArg`).
const partialArgSchema = z.object({
  jsonPath: z.string(),
  stringValue: z.string().optional(),
  numberValue: z.number().optional(),
  boolValue: z.boolean().optional(),
  // proto3 JSON writes google.protobuf.NullValue as null; the SDK's types say 'NULL_VALUE'.
  nullValue: z.union([z.null(), z.literal('NULL_VALUE')]).optional(),
  willContinue: z.boolean().optional(),
});
const chunkPartSchema = partSchema.extend({
  functionCall: z
    .object({
      name: z.string().min(1).optional(),
      args: jsonObjectSchema.optional(),
      id: z.string().optional(),
      partialArgs: z.array(partialArgSchema).optional(),
      willContinue: z.boolean().optional(),
    })
    .optional(),
});

// A `GenerateContentResponse` whose parts are read with `part`; `usageMetadata` is read count by count.
function responseSchemaOf<Part extends z.ZodType>(part: Part) {
  return z.object({
    candidates: z
      .array(
        z.object({
          content: z.object({ role: z.string().optional(), parts: z.array(part).optional() }).optional(),
          finishReason: z.string().optional(),
          finishMessage: z.string().optional(),
          // Google Search grounding: read loosely (see decodeGeminiGrounding).
          groundingMetadata: z.unknown().optional(),
        }),
      )
      .optional(),
    promptFeedback: z
      .object({ blockReason: z.string().optional(), blockReasonMessage: z.string().optional() })
      .optional(),
    usageMetadata: z.unknown().optional(),
    modelVersion: z.string().optional(),
    responseId: z.string().optional(),
  });
}

/** Parses a whole `GenerateContentResponse` body. */
export const geminiResponseSchema = responseSchemaOf(partSchema);
/** A parsed `GenerateContentResponse`. */
export type GeminiParsedResponse = z.infer<typeof geminiResponseSchema>;
/** Parses one stream chunk: a `GenerateContentResponse` whose calls may come in pieces. */
export const geminiChunkSchema = responseSchemaOf(chunkPartSchema);
/** A parsed stream chunk. */
export type GeminiParsedChunk = z.infer<typeof geminiChunkSchema>;
/** A part of a parsed stream chunk. */
export type GeminiParsedChunkPart = z.infer<typeof chunkPartSchema>;

// Fast path for the body read per call and per stream chunk: the fields the decoders read,
// checked by hand. The guard passes only what the schema passes (`gemini-api.guards.test.ts`
// checks that on the fixtures and fuzzed bodies); otherwise the schema runs and names each bad
// field. Parts other than text and function calls always take the schema (a warning names them).

const isJSONObject = (value: unknown): boolean => findJSONValueIssue(value, { object: true }) === undefined;

function isTextOrCallPart(value: unknown): boolean {
  if (!isWireRecord(value)) return false;
  if (value.thought !== undefined && typeof value.thought !== 'boolean') return false;
  if (!isOptionalString(value.thoughtSignature)) return false;
  // Other kinds are checked by the schema: inlineData, fileData, functionResponse, unknown ones.
  if (
    value.inlineData !== undefined ||
    value.fileData !== undefined ||
    value.functionResponse !== undefined ||
    value.executableCode !== undefined ||
    value.codeExecutionResult !== undefined
  ) {
    return false;
  }
  const call = value.functionCall;
  if (call === undefined) return typeof value.text === 'string';
  return (
    isOptionalString(value.text) &&
    isWireRecord(call) &&
    typeof call.name === 'string' &&
    call.name !== '' &&
    (call.args === undefined || isJSONObject(call.args)) &&
    isOptionalString(call.id) &&
    // A call in pieces (Vertex AI's streamed arguments) is checked by the chunk schema.
    call.partialArgs === undefined &&
    call.willContinue === undefined
  );
}

function isCandidate(value: unknown): boolean {
  if (!isWireRecord(value) || !isOptionalString(value.finishReason) || !isOptionalString(value.finishMessage)) {
    return false;
  }
  const content = value.content;
  if (content === undefined) return true;
  return (
    isWireRecord(content) &&
    isOptionalString(content.role) &&
    (content.parts === undefined || isWireArrayOf(content.parts, isTextOrCallPart))
  );
}

/**
 * The fast path of {@link geminiResponseSchema} and {@link geminiChunkSchema} (which differ only
 * in calls that come in pieces, left to the schema): `true` only for bodies and chunks both accept.
 */
export function isGeminiResponse(value: unknown): value is GeminiParsedResponse & GeminiParsedChunk {
  if (!isWireRecord(value) || !isOptionalString(value.modelVersion) || !isOptionalString(value.responseId)) {
    return false;
  }
  const feedback = value.promptFeedback;
  if (
    feedback !== undefined &&
    !(isWireRecord(feedback) && isOptionalString(feedback.blockReason) && isOptionalString(feedback.blockReasonMessage))
  ) {
    return false;
  }
  return value.candidates === undefined || isWireArrayOf(value.candidates, isCandidate);
}

const contentSchema = z.object({ role: z.string().optional(), parts: z.array(partSchema) });

// The IR's rule for tool names (Gemini also allows `.` and `:`, which no other provider takes).
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// A function's parameters describe an object; `type` may be left out.
const objectParametersSchema = jsonObjectSchema.refine(
  (schema) =>
    !Object.hasOwn(schema, 'type') || (typeof schema.type === 'string' && schema.type.toLowerCase() === 'object'),
  'Expected an object schema (`type: "OBJECT"`)',
);

/** Parses a `generateContent` request body (the gateway direction). */
export const geminiRequestSchema = z.object({
  // Not a REST body field (the model is in the URL), but the proto's: read when a client sends it.
  model: z.string().optional(),
  contents: z.array(contentSchema),
  systemInstruction: z.union([z.string(), contentSchema, z.looseObject({ text: z.string() })]).optional(),
  tools: z
    .array(
      z.object({
        functionDeclarations: z
          .array(
            z.object({
              name: z.string().regex(TOOL_NAME, 'Expected a function name of 1-64 characters from [A-Za-z0-9_-]'),
              description: z.string().optional(),
              parameters: objectParametersSchema.optional(),
              parametersJsonSchema: objectParametersSchema.optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  toolConfig: z
    .object({
      functionCallingConfig: z
        .object({
          mode: z.string().optional(),
          allowedFunctionNames: z.array(z.string().min(1)).optional(),
          streamFunctionCallArguments: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
  // The settings the IR has fields for; the rest is passed through from the body as it is.
  generationConfig: z
    .looseObject({
      maxOutputTokens: z.number().int().positive().optional(),
      temperature: z.number().min(0).optional(),
      topP: z.number().min(0).max(1).optional(),
      stopSequences: z.array(z.string()).optional(),
      thinkingConfig: z
        .looseObject({
          thinkingBudget: z.number().int().min(-1).optional(),
          thinkingLevel: z.string().optional(),
          includeThoughts: z.boolean().optional(),
        })
        .optional(),
      responseMimeType: z.string().optional(),
      responseJsonSchema: jsonObjectSchema.optional(),
      responseSchema: z.unknown().optional(),
    })
    .optional(),
  safetySettings: z.array(z.unknown()).optional(),
  cachedContent: z.string().optional(),
});

/** A parsed request `generationConfig`. */
export type GeminiParsedGenerationConfig = NonNullable<z.infer<typeof geminiRequestSchema>['generationConfig']>;

/** A parsed request part. */
export type GeminiParsedPart = z.infer<typeof partSchema>;
