import type {
  AssistantContentPart,
  FilePart,
  ImagePart,
  JSONObject,
  TextPart,
  ToolResult,
  UserContentPart,
  Warning,
} from '@interlingua/core';
import type { BedrockContentBlockIn } from './bedrock-api';
import { fromBedrockCachePoint } from './bedrock-cache-point';
import { documentMediaTypeOf, imageMediaTypeOf } from './bedrock-media-types';
import { toolCallFromBedrockInput } from './bedrock-tool-use';

type ImageIn = NonNullable<BedrockContentBlockIn['image']>;
type DocumentIn = NonNullable<BedrockContentBlockIn['document']>;

/**
 * Decodes the blocks of an assistant message to IR parts: `text`, `toolUse` (the raw-text
 * carrier back to `argsText`), `reasoningContent` (`reasoningText` with its signature,
 * `redactedContent` as `redacted`). A `cachePoint` becomes the `cacheBreakpoint` of the part
 * before it. Other blocks have no place in an assistant turn of the
 * IR: each is skipped with a warning naming it.
 */
export function decodeBedrockAssistantContent(
  blocks: readonly BedrockContentBlockIn[],
  path: string,
  warnings: Warning[],
): AssistantContentPart[] {
  const parts: AssistantContentPart[] = [];
  blocks.forEach((block, index) => {
    if (block.text !== undefined) parts.push({ type: 'text', text: block.text });
    else if (block.toolUse !== undefined)
      parts.push(toolCallFromBedrockInput(block.toolUse.toolUseId, block.toolUse.name, block.toolUse.input));
    else if (block.reasoningContent !== undefined) {
      const reasoning = block.reasoningContent;
      if ('redactedContent' in reasoning)
        parts.push({ type: 'reasoning', text: '', redacted: reasoning.redactedContent });
      else {
        const { text, signature } = reasoning.reasoningText;
        parts.push({ type: 'reasoning', text, ...(signature === undefined ? {} : { signature }) });
      }
    } else if (block.cachePoint !== undefined)
      attachCachePoint(parts.at(-1), block.cachePoint, `${path}[${index}]`, warnings);
    else skipped(block, `${path}[${index}]`, warnings);
  });
  return parts;
}

/** Decodes a user block (of a user message or a tool result) to an IR part, or `undefined` with a warning. */
export function decodeBedrockUserBlock(
  block: { text?: string | undefined; image?: ImageIn | undefined; document?: DocumentIn | undefined; json?: unknown },
  path: string,
  warnings: Warning[],
): TextPart | ImagePart | FilePart | undefined {
  if (block.text !== undefined) return { type: 'text', text: block.text };
  if (block.image !== undefined) {
    const mediaType = imageMediaTypeOf(block.image.format);
    const source = block.image.source;
    return 'bytes' in source
      ? { type: 'image', source: { type: 'base64', data: source.bytes }, mediaType }
      : { type: 'image', source: { type: 'url', url: source.s3Location.uri }, mediaType };
  }
  if (block.document !== undefined) {
    const { format, name, source } = block.document;
    if ('text' in source) {
      const data = Buffer.from(source.text, 'utf8').toString('base64');
      return { type: 'file', source: { type: 'base64', data }, mediaType: 'text/plain', filename: name };
    }
    const mediaType = documentMediaTypeOf(format);
    return 'bytes' in source
      ? { type: 'file', source: { type: 'base64', data: source.bytes }, mediaType, filename: name }
      : { type: 'file', source: { type: 'url', url: source.s3Location.uri }, mediaType, filename: name };
  }
  if ('json' in block) return { type: 'text', text: JSON.stringify(block.json) ?? 'null' };
  skipped(block, path, warnings);
  return undefined;
}

/**
 * Puts a `cachePoint` on the part before it, as its neutral `cacheBreakpoint`; one after reasoning
 * (which carries no breakpoint in the IR) goes to `providerMetadata.bedrock.cachePoint`, which the
 * encoder still reads.
 */
export function attachCachePoint(
  part: AssistantContentPart | ToolResult | UserContentPart | undefined,
  cachePoint: { type: 'default'; ttl?: '5m' | '1h' | undefined },
  path: string,
  warnings: Warning[],
): void {
  if (part === undefined) {
    warnings.push({ type: 'other', feature: path, message: 'Skipped a cachePoint that follows no content.' });
    return;
  }
  // A hosted part (another provider's) never arrives from Bedrock; it has no breakpoint.
  if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') return;
  if (part.type !== 'reasoning') {
    part.cacheBreakpoint = fromBedrockCachePoint(cachePoint);
    return;
  }
  const value: JSONObject =
    cachePoint.ttl === undefined ? { type: 'default' } : { type: 'default', ttl: cachePoint.ttl };
  part.providerMetadata = {
    ...part.providerMetadata,
    bedrock: { ...part.providerMetadata?.bedrock, cachePoint: value },
  };
}

function skipped(block: object, path: string, warnings: Warning[]): void {
  const kind = Object.keys(block)[0] ?? 'empty';
  warnings.push({
    type: 'unsupported',
    feature: `${path}.${kind}`,
    message: `Skipped a ${kind} block: the IR has no place for it here.`,
  });
}
