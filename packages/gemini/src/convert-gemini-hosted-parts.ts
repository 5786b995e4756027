import type {
  AssistantContentPart,
  HostedToolCall,
  HostedToolResult,
  HostedToolSource,
  JSONObject,
  Warning,
} from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type { GeminiPart } from './gemini-api';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A Gemini `executableCode` / `codeExecutionResult` part, as the decoders read it. */
export type GeminiCodePart = {
  executableCode?: { code?: unknown; language?: unknown; id?: unknown } | undefined;
  codeExecutionResult?: { outcome?: unknown; output?: unknown; id?: unknown } | undefined;
};

/**
 * Ids for the code Gemini ran in one answer: the part's own `id` when it has one, else
 * `code_<n>` in order; a result answers the code before it. Deterministic, so a body and its
 * stream get the same ids.
 */
export class GeminiCodeIds {
  private count = 0;
  private last: string | undefined;
  /** The id of the next `executableCode` part. */
  call(id: unknown): string {
    this.count++;
    this.last = typeof id === 'string' && id !== '' ? id : `code_${this.count}`;
    return this.last;
  }
  /** The id of the code a `codeExecutionResult` answers. */
  result(id: unknown): string {
    return typeof id === 'string' && id !== '' ? id : (this.last ?? `code_${this.count + 1}`);
  }
}

/**
 * The IR part for a Gemini code-execution part: `executableCode` → a call with `{ code, language }`,
 * `codeExecutionResult` → its result (`output`; an outcome other than `OUTCOME_OK` is an error).
 * Both keep `providerMetadata.gemini.part`, so a Gemini replay sends them as they came.
 * `undefined` for any other part.
 *
 * @see https://ai.google.dev/gemini-api/docs/code-execution
 */
export function decodeGeminiCodePart(
  part: GeminiCodePart,
  ids: GeminiCodeIds,
): HostedToolCall | HostedToolResult | undefined {
  if (isRecord(part.executableCode)) {
    const code = part.executableCode;
    return {
      type: 'hosted-tool-call',
      id: ids.call(code.id),
      kind: 'code-execution',
      name: 'code_execution',
      input: { code: text(code.code) ?? '', language: text(code.language) ?? 'PYTHON' },
      providerMetadata: { gemini: { part: { executableCode: code as JSONObject } } },
    };
  }
  if (isRecord(part.codeExecutionResult)) {
    const result = part.codeExecutionResult;
    const outcome = text(result.outcome) ?? 'OUTCOME_OK';
    return {
      type: 'hosted-tool-result',
      callId: ids.result(result.id),
      kind: 'code-execution',
      name: 'code_execution',
      output: text(result.output) ?? '',
      ...(outcome === 'OUTCOME_OK' ? {} : { isError: true }),
      providerMetadata: { gemini: { part: { codeExecutionResult: result as JSONObject } } },
    };
  }
  return undefined;
}

/**
 * The IR parts for a candidate's `groundingMetadata` (Google Search grounding): a web-search call
 * with the `webSearchQueries` and its result with the web `groundingChunks` as sources, marked
 * `providerMetadata.gemini.grounding` (Gemini takes no grounding back in `contents`; the
 * metadata itself rides on the result for `encodeResponse`). Put after the answer's parts, where a
 * stream learns of them. Nothing when the metadata names no query and no source.
 *
 * @see https://ai.google.dev/gemini-api/docs/google-search
 */
export function decodeGeminiGrounding(
  metadata: unknown,
  responseId: string | undefined,
): (HostedToolCall | HostedToolResult)[] {
  if (!isRecord(metadata)) return [];
  const queries = Array.isArray(metadata.webSearchQueries)
    ? metadata.webSearchQueries.filter((query): query is string => typeof query === 'string')
    : [];
  const sources: HostedToolSource[] = [];
  for (const chunk of Array.isArray(metadata.groundingChunks) ? metadata.groundingChunks : []) {
    const web = isRecord(chunk) && isRecord(chunk.web) ? chunk.web : undefined;
    if (web === undefined) continue;
    const url = text(web.uri);
    const title = text(web.title);
    sources.push({ ...(url === undefined ? {} : { url }), ...(title === undefined ? {} : { title }) });
  }
  if (queries.length === 0 && sources.length === 0) return [];
  const id = `grounding_${(responseId ?? 'response').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 48)}`;
  return [
    {
      type: 'hosted-tool-call',
      id,
      kind: 'web-search',
      name: 'google_search',
      input: queries.length === 1 ? { query: queries[0] as string } : { queries },
      providerMetadata: { gemini: { grounding: true } },
    },
    {
      type: 'hosted-tool-result',
      callId: id,
      kind: 'web-search',
      name: 'google_search',
      sources,
      providerMetadata: { gemini: { grounding: true, groundingMetadata: metadata as JSONObject } },
    },
  ];
}

/** Whether a hosted part stands for Gemini grounding (which is not replayed in `contents`). */
export function isGeminiGrounding(part: HostedToolCall | HostedToolResult): boolean {
  return part.providerMetadata?.gemini?.grounding === true;
}

/**
 * The Gemini part that replays a hosted part in a request's history or an answer: Gemini's own
 * code execution as it came; Gemini's own grounding is not sent (`undefined`); anything else
 * (another provider's web search, code run elsewhere, an MCP call) goes as text with its
 * readable form: Gemini cannot check another provider's sandbox or search.
 */
export function convertToGeminiHostedPart(
  part: HostedToolCall | HostedToolResult,
  warnings: Warning[],
): GeminiPart | undefined {
  if (isGeminiGrounding(part)) return undefined;
  const own = part.providerMetadata?.gemini?.part;
  if (isRecord(own) && (isRecord(own.executableCode) || isRecord(own.codeExecutionResult)))
    return own as unknown as GeminiPart;
  warnings.push({
    type: 'degraded',
    feature: part.type,
    message: `A ${part.kind} ${part.type === 'hosted-tool-call' ? 'call' : 'result'} from another provider was sent as text: Gemini replays only its own code execution.`,
  });
  return { text: renderHostedToolPart(part) };
}

/**
 * The `groundingMetadata` for an answer's web-search parts (the gateway direction): Gemini's own
 * as it came, else built from another provider's search (`webSearchQueries`, web
 * `groundingChunks`). `undefined` when the answer searched nothing.
 */
export function convertToGeminiGrounding(content: readonly AssistantContentPart[]): JSONObject | undefined {
  const queries: string[] = [];
  const chunks: JSONObject[] = [];
  for (const part of content) {
    if (part.type !== 'hosted-tool-call' && part.type !== 'hosted-tool-result') continue;
    if (part.kind !== 'web-search') continue;
    const own = part.providerMetadata?.gemini?.groundingMetadata;
    if (part.type === 'hosted-tool-result' && isRecord(own)) return own;
    if (part.type === 'hosted-tool-call') {
      if (typeof part.input.query === 'string') queries.push(part.input.query);
      if (Array.isArray(part.input.queries))
        for (const query of part.input.queries) if (typeof query === 'string') queries.push(query);
    } else {
      for (const source of part.sources ?? []) {
        if (source.url !== undefined)
          chunks.push({ web: { uri: source.url, ...(source.title === undefined ? {} : { title: source.title }) } });
      }
    }
  }
  if (queries.length === 0 && chunks.length === 0) return undefined;
  return { webSearchQueries: queries, groundingChunks: chunks };
}
