import { z } from 'zod';
import type { HostedTool, HostedToolCall, HostedToolResult, HostedToolSource } from '../ir/hosted-tool';
import { jsonObjectSchema, providerMetadataSchema } from './json-data-schemas';

const metadata = providerMetadataSchema.exactOptional();
const options = { type: z.literal('hosted-tool'), providerOptions: metadata };
const count = z.number().int().positive().exactOptional();
const domains = z.array(z.string().min(1)).exactOptional();

/** Zod schema for the hosted-tool kinds. */
export const hostedToolKindSchema = z.enum([
  'web-search',
  'web-fetch',
  'code-execution',
  'file-search',
  'mcp',
  'tool-search',
]);

/** Zod schema for {@link HostedTool}: one strict object per kind. */
export const hostedToolSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...options,
    kind: z.literal('web-search'),
    maxUses: count,
    allowedDomains: domains,
    blockedDomains: domains,
    userLocation: z
      .strictObject({
        city: z.string().exactOptional(),
        region: z.string().exactOptional(),
        country: z.string().exactOptional(),
        timezone: z.string().exactOptional(),
      })
      .exactOptional(),
    searchContextSize: z.enum(['low', 'medium', 'high']).exactOptional(),
  }),
  z.strictObject({
    ...options,
    kind: z.literal('web-fetch'),
    maxUses: count,
    allowedDomains: domains,
    blockedDomains: domains,
  }),
  z.strictObject({
    ...options,
    kind: z.literal('code-execution'),
    container: z.string().min(1).exactOptional(),
    fileIds: z.array(z.string().min(1)).exactOptional(),
  }),
  z.strictObject({
    ...options,
    kind: z.literal('file-search'),
    vectorStoreIds: z.array(z.string().min(1)).min(1),
    maxResults: count,
  }),
  z.strictObject({
    ...options,
    kind: z.literal('mcp'),
    serverLabel: z.string().min(1),
    serverUrl: z.string().min(1),
    allowedTools: z.array(z.string().min(1)).exactOptional(),
    headers: z.record(z.string(), z.string()).exactOptional(),
    description: z.string().exactOptional(),
  }),
  z.strictObject({ ...options, kind: z.literal('tool-search'), variant: z.enum(['regex', 'bm25']).exactOptional() }),
]) satisfies z.ZodType<HostedTool>;

/** Zod schema for {@link HostedToolCall}. */
export const hostedToolCallSchema = z.strictObject({
  type: z.literal('hosted-tool-call'),
  id: z.string().min(1),
  kind: hostedToolKindSchema,
  name: z.string().min(1),
  input: jsonObjectSchema,
  providerMetadata: metadata,
}) satisfies z.ZodType<HostedToolCall>;

/** Zod schema for {@link HostedToolSource}. */
export const hostedToolSourceSchema = z.strictObject({
  url: z.string().exactOptional(),
  title: z.string().exactOptional(),
  fileId: z.string().exactOptional(),
  text: z.string().exactOptional(),
}) satisfies z.ZodType<HostedToolSource>;

/** Zod schema for {@link HostedToolResult}. */
export const hostedToolResultSchema = z.strictObject({
  type: z.literal('hosted-tool-result'),
  callId: z.string().min(1),
  kind: hostedToolKindSchema,
  name: z.string().min(1),
  output: z.string().exactOptional(),
  sources: z.array(hostedToolSourceSchema).exactOptional(),
  isError: z.boolean().exactOptional(),
  providerMetadata: metadata,
}) satisfies z.ZodType<HostedToolResult>;
