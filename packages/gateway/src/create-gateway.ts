import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Codec, Usage } from '@interlingua/core';
import { InvalidSettingError } from '@interlingua/core';
import { formatSchemaIssues } from '@interlingua/core/adapter';
import { type DestinationStream, type Logger, pino } from 'pino';
import { createAuthenticator } from './auth/create-authenticator';
import { createSecretRedactor } from './auth/create-secret-redactor';
import { checkMcpAllowLists } from './config/check-mcp-allow-lists';
import {
  type GatewayConfig,
  type GatewayConfigInput,
  type GatewayHttpConfig,
  gatewayHttpSchema,
} from './config/gateway-config-schema';
import { parseGatewayConfig } from './config/parse-gateway-config';
import { anthropicFormat } from './formats/anthropic-format';
import { geminiFormat } from './formats/gemini-format';
import type { InboundFormat } from './formats/inbound-format';
import { openaiFormat } from './formats/openai-format';
import { openaiResponsesFormat } from './formats/openai-responses-format';
import type { GatewayServices } from './handlers/route-handler';
import { createGatewayServer } from './http/create-gateway-server';
import { createMountListener } from './http/create-mount-listener';
import { createNodeListener, type RequestOutcome } from './http/create-node-listener';
import type { GatewayTap, RequestRecord } from './http/gateway-exchange';
import { findUnpricedBudgets, type UnpricedBudget } from './limits/find-unpriced-budgets';
import { createBackendPricer } from './observability/create-backend-pricer';
import { createGatewayMetrics, type GatewayMetrics } from './observability/create-gateway-metrics';
import { endRequestSpan } from './observability/gateway-spans';
import { createRequestLog } from './observability/log-request';
import { redactRequestRecord } from './observability/redact-request-record';
import { registerStoreMetrics } from './observability/register-store-metrics';
import { createModelTable, type ModelResolver } from './router/create-model-table';
import { createDispatcher } from './routes/create-dispatcher';
import { DEFAULT_ROUTES } from './routes/default-routes';
import type { GatewayMount } from './routes/gateway-mount';
import type { GatewayRoute } from './routes/gateway-route';
import { createMemoryGatewayStore } from './store/create-memory-gateway-store';
import type { GatewayStore } from './store/gateway-store';

/**
 * The codecs of the built-in inbound formats (passed in: the gateway imports no adapter):
 * OpenAI Chat Completions, the OpenAI Responses API, Anthropic Messages and Gemini.
 */
export type GatewayCodecs = { openai: Codec; 'openai-responses': Codec; anthropic: Codec; gemini: Codec };

/** Options of {@link createGateway}: what the config cannot hold. */
export type GatewayOptions = {
  /** Makes the `ChatModel` of a backend `provider:model` (the umbrella passes its registry). */
  models: ModelResolver;
  /** The codecs of the OpenAI (Chat Completions and Responses), Anthropic and Gemini formats. */
  codecs: GatewayCodecs;
  /** More inbound formats, by name, for routes you add. */
  formats?: Record<string, InboundFormat>;
  /** More routes, matched before the built-in ones. */
  routes?: readonly GatewayRoute[];
  /** The shared state. Default: the memory store (`store: { type: 'memory' }`). */
  store?: GatewayStore;
  /**
   * Where the JSON log lines go. Default stdout, each line written as it is made (pino's
   * synchronous destination: none is lost if the process dies, and a stalled reader holds the
   * gateway back instead of growing a buffer); `false` for none.
   */
  log?: DestinationStream | false;
  /**
   * The USD cost of a call when the config has no `models.*.price` for it (`undefined`: not known
   * here). Default, and where it answers `undefined`: the model's `pricing`, else the shipped price data.
   */
  costOf?: (backend: string, usage: Usage) => number | undefined;
  /** Sees every client exchange whole: the inbound body and the answer as written (the umbrella's trace recorder). */
  tap?: GatewayTap;
  /**
   * More secrets to keep out of errors, logs, metrics and spans (the master key, provider keys
   * and credential headers, and the virtual keys — by their hash — always are).
   */
  secrets?: readonly string[];
  /** Where `${env:NAME}` references of a raw config are read. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Raw endpoints on the gateway's port, behind its keys (the umbrella mounts the MCP endpoint
   * at `mcp.path` this way): see {@link GatewayMount}. Closed by `close()`.
   */
  mounts?: readonly GatewayMount[];
  /**
   * The names of the MCP servers the config's `mcp` section serves, when they come from an
   * mcp.json the gateway does not read (the umbrella passes them): keys' `mcp` allow-lists are
   * checked against them, at start and when a key is created.
   */
  mcpServers?: readonly string[];
};

/**
 * Options of {@link Gateway.listen}: where to listen, and (overriding the config's `http`) the
 * timeouts of slow clients and the connection cap.
 */
export type GatewayListenOptions = Partial<GatewayHttpConfig> & { host?: string; port?: number };

