import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { InvalidSettingError } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import { BedrockChatModel } from './bedrock-chat-model';
import { createBedrockLeanClient } from './bedrock-lean-transport';

/** Settings of {@link createBedrock}. Each defaults to the usual AWS environment. */
export type BedrockProviderSettings = {
  /** AWS region, e.g. `us-east-1`. Default: `AWS_REGION` / `AWS_DEFAULT_REGION` / the profile's, through the SDK. */
  region?: string;
  /**
   * AWS credentials (`{ accessKeyId, secretAccessKey, sessionToken? }`) or a provider of them.
   * Default: the SDK's chain — environment, shared config and SSO, container and instance roles.
   */
  credentials?: BedrockRuntimeClientConfig['credentials'];
  /**
   * A Bedrock API key, sent as `Authorization: Bearer` instead of SigV4. Default: the SDK reads
   * `AWS_BEARER_TOKEN_BEDROCK` itself.
   */
  apiKey?: string;
  /** The endpoint, e.g. a VPC endpoint or a local test server. Default: `https://bedrock-runtime.<region>.amazonaws.com`. */
  endpoint?: string;
  /** Headers added to every request (before it is signed). */
  headers?: Record<string, string>;
  /**
   * Milliseconds to wait for an answer to start (default 600,000) and, unless `streamIdleTimeout`
   * is set, for each next event of a stream; past it the call ends with a retryable `APICallError`.
   */
  timeout?: number;
  /** Milliseconds to wait for each next event of a stream (default: `timeout`). */
  streamIdleTimeout?: number;
  /** Retries of retryable failures (throttling, 5xx, connection errors) done by the SDK, with its backoff (default 2). */
  maxRetries?: number;
  /**
   * The SDK's HTTP handler. Default: its HTTP/2 handler for `https` endpoints, and an HTTP/1.1
   * `NodeHttpHandler` for an `http://` endpoint (cleartext HTTP/2 is not what local servers speak).
   */
  requestHandler?: BedrockRuntimeClientConfig['requestHandler'];
  /** The provider key the models report (default `bedrock`). */
  name?: string;
  /** A client to use as is (every other transport setting is then ignored; not with `transport: 'lean'`). */
  client?: BedrockRuntimeClient;
  /**
   * How requests are sent: `'sdk'` (default) through the official `@aws-sdk/client-bedrock-runtime`
   * client; `'lean'` through the lean transport — the codec's body over a keep-alive `undici` pool,
   * signed by the SDK's own SigV4 signer (or sent with the Bedrock API key), the event stream read
   * from the bytes, with the SDK's retries, timeouts, abort and errors but no SDK object per call
   * (what the gateway uses; see docs/transports.md). `requestHandler` is the SDK's and does not apply.
   */
  transport?: 'sdk' | 'lean';
};

/** A factory of Bedrock chat models: `provider('anthropic.claude-sonnet-4-20250514-v1:0')` is a `ChatModel`. */
export type BedrockProvider = (modelId: string) => BedrockChatModel;

/**
 * Creates an Amazon Bedrock provider over the official `@aws-sdk/client-bedrock-runtime`
 * (`Converse`, `ConverseStream`). Region and credentials come from the settings or the usual AWS
 * environment; the client is built once per provider, on the first call, so a provider can be
 * registered before the environment is complete. Model ids are Bedrock's: foundation model ids
 * (`amazon.nova-pro-v1:0`), inference profiles (`us.anthropic.claude-sonnet-4-20250514-v1:0`) or ARNs.
 *
 * @example
 * ```ts
 * import { createBedrock } from '@interlingua/bedrock';
 *
 * const bedrock = createBedrock({ region: 'us-east-1' });
 * const response = await bedrock('us.anthropic.claude-sonnet-4-20250514-v1:0').generate({
 *   messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] }],
 * });
 * ```
 */
// Every key of BedrockProviderSettings: the compiler keeps the list complete, so a new setting is never refused.
const BEDROCK_SETTINGS = Object.keys({
  region: true,
  credentials: true,
  apiKey: true,
  endpoint: true,
  headers: true,
  timeout: true,
  streamIdleTimeout: true,
  maxRetries: true,
  requestHandler: true,
  name: true,
  client: true,
  transport: true,
} satisfies Record<keyof BedrockProviderSettings, true>);

export function createBedrock(settings: BedrockProviderSettings = {}): BedrockProvider {
  rejectUnknownSettings(settings, BEDROCK_SETTINGS, 'createBedrock()');
  const timeout = settings.timeout ?? 600_000;
  const maxRetries = settings.maxRetries ?? 2;
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new InvalidSettingError({
      message: `Expected \`timeout\` to be a positive number of milliseconds, got ${timeout}.`,
    });
  const streamIdleTimeout = settings.streamIdleTimeout ?? timeout;
  if (!(streamIdleTimeout > 0))
    throw new InvalidSettingError({
      message: `Expected \`streamIdleTimeout\` to be a positive number of milliseconds, got ${streamIdleTimeout}.`,
    });
  if (!Number.isInteger(maxRetries) || maxRetries < 0)
    throw new InvalidSettingError({
      message: `Expected \`maxRetries\` to be a non-negative integer, got ${maxRetries}.`,
    });
  const { transport } = settings;
  if (transport !== undefined && transport !== 'sdk' && transport !== 'lean')
    throw new InvalidSettingError({
      message: `Expected \`transport\` to be 'sdk' or 'lean', got ${JSON.stringify(transport)}.`,
    });
  if (transport === 'lean' && settings.client !== undefined)
    throw new InvalidSettingError({
      message: "Expected either `client` (the SDK transport's) or `transport: 'lean'`, got both.",
    });
  const lean =
    transport === 'lean'
      ? createBedrockLeanClient({
          region: settings.region,
          credentials: settings.credentials,
          apiKey: settings.apiKey,
          endpoint: settings.endpoint,
          maxRetries,
        })
      : undefined;
  let client = settings.client;
  // The AWS SDK is loaded on the first call, so a process that never calls Bedrock never loads it.
  const getClient = async (): Promise<BedrockRuntimeClient> => {
    if (client !== undefined) return client;
    const [{ BedrockRuntimeClient: Client }, { NodeHttpHandler }] = await Promise.all([
      import('@aws-sdk/client-bedrock-runtime'),
      import('@smithy/node-http-handler'),
    ]);
    client ??= new Client({
      ...(settings.region === undefined ? {} : { region: settings.region }),
      ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
      ...(settings.apiKey === undefined
        ? {}
        : { token: { token: settings.apiKey }, authSchemePreference: ['httpBearerAuth'] }),
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      maxAttempts: maxRetries + 1,
      ...(settings.requestHandler !== undefined
        ? { requestHandler: settings.requestHandler }
        : settings.endpoint?.startsWith('http://') === true
          ? { requestHandler: new NodeHttpHandler() }
          : {}),
    });
    return client;
  };
  // What no error may show: the API key (of the setting or the environment) and static keys' secret halves.
  const given = typeof settings.credentials === 'object' ? settings.credentials : undefined;
  const secrets = () => [
    settings.apiKey,
    process.env.AWS_BEARER_TOKEN_BEDROCK,
    given?.secretAccessKey,
    given?.sessionToken,
  ];
  return (modelId: string) =>
    new BedrockChatModel(modelId, {
      secrets,
      provider: settings.name ?? 'bedrock',
      client: getClient,
      timeout,
      streamIdleTimeout,
      headers: settings.headers,
      lean,
    });
}
