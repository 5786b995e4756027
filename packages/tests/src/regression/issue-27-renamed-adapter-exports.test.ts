import {
  convertToAnthropicFinishReason,
  mapAnthropicStopReason,
  mapFinishReasonToAnthropic,
} from '@interlingua/anthropic';
import {
  convertToBedrockFinishReason,
  convertToBedrockToolUseId,
  mapBedrockStopReason,
  mapFinishReasonToBedrock,
  toBedrockToolUseId,
} from '@interlingua/bedrock';
import { finishReasonSchema } from '@interlingua/core';
import { describe, expect, it } from 'vitest';

const REASONS = finishReasonSchema.options;

// Issue 27 renamed the public IR→wire functions to convertTo<P><Thing>; the old names stay for one
// release, so code written against them still compiles and does the same.
describe('issue 27: the renamed adapter exports keep their old names for one release', () => {
  it('Anthropic: mapFinishReasonToAnthropic is convertToAnthropicFinishReason, the inverse of mapAnthropicStopReason', () => {
    expect(mapFinishReasonToAnthropic).toBe(convertToAnthropicFinishReason);
    expect(mapAnthropicStopReason(mapFinishReasonToAnthropic('tool_calls', null, undefined))).toBe('tool_calls');
  });

  it('Bedrock: mapFinishReasonToBedrock and toBedrockToolUseId are the new functions', () => {
    expect(mapFinishReasonToBedrock).toBe(convertToBedrockFinishReason);
    expect(toBedrockToolUseId).toBe(convertToBedrockToolUseId);
    for (const reason of REASONS)
      expect(mapFinishReasonToBedrock(reason, null)).toBe(convertToBedrockFinishReason(reason, null));
    expect(mapBedrockStopReason(mapFinishReasonToBedrock('length', null))).toBe('length');
    expect(toBedrockToolUseId('id:1')).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});
