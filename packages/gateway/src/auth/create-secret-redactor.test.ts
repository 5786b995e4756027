import { describe, expect, it } from 'vitest';
import { parseGatewayConfig } from '../config/parse-gateway-config';
import { hashGatewayKey } from './create-authenticator';
import { createSecretRedactor } from './create-secret-redactor';

const MASTER = 'gw-master-Xq7rT2pLm9vK4wZ8';
const VIRTUAL = 'team-plain-key-Hd83kLq0Zr5Wm2';
const config = parseGatewayConfig({
  models: { fast: { model: 'openai:gpt-4.1-mini' } },
  masterKey: MASTER,
  providers: {
    openai: { apiKey: 'plain-backend-key-0001' },
    anthropic: {
      headers: { 'x-custom-auth': 'custom-header-secret-01', 'anthropic-beta': 'prompt-caching-2024-07-31' },
    },
  },
  keys: [{ name: 'team', sha256: hashGatewayKey(VIRTUAL) }],
});

describe('createSecretRedactor', () => {
  const redact = createSecretRedactor(config, ['an-extra-secret-value']);

  it('redacts the master key, provider keys, credential headers and extra secrets wherever they stand', () => {
    expect(redact(`got "${MASTER}".`)).toBe('got "[REDACTED]".');
    expect(redact('x plain-backend-key-0001 y custom-header-secret-01 an-extra-secret-value')).toBe(
      'x [REDACTED] y [REDACTED] [REDACTED]',
    );
  });

  it('redacts a virtual key it knows only by its hash: whole, in quotes, in provider:model, in a path', () => {
    expect(redact(VIRTUAL)).toBe('[REDACTED]');
    expect(redact(`function '${VIRTUAL}' is not in 'tools'.`)).toBe("function '[REDACTED]' is not in 'tools'.");
    expect(redact(`openai:${VIRTUAL}`)).toBe('openai:[REDACTED]');
    expect(redact(`/v1beta/models/${VIRTUAL}:generateContent`)).toBe('/v1beta/models/[REDACTED]:generateContent');
  });

  it('redacts keys of known shapes and keys minted by the admin routes', () => {
    expect(redact('sk-proj-abcdefghijklmnop1234')).toBe('[REDACTED]');
    expect(redact('key il-0123456789abcdefghijklmnopqrstuv.')).toBe('key [REDACTED].');
  });

  it('leaves model names, paths and other headers alone', () => {
    for (const text of [
      'claude-sonnet-4-5',
      'openai:gpt-4.1-mini',
      '/v1/chat/completions',
      'prompt-caching-2024-07-31',
    ]) {
      expect(redact(text)).toBe(text);
    }
  });
});
