import { describe, expect, it } from 'vitest';
import { isToolOutput, toToolOutput } from './tool-output';

describe('toToolOutput', () => {
  it('keeps strings as text, values as JSON, and ToolOutput as is', () => {
    expect(toToolOutput('sunny').content).toEqual([{ type: 'text', text: 'sunny' }]);
    expect(toToolOutput({ temp: 25 }).content).toEqual([{ type: 'text', text: '{"temp":25}' }]);
    expect(toToolOutput(undefined).content).toEqual([{ type: 'text', text: '' }]);
    const output = { type: 'tool-output' as const, content: [{ type: 'text' as const, text: 'x' }], isError: true };
    expect(toToolOutput(output)).toBe(output);
    expect(isToolOutput({ type: 'tool-output' })).toBe(false);
  });
});
