import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import {
  createGateway,
  createKeepAliveFetch,
  type Gateway,
  type GatewayConfig,
  type GatewayConfigInput,
  type GatewayOptions,
  type ModelResolver,
} from '@interlingua/gateway';
import { createModelRegistry, type ModelRegistrySettings } from '../create-model-registry';
import { createDemoModel } from '../demo/demo-model';
import type { TraceRecorder } from '../trace/create-trace-recorder';
import { wireCodecs } from '../wire-codecs';
import type { GatewayMcp } from './open-gateway-mcp';

/** Options of the umbrella's {@link createBuiltInGateway}: every gateway option, with built-in defaults. */
export type BuiltInGatewayOptions = Partial<GatewayOptions> & {
  /**
   * Settings of the model registry the backends come from (environment, compatible endpoints).
   * Backends with a lean transport (OpenAI and compatible, Responses, Anthropic, Gemini, Vertex,
   * Bedrock) send over their own keep-alive `undici` pool; its `fetch` is the one SDK-backed
   * models send with; default a keep-alive `node:http` fetch of the gateway's own
   * (`createKeepAliveFetch`), closed with the gateway.
   */
  registry?: ModelRegistrySettings;
  /**
   * Record every backend call (wire and IR, as `model(id, { trace })` does) and every client
   * exchange (inbound body, answer) into this trace (`createTraceRecorder`); concurrent requests
   * are kept apart, each line naming its `requestId`.
   */
  trace?: TraceRecorder;
  /**
   * The config's MCP servers, opened by `openGatewayMcp`: served at `mcp.path` behind the
   * gateway's keys, their audit lines in the gateway's log; closed with the gateway.
   */
  mcp?: GatewayMcp;
};

/**
 * The gateway with the built-in providers wired in: backends are `provider:model` strings of
 * the umbrella's registry (`openai:`, `anthropic:`, `gemini:`, `ollama:`, …, keys and base URLs
 * from `providers` in the config or the usual environment variables), plus `demo:<id>`, the
 * offline demo model; the inbound formats use the OpenAI, Anthropic and Gemini codecs. The
 * gateway retries by itself, so every model is made with `maxRetries: 0`. Backends use the lean
 * transport where their adapter has one (`transport: 'lean'`: OpenAI and compatible servers, the
 * Responses API, Anthropic, Gemini, Vertex, Bedrock); the SDKs of the others send over one keep-alive `node:http` fetch
 * (`createKeepAliveFetch`) unless `registry.fetch` names another.
 *
 * @example
 * const gateway = createBuiltInGateway(await readGatewayConfig('gateway.json'));
 * await gateway.listen({ port: 4000 });
 */
export function createBuiltInGateway(
  config: GatewayConfig | GatewayConfigInput | string,
  options: BuiltInGatewayOptions = {},
): Gateway {
  const { registry: registrySettings, trace, mcp, ...rest } = options;
  // The official SDKs over undici's fetch cost about three times a bare node:http call each (docs/gateway.md, bench).
  const ownFetch = registrySettings?.fetch === undefined ? createKeepAliveFetch() : undefined;
  // A backend without its key is reported at start-up (and answers 503 naming the variable), not at its first call.
  const registry = createModelRegistry({
    keyCheck: 'creation',
    ...registrySettings,
    ...(ownFetch === undefined ? {} : { fetch: ownFetch }),
  });
  const models: ModelResolver = (backend, settings): ChatModel => {
    const { provider, modelId } = parseModelId(backend);
    if (provider === 'demo')
      return trace === undefined ? createDemoModel({ modelId }) : trace.model(createDemoModel({ modelId }));
    return registry.model(backend, {
      ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
      ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
      ...(settings.headers === undefined ? {} : { headers: settings.headers }),
      timeout: settings.timeoutMs,
      maxRetries: 0,
      // The lean transport where the adapter has one: a gateway's cost per call must be close to a proxy's.
      transport: 'lean',
      ...(trace === undefined ? {} : { trace }),
    });
  };
  let gateway: Gateway;
  try {
    gateway = createGateway(config, {
      models,
      codecs: wireCodecs,
      ...(trace === undefined ? {} : { tap: trace.gateway }),
      ...rest,
      ...(mcp === undefined ? {} : { mounts: [...(rest.mounts ?? []), mcp.mount], mcpServers: mcp.servers }),
    });
  } catch (error) {
    // The MCP servers were started for this gateway: a config it refuses must not leave them running.
    void mcp?.mount.close?.();
    void ownFetch?.close();
    throw error;
  }
  // One JSON line per MCP call (key, server, tool, duration, outcome), among the request lines;
  // its `time` is the gateway logger's.
  mcp?.auditTo(({ time: _time, ...line }) => gateway.logger.info(line, 'mcp call'));
  if (ownFetch === undefined) return gateway;
  const close = gateway.close;
  // The agents' idle sockets would keep the process alive after close().
  return Object.assign(gateway, { close: () => close().finally(() => ownFetch.close()) });
}
