import { describe, expect, it } from 'vitest';
import type { Warning } from '../ir/warning';
import { warnForeignOptions } from './warn-foreign-options';

describe('warnForeignOptions', () => {
  it('warns once per foreign field not carried; own options and carried fields are skipped', () => {
    const warnings: Warning[] = [];
    warnForeignOptions(
      {
        anthropic: { thinking: { type: 'enabled' }, top_k: 5 },
        openai: { response_format: { type: 'json_object' }, logprobs: true, parallel_tool_calls: false },
      },
      {
        provider: 'anthropic',
        format: 'Anthropic',
        carried: (key, field) => key === 'openai' && field === 'parallel_tool_calls',
      },
      warnings,
    );
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.response_format',
        message: 'Anthropic has no equivalent of the openai option `response_format`; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.logprobs',
        message: 'Anthropic has no equivalent of the openai option `logprobs`; it was not sent.',
      },
    ]);
  });

  it("uses the codec's own message where it has one", () => {
    const warnings: Warning[] = [];
    warnForeignOptions(
      { openai: { parallel_tool_calls: false } },
      { provider: 'gemini', format: 'Gemini', explain: () => 'Gemini has no such switch.' },
      warnings,
    );
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.parallel_tool_calls',
        message: 'Gemini has no such switch.',
      },
    ]);
  });

  it("warns about a foreign option that disagrees with the codec's own, which wins", () => {
    const warnings: Warning[] = [];
    warnForeignOptions(
      { openai: { seed: 7 }, gemini: { seed: 9 }, anthropic: { top_k: 5 } },
      {
        provider: 'gemini',
        format: 'Gemini',
        carried: (key, field) => `${key}.${field}` === 'openai.seed' || `${key}.${field}` === 'anthropic.top_k',
        conflicts: new Set(['openai.seed']),
      },
      warnings,
    );
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.seed',
        message:
          "openai's `seed` disagrees with the Gemini option of the same meaning in providerOptions.gemini; that one was sent.",
      },
    ]);
  });

  it('does nothing without providerOptions', () => {
    const warnings: Warning[] = [];
    warnForeignOptions(undefined, { provider: 'openai', format: 'Chat Completions' }, warnings);
    expect(warnings).toEqual([]);
  });
});
