import type {
  AssistantContentPart,
  HostedTool,
  HostedToolCall,
  HostedToolResult,
  ModelResponse,
} from '@interlingua/core';
import fc from 'fast-check';

const word = fc.stringMatching(/^[a-z][a-z0-9-]{1,12}$/);
const domain = word.map((name) => `${name}.example`);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
// Leaves out the keys an arbitrary left undefined (the IR's optional fields are absent, never undefined).
const defined = (value: object): HostedTool =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as HostedTool;

/** A hosted tool of any kind with the settings the IR names, in valid IR. */
export const arbitraryHostedTool = (): fc.Arbitrary<HostedTool> =>
  fc.oneof(
    fc
      .record({
        maxUses: optional(fc.integer({ min: 1, max: 10 })),
        allowedDomains: optional(fc.array(domain, { minLength: 1, maxLength: 2 })),
        userLocation: optional(
          fc
            .record({ country: fc.constantFrom('FR', 'JP', 'US'), city: optional(word) })
            .map(({ country, city }) => (city === undefined ? { country } : { country, city })),
        ),
        searchContextSize: optional(fc.constantFrom('low' as const, 'medium' as const, 'high' as const)),
      })
      .map((settings) => defined({ type: 'hosted-tool' as const, kind: 'web-search' as const, ...settings })),
    fc
      .record({ maxUses: optional(fc.integer({ min: 1, max: 10 })) })
      .map((settings) => defined({ type: 'hosted-tool' as const, kind: 'web-fetch' as const, ...settings })),
    fc.constant<HostedTool>({ type: 'hosted-tool', kind: 'code-execution' }),
    fc
      .array(
        word.map((name) => `vs_${name}`),
        { minLength: 1, maxLength: 2 },
      )
      .map((ids): HostedTool => ({ type: 'hosted-tool', kind: 'file-search', vectorStoreIds: ids })),
    word.map(
      (label): HostedTool => ({
        type: 'hosted-tool',
        kind: 'mcp',
        serverLabel: label,
        serverUrl: `https://${label}.example/mcp`,
      }),
    ),
    fc.constant<HostedTool>({ type: 'hosted-tool', kind: 'tool-search' }),
  );

/**
 * A hosted call and its result as another provider left them in a history (`providerMetadata`
 * under `provider`, a key the codec under test does not read): a web search with sources, code
 * with its output, or an MCP call with its answer. The readable fields are what any codec must
 * carry on (natively or as text).
 */
export const arbitraryForeignHostedTurn = (provider = 'elsewhere'): fc.Arbitrary<AssistantContentPart[]> =>
  fc
    .record({
      id: fc.stringMatching(/^srv_[A-Za-z0-9]{6,10}$/),
      kind: fc.constantFrom('web-search' as const, 'code-execution' as const, 'mcp' as const),
      query: fc.stringMatching(/^[a-z]{3,10} [a-z]{3,10}$/),
      output: fc.stringMatching(/^[A-Za-z]{4,12}$/),
      url: domain.map((name) => `https://${name}/page`),
    })
    .map(({ id, kind, query, output, url }) => {
      const metadata = { [provider]: { opaque: 'replay-data' } };
      const input =
        kind === 'web-search'
          ? { query }
          : kind === 'code-execution'
            ? { code: `len(${query.replace(' ', '_')})` }
            : { server: 'docs', tool: 'lookup', arguments: { q: query } };
      const call: HostedToolCall = {
        type: 'hosted-tool-call',
        id,
        kind,
        name: kind.replace('-', '_'),
        input,
        providerMetadata: metadata,
      };
      const result: HostedToolResult = {
        type: 'hosted-tool-result',
        callId: id,
        kind,
        name: call.name,
        ...(kind === 'web-search' ? { sources: [{ url, title: output }] } : { output }),
        providerMetadata: metadata,
      };
      return [call, result, { type: 'text', text: 'Done.' }];
    });

/** A response whose message holds another provider's hosted call and result, then text. */
export const arbitraryForeignHostedResponse = (provider?: string): fc.Arbitrary<ModelResponse> =>
  arbitraryForeignHostedTurn(provider).map((content) => ({
    message: { role: 'assistant', content },
    finishReason: 'stop',
    rawFinishReason: null,
    usage: { inputTokens: 10, outputTokens: 5 },
    warnings: [],
  }));
