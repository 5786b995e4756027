import { z } from 'zod';

// The names in this file are the public contract of gateway.json: extend, never rename.

const positiveInt = z.number().int().positive();
const name = z.string().min(1);
const backendId = z.string().regex(/^[^:\s]+:\S+$/, 'expected a "provider:model" string such as "openai:gpt-4.1-mini"');

/** USD per million tokens, for spend against `usd` budgets. */
const priceSchema = z
  .object({
    inputPerMTok: z.number().nonnegative(),
    outputPerMTok: z.number().nonnegative(),
    /** Cache reads, when cheaper than input. Default: `inputPerMTok`. */
    cachedInputPerMTok: z.number().nonnegative().optional(),
    /** Cache writes (Anthropic's 5-minute writes). Default: `inputPerMTok`. */
    cacheWritePerMTok: z.number().nonnegative().optional(),
  })
  .strict();

const modelSchema = z
  .object({
    /** The backend, `provider:model`. */
    model: backendId,
    /** Tried in order when the model (after its retries) fails with a retryable error. Backends or model names. */
    fallbacks: z.array(z.string().min(1)).optional(),
    /** Tried when the backend says the prompt is longer than its context window. Backends or model names. */
    contextWindowFallbacks: z.array(z.string().min(1)).optional(),
    /** Time to the whole answer (JSON) or to the first streamed event, per attempt. Default 600000. */
    timeoutMs: positiveInt.optional(),
    /** Retries of each backend on a retryable failure (429, 5xx, 529, timeout, reset). Default 2. */
    retries: z.number().int().min(0).max(10).optional(),
    /** Requests per minute for this model name, over all keys. */
    rpm: positiveInt.optional(),
    /** Tokens per minute for this model name, over all keys. */
    tpm: positiveInt.optional(),
    price: priceSchema.optional(),
    /**
     * Body fields a caller may send to this model beyond the gateway's pass-through list for the
     * inbound format (docs/gateway.md, "What reaches the backend"): `["user", "metadata"]`.
     */
    passThrough: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'expected a body field name')).optional(),
  })
  .strict();

