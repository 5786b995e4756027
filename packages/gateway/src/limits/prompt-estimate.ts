import type { ChatRequest } from '@interlingua/core';
import { estimateInputTokens } from './estimate-input-tokens';

/**
 * A request's prompt estimate ({@link estimateInputTokens}), counted when first read and then
 * kept. Most calls never read it: it is needed for a `tpm` reservation, for a format that
 * announces usage before the answer (Anthropic's `message_start`), and to charge a call the
 * client left before the backend's count. A coding agent's request carries 20–40 tool schemas
 * (80 KB of JSON for Claude Code), and counting them stringifies each one (issue 33).
 */
export class PromptEstimate {
  private counted: number | undefined;

  constructor(private readonly request: ChatRequest) {}

  get tokens(): number {
    this.counted ??= estimateInputTokens(this.request);
    return this.counted;
  }
}
