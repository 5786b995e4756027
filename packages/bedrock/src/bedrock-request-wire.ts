import { jsonObjectSchema } from '@interlingua/core';
import { z } from 'zod';
import { bedrockContentBlockSchema, bedrockCachePointSchema as cachePointSchema } from './bedrock-api';

// The request side of the Converse wire schemas (the gateway direction reads requests); the
// shared blocks and the response side are in bedrock-api.ts.

const systemBlockSchema = z
  .looseObject({ text: z.string().optional(), cachePoint: cachePointSchema.optional() })
  .refine((block) => Object.keys(block).length === 1, 'Expected exactly one member in a system block');
const toolSchema = z
  .looseObject({
    toolSpec: z
      .object({
        name: z.string(),
        description: z.string().optional(),
        inputSchema: z.object({ json: jsonObjectSchema }),
      })
      .optional(),
    cachePoint: cachePointSchema.optional(),
  })
  .refine((tool) => Object.keys(tool).length === 1, 'Expected exactly one member in a tool');

/** A Converse request (the SDK's input: `modelId` beside the body), read by the gateway direction. */
export const bedrockConverseRequestSchema = z.looseObject({
  modelId: z.string().optional(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.array(bedrockContentBlockSchema) })),
  system: z.array(systemBlockSchema).optional(),
  inferenceConfig: z
    .object({
      maxTokens: z.number().int().positive().optional(),
      temperature: z.number().optional(),
      topP: z.number().optional(),
      stopSequences: z.array(z.string()).optional(),
    })
    .optional(),
  toolConfig: z
    .object({
      tools: z.array(toolSchema),
      toolChoice: z
        .union([
          z.object({ auto: z.object({}) }),
          z.object({ any: z.object({}) }),
          z.object({ tool: z.object({ name: z.string() }) }),
        ])
        .optional(),
    })
    .optional(),
});
/** Parsed {@link bedrockConverseRequestSchema}. */
export type BedrockConverseRequestIn = z.infer<typeof bedrockConverseRequestSchema>;
