import { randomBytes } from 'node:crypto';
import { hashGatewayKey } from '../auth/create-authenticator';
import { checkMcpAllowLists } from '../config/check-mcp-allow-lists';
import { adminKeyRequestSchema, type GatewayKeyConfig } from '../config/gateway-config-schema';
import { GatewayError } from '../errors/gateway-error';
import type { GatewayReply } from '../http/gateway-exchange';
import type { GatewayServices, RouteExchange, RouteHandler } from './route-handler';

/** A key as the admin routes list it: its settings, where it comes from, and its spend — never the key or its hash. */
export type AdminKeyView = {
  name: string;
  source: 'config' | 'admin';
  models: string[] | null;
  rpm: number | null;
  tpm: number | null;
  budget: GatewayKeyConfig['budget'] | null;
  /** What the key may reach on the MCP endpoint; null: every server and tool. */
  mcp: GatewayKeyConfig['mcp'] | null;
  revoked: boolean;
  /** Spend in the budget's current period (keys without a budget record none). */
  spend: { period: string; usd: number; tokens: number; resetsAt: string | null } | null;
};

/** The master key, or a 401/403: the admin routes are the operator's. */
async function requireMaster(services: GatewayServices, { request, record, format }: RouteExchange): Promise<void> {
  record.format = format.name;
  const principal = await services.authenticator.authenticate(format.readKey(request));
  record.key = principal.name;
  if (principal.kind !== 'master') {
    throw new GatewayError({
      type: principal.kind === 'anonymous' ? 'authentication' : 'permission',
      message:
        principal.kind === 'anonymous'
          ? 'The admin routes need the gateway to have a masterKey, and the request to present it.'
          : `The admin routes take the master key; the key "${principal.name}" may not use them.`,
    });
  }
}

/** Every key by name: the config's, then those created through the admin routes. */
async function allKeys(
  services: GatewayServices,
): Promise<Map<string, { key: GatewayKeyConfig; source: 'config' | 'admin' }>> {
  const keys = new Map<string, { key: GatewayKeyConfig; source: 'config' | 'admin' }>();
  for (const key of services.config.keys ?? []) keys.set(key.name, { key, source: 'config' });
  for (const key of (await services.store.keys?.listKeys()) ?? []) {
    if (!keys.has(key.name)) keys.set(key.name, { key, source: 'admin' });
  }
  return keys;
}

async function namedKey(services: GatewayServices, exchange: RouteExchange): Promise<GatewayKeyConfig> {
  const name = exchange.params.key ?? '';
  const found = (await allKeys(services)).get(name);
  if (found === undefined) throw new GatewayError({ type: 'not_found', message: `No key is named "${name}".` });
  return found.key;
}

async function view(
  services: GatewayServices,
  key: GatewayKeyConfig,
  source: 'config' | 'admin',
): Promise<AdminKeyView> {
  const spend = key.budget === undefined ? undefined : await services.store.readSpend(key.name, key.budget.period);
  return {
    name: key.name,
    source,
    models: key.models ?? null,
    rpm: key.rpm ?? null,
    tpm: key.tpm ?? null,
    budget: key.budget ?? null,
    mcp: key.mcp ?? null,
    revoked: await services.store.isRevoked(key.name),
    spend:
      spend === undefined || key.budget === undefined
        ? null
        : {
            period: key.budget.period,
            usd: spend.usd,
            tokens: spend.tokens,
            resetsAt: spend.resetsAt === undefined ? null : new Date(spend.resetsAt).toISOString(),
          },
  };
}

function json(status: number, body: unknown): GatewayReply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * `POST /admin/keys`: creates a key from `{ name, models?, rpm?, tpm?, budget?, mcp? }`. The answer
 * holds the key once; the store keeps only its SHA-256, shared by every replica.
 */
