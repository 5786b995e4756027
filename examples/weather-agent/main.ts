/**
 * The weather conversation of the MCP design note (section 7.2), end to end:
 * "你好" → "北京今天天气怎么样？" (a tool call) → "那上海呢？" (a second call, understood only from
 * the history), through the agent loop and the MCP bridge over real stdio.
 *
 *   pnpm demo                                  # a real model if a key is set, else the offline demo model
 *   pnpm demo -- --provider gemini --trace     # Gemini's wire format, every wire leg printed
 *   pnpm demo -- --trace-file run.jsonl        # every wire leg recorded; view with `pnpm trace run.jsonl`
 *
 * Options: --provider openai|anthropic|gemini, --model provider:id, --offline, --trace, --trace-file <path>.
 * Moving the agent to another provider changes only the model string.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AgentEvent,
  addCosts,
  type Cost,
  createConversation,
  createRedactor,
  createTraceRecorder,
  formatCost,
  McpBridge,
  type McpTraceFrame,
  type ModelTraceLeg,
  model,
  secretsFromEnv,
  startDemoServer,
  traceFetch,
  ZERO_COST,
} from 'interlingua';

type Provider = 'openai' | 'anthropic' | 'gemini';
const MODELS: Record<Provider, string> = {
  anthropic: 'anthropic:claude-sonnet-4-6',
  openai: 'openai:gpt-4.1',
  gemini: 'gemini:gemini-2.5-flash',
};
const KEYS: Record<Provider, string[]> = {
  anthropic: ['ANTHROPIC_API_KEY'],
  openai: ['OPENAI_API_KEY', 'OPENAI_BASE_URL'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
};
const PROMPTS = ['你好', '北京今天天气怎么样？', '那上海呢？'];
const SYSTEM = '你是一个专业的天气助手，回答简洁。';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    provider: { type: 'string' },
    model: { type: 'string' },
    offline: { type: 'boolean' },
    trace: { type: 'boolean' },
    'trace-file': { type: 'string' },
  },
});
const requested = values.provider ?? values.model?.split(':')[0];
if (requested !== undefined && !(requested in MODELS)) {
  console.error(`error: Expected --provider to be one of openai, anthropic, gemini, got "${requested}".`);
  process.exit(2);
}
const hasKey = (provider: Provider) => KEYS[provider].some((name) => (process.env[name] ?? '') !== '');
const provider =
  (requested as Provider | undefined) ?? (['anthropic', 'openai', 'gemini'] as const).find(hasKey) ?? 'anthropic';
const offline = values.offline === true || !hasKey(provider);
const modelId = values.model ?? MODELS[provider];

const redact = createRedactor(secretsFromEnv(process.env));
const print = (text: string) => process.stdout.write(`${redact(text)}\n`);
const traceModel = (leg: ModelTraceLeg) => {
  if (leg.type === 'model-request')
    print(`[trace] model → ${leg.method} ${leg.url}\n${JSON.stringify(leg.body, null, 2)}`);
  else if (leg.events !== undefined)
    print(`[trace] model ← ${leg.status} (stream)\n${leg.events.map((e) => `  ${JSON.stringify(e)}`).join('\n')}`);
  else print(`[trace] model ← ${leg.status}\n${JSON.stringify(leg.body, null, 2)}`);
};
const traceMcp = (frame: McpTraceFrame) =>
  print(`[trace] mcp ${frame.server} ${frame.direction === 'send' ? '→' : '←'} ${JSON.stringify(frame.message)}`);

// --trace: the SDKs that take a `fetch` get a tracing one; Gemini's SDK always uses the global fetch.
const fetch = values.trace === true ? traceFetch(globalThis.fetch, traceModel) : undefined;
if (fetch !== undefined && provider === 'gemini') globalThis.fetch = fetch;
// --trace-file: the same legs, with the IR beside them, as JSON lines for `interlingua trace`.
const traceFile = values['trace-file'];
const recorder =
  traceFile === undefined ? undefined : createTraceRecorder({ file: traceFile, redact, source: 'pnpm demo' });

const demoServer = offline ? await startDemoServer({ provider }) : undefined;
const why =
  values.offline === true
    ? '--offline'
    : `No key in the environment (${(requested === undefined ? Object.values(KEYS).flat() : KEYS[provider]).join(', ')})`;
print(
  demoServer === undefined
    ? `Using ${modelId} (key from the environment).`
    : `${why}: using the built-in offline demo model, served over the ${provider} wire protocol at ${demoServer.url}.`,
);

// The weather MCP server runs as a child process over stdio, in TypeScript through tsx's loader.
const bridge = await McpBridge.fromConfig(
  {
    mcpServers: {
      weather: {
        command: process.execPath,
        args: [
          '--import',
          import.meta.resolve('tsx'),
          fileURLToPath(new URL('../weather-server/server.ts', import.meta.url)),
        ],
      },
    },
  },
  {
    onTrace: (frame) => {
      if (values.trace === true) traceMcp(frame);
      recorder?.mcp(frame);
    },
  },
);

try {
  const tools = await bridge.tools();
  for (const server of bridge.servers) {
    print(
      `MCP server ${server.name}: ${server.serverInfo?.name} ${server.serverInfo?.version}, protocol ${server.protocolVersion}`,
    );
  }
  for (const tool of tools) print(`  tool ${tool.name}: ${tool.description}`);

  const chat = createConversation({
    model: model(modelId, {
      ...(demoServer === undefined ? {} : { baseURL: demoServer.baseURL, apiKey: 'offline-demo' }),
      ...(fetch === undefined ? {} : { fetch }),
      ...(recorder === undefined ? {} : { trace: recorder }),
    }),
    tools,
    system: SYSTEM,
    ...(recorder === undefined ? {} : { onEvent: recorder.agent }),
  });

  const inputSeries: number[] = [];
  let totalIn = 0;
  let totalOut = 0;
  let totalCost: Cost | 'unknown' = ZERO_COST;
  for (const [index, prompt] of PROMPTS.entries()) {
    print(`\n── turn ${index + 1} ──────────────────────────────`);
    print(`you › ${prompt}`);
    // The answer streams as it arrives; with --trace, whole lines, so trace legs never split one.
    const live = values.trace !== true;
    let line = '';
    const flush = () => {
      if (line !== '') live ? process.stdout.write('\n') : print(`model › ${line}`);
      line = '';
    };
    const onEvent = (event: AgentEvent) => {
      if (event.type === 'text-delta') {
        if (live) process.stdout.write(`${line === '' ? 'model › ' : ''}${redact(event.text)}`);
        line += event.text;
      }
      if (event.type === 'tool-call') {
        flush();
        print(`  → tool call   ${event.toolCall.name} ${JSON.stringify(event.toolCall.args)}`);
      }
      if (event.type === 'tool-result') {
        const text = event.result.content
          .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
          .join(' ');
        print(`  ← tool result ${event.result.isError ? '(error) ' : ''}${text}`);
      }
      if (event.type === 'step-finish') flush();
    };
    // `onEvent` is called the moment each event happens, so the printout keeps the wire order.
    for await (const event of chat.stream(prompt, { onEvent })) {
      if (event.type === 'finish') {
        const { result } = event;
        inputSeries.push(...result.inputTokensPerStep);
        totalIn += result.usage.inputTokens;
        totalOut += result.usage.outputTokens;
        totalCost = addCosts(totalCost, result.cost);
        print(
          `  usage: ${result.usage.inputTokens} in / ${result.usage.outputTokens} out, ${formatCost(result.cost)} (input per call: ${result.inputTokensPerStep.join(' → ')})`,
        );
        if (result.finishReason !== 'stop') print(`  the turn ended with ${result.finishReason}`);
      }
    }
  }
  print(`\nInput tokens per model call: ${inputSeries.join(' → ')}`);
  print(
    'Each call resends the whole history, tool calls and results included: that is how "那上海呢？" is understood.',
  );
  print(
    `Total: ${totalIn} in / ${totalOut} out over ${PROMPTS.length} turns, ${formatCost(totalCost)} at ${modelId}'s prices, ${chat.messages.length} messages in the history.`,
  );
  if (traceFile !== undefined) print(`Trace: ${traceFile} (view it with: pnpm build && pnpm trace ${traceFile})`);
} finally {
  await bridge.close();
  await demoServer?.close();
  await recorder?.close();
}
