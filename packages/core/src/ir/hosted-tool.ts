import type { JSONObject, ProviderMetadata, ProviderOptions } from './json-value';

/**
 * The kinds of tool a provider runs on its own side: web search, web page fetch, code execution,
 * file (vector store) search, the provider's MCP connector, and tool search over deferred tools.
 */
export type HostedToolKind = 'web-search' | 'web-fetch' | 'code-execution' | 'file-search' | 'mcp' | 'tool-search';

/** Where the user is, so a web search can rank local results. Every field is optional. */
export type HostedToolUserLocation = {
  /** City name, e.g. `Lyon`. */
  city?: string;
  /** Region or state, e.g. `Auvergne-Rhône-Alpes`. */
  region?: string;
  /** Two-letter ISO country code, e.g. `FR`. */
  country?: string;
  /** IANA time zone, e.g. `Europe/Paris`. */
  timezone?: string;
};

/** The provider searches the web (OpenAI `web_search`, Anthropic `web_search_*`, Gemini `googleSearch`). */
export type WebSearchTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'web-search';
  /** At most this many searches in one answer (Anthropic `max_uses`). */
  maxUses?: number;
  /** Only these domains are searched. */
  allowedDomains?: string[];
  /** These domains are never searched. */
  blockedDomains?: string[];
  /** Where the user is, for local results. */
  userLocation?: HostedToolUserLocation;
  /** How much of the found pages goes into the context (OpenAI `search_context_size`). */
  searchContextSize?: 'low' | 'medium' | 'high';
};

/** The provider fetches web pages by URL (Anthropic `web_fetch_*`, Gemini `urlContext`). */
export type WebFetchTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'web-fetch';
  /** At most this many fetches in one answer. */
  maxUses?: number;
  /** Only these domains are fetched. */
  allowedDomains?: string[];
  /** These domains are never fetched. */
  blockedDomains?: string[];
};

/** The provider runs code in a sandbox (OpenAI `code_interpreter`, Anthropic `code_execution_*`, Gemini `codeExecution`). */
export type CodeExecutionTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'code-execution';
  /** A container to reuse, by id; by default the provider makes one. */
  container?: string;
  /** Files the sandbox may read, by the provider's file id. */
  fileIds?: string[];
};

/** The provider searches the user's uploaded files (OpenAI `file_search`). */
export type FileSearchTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'file-search';
  /** The vector stores to search. */
  vectorStoreIds: string[];
  /** At most this many results per search. */
  maxResults?: number;
};

/** The provider calls a remote MCP server itself (OpenAI `mcp`, Anthropic `mcp_servers`). */
export type McpConnectorTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'mcp';
  /** The name the calls carry (OpenAI `server_label`, Anthropic `name`). */
  serverLabel: string;
  /** The server's Streamable HTTP URL. */
  serverUrl: string;
  /** Only these of the server's tools are offered; all when absent. */
  allowedTools?: string[];
  /** HTTP headers sent to the server (an `Authorization` header becomes Anthropic's `authorization_token`). */
  headers?: Record<string, string>;
  /** What the server does, for the model. */
  description?: string;
};

/** The provider searches the request's deferred tools (Anthropic `tool_search_tool_*`). */
export type ToolSearchTool = {
  type: 'hosted-tool';
  /** Settings of one provider that the neutral fields do not cover, under the provider's key. */
  providerOptions?: ProviderOptions;
  kind: 'tool-search';
  /** How tools are matched: a regular expression the model writes, or BM25 over natural language. */
  variant?: 'regex' | 'bm25';
};

/**
 * A tool the provider runs on its own side, declared in `ChatRequest.tools` beside function tools.
 * A provider without the kind drops it with a warning; see `docs/hosted-tools.md`.
 */
export type HostedTool =
  | WebSearchTool
  | WebFetchTool
  | CodeExecutionTool
  | FileSearchTool
  | McpConnectorTool
  | ToolSearchTool;

/**
 * A hosted tool's call, as the provider reported it, kept in the assistant turn so the history
 * can be replayed. `input` is the neutral, readable form: `{ query }` for a web search,
 * `{ url }` for a fetch, `{ code }` for code execution, `{ queries }` for a file search,
 * `{ server, tool, arguments }` for an MCP call. What the provider needs to replay it exactly
 * rides in `providerMetadata` under its key.
 */
export type HostedToolCall = {
  type: 'hosted-tool-call';
  /** The provider's call id (`ws_…`, `srvtoolu_…`), or one synthesized where it sends none. */
  id: string;
  /** What kind of tool ran. */
  kind: HostedToolKind;
  /** The provider's name for the tool (`web_search`, `code_execution`, `mcp_call`, …). */
  name: string;
  /** The neutral input (see above). */
  input: JSONObject;
  /** Provider data needed to replay the call on the same provider. */
  providerMetadata?: ProviderMetadata;
};

/** One thing a hosted tool found: a web page, a file passage. */
export type HostedToolSource = {
  /** The page's URL. */
  url?: string;
  /** The page or file title. */
  title?: string;
  /** The provider's file id, for a file search hit. */
  fileId?: string;
  /** An excerpt, where the provider sends readable text. */
  text?: string;
};

/**
 * A hosted tool's result, in the assistant turn after its call. `output` is readable text
 * (stdout, a fetched page, an MCP tool's answer), `sources` what a search found; both are what
 * another provider is shown when the history moves. Provider data for an exact replay (Anthropic's
 * encrypted search results, OpenAI's item fields) rides in `providerMetadata`.
 */
export type HostedToolResult = {
  type: 'hosted-tool-result';
  /** The id of the {@link HostedToolCall} this answers. */
  callId: string;
  /** What kind of tool ran. */
  kind: HostedToolKind;
  /** The provider's name for the tool, as on the call. */
  name: string;
  /** Readable output, when there is any. */
  output?: string;
  /** What a search found. */
  sources?: HostedToolSource[];
  /** Whether the tool failed; `output` then says why. */
  isError?: boolean;
  /** Provider data needed to replay the result on the same provider. */
  providerMetadata?: ProviderMetadata;
};
