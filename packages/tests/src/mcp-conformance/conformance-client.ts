/**
 * The client under test of the official MCP conformance suite: McpBridge against the URL the
 * suite passes as the last argument, doing what the scenario named in `MCP_CONFORMANCE_SCENARIO`
 * expects of a client (list the tools, call the ones the scenario serves, answer its elicitations,
 * log in where it asks for OAuth). It runs on the project's Node; exit code 0 means the client
 * itself saw no error (the suite judges the wire). Started by `run-conformance-scenario.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createFileTokenStore,
  loginMcpServer,
  McpBridge,
  type McpElicitationRequest,
  type McpOAuthConfig,
  type McpOAuthSigningAlgorithm,
  type McpRemoteServerConfig,
} from '@interlingua/mcp-bridge';

const SERVER = 'conformance';
type ToolCall = { name: string; arguments?: Record<string, unknown> };
type ScenarioContext = {
  toolCalls?: ToolCall[];
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
};

// The client metadata document URL the suite's CIMD scenarios expect (a user points at their own).
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const url = process.argv.at(-1) ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;

// The scenario's MRTR tools ask for a confirmation; the SEP-1034 one wants defaults filled by the
// client, so it gets an empty form back.
function answerElicitation(request: McpElicitationRequest) {
  if (scenario.startsWith('elicitation-sep1034')) return { action: 'accept' as const, content: {} };
  const content: Record<string, string | number | boolean> = {};
  for (const [name, property] of Object.entries(request.requestedSchema.properties)) {
    const type = (property as { type?: string }).type;
    content[name] = type === 'boolean' ? true : type === 'number' || type === 'integer' ? 1 : 'yes';
  }
  return { action: 'accept' as const, content };
}

function oauthOf(): McpOAuthConfig | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  const clientId = context.client_id;
  if (clientId === undefined) return { grant: 'authorization_code', clientMetadataUrl: CLIENT_METADATA_URL };
  if (context.private_key_pem !== undefined) {
    const algorithm = (context.signing_algorithm ?? 'ES256') as McpOAuthSigningAlgorithm;
    return { grant: 'client_credentials', clientId, privateKey: { pem: context.private_key_pem, algorithm } };
  }
  const grant = scenario.startsWith('auth/client-credentials') ? 'client_credentials' : 'authorization_code';
  return { grant, clientId, ...(context.client_secret === undefined ? {} : { clientSecret: context.client_secret }) };
}

// The suite's authorization servers approve at once: following the redirect is the user's click.
async function followAuthorization(authorizationUrl: URL): Promise<void> {
  let next: string | null = authorizationUrl.href;
  for (let hops = 0; next !== null && hops < 5; hops++) {
    const response: Response = await fetch(next, { redirect: 'manual' });
    const location = response.headers.get('location');
    next = location === null ? null : new URL(location, next).href;
  }
}

async function openBridge(config: McpRemoteServerConfig, tokenDirectory: string): Promise<McpBridge> {
  return McpBridge.fromConfig(
    // The mcp.json shape a user writes: a url alone (Streamable HTTP, the era found by probe).
    { mcpServers: { [SERVER]: { url: config.url, ...(config.oauth === undefined ? {} : { oauth: config.oauth }) } } },
    {
      elicitation: answerElicitation,
      tokenStore: createFileTokenStore(tokenDirectory),
      // Logins and step-ups a server asks for mid-session (a 403 insufficient_scope, a moved issuer).
      login: { openAuthorizationUrl: followAuthorization, timeout: 20_000 },
      restart: false,
      onServerError: 'skip',
      clientInfo: { name: 'interlingua-conformance', version: '0.1.0' },
    },
  );
}

async function connect(tokenDirectory: string): Promise<McpBridge> {
  const oauth = oauthOf();
  const config: McpRemoteServerConfig = {
    type: 'http',
    url,
    headers: {},
    fallbackToSse: true,
    ...(oauth === undefined ? {} : { oauth }),
  };
  let bridge = await openBridge(config, tokenDirectory);
  const status = bridge.servers[0];
  if (status?.state === 'failed' && /login|OAuth|401|auth/i.test(status.error?.message ?? '')) {
    await bridge.close();
    await loginMcpServer(SERVER, config, {
      tokenStore: createFileTokenStore(tokenDirectory),
      openAuthorizationUrl: followAuthorization,
      clientName: 'interlingua-conformance',
      timeout: 20_000,
    });
    bridge = await openBridge(config, tokenDirectory);
  }
  const after = bridge.servers[0];
  if (after?.state !== 'connected') throw after?.error ?? new Error(`not connected: ${after?.state}`);
  return bridge;
}

async function call(bridge: McpBridge, name: string, args: Record<string, unknown> = {}): Promise<void> {
  const output = await bridge.callTool(`${SERVER}__${name}`, args, { timeout: 20_000 });
  process.stderr.write(`${name}: ${JSON.stringify(output.content).slice(0, 300)}\n`);
}

async function run(bridge: McpBridge): Promise<void> {
  const definitions = await bridge.toolDefinitions();
  // The bridge's names are `conformance__<the server's name>`.
  const names = definitions.map((tool) => tool.name.slice(`${SERVER}__`.length));
  process.stderr.write(
    `era ${bridge.servers[0]?.era} ${bridge.servers[0]?.protocolVersion}; tools: ${names.join(', ')}\n`,
  );
  const has = (name: string) => names.includes(name);
  if (context.toolCalls !== undefined) {
    for (const toolCall of context.toolCalls) await call(bridge, toolCall.name, toolCall.arguments);
    return;
  }
  if (scenario === 'json-schema-ref-no-deref' || scenario === 'request-metadata') return;
  if (scenario === 'json-schema-2020-12-preservation') {
    const focal = definitions.find((tool) => tool.name === `${SERVER}__json_schema_2020_12_tool`);
    await call(bridge, 'json_schema_echo', { schema: focal?.inputSchema });
    return;
  }
  if (scenario === 'http-standard-headers') {
    for (const name of names) await call(bridge, name);
    const access = bridge.server(SERVER);
    const capabilities = bridge.servers[0]?.capabilities;
    if (capabilities?.resources !== undefined) {
      const [resource] = await access.listResources();
      if (resource !== undefined) await access.readResource(resource.uri);
    }
    if (capabilities?.prompts !== undefined) {
      const [prompt] = await access.listPrompts();
      if (prompt !== undefined) await access.getPrompt(prompt.name, {});
    }
    return;
  }
  // Every tool the scenario serves, in the order it lists them; the basic ones take two numbers.
  const order = [
    'test_mrtr_echo_state',
    'test_mrtr_unrelated',
    'test_mrtr_no_state',
    'test_mrtr_no_result_type',
    'test_client_elicitation_defaults',
    'test_reconnection',
    'test-tool',
  ].filter(has);
  if (order.length > 0) {
    for (const name of order) await call(bridge, name);
    return;
  }
  if (names[0] !== undefined) await call(bridge, names[0], { a: 2, b: 3 });
}

async function main(): Promise<void> {
  const tokenDirectory = mkdtempSync(join(tmpdir(), 'interlingua-conformance-tokens-'));
  let bridge: McpBridge | undefined;
  try {
    bridge = await connect(tokenDirectory);
    await run(bridge);
  } finally {
    await bridge?.close();
    rmSync(tokenDirectory, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `conformance client failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
