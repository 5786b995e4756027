/**
 * Records the request bodies a real client sends, as fixtures for `src/gateway/real-clients.test.ts`.
 *
 * A dev script, not part of any package: it starts a loopback server speaking the four formats
 * the gateway serves (Anthropic Messages, OpenAI Chat Completions, OpenAI Responses, Gemini),
 * runs the client command given after `--` (with `{url}` in any argument replaced by the server's
 * address), and writes every model call the client made to
 * `src/gateway/__fixtures__/clients/<name>.<n>.json`, secrets removed.
 *
 * The server answers like a model would, in the client's own format (through our codecs' gateway
 * half): the first call that offers the tool named by `--tool` gets a call of it with
 * `--arguments`; a call carrying a tool result gets a short text, so the client does one full
 * tool round trip. Other calls (titles, token counts, model lists) get a text or an empty list.
 *
 *   npx tsx packages/tests/scripts/record-client.ts --name claude-code-bash --client 'Claude Code 2.1.3' \
 *     --tool Bash --arguments '{"command":"ls"}' -- env ANTHROPIC_BASE_URL={url} claude -p 'list the files'
 *
 * Only model calls are kept (count_tokens, model lists and the like are listed in the summary).
 * Headers are kept when they say something about the request (`anthropic-beta`, `openai-beta`,
 * versions, user agents); credentials are never written.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { anthropicCodec } from '@interlingua/anthropic';
import type { Codec, JSONObject, ModelResponse } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec, openaiResponsesCodec } from '@interlingua/openai';
import {
  json,
  type RecordedRequest,
  type Reply,
  type SSEFormat,
  sse,
  startProviderServer,
  textResponse,
  toolCallResponse,
} from '@interlingua/testkit';

/** The formats a client may speak, as the gateway's inbound formats name them. */
type ClientFormat = 'anthropic' | 'openai' | 'openai-responses' | 'gemini';

const CODECS: Record<ClientFormat, Codec> = {
  anthropic: anthropicCodec as Codec,
  openai: openaiCodec as Codec,
  'openai-responses': openaiResponsesCodec as Codec,
  gemini: geminiCodec as Codec,
};

