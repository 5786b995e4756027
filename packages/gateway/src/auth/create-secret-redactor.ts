import { createRedactor, REDACTED } from '@interlingua/core';
import type { GatewayConfig } from '../config/gateway-config-schema';
import { hashGatewayKey } from './create-authenticator';

// Header names of a provider's `headers` whose values are credentials.
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie/i;
// A key minted by `POST /admin/keys` (`il-` and 24 random bytes in base64url).
const MINTED_KEY = /(?<![A-Za-z0-9_-])il-[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;
// Where a key typed into a text may start and end: quotes, brackets, spaces — and, for a key
// inside a `provider:model` name, a path or a query, the separators of those too.
const COARSE_TOKEN = /[^\s"'`<>()[\]{},;]{8,}/g;
const FINE_TOKEN = /[^\s"'`<>()[\]{},;:/?&=@]{8,}/g;

/**
 * The gateway's redactor, for every text bound for a client, a log line, a metric or a span that
 * may hold what a caller typed: core's `createRedactor` over the secrets the gateway holds —
 * the master key, each provider's `apiKey` and credential headers, `extra` — with key-shaped
 * values and URL credentials; keys minted by the admin routes (`il-…`); and the virtual keys of
 * the config, which the gateway knows only by their SHA-256: every word of the text long enough
 * to be one is hashed and compared. Each becomes `[REDACTED]`.
 */
export function createSecretRedactor(config: GatewayConfig, extra: readonly string[] = []): (text: string) => string {
  const secrets = [
    ...Object.values(config.providers).flatMap((provider) => [
      ...(provider.apiKey === undefined ? [] : [provider.apiKey]),
      ...Object.entries(provider.headers ?? {}).flatMap(([name, value]) =>
        CREDENTIAL_HEADER.test(name) ? [value] : [],
      ),
    ]),
    ...(config.masterKey === undefined ? [] : [config.masterKey]),
    ...extra,
  ].filter((secret) => secret.length >= 8);
  const known = createRedactor(secrets);
  const keyHashes = new Set((config.keys ?? []).map((key) => key.sha256.toLowerCase()));
  const virtualKey = (token: string) => (keyHashes.has(hashGatewayKey(token)) ? REDACTED : token);
  return (text) => {
    let out = text;
    if (keyHashes.size > 0) out = out.replace(COARSE_TOKEN, virtualKey).replace(FINE_TOKEN, virtualKey);
    return known(out).replace(MINTED_KEY, REDACTED);
  };
}
