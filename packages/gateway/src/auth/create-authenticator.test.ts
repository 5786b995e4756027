import { describe, expect, it } from 'vitest';
import { parseGatewayConfig } from '../config/parse-gateway-config';
import { GatewayError } from '../errors/gateway-error';
import { createMemoryGatewayStore } from '../store/create-memory-gateway-store';
import { createAuthenticator, hashGatewayKey } from './create-authenticator';

const models = { fast: { model: 'openai:gpt-4.1-mini' } };

describe('createAuthenticator', () => {
  it('answers at once without keys and for the master key; a virtual key goes through the store', async () => {
    const store = createMemoryGatewayStore();
    const keyless = createAuthenticator(parseGatewayConfig({ models }), store);
    expect(keyless.authenticate(undefined)).toEqual({ kind: 'anonymous', name: undefined });

    const config = parseGatewayConfig({
      models,
      masterKey: 'master-key-0123456789',
      keys: [{ name: 'team', sha256: hashGatewayKey('sk-team-0123456789') }],
    });
    const keyed = createAuthenticator(config, store);
    expect(keyed.authenticate('master-key-0123456789')).toEqual({ kind: 'master', name: 'master' });
    const team = keyed.authenticate('sk-team-0123456789');
    expect(team).toBeInstanceOf(Promise);
    expect(await team).toMatchObject({ kind: 'key', name: 'team' });

    // Refusals are 401s, thrown for a missing key, rejected for an unknown or revoked one.
    expect(() => keyed.authenticate(undefined)).toThrow(GatewayError);
    await expect(keyed.authenticate('sk-nobody-0123456789')).rejects.toMatchObject({ status: 401 });
    await store.revoke('team');
    await expect(keyed.authenticate('sk-team-0123456789')).rejects.toThrow('The key "team" was revoked.');
  });
});
