import type { CacheBreakpoint, ProviderMetadata, Warning } from '@interlingua/core';
import { limitCacheBreakpoints } from '@interlingua/core/adapter';
import type { BedrockCachePoint, BedrockConverseRequest } from './bedrock-api';

/** Bedrock's limit on cache checkpoints in one request (Claude and Nova models alike). */
export const BEDROCK_MAX_CACHE_POINTS = 4;

/**
 * The `cachePoint` to put after an IR part or tool: its neutral `cacheBreakpoint`, else the forms
 * older releases kept in provider metadata (`providerMetadata.bedrock.cachePoint`, or an Anthropic
 * `cache_control` / `cacheControl`), still read so stored histories keep their breakpoints.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html
 */
export function readCachePoint(part: {
  cacheBreakpoint?: CacheBreakpoint;
  providerMetadata?: ProviderMetadata;
}): BedrockCachePoint | undefined {
  const breakpoint = part.cacheBreakpoint;
  if (breakpoint !== undefined)
    return breakpoint.ttl === undefined ? { type: 'default' } : { type: 'default', ttl: breakpoint.ttl };
  const metadata = part.providerMetadata;
  if (metadata === undefined) return undefined;
  const value = metadata.bedrock?.cachePoint ?? metadata.anthropic?.cache_control ?? metadata.anthropic?.cacheControl;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (value.type !== 'default' && value.type !== 'ephemeral') return undefined;
  return value.ttl === '5m' || value.ttl === '1h' ? { type: 'default', ttl: value.ttl } : { type: 'default' };
}

/** The neutral breakpoint of a `cachePoint` block. */
export function fromBedrockCachePoint(cachePoint: { ttl?: '5m' | '1h' | undefined }): CacheBreakpoint {
  return cachePoint.ttl === undefined ? {} : { ttl: cachePoint.ttl };
}

/**
 * Keeps a Converse input within {@link BEDROCK_MAX_CACHE_POINTS}: Bedrock refuses more, so the
 * extra `cachePoint` blocks (see `limitCacheBreakpoints`) are taken out, each with a warning.
 * Counted in prompt order: tools, system, messages.
 */
export function limitBedrockCachePoints(body: BedrockConverseRequest, warnings: Warning[]): void {
  const marks: { path: string; list: object[]; block: object }[] = [];
  const collect = (list: object[] | undefined, at: string) =>
    list?.forEach((block, index) => {
      if ('cachePoint' in block) marks.push({ path: `${at}[${index}]`, list, block });
    });
  collect(body.toolConfig?.tools, 'toolConfig.tools');
  collect(body.system, 'system');
  body.messages.forEach((message, index) => {
    collect(message.content, `messages[${index}].content`);
  });
  for (const { list, block } of limitCacheBreakpoints(marks, BEDROCK_MAX_CACHE_POINTS, 'Bedrock', warnings))
    list.splice(list.indexOf(block), 1);
}
