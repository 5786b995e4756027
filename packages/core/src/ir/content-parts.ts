import type { CacheBreakpoint } from './cache-breakpoint';
import type { ProviderMetadata } from './json-value';

/** Where binary content lives: inline base64 (no `data:` prefix) or a URL the provider can fetch. */
export type BinarySource = { type: 'base64'; data: string } | { type: 'url'; url: string };

/** Plain text. */
export type TextPart = {
  type: 'text';
  /** The text itself. May be empty in a stream's first delta, never `undefined`. */
  text: string;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** Provider data that rides on this part (e.g. Gemini `thoughtSignature`). */
  providerMetadata?: ProviderMetadata;
};

/** An image, inline (base64) or by URL. */
export type ImagePart = {
  type: 'image';
  /** The image bytes or URL. */
  source: BinarySource;
  /** IANA media type such as `image/png`. Required for base64 sources; optional for URLs. */
  mediaType?: string;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** Provider data that rides on this part. */
  providerMetadata?: ProviderMetadata;
};

/** A file other than an image: a PDF, an audio clip, a blob resource from an MCP server. */
export type FilePart = {
  type: 'file';
  /** The file bytes or URL. */
  source: BinarySource;
  /** IANA media type such as `application/pdf` or `audio/wav`. */
  mediaType: string;
  /** A display name, when one is known. */
  filename?: string;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** Provider data that rides on this part. */
  providerMetadata?: ProviderMetadata;
};

/**
 * Thinking output of a reasoning model, kept so it can be replayed to the same provider
 * (which may verify `signature`), dropped, or turned into text for another provider.
 */
export type ReasoningPart = {
  type: 'reasoning';
  /** The visible reasoning text; empty for a redacted block. */
  text: string;
  /** Opaque signature the provider uses to verify replayed reasoning (Anthropic `signature`). */
  signature?: string;
  /** Opaque encrypted payload of a redacted block (Anthropic `redacted_thinking.data`). */
  redacted?: string;
  /** Provider data that rides on this part (e.g. Gemini `thoughtSignature`). */
  providerMetadata?: ProviderMetadata;
};

/** The parts a user message or a tool result may hold. */
export type UserContentPart = TextPart | ImagePart | FilePart;
