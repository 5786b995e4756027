import { setOwnProperty } from '@interlingua/core/adapter';
import type { BedrockConverseRequest } from './bedrock-api';
import { BEDROCK_SDK_SHAPES, type BedrockShape } from './bedrock-sdk-shapes';

/**
 * The JSON body of a `Converse` / `ConverseStream` request as `@aws-sdk/client-bedrock-runtime`
 * writes it, byte for byte, for the lean transport: the members of every structure in the SDK
 * schema's order ({@link BEDROCK_SDK_SHAPES}), members the schema does not know left out (the
 * SDK drops them), blobs in the SDK's base64, documents (`inputSchema.json`, `toolUse.input`,
 * `additionalModelRequestFields`) as they are, and `modelId` in the path, not the body.
 */
export function serializeBedrockBody(input: BedrockConverseRequest, stream: boolean): string {
  return JSON.stringify(write(input, stream ? 'ConverseStreamRequest' : 'ConverseRequest'));
}

function write(value: unknown, shape: BedrockShape): unknown {
  if (value === null || value === undefined) return value;
  if (typeof shape !== 'string') {
    const [kind, item] = shape;
    if (kind === 'list') return Array.isArray(value) ? value.map((entry) => write(entry, item)) : value;
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    const map: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) setOwnProperty(map, key, write(entry, item));
    return map;
  }
  if (shape === 'plain' || shape === 'document') return value;
  // The SDK decodes nothing: it base64-encodes the bytes the codec's base64 stands for.
  if (shape === 'blob') return typeof value === 'string' ? Buffer.from(value, 'base64').toString('base64') : value;
  const members = BEDROCK_SDK_SHAPES[shape];
  if (members === undefined || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, member] of members) {
    // `modelId` is the path's label.
    if (name === 'modelId' || !Object.hasOwn(record, name)) continue;
    const entry = record[name];
    if (entry !== undefined && entry !== null) out[name] = write(entry, member);
  }
  return out;
}
