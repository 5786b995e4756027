import { describe, expect, it } from 'vitest';
import { estimateUnfinishedUsage } from './estimate-unfinished-usage';

describe('estimateUnfinishedUsage', () => {
  it('charges the prompt’s estimate and the output relayed when the backend reported nothing', () => {
    expect(estimateUnfinishedUsage(undefined, 6, 8)).toEqual({
      usage: { inputTokens: 6, outputTokens: 8 },
      estimated: true,
    });
  });

  it('charges exactly what the backend reported when it covers what was relayed', () => {
    const reported = { inputTokens: 40, outputTokens: 30, cachedInputTokens: 10 };
    expect(estimateUnfinishedUsage(reported, 6, 8)).toEqual({ usage: reported, estimated: false });
  });

  it('keeps a count reported at the start (Anthropic’s message_start) but never below the output relayed', () => {
    expect(estimateUnfinishedUsage({ inputTokens: 12, outputTokens: 1 }, 6, 3)).toEqual({
      usage: { inputTokens: 12, outputTokens: 3 },
      estimated: true,
    });
  });

  it('fills in the prompt’s estimate when the report has no input count', () => {
    expect(estimateUnfinishedUsage({ inputTokens: 0, outputTokens: 20 }, 6, 8)).toEqual({
      usage: { inputTokens: 6, outputTokens: 20 },
      estimated: true,
    });
  });
});
