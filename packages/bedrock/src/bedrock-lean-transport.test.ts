import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError, type ChatRequest, InvalidSettingError } from '@interlingua/core';
import { loadCodecFixtures, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bedrockError, bedrockRoutes, TEST_SIGV4 } from './__fixtures__/bedrock-routes';
import { type BedrockProviderSettings, createBedrock } from './create-bedrock';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const answer = fixtures.find((candidate) => candidate.name === 'bedrock-text.1')?.body;
const MODEL = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' };
const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

async function serve(settings: BedrockProviderSettings, auth: Parameters<typeof bedrockRoutes>[2] = {}) {
  server = await startProviderServer({
    routes: bedrockRoutes(MODEL, { converse: { kind: 'json', status: 200, body: answer, headers: {} } }, auth),
  });
  return createBedrock({ region: 'us-east-1', endpoint: server.url, maxRetries: 0, ...settings });
}

describe("createBedrock({ transport: 'lean' })", () => {
  it('is refused as AWS refuses a request signed with another secret, by both transports alike', async () => {
    const wrong = { ...credentials, secretAccessKey: 'another-secret' };
    const failures = [];
    for (const transport of ['sdk', 'lean'] as const) {
      const provider = await serve({ transport, credentials: wrong });
      failures.push(
        await provider(MODEL)
          .generate(request)
          .catch((error: unknown) => error),
      );
      await server?.close();
    }
    for (const failure of failures) {
      expect(APICallError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({
        statusCode: 403,
        providerErrorType: 'InvalidSignatureException',
        isRetryable: false,
      });
    }
    expect((failures[1] as Error).message).toBe((failures[0] as Error).message);
  });

  it('signs a session token, asks a credentials provider once and keeps what it gave until it expires', async () => {
    const provide = vi.fn(async () => ({
      ...credentials,
      sessionToken: 'session-token-1',
      expiration: new Date(Date.now() + 3_600_000),
    }));
    const sigv4 = {
      ...TEST_SIGV4,
      secrets: { AKIDTESTEXAMPLE: { ...credentials, sessionToken: 'session-token-1' } },
    };
    const model = (await serve({ transport: 'lean', credentials: provide }, { sigv4 }))(MODEL);
    await model.generate(request);
    await model.generate(request);
    expect(provide).toHaveBeenCalledTimes(1);
    expect(server?.requests.map((sent) => sent.headers['x-amz-security-token'])).toEqual([
      'session-token-1',
      'session-token-1',
    ]);
    expect(server?.requests[0]?.headers.authorization).toContain('x-amz-security-token');
  });

  it('sends AWS_BEARER_TOKEN_BEDROCK as a Bedrock API key, as the SDK prefers it when set', async () => {
    vi.stubEnv('AWS_BEARER_TOKEN_BEDROCK', 'bedrock-api-key-env-1');
    const provider = await serve({ transport: 'lean', credentials }, { bearerTokens: ['bedrock-api-key-env-1'] });
    const response = await provider(MODEL).generate(request);
    expect(response.finishReason).toBe('stop');
    expect(server?.requests[0]?.headers.authorization).toBe('Bearer bedrock-api-key-env-1');
  });

  it('fails the first call with InvalidSettingError naming AWS_REGION when no region is found', async () => {
    vi.stubEnv('AWS_REGION', undefined);
    vi.stubEnv('AWS_DEFAULT_REGION', undefined);
    vi.stubEnv('AWS_PROFILE', undefined);
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
    const empty = mkdtempSync(join(tmpdir(), 'interlingua-aws-'));
    vi.stubEnv('AWS_CONFIG_FILE', join(empty, 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(empty, 'credentials'));
    const failure = await createBedrock({ transport: 'lean', credentials })(MODEL)
      .generate(request)
      .catch((error: unknown) => error);
    expect(InvalidSettingError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain('AWS_REGION');
  });

  it('refuses an unknown transport, and a client of its own with the lean one', () => {
    expect(() => createBedrock({ transport: 'fast' as 'lean' })).toThrow(InvalidSettingError);
    expect(() => createBedrock({ transport: 'lean', client: {} as never })).toThrow(/client/);
  });
});

describe('a Bedrock API key echoed in an error', () => {
  it('is redacted by both transports, though it has no key shape of its own', async () => {
    const apiKey = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlOnNlY3JldA==';
    const messages = [];
    for (const transport of ['sdk', 'lean'] as const) {
      server = await startProviderServer({
        routes: bedrockRoutes(MODEL, {
          converse: bedrockError('ValidationException', 400, `The key ${apiKey} may not call this model.`),
        }),
      });
      const model = createBedrock({ region: 'us-east-1', endpoint: server.url, maxRetries: 0, apiKey, transport })(
        MODEL,
      );
      const failure = await model.generate(request).catch((error: unknown) => error);
      expect(APICallError.isInstance(failure)).toBe(true);
      messages.push(
        JSON.stringify({ message: (failure as APICallError).message, body: (failure as APICallError).responseBody }),
      );
      await server.close();
      server = undefined;
    }
    expect(messages[0]).toContain('may not call this model');
    for (const message of messages) expect(message).not.toContain(apiKey);
    expect(messages[1]).toBe(messages[0]);
  });
});
