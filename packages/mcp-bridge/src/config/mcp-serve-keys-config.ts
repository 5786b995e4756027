/** One key of a standalone `mcp serve --http`: stored as its SHA-256, never in the clear. */
export type McpServeKey = {
  /** Shown in audit lines and errors; never the key itself. */
  name: string;
  /** Hex SHA-256 of the key (`printf %s "$KEY" | sha256sum`). */
  sha256: string;
  /** Servers it may use; default all. */
  servers?: readonly string[];
  /** Served tool names it may list and call (`fs__read_text_file`, `fs__*`); default all tools of its servers. */
  tools?: readonly string[];
  /** Requests a minute to the endpoint; default no limit. */
  requestsPerMinute?: number;
};

/** The keys an endpoint accepts: named keys by hash, and a master key that may use everything. */
export type McpServeKeys = {
  /** The master key in the clear (from the environment: `"${env:INTERLINGUA_MCP_MASTER_KEY}"`); compared in constant time. */
  masterKey?: string;
  keys?: readonly McpServeKey[];
};