/** A running (or ready to run) gateway. */
export type Gateway = {
  /** The `node:http` request listener: mount it on your own server if you like. */
  readonly handler: ReturnType<typeof createNodeListener>;
  /** The validated config. */
  readonly config: GatewayConfig;
  readonly metrics: GatewayMetrics;
  readonly store: GatewayStore;
  /** The JSON logger (request lines, startup warnings). */
  readonly logger: Logger;
  /** Backends whose model could not be made (a missing key), with the reason. */
  readonly unavailable: ReadonlyMap<string, Error>;
  /** Keys with a `usd` budget that may reach backends without a known price (also logged at start-up). */
  readonly unpricedBudgets: readonly UnpricedBudget[];
  /** False once `close()` began. */
  readonly ready: boolean;
  /**
   * Listens (default 127.0.0.1:4000), with the config's `http` timeouts and connection cap
   * (`options` may override them; an invalid one throws `InvalidSettingError`). Refuses any
   * address but loopback when the config has no `keys` and no `masterKey`. Resolves with the URL.
   */
  listen(options?: GatewayListenOptions): Promise<{ url: string; host: string; port: number }>;
  /**
   * Shuts down gracefully: stops accepting, reports not ready, lets in-flight requests finish
   * (at most `shutdownGraceMs`, then closes them), closes the store and flushes the log.
   */
  close(): Promise<void>;
};

/**
 * Creates the gateway: OpenAI (`/v1/chat/completions`, `/v1/responses`, `/v1/models`), Anthropic
 * (`/v1/messages`, `/v1/messages/count_tokens`) and Gemini (`:generateContent`,
 * `:streamGenerateContent`, `/v1beta/models`) endpoints onto any `ChatModel`, with virtual
 * keys, limits, retries, fallbacks, cooldowns, one log line per request, and Prometheus
 * metrics. Throws `InvalidSettingError` for an invalid config.
 *
 * @example
 * const gateway = createGateway(config, { models: (id, settings) => registry.model(id, settings), codecs });
 * await gateway.listen({ port: 4000 });
 */
