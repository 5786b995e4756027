import type { Principal } from '../auth/create-authenticator';
import type { GatewayServices, RouteHandler } from './route-handler';

/** The model names a principal may use: every configured name, or the key's own list. */
function visibleModels(services: GatewayServices, principal: Principal): string[] {
  if (principal.kind !== 'key' || principal.key.models === undefined) return [...services.table.names];
  return principal.key.models;
}

async function listFor(services: GatewayServices, exchange: Parameters<RouteHandler>[1]): Promise<string[]> {
  exchange.record.format = exchange.format.name;
  const principal = await services.authenticator.authenticate(exchange.format.readKey(exchange.request));
  exchange.record.key = principal.name;
  return visibleModels(services, principal);
}

function json(body: unknown) {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * `GET /v1/models` (OpenAI shape): the model names the key may use.
 *
 * @see https://platform.openai.com/docs/api-reference/models/list
 */
export const openaiModelsHandler: RouteHandler = async (services, exchange) => {
  const names = await listFor(services, exchange);
  return json({
    object: 'list',
    data: names.map((id) => ({ id, object: 'model', created: 0, owned_by: 'interlingua' })),
  });
};

/**
 * `GET /v1/models` with an `anthropic-version` header (Anthropic shape).
 *
 * @see https://docs.anthropic.com/en/api/models-list
 */
export const anthropicModelsHandler: RouteHandler = async (services, exchange) => {
  const names = await listFor(services, exchange);
  return json({
    data: names.map((id) => ({ type: 'model', id, display_name: id, created_at: '1970-01-01T00:00:00Z' })),
    has_more: false,
    first_id: names[0] ?? null,
    last_id: names.at(-1) ?? null,
  });
};

/**
 * `GET /v1beta/models` (Gemini shape), with token limits from the `capabilities` of the model
 * serving each name (its first backend), where known.
 *
 * @see https://ai.google.dev/api/models#method:-models.list
 */
export const geminiModelsHandler: RouteHandler = async (services, exchange) => {
  const names = await listFor(services, exchange);
  return json({
    models: names.map((name) => {
      const model = services.table.plan(name).candidates[0]?.model;
      const capabilities = model === undefined || model instanceof Error ? undefined : model.capabilities;
      return {
        name: `models/${name}`,
        version: '1',
        displayName: name,
        ...(typeof capabilities?.contextWindow === 'number' ? { inputTokenLimit: capabilities.contextWindow } : {}),
        ...(typeof capabilities?.maxOutputTokens === 'number'
          ? { outputTokenLimit: capabilities.maxOutputTokens }
          : {}),
        supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
      };
    }),
  });
};
