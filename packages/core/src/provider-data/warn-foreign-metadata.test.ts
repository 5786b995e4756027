import { describe, expect, it } from 'vitest';
import type { Warning } from '../ir/warning';
import { warnForeignMetadata } from './warn-foreign-metadata';

const options = { provider: 'openai', format: 'Chat Completions', at: 'tool-call' };

describe('warnForeignMetadata', () => {
  it('warns once per foreign provider key, naming its fields; the own key is not foreign', () => {
    const warnings: Warning[] = [];
    warnForeignMetadata(
      {
        type: 'tool-call',
        id: 'c1',
        providerMetadata: { openai: { x: 1 }, gemini: { thoughtSignature: 'sig' }, anthropic: { a: 1, b: 2 } },
      },
      options,
      warnings,
    );
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool-call.providerMetadata.gemini',
        message:
          'Chat Completions has no field for gemini data (thoughtSignature) on a tool-call part; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'tool-call.providerMetadata.anthropic',
        message: 'Chat Completions has no field for anthropic data (a, b) on a tool-call part; it was not sent.',
      },
    ]);
  });

  it("does not warn about a record of the call's own id: the id itself is sent", () => {
    const warnings: Warning[] = [];
    const call = { type: 'tool-call', id: 'fc_1', providerMetadata: { gemini: { functionCallId: 'fc_1' } } };
    warnForeignMetadata(call, options, warnings);
    expect(warnings).toEqual([]);
    // A record of another id (the call was renamed) is data the target cannot carry.
    warnForeignMetadata({ ...call, id: 'fc_1_2' }, options, warnings);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Chat Completions has no field for gemini data (functionCallId) on a tool-call part; it was not sent.',
    ]);
  });

  it('does nothing for a part without metadata', () => {
    const warnings: Warning[] = [];
    warnForeignMetadata({ type: 'text' }, options, warnings);
    expect(warnings).toEqual([]);
  });
});
