import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../registry/capabilities-of';

describe('Gemini rows on Vertex AI', () => {
  it('answer vertex: ids as they answer gemini: ids', () => {
    expect(capabilitiesOf('vertex:gemini-2.5-flash')).toEqual(capabilitiesOf('gemini:gemini-2.5-flash'));
    expect(capabilitiesOf('vertex:gemini-2.5-flash')).toMatchObject({
      toolCalling: 'native',
      contextWindow: 1_048_576,
    });
  });
});