/** Headers worth keeping: they tell how the client talks, and none carries a credential. */
const KEPT_HEADERS = [
  'anthropic-beta',
  'anthropic-version',
  'anthropic-dangerous-direct-browser-access',
  'openai-beta',
  'user-agent',
  'x-stainless-lang',
  'x-stainless-package-version',
  'x-goog-api-client',
  'originator',
  'version',
  'content-type',
  'accept',
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    client: { type: 'string' },
    tool: { type: 'string' },
    arguments: { type: 'string', default: '{}' },
    timeout: { type: 'string', default: '180' },
    note: { type: 'string', default: '' },
    out: { type: 'string' },
    // The folder the clients were installed and run in: written as ~ in the fixture, so no path of
    // the recording machine is committed (npm's global folder becomes <npm-global>, the temp folder $TMPDIR).
    folder: { type: 'string', default: process.cwd() },
  },
});
if (values.name === undefined || values.client === undefined || positionals.length === 0) {
  console.error('usage: record-client.ts --name <client-scenario> --client "<name> <version>" [--tool <name>]');
  console.error('         [--arguments <json>] [--timeout <s>] [--note <text>] [--folder <dir>] -- <command> [args…]');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const out = values.out ?? join(here, '..', 'src', 'gateway', '__fixtures__', 'clients');
const toolArguments = JSON.parse(values.arguments ?? '{}') as JSONObject;

/** Which format a model call speaks, from its path; `undefined` for calls that are not model calls. */
function formatOf(path: string): ClientFormat | undefined {
  if (path.endsWith('/messages')) return 'anthropic';
  if (path.endsWith('/chat/completions')) return 'openai';
  if (path.endsWith('/responses')) return 'openai-responses';
  if (/:(stream)?generateContent$/i.test(path)) return 'gemini';
  return undefined;
}

function isStream(format: ClientFormat, request: RecordedRequest): boolean {
  if (format === 'gemini') return request.path.endsWith(':streamGenerateContent');
  return (request.body as { stream?: unknown } | undefined)?.stream === true;
}

let calls = 0;
let toolCalled = false;

/** The answer a model would give: the chosen tool's call once, a text after its result, else a text. */
function answerFor(format: ClientFormat, request: RecordedRequest): ModelResponse {
  let decoded: ReturnType<Codec['decodeRequest']>['value'] | undefined;
  try {
    decoded = CODECS[format].decodeRequest(request.body).value;
  } catch (error) {
    console.error(`[record] our ${format} codec cannot read this body: ${(error as Error).message}`);
  }
  const messages = decoded?.request.messages ?? [];
  const sawResult = messages.some((message) => message.role === 'tool');
  const offered = (decoded?.request.tools ?? []).map((tool) => tool.name);
  if (sawResult) return textResponse('Done: the tool ran and its result is above.');
  if (!toolCalled && values.tool !== undefined && offered.includes(values.tool)) {
    toolCalled = true;
    return toolCallResponse([{ id: `call_rec_${++calls}`, name: values.tool, args: toolArguments }]);
  }
  if (values.tool !== undefined && !toolCalled) console.error(`[record] tools offered: ${offered.join(', ')}`);
  return textResponse('OK');
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

async function* events(response: ModelResponse) {
  yield* responseToStream(response);
}

async function reply(format: ClientFormat, request: RecordedRequest): Promise<Reply> {
  const response = answerFor(format, request);
  const model = (request.body as { model?: string } | undefined)?.model ?? 'recorded-model';
  const codec = CODECS[format];
  if (!isStream(format, request)) return json(codec.encodeResponse(response, { model }).value);
  const chunks = await collect(codec.encodeStream(events(response), { model }));
  return sse(format as SSEFormat, chunks);
}

const server = await startProviderServer({
  routes: [
    { method: 'POST', path: /\/messages\/count_tokens$/, reply: json({ input_tokens: 100 }) },
    { method: 'POST', path: /:countTokens$/, reply: json({ totalTokens: 100 }) },
    { method: 'GET', path: /\/models$/, reply: json({ object: 'list', data: [], models: [] }) },
    {
      method: 'POST',
      path: (path) => formatOf(path) !== undefined,
      reply: (request) => reply(formatOf(request.path) as ClientFormat, request),
    },
  ],
});
console.error(`[record] listening on ${server.url}`);

const command = positionals.map((argument) => argument.replaceAll('{url}', server.url));
const child = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (data: Buffer) => {
  output += data.toString();
});
child.stderr.on('data', (data: Buffer) => {
  output += data.toString();
});
const timer = setTimeout(() => child.kill('SIGKILL'), Number(values.timeout) * 1000);
const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
clearTimeout(timer);
console.error(`[record] client exited with ${code}; its output (last 3000 characters):\n${output.slice(-3000)}`);

/** The recording folder as ~, npm's global folder as <npm-global>, the temp folder as $TMPDIR, in a command line or a body's text. */
function neutralFolder(text: string): string {
  const folder = (values.folder ?? process.cwd()).replace(/\/+$/, '');
  const homed = folder === '' || folder === '/' ? text : text.replaceAll(folder, '~');
  return homed.replace(/\/usr\/lib\/node_modules\//g, '<npm-global>/').replace(/\/tmp\//g, '$TMPDIR/');
}

/** The command line as run, its (fake) keys left out. */
function redactCommand(command: string): string {
  return neutralFolder(command)
    .replace(/((?:KEY|TOKEN)=)\S+/g, '$1REDACTED')
    .replace(/("apiKey":")[^"]*/g, '$1REDACTED');
}

/** Identifiers of this machine and session that a client puts in a body (Claude Code's `metadata.user_id`). */
function scrub(body: unknown): unknown {
  const text = neutralFolder(JSON.stringify(body))
    .replace(
      /(\\?"(?:device_id|account_uuid|session_id|installation_id|x-codex-installation-id)\\?":\\?")[^"\\]*/g,
      '$1REDACTED',
    )
    .replace(/("(?:prompt_cache_key|safety_identifier)":")[^"]*/g, '$1REDACTED');
  return JSON.parse(text) as unknown;
}

await mkdir(out, { recursive: true });
const modelCalls = server.requests.filter((request) => formatOf(request.path) !== undefined);
for (const request of server.requests) console.error(`[record] ${request.method} ${request.url}`);
let index = 0;
for (const request of modelCalls) {
  index += 1;
  const format = formatOf(request.path) as ClientFormat;
  const headers = Object.fromEntries(
    KEPT_HEADERS.filter((name) => request.headers[name] !== undefined).map((name) => [name, request.headers[name]]),
  );
  const fixture = {
    source: {
      client: values.client,
      recorded: new Date().toISOString().slice(0, 10),
      how: `packages/tests/scripts/record-client.ts: \`${redactCommand(positionals.join(' '))}\` against a loopback server answering in the client's format (call ${index} of ${modelCalls.length}${toolCalled ? `; the server called ${values.tool}` : ''})`,
      removed:
        "device, account, session and installation ids, prompt_cache_key; credential headers (authorization, x-api-key, x-goog-api-key, cookies) and the ?key= query; every other header not listed; the recording machine's folder (--folder) rewritten as ~. Paths rewritten so none of a machine's is committed: the recording home as ~, npm's global folder as <npm-global>, the temp folder as $TMPDIR.",
      ...(values.note === '' ? {} : { note: values.note }),
    },
    format,
    method: request.method,
    path: request.url.replace(/([?&])key=[^&]*/g, '$1key=REDACTED'),
    headers,
    body: scrub(request.body),
  };
  const file = join(out, `${values.name}.${index}.json`);
  await writeFile(file, `${JSON.stringify(fixture, null, 2)}\n`);
  console.error(`[record] wrote ${file}`);
}
await server.close();
process.exit(0);