export const createKeyHandler: RouteHandler = async (services, exchange) => {
  await requireMaster(services, exchange);
  const keyStore = services.store.keys;
  if (keyStore === undefined) {
    throw new GatewayError({ type: 'not_found', message: 'This gateway store keeps no created keys.' });
  }
  let body: unknown;
  try {
    body = JSON.parse((await exchange.request.readBody()).toString('utf8'));
  } catch (error) {
    throw new GatewayError({ type: 'invalid_request', message: `Expected a JSON body: ${(error as Error).message}.` });
  }
  const parsed = adminKeyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new GatewayError({ type: 'invalid_request', message: `Expected a key's settings: ${problems.join('; ')}.` });
  }
  const unknown = (parsed.data.models ?? []).filter((model) => !services.table.names.includes(model));
  if (unknown.length > 0 && !services.config.allowProviderModels) {
    throw new GatewayError({
      type: 'invalid_request',
      message: `models: expected names the gateway serves (${services.table.names.join(', ')}), got ${unknown.join(', ')}.`,
    });
  }
  const mcpProblems = mcpSettingProblems(services, parsed.data.mcp);
  if (mcpProblems.length > 0) {
    throw new GatewayError({
      type: 'invalid_request',
      message: `Expected a key's settings: ${mcpProblems.join('; ')}.`,
    });
  }
  if ((services.config.keys ?? []).some((key) => key.name === parsed.data.name)) {
    throw new GatewayError({ type: 'invalid_request', message: `A key named "${parsed.data.name}" is in the config.` });
  }
  const secret = `il-${randomBytes(24).toString('base64url')}`;
  const record: GatewayKeyConfig = { ...parsed.data, sha256: hashGatewayKey(secret) };
  if (!(await keyStore.saveKey(record))) {
    throw new GatewayError({ type: 'invalid_request', message: `A key named "${record.name}" exists.` });
  }
  const { sha256: _hash, ...settings } = record;
  return json(201, { ...settings, key: secret });
};

// A created key's MCP allow-list, checked as the config's keys are (at start).
function mcpSettingProblems(services: GatewayServices, mcp: GatewayKeyConfig['mcp']): string[] {
  if (mcp === undefined) return [];
  if (services.config.mcp === undefined)
    return ['mcp: this gateway serves no MCP servers (its config has no `mcp` section)'];
  if (services.mcpServers === undefined) return [];
  return checkMcpAllowLists([{ mcp }], services.mcpServers, () => 'body');
}

/** `GET /admin/keys`: every key with its limits, whether it is revoked, and its spend this period. */
export const listKeysHandler: RouteHandler = async (services, exchange) => {
  await requireMaster(services, exchange);
  const keys = await allKeys(services);
  const views = await Promise.all([...keys.values()].map(({ key, source }) => view(services, key, source)));
  return json(200, { keys: views });
};

/** `POST /admin/keys/{name}/revoke`: the key is refused on every replica from now on. */
export const revokeKeyHandler: RouteHandler = async (services, exchange) => {
  await requireMaster(services, exchange);
  const key = await namedKey(services, exchange);
  await services.store.revoke(key.name);
  return json(200, { name: key.name, revoked: true });
};

/**
 * `POST /admin/store/reinitialize`: after the shared store lost its data, the operator accepts
 * the loss (docs/decisions/014-store-epoch.md): a new epoch, the revocations the replicas remember
 * written back, created keys served again (those from before the loss are gone). A store whose
 * data was not lost is left as it is (`reinitialized: false`).
 */
export const reinitializeStoreHandler: RouteHandler = async (services, exchange) => {
  await requireMaster(services, exchange);
  if (services.store.reinitialize === undefined) {
    throw new GatewayError({
      type: 'not_found',
      message:
        "This gateway's store has nothing to re-initialize: the in-process store's data lives and dies with the process.",
    });
  }
  return json(200, await services.store.reinitialize());
};

/** `POST /admin/keys/{name}/reset-budget`: the key's spend in its budget's current period goes back to zero. */
export const resetBudgetHandler: RouteHandler = async (services, exchange) => {
  await requireMaster(services, exchange);
  const key = await namedKey(services, exchange);
  if (key.budget === undefined) {
    throw new GatewayError({ type: 'invalid_request', message: `The key "${key.name}" has no budget to reset.` });
  }
  await services.store.resetSpend(key.name, key.budget.period);
  return json(200, await view(services, key, (services.config.keys ?? []).includes(key) ? 'config' : 'admin'));
};
