import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../registry/capabilities-of';

describe('Bedrock capability rows', () => {
  it.each([
    ['bedrock:anthropic.claude-sonnet-4-20250514-v1:0', 'native', ['auto', 'required', 'tool'], 64_000],
    ['bedrock:us.anthropic.claude-3-5-sonnet-20241022-v2:0', 'native', ['auto', 'required', 'tool'], 8192],
    ['bedrock:amazon.nova-pro-v1:0', 'native', ['auto', 'required', 'tool'], 'unknown'],
    ['bedrock:us.meta.llama3-3-70b-instruct-v1:0', 'native', ['auto'], 'unknown'],
    ['bedrock:mistral.mistral-large-2407-v1:0', 'native', ['auto', 'required', 'tool'], 'unknown'],
    ['bedrock:mistral.mixtral-8x7b-instruct-v0:1', 'none', ['auto'], 'unknown'],
    ['bedrock:deepseek.r1-v1:0', 'none', ['auto'], 'unknown'],
  ])('%s: tool calling %s, tool choice %j, max output %s', (id, toolCalling, toolChoice, maxOutputTokens) => {
    const capabilities = capabilitiesOf(id);
    expect(capabilities.toolCalling).toBe(toolCalling);
    expect(capabilities.toolChoice).toEqual(toolChoice);
    expect(capabilities.maxOutputTokens).toBe(maxOutputTokens);
    expect(capabilities.systemPrompt).toBe('native');
  });

  it('knows the Claude family on Bedrock reasons and reads images, and Nova Micro reads no images', () => {
    expect(capabilitiesOf('bedrock:global.anthropic.claude-opus-4-20250514-v1:0')).toMatchObject({
      reasoning: true,
      imageInput: true,
      contextWindow: 200_000,
    });
    expect(capabilitiesOf('bedrock:amazon.nova-micro-v1:0')).toMatchObject({
      imageInput: false,
      contextWindow: 128_000,
    });
  });
});
