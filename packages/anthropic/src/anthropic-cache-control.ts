import type { CacheBreakpoint, ProviderMetadata, Warning } from '@interlingua/core';
import { limitCacheBreakpoints } from '@interlingua/core/adapter';
import type { AnthropicCacheControl, AnthropicMessagesRequest } from './anthropic-api';

/** Anthropic's limit on `cache_control` breakpoints in one request (a 400 beyond it). */
export const ANTHROPIC_MAX_CACHE_BREAKPOINTS = 4;

/**
 * The `cache_control` of an IR part or tool: its neutral `cacheBreakpoint`, else the form older
 * releases kept in `providerMetadata.anthropic.cache_control` (or `cacheControl`), still read so
 * histories stored by them keep their breakpoints.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
 */
export function toAnthropicCacheControl(part: {
  cacheBreakpoint?: CacheBreakpoint;
  providerMetadata?: ProviderMetadata;
}): AnthropicCacheControl | undefined {
  const breakpoint = part.cacheBreakpoint;
  if (breakpoint !== undefined)
    return breakpoint.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: breakpoint.ttl };
  const anthropic = part.providerMetadata?.anthropic;
  if (anthropic === undefined) return undefined;
  const value = anthropic.cache_control ?? anthropic.cacheControl;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value.type !== 'ephemeral')
    return undefined;
  return value.ttl === '5m' || value.ttl === '1h' ? { type: 'ephemeral', ttl: value.ttl } : { type: 'ephemeral' };
}

/** The neutral breakpoint of a block's `cache_control`, as `{ cacheBreakpoint }` to spread, or `{}`. */
export function fromAnthropicCacheControl(
  cacheControl: { type: 'ephemeral'; ttl?: '5m' | '1h' | undefined } | null | undefined,
): { cacheBreakpoint?: CacheBreakpoint } {
  if (cacheControl === null || cacheControl === undefined) return {};
  return { cacheBreakpoint: cacheControl.ttl === undefined ? {} : { ttl: cacheControl.ttl } };
}

/** The breakpoint of a parsed block's `cache_control` when it is one (`{ type: 'ephemeral', ttl? }`). */
export function readBlockCacheBreakpoint(value: unknown): CacheBreakpoint | undefined {
  if (typeof value !== 'object' || value === null || (value as { type?: unknown }).type !== 'ephemeral')
    return undefined;
  const ttl = (value as { ttl?: unknown }).ttl;
  return ttl === '5m' || ttl === '1h' ? { ttl } : {};
}

type Marked = { cache_control?: unknown };

/**
 * Keeps a body within {@link ANTHROPIC_MAX_CACHE_BREAKPOINTS}: the API refuses a request with more,
 * so the extra ones (see `limitCacheBreakpoints`) are taken off, each with a warning, instead of the
 * whole call failing. Marks are counted in prompt order: tools, system, messages.
 */
export function limitAnthropicCacheControl(body: AnthropicMessagesRequest, warnings: Warning[]): void {
  const marks: { path: string; block: Marked }[] = [];
  const visit = (block: unknown, path: string) => {
    if (typeof block === 'object' && block !== null && (block as Marked).cache_control !== undefined)
      marks.push({ path, block: block as Marked });
  };
  body.tools?.forEach((tool, index) => {
    visit(tool, `tools[${index}]`);
  });
  if (Array.isArray(body.system))
    body.system.forEach((block, index) => {
      visit(block, `system[${index}]`);
    });
  body.messages.forEach((message, index) => {
    message.content.forEach((block, position) => {
      const path = `messages[${index}].content[${position}]`;
      visit(block, path);
      if (block.type === 'tool_result' && Array.isArray(block.content))
        block.content.forEach((inner, at) => {
          visit(inner, `${path}.content[${at}]`);
        });
    });
  });
  for (const { block } of limitCacheBreakpoints(marks, ANTHROPIC_MAX_CACHE_BREAKPOINTS, 'Anthropic', warnings))
    delete block.cache_control;
}
