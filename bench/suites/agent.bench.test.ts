import { describe, expect, it } from 'vitest';
import { AGENT_STEPS, agentCells } from './agent.bench';

// Each side of the agent cells run once: the loop on the bare SDK and runAgent must go through
// the same steps and end with the same history length, or the ratio between them means nothing.
// Nothing here is timed.
describe('bench agent cells', () => {
  it('the SDK loop and runAgent both take every scripted step and end with the same history', async () => {
    const { cells, sides } = await agentCells();
    expect(cells).toHaveLength(2);
    for (const count of [1, 20]) {
      const sdkMessages = await sides[`sdk-${count}`]?.();
      const subjectMessages = await sides[`subject-${count}`]?.();
      // The user's question, then per step the assistant turn and (but for the last) the tool results.
      expect(sdkMessages).toBe(1 + AGENT_STEPS + (AGENT_STEPS - 1));
      expect(subjectMessages).toBe(sdkMessages);
    }
  });
});