const providerSchema = z
  .object({
    baseURL: z.string().url().optional(),
    apiKey: z.string().min(1).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const budgetSchema = z
  .object({
    usd: z.number().positive().optional(),
    tokens: positiveInt.optional(),
    period: z.enum(['day', 'week', 'month', 'total']),
    /**
     * What a `usd` budget does with a backend that has no known price: `count-tokens` (the
     * default) serves the call, counts its tokens and warns of it; `refuse` never uses such a
     * backend for this key (the next priced fallback answers, or 403).
     */
    unpriced: z.enum(['count-tokens', 'refuse']).optional(),
  })
  .strict()
  .refine((budget) => budget.usd !== undefined || budget.tokens !== undefined, {
    message: 'expected `usd` or `tokens` (or both)',
  });

/** What a key may reach on the gateway's MCP endpoint (`mcp`); without it, every server and tool. */
const keyMcpSchema = z
  .object({
    /** MCP server names (of the `mcp` section's servers) the key may list and call. Default: all. */
    servers: z.array(name).optional(),
    /** Tools the key may list and call, as served: `server__tool`, or `server__*` for all of a server's. Default: all of its servers'. */
    tools: z
      .array(z.string().regex(/^[^\s]+__[^\s]+$/, 'expected a served tool name, "server__tool" or "server__*"'))
      .optional(),
    /** Requests per minute on the MCP endpoint (its own bucket, apart from the key's model `rpm`). */
    rpm: positiveInt.optional(),
  })
  .strict();

const keySchema = z
  .object({
    /** Shown in logs and errors; never the key itself. */
    name: z.string().min(1).max(128),
    /** Hex SHA-256 of the key (`printf %s "$KEY" | sha256sum`). */
    sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected the 64-character hex SHA-256 of the key'),
    /** Model names (or `provider:model` with `allowProviderModels`) the key may use. Default: all. */
    models: z.array(z.string().min(1)).optional(),
    rpm: positiveInt.optional(),
    tpm: positiveInt.optional(),
    budget: budgetSchema.optional(),
    /** What the key may reach on the MCP endpoint (needs the `mcp` section). Default: every server and tool. */
    mcp: keyMcpSchema.optional(),
  })
  .strict();

/** The `mcp` entry: the MCP servers the gateway serves as one aggregated MCP server on its own port. */
const mcpSchema = z
  .object({
    /** An mcp.json (`{ "mcpServers": { … } }`), relative to the gateway config's folder. */
    config: z.string().min(1).optional(),
    /** The servers inline, as an mcp.json's `mcpServers` (the same entries: `command`/`args`/`env`, or `url`/`headers`). */
    servers: z.record(name, z.record(z.string(), z.unknown())).optional(),
    /** The endpoint's path on the gateway. Default `/mcp`. */
    path: z
      .string()
      .regex(/^\/[A-Za-z0-9._~/-]*$/, 'expected a path such as "/mcp"')
      .default('/mcp'),
    /** Whether the audit line of a tool call holds its arguments. Default false (they may hold secrets or personal data). */
    logArguments: z.boolean().default(false),
  })
  .strict()
  .refine((mcp) => (mcp.config === undefined) !== (mcp.servers === undefined), {
    message:
      'expected either `config` (the path of an mcp.json) or `servers` (the servers inline), not both or neither',
  });

/** The body of `POST /admin/keys`: a key's settings, without its hash (the gateway makes the key). */
export const adminKeyRequestSchema = keySchema.omit({ sha256: true });

const redisStoreSchema = z
  .object({
    type: z.literal('redis'),
    /** `redis://[user:password@]host:port[/db]` or `rediss://` (TLS); usually `${env:REDIS_URL}`. */
    url: z.string().regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL'),
    /** The key prefix (a Cluster hash tag): several gateways can share one Redis. Default `interlingua`. */
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'expected 1–64 letters, digits or : _ . -')
      .optional(),
    /** While Redis is unreachable: refuse with 503 (`fail-closed`) or serve without shared limits and log (`fail-open`). */
    onUnavailable: z.enum(['fail-closed', 'fail-open'], {
      error: (issue) =>
        issue.input === undefined
          ? 'expected "fail-closed" (refuse requests while Redis is away) or "fail-open" (serve without the shared limits), got none: say which a replica does while Redis is unreachable'
          : undefined,
    }),
  })
  .strict();

const DEFAULT_MAX_PROVIDER_MODELS = 256;

/** The `http` defaults: sized for clients of LLMs (small requests, long streamed answers). */
const DEFAULT_HTTP_SETTINGS = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 65_000,
  maxConnections: 4096,
} as const;

/** The `http` entry's schema (also checks `listen()`'s overrides). */
export const gatewayHttpSchema = z
  .object({
    /** Time to receive a request's headers (from its first byte, or from the connection). Default 15000. */
    headersTimeoutMs: positiveInt.default(DEFAULT_HTTP_SETTINGS.headersTimeoutMs),
    /** Time to receive a whole request, headers and body; the answer (a long stream) is not bounded by it. Default 60000. */
    requestTimeoutMs: positiveInt.default(DEFAULT_HTTP_SETTINGS.requestTimeoutMs),
    /** How long an idle keep-alive connection stays open after an answer. Default 65000 (above a load balancer's 60 s). */
    keepAliveTimeoutMs: positiveInt.default(DEFAULT_HTTP_SETTINGS.keepAliveTimeoutMs),
    /** Open connections at most; one more is closed at once. Default 4096. */
    maxConnections: positiveInt.default(DEFAULT_HTTP_SETTINGS.maxConnections),
  })
  .strict()
  .refine((http) => http.headersTimeoutMs <= http.requestTimeoutMs, {
    message: 'expected headersTimeoutMs to be at most requestTimeoutMs (the headers are part of the request)',
    path: ['headersTimeoutMs'],
  });

const storeSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('memory') }).strict(), redisStoreSchema]);

/** The schema of `gateway.json` (after `${env:NAME}` references are resolved). */
export const gatewayConfigSchema = z
  .object({
    $schema: z.string().optional(),
    models: z.record(name, modelSchema).default({}),
    providers: z.record(name, providerSchema).default({}),
    allowProviderModels: z.boolean().default(false),
    keys: z.array(keySchema).optional(),
    masterKey: z.string().min(16, 'expected at least 16 characters').optional(),
    store: storeSchema.default({ type: 'memory' }),
    limits: z
      .object({
        maxBodyBytes: positiveInt.default(10 * 1024 * 1024),
        maxConcurrent: positiveInt.default(1024),
        /** Ad-hoc `provider:model` models (`allowProviderModels`) kept made; the least recently used go first. Default 256. */
        maxProviderModels: positiveInt.default(DEFAULT_MAX_PROVIDER_MODELS),
      })
      .strict()
      .default({ maxBodyBytes: 10 * 1024 * 1024, maxConcurrent: 1024, maxProviderModels: DEFAULT_MAX_PROVIDER_MODELS }),
    /** How long a connection may take to send a request, and how many may be open: slow and hostile clients are cut. */
    http: gatewayHttpSchema.default(DEFAULT_HTTP_SETTINGS),
    /** Per-backend limits, keyed by `provider:model`: a backend over its limit is skipped for the next fallback. */
    backends: z
      .record(backendId, z.object({ rpm: positiveInt.optional(), tpm: positiveInt.optional() }).strict())
      .default({}),
    /** A backend failing `failures` times within `windowMs` is skipped for `cooldownMs`. */
    cooldown: z
      .object({
        failures: positiveInt.default(3),
        windowMs: positiveInt.default(60_000),
        cooldownMs: positiveInt.default(30_000),
      })
      .strict()
      .default({ failures: 3, windowMs: 60_000, cooldownMs: 30_000 }),
    /** MCP servers served on the gateway's port, behind its keys (docs/gateway.md, "MCP on the gateway"). */
    mcp: mcpSchema.optional(),
    /** How long SIGTERM waits for in-flight requests before closing them. Default 10000. */
    shutdownGraceMs: positiveInt.default(10_000),
  })
  .strict();

/** A validated gateway config, defaults filled in. */
export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/** A gateway config as written (before defaults); what `createGateway` accepts. */
export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>;

/** One entry of `models`. */
export type GatewayModelConfig = z.output<typeof modelSchema>;

/** One entry of `keys`. */
export type GatewayKeyConfig = z.output<typeof keySchema>;

/** A key's `mcp` entry: the MCP servers and tools it may reach, its rate there. */
export type GatewayKeyMcpConfig = z.output<typeof keyMcpSchema>;

/** The `mcp` entry: the MCP servers served at `path`. */
export type GatewayMcpConfig = z.output<typeof mcpSchema>;

/** The `providers` entry of one provider. */
export type GatewayProviderConfig = z.output<typeof providerSchema>;

/** A model's price in USD per million tokens. */
export type GatewayPrice = z.output<typeof priceSchema>;

/** The `store` entry: `memory` (one process) or `redis` (replicas sharing limits, budgets and keys). */
export type GatewayStoreConfig = z.output<typeof storeSchema>;

/** The `store` entry of a Redis store. */
export type GatewayRedisStoreConfig = z.output<typeof redisStoreSchema>;

/** The `http` entry: timeouts of slow clients and the connection cap. */
export type GatewayHttpConfig = z.output<typeof gatewayHttpSchema>;

/** A budget period. */
export type BudgetPeriod = z.output<typeof budgetSchema>['period'];