export function createGateway(input: GatewayConfig | GatewayConfigInput | string, options: GatewayOptions): Gateway {
  const config = parseGatewayConfig(input, options.env === undefined ? {} : { env: options.env });
  const mcpServers =
    options.mcpServers ?? (config.mcp?.servers === undefined ? undefined : Object.keys(config.mcp.servers));
  if (options.mcpServers !== undefined) {
    const problems = checkMcpAllowLists(config.keys ?? [], options.mcpServers, (index) => `keys[${index}]`);
    if (problems.length > 0) throw new InvalidSettingError({ message: `gateway config: ${problems.join('; ')}` });
  }
  const mounts = options.mounts ?? [];
  checkMounts(mounts, [...(options.routes ?? []), ...DEFAULT_ROUTES]);
  if (options.store === undefined && config.store.type === 'redis') {
    throw new InvalidSettingError({
      message:
        'The config asks for store.type "redis": pass the store, createRedisGatewayStore(config.store) from "@interlingua/gateway/redis" (with the ioredis package installed), as createGateway\'s `store` option. The interlingua CLI does this by itself.',
    });
  }
  const store = options.store ?? createMemoryGatewayStore();
  // Synchronous, as pino's own default: an asynchronous write hands every line to libuv's
  // thread pool (a thread woken per request on a quiet gateway: ~20 % of its CPU at
  // concurrency 1), may lose the last lines in a crash, and buffers without bound while
  // stdout's reader stalls.
  const destination = options.log === false ? undefined : (options.log ?? pino.destination({ dest: 1, sync: true }));
  const logger =
    destination === undefined
      ? pino({ enabled: false })
      : pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  const logRequest = createRequestLog(logger, destination);
  const redact = createSecretRedactor(config, options.secrets);
  const table = createModelTable(config, options.models);
  for (const [backend, reason] of table.unavailable) {
    logger.warn({ backend, reason: redact(reason.message) }, 'backend unavailable');
  }
  const pricer = createBackendPricer(options.costOf);
  const unpricedBudgets = findUnpricedBudgets(config, table, pricer);
  for (const unpriced of unpricedBudgets) {
    logger.warn({ key: unpriced.key, backends: unpriced.backends }, unpriced.message);
  }
  const metrics = createGatewayMetrics({
    models: table.names,
    backends: table.backends,
    ...(config.allowProviderModels ? { providerModels: () => table.providerModels } : {}),
  });
  registerStoreMetrics(metrics.registry, store);
  let draining = false;
  const services: GatewayServices = {
    config,
    store,
    authenticator: createAuthenticator(config, store),
    table,
    metrics,
    redact,
    pricer,
    ...(mcpServers === undefined ? {} : { mcpServers }),
    reportBackgroundError: (error, record) =>
      logger.error({ id: record.id, error: redact(String(error)) }, 'store update failed'),
    get draining() {
      return draining;
    },
  };
  const formats: Record<string, InboundFormat> = {
    openai: openaiFormat(options.codecs.openai),
    'openai-responses': openaiResponsesFormat(options.codecs['openai-responses']),
    anthropic: anthropicFormat(options.codecs.anthropic),
    gemini: geminiFormat(options.codecs.gemini),
    ...(options.formats ?? {}),
  };
  const inFlight = { count: 0 };
  const app = createDispatcher(services, [...(options.routes ?? []), ...DEFAULT_ROUTES], formats, inFlight);
  const onComplete = (record: RequestRecord, outcome: RequestOutcome) => {
    // What the caller chose (a model name, a path) may hold a secret typed there by mistake.
    redactRequestRecord(record, redact);
    metrics.observe(record, outcome);
    logRequest(record, outcome);
    if (record.span !== undefined) endRequestSpan(record.span, record, outcome);
  };
  const listener = createNodeListener(app, {
    maxBodyBytes: config.limits.maxBodyBytes,
    redact,
    tap:
      options.tap === undefined
        ? undefined
        : guardTap(options.tap, (error, record) =>
            logger.error({ id: record.id, error: redact(String(error)) }, 'the gateway tap failed'),
          ),
    onComplete,
  });
  const mounted =
    mounts.length === 0
      ? undefined
      : createMountListener(mounts, { services, format: formats.openai as InboundFormat, inFlight, onComplete });
  const handler: ReturnType<typeof createNodeListener> =
    mounted === undefined
      ? listener
      : (incoming, outgoing) => {
          if (!mounted(incoming, outgoing)) listener(incoming, outgoing);
        };

  let server: Server | undefined;
  let closing: Promise<void> | undefined;
  return {
    handler,
    config,
    metrics,
    store,
    logger,
    unavailable: table.unavailable,
    unpricedBudgets,
    get ready() {
      return !draining;
    },
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? '127.0.0.1';
      const port = listenOptions.port ?? 4000;
      if (!services.authenticator.enabled && !isLoopback(host)) {
        throw new InvalidSettingError({
          message: `Refusing to listen on ${host} without keys: anyone who can reach it could spend your provider keys. Add "keys" (or "masterKey") to the gateway config, or listen on 127.0.0.1.`,
        });
      }
      const { host: _host, port: _port, ...overrides } = listenOptions;
      const http = gatewayHttpSchema.safeParse({ ...config.http, ...overrides });
      if (!http.success) {
        throw new InvalidSettingError({ message: `listen(): ${formatSchemaIssues(http.error.issues)}` });
      }
      const created = createGatewayServer(handler, http.data, () => metrics.connectionsDropped.inc());
      server = created;
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, host, () => {
          created.off('error', reject);
          resolve();
        });
      });
      const address = created.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return { url: `http://${shownHost}:${address.port}`, host: address.address, port: address.port };
    },
    close() {
      closing ??= (async () => {
        draining = true;
        const current = server;
        if (current !== undefined) {
          const closed = new Promise<void>((resolve) => current.close(() => resolve()));
          // Idle keep-alive connections would hold close() open; busy ones finish their request.
          current.closeIdleConnections();
          const deadline = Date.now() + config.shutdownGraceMs;
          while (inFlight.count > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
          // Mounts hold streams open (notification streams, sessions) that no request count waits for.
          await closeMounts(mounts, logger, redact);
          current.closeAllConnections();
          await closed;
        } else {
          await closeMounts(mounts, logger, redact);
        }
        await store.close();
        await new Promise<void>((resolve) => logger.flush(() => resolve()));
      })();
      return closing;
    },
  };
}

// A mount must not shadow a route (it is matched first), nor another mount.
function checkMounts(mounts: readonly GatewayMount[], routes: readonly GatewayRoute[]): void {
  const paths = new Set<string>();
  for (const mount of mounts) {
    const taken = routes.find((route) =>
      typeof route.path === 'string' ? route.path === mount.path : route.path.test(mount.path),
    );
    if (!mount.path.startsWith('/') || paths.has(mount.path) || taken !== undefined) {
      throw new InvalidSettingError({
        message: `The mount "${mount.name}" asks for the path "${mount.path}": expected a path starting with "/" that no route${taken === undefined ? '' : ` (${taken.name} has it)`} or other mount serves.`,
      });
    }
    paths.add(mount.path);
  }
}

async function closeMounts(mounts: readonly GatewayMount[], logger: Logger, redact: (text: string) => string) {
  const results = await Promise.allSettled(mounts.map((mount) => mount.close?.()));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      logger.error({ mount: mounts[index]?.name, error: redact(String(result.reason)) }, 'closing a mount failed');
    }
  });
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

// A tap that fails (a full disk under the trace file) is reported; it never fails the request.
function guardTap(tap: GatewayTap, report: (error: unknown, record: RequestRecord) => void): GatewayTap {
  return {
    request(record, headers, body) {
      try {
        tap.request(record, headers, body);
      } catch (error) {
        report(error, record);
      }
    },
    response(record, outcome, answer) {
      try {
        tap.response(record, outcome, answer);
      } catch (error) {
        report(error, record);
      }
    },
  };
}
