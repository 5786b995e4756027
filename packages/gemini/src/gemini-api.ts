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

/** A Gemini `FunctionResponse`; `response` is any JSON object (`{ output }` / `{ error }` by convention). */
export type GeminiFunctionResponse = { name: string; response: Record<string, unknown>; id?: string };

/** One Gemini content `Part`, as sent and received. */
export type GeminiPart = {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: GeminiBlob;
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
};

/** A Gemini `Content`: one turn. */
export type GeminiContent = { role: 'user' | 'model'; parts: GeminiPart[] };

/** The OpenAPI-subset schema Gemini accepts for function parameters. */
export type GeminiSchema = { [key: string]: unknown };

/** A Gemini `FunctionDeclaration`. */
export type GeminiFunctionDeclaration = { name: string; description?: string; parameters?: GeminiSchema };

/** Gemini `toolConfig`. */
export type GeminiToolConfig = {
  functionCallingConfig: { mode: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] };
};

/** The body of `models/<id>:generateContent` and `:streamGenerateContent`. */
export type GeminiRequestBody = {
  /**
   * `models/<id>`: the proto's `model` field. Gemini takes the model from the URL; the codec
   * fills it so a body names its model (the gateway reads it back) and transports leave it out.
   */
  model?: string;
  contents: GeminiContent[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: { functionDeclarations: GeminiFunctionDeclaration[] }[];
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
    index?: number;
  }[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
};

const objectSchema = z.record(z.string(), z.unknown());

// Loose: a part kind we do not read (`executableCode`, …) is still named in the warning that drops it.
const partSchema = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: z.object({ mimeType: z.string(), data: z.string() }).optional(),
  fileData: z.object({ mimeType: z.string().optional(), fileUri: z.string() }).optional(),
  functionCall: z.object({ name: z.string(), args: objectSchema.optional(), id: z.string().optional() }).optional(),
  functionResponse: z.object({ name: z.string(), response: objectSchema, id: z.string().optional() }).optional(),
});

const count = z.number().int().nonnegative().optional();

/** Parses a `GenerateContentResponse` body or stream chunk. */
export const geminiResponseSchema = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ role: z.string().optional(), parts: z.array(partSchema).optional() }).optional(),
        finishReason: z.string().optional(),
        finishMessage: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z
    .object({ blockReason: z.string().optional(), blockReasonMessage: z.string().optional() })
    .optional(),
  usageMetadata: z
    .object({
      promptTokenCount: count,
      candidatesTokenCount: count,
      cachedContentTokenCount: count,
      thoughtsTokenCount: count,
      toolUsePromptTokenCount: count,
    })
    .optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});

const contentSchema = z.object({ role: z.string().optional(), parts: z.array(partSchema) });

/** Parses a `generateContent` request body (the gateway direction). */
export const geminiRequestSchema = z.object({
  model: z.string().optional(),
  contents: z.array(contentSchema),
  systemInstruction: z.union([z.string(), contentSchema, partSchema]).optional(),
  tools: z
    .array(
      z.object({
        functionDeclarations: z
          .array(
            z.object({
              name: z.string(),
              description: z.string().optional(),
              parameters: objectSchema.optional(),
              parametersJsonSchema: objectSchema.optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  toolConfig: z
    .object({
      functionCallingConfig: z
        .object({ mode: z.string().optional(), allowedFunctionNames: z.array(z.string()).optional() })
        .optional(),
    })
    .optional(),
  generationConfig: objectSchema.optional(),
  safetySettings: z.array(z.unknown()).optional(),
  cachedContent: z.string().optional(),
});

/** A parsed request part. */
export type GeminiParsedPart = z.infer<typeof partSchema>;
