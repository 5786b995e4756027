import type { Warning } from '@interlingua/core';
import { issuedGeminiCallId } from '@interlingua/gemini';
import { describe, expect, it } from 'vitest';
import { expectedExchanges, expectSecretHandled, secretsOf } from './handoff-expectations';
import {
  buildHandoff,
  codecs,
  followUp,
  type Handoff,
  handoffScenarios,
  modelIds,
  pixelPng,
  providerNames,
} from './handoff-histories';
import { readWireBody } from './handoff-wire';

// A real history from one provider (its own wire fixtures, decoded by its own codec), with
// tool results and a follow-up user turn, encoded for each OTHER provider.

const handoffs: Handoff[] = await Promise.all(
  handoffScenarios.map((scenario) => buildHandoff(scenario.source, scenario.fixtures)),
);
const cases = handoffs.flatMap((handoff) =>
  providerNames.filter((target) => target !== handoff.source).map((target) => ({ handoff, target })),
);

const features = (warnings: readonly Warning[]) => warnings.map((warning) => warning.feature);

describe.each(cases)('$handoff.name → $target', ({ handoff, target }) => {
  const encode = () => codecs[target].encodeRequest({ messages: handoff.messages }, { model: modelIds[target] });

  it('encodes without throwing into a body that keeps the provider’s turn rules', () => {
    const { value } = encode();
    const reading = readWireBody[target](value);
    expect(reading.problems).toEqual([]);
    expect(reading.lastUserText).toBe(followUp);
  });

  it('answers every tool call exactly once, with matching ids, names and error flags', () => {
    const { exchanges } = readWireBody[target](encode().value);
    const expected = expectedExchanges(handoff.messages, target);
    expect(expected.length).toBeGreaterThan(0);
    expect(exchanges).toEqual(expected);
    // Ids on the wire answer one call each; Gemini pairs the calls sent without one by name and order.
    for (const exchange of exchanges) {
      const answered = exchange.answers.flatMap((answer) => (answer.id === undefined ? [] : [answer.id]));
      expect(new Set(answered).size).toBe(answered.length);
    }
  });

  it('replays provider-only signatures the target verifies, and drops the rest with a warning, never silently', () => {
    const { value, warnings } = encode();
    const wire = JSON.stringify(value);
    const secrets = secretsOf(handoff.messages);
    // Every Anthropic, Gemini, Bedrock and Responses history here carries some; Chat Completions has none to carry.
    expect(secrets.length > 0).toBe(handoff.source !== 'openai');
    for (const secret of secrets) expectSecretHandled(secret, target, wire, features(warnings));
  });

  it('keeps every image of a tool result, or warns about it', () => {
    const { value, warnings } = encode();
    const images = handoff.messages.flatMap((message) =>
      message.role === 'tool'
        ? message.content.flatMap((result) => result.content.filter((part) => part.type === 'image'))
        : [],
    );
    expect(images.length).toBeGreaterThan(0);
    const carried = JSON.stringify(value).split(pixelPng).length - 1;
    expect(carried).toBe(images.length);
    // Chat Completions tool messages carry text only: the images move to a user message, with a warning.
    if (target === 'openai')
      expect(
        warnings.filter((warning) => warning.type === 'degraded' && /\.content$/.test(warning.feature)),
      ).toHaveLength(images.length);
  });

  it('replays unparseable arguments in a form the provider accepts, with a warning', () => {
    const broken = handoff.messages.flatMap((message) =>
      message.role === 'assistant'
        ? message.content.filter((part) => part.type === 'tool-call' && part.argsText !== undefined)
        : [],
    );
    const { value, warnings } = encode();
    const argsWarnings = warnings.filter((warning) => /argsText$/.test(warning.feature));
    // The OpenAI APIs carry the raw argument string itself: nothing to warn about.
    const verbatim = target === 'openai' || target === 'openai-responses';
    expect(argsWarnings).toHaveLength(verbatim ? 0 : broken.length);
    for (const call of broken) {
      if (call.type !== 'tool-call' || call.argsText === undefined) continue;
      if (verbatim) expect(JSON.stringify(value)).toContain(JSON.stringify(call.argsText));
      if (target === 'anthropic' || target === 'bedrock')
        expect(JSON.stringify(value)).toContain(JSON.stringify({ _unparsed_arguments: call.argsText }));
      if (target === 'gemini') {
        const id = issuedGeminiCallId(call);
        expect(JSON.stringify(value)).toContain(
          JSON.stringify(id === undefined ? { name: call.name, args: {} } : { name: call.name, args: {}, id }),
        );
      }
    }
  });
});

describe.each(handoffs.filter((handoff) => handoff.source !== 'gemini'))('$name → Gemini 3', (handoff) => {
  it('signs the first call of every foreign call turn with the documented sentinel, with a warning', () => {
    const { value, warnings } = codecs.gemini.encodeRequest(
      { messages: handoff.messages },
      { model: 'gemini-3-pro-preview' },
    );
    const contents = (
      value as { contents: { role: string; parts: { functionCall?: unknown; thoughtSignature?: string }[] }[] }
    ).contents;
    const callTurns = contents.filter((content) => content.parts.some((part) => part.functionCall !== undefined));
    expect(callTurns.length).toBeGreaterThan(0);
    for (const turn of callTurns) {
      const signatures = turn.parts
        .filter((part) => part.functionCall !== undefined)
        .map((part) => part.thoughtSignature);
      expect(signatures[0]).toBe('skip_thought_signature_validator');
      expect(signatures.slice(1).every((signature) => signature === undefined)).toBe(true);
    }
    expect(warnings.filter((warning) => /thoughtSignature$/.test(warning.feature))).toHaveLength(callTurns.length);
    expect(readWireBody.gemini(value).problems).toEqual([]);
  });
});

describe.each(cases)(
  '$handoff.name → $target, switched mid-loop (the history ends with tool results)',
  ({ handoff, target }) => {
    it('still answers every call exactly once in a body that keeps the provider’s turn rules', () => {
      const messages = handoff.messages.slice(0, -1);
      expect(messages.at(-1)?.role).toBe('tool');
      const { value } = codecs[target].encodeRequest({ messages }, { model: modelIds[target] });
      const reading = readWireBody[target](value);
      expect(reading.problems).toEqual([]);
      expect(reading.exchanges).toEqual(expectedExchanges(messages, target));
    });
  },
);
