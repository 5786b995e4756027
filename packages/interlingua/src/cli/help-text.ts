import type { CliCommand } from './parse-cli-args';

const MAIN = `interlingua — LLM tool calling across providers

Usage:
  interlingua chat --model <provider:id> [--mcp mcp.json] [--system text] [prompt]
  interlingua tools --mcp <mcp.json>
  interlingua translate --from <provider> --to <provider> [--model id] [file] < request.json
  interlingua trace <run.jsonl> [--port N] [--follow]
  interlingua gateway --config <gateway.json> [--host 127.0.0.1] [--port 4000]
  interlingua mcp serve --mcp <mcp.json> [--http [--host 127.0.0.1] [--port N]] [--agent <provider:id>]
  interlingua mcp login|logout <server> --mcp <mcp.json> [--no-browser] [--scope "<scopes>"]

Options for every command:
  -h, --help      show help for a command
  -v, --version   print the version
  --trace         print every wire leg (MCP JSON-RPC frames, model request/response bodies), keys redacted

Keys come from OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY (or GOOGLE_API_KEY), …
Exit codes: 0 ok, 1 a failure while running, 2 a problem with the command or its input.
`;

const CHAT = `interlingua chat — talk to a model, with MCP tools

Usage:
  interlingua chat --model <provider:id> [options] [prompt]

With a prompt (or text on stdin) it answers once; without, it opens a REPL that keeps the
conversation (/exit or Ctrl-D to leave). The answer streams to stdout; tool calls, results and
token usage go to stderr.

Options:
  -m, --model <provider:id>   e.g. anthropic:claude-sonnet-4-6, openai:gpt-4.1, gemini:gemini-2.5-flash, ollama:qwen2.5
  --mcp <mcp.json>            MCP servers whose tools the model may call (mcpServers format)
  -s, --system <text>         the system prompt
  --base-url <url>            the provider endpoint (a local OpenAI-compatible server, a proxy)
  --offline                   use the built-in offline demo model, served in the provider's wire format
  --no-stream                 wait for whole answers instead of streaming
  --max-steps <n>             model calls per turn before stopping (default 10)
  --trace                     print every wire leg, keys redacted
  --trace-file <run.jsonl>    record every wire leg as JSON lines (view with interlingua trace)
`;

const TOOLS = `interlingua tools — list the tools of MCP servers

Usage:
  interlingua tools --mcp <mcp.json> [--trace]

Connects to every server of the config, prints each server (protocol version, tool count) and
each exposed server__tool with its description.
`;

const TRANSLATE = `interlingua translate — re-encode a request body for another provider

Usage:
  interlingua translate --from <provider> --to <provider> [--model id] [file]

Reads a native request body (from the file, or stdin), decodes it with the --from codec into
the IR and encodes it with the --to codec. Providers: openai, openai-responses, anthropic, gemini. The result
goes to stdout; what the target format cannot carry is listed on stderr as warnings.
`;

const TRACE = `interlingua trace — show a trace file as a local web page

Usage:
  interlingua trace <run.jsonl> [--port N] [--follow]

Serves a page on 127.0.0.1 only (nothing is loaded from outside): the run's legs in three lanes
(MCP server ← host → model), each leg's body with wire and IR side by side, the tokens and cost of
every model call, the warnings. Record a trace with --trace-file on interlingua chat or pnpm demo.

Options:
  --port <n>     the port (default: any free one)
  --follow       keep reading the file as it grows and update the page live
`;

const GATEWAY = `interlingua gateway — serve any configured model over OpenAI, Anthropic and Gemini HTTP

Usage:
  interlingua gateway --config <gateway.json> [--host 127.0.0.1] [--port 4000] [--trace-file <file>]

Routes (every one answers errors in its own format):
  OpenAI     POST /v1/chat/completions, POST /v1/responses, GET /v1/models
  Anthropic  POST /v1/messages, POST /v1/messages/count_tokens, GET /v1/models (with anthropic-version)
  Gemini     POST /v1beta/models/{model}:generateContent and :streamGenerateContent, GET /v1beta/models
  Admin      POST /admin/keys, GET /admin/keys, POST /admin/keys/{name}/revoke,
             POST /admin/keys/{name}/reset-budget (master key; docs/gateway-scale.md)
  Operations GET /healthz, /readyz, /metrics
  MCP        POST/GET/DELETE /mcp: the config's "mcp" servers as one MCP server, behind the same keys

The config (JSONC, \${env:NAME} references) names the models, keys, limits and providers; see
docs/gateway.md. One JSON log line per request goes to stdout. Backends without their provider
key are listed at start-up and answer 503 naming the variable. Without "keys" or "masterKey" it
listens only on loopback. SIGTERM (or Ctrl-C) drains in-flight requests, then exits.

Options:
  -c, --config <file>   the gateway config (required)
  --host <address>      where to listen (default 127.0.0.1)
  --port <n>            the port (default 4000; 0 for any free port)
  --trace-file <file>   record every request, its answer and each backend call (wire and IR) as
                        JSON lines, credentials redacted; open it with \`interlingua trace <file>\`
`;

const MCP = `interlingua mcp — serve MCP servers as one, and log in to remote ones

Usage:
  interlingua mcp serve --mcp <mcp.json> [--http [--host 127.0.0.1] [--port N]] [--agent <provider:id> [--offline]]
  interlingua mcp login <server> --mcp <mcp.json> [--no-browser] [--scope "<scopes>"]
  interlingua mcp logout <server> --mcp <mcp.json>

serve: the tools of every server of the config, named server__tool, as ONE MCP server — over
stdio (stdout carries only MCP frames), or with --http over Streamable HTTP at the printed
endpoint. On a --host other than loopback it requires keys — the mcp.json's \`serve\` section
(\`masterKey\`, \`keys\` with sha256, servers, tools, requestsPerMinute), sent as Authorization:
Bearer <key> — or INTERLINGUA_MCP_TOKEN, one bearer token for every client. Over HTTP each call
writes one JSON audit line to stderr. --agent adds an \`agent\` tool that runs a task with that model and these tools.
Runs until the client closes stdin, SIGTERM or Ctrl-C.

login: OAuth 2.1 with PKCE for a remote server (a \`url\` in the config): prints the URL to open (and
opens a browser when there is a display), waits for the loopback redirect, stores the tokens in
the user's config directory (owner-only files). logout forgets them.

Options:
  --mcp <mcp.json>        the config (required)
  --http                  serve Streamable HTTP instead of stdio
  --host <address>        where to listen with --http (default 127.0.0.1)
  --port <n>              the port with --http (default: any free one)
  --agent <provider:id>   add the agent tool, run by this model
  --offline               run the agent tool on the built-in offline demo model
  --no-browser            print the login URL without trying to open a browser
  --scope "<scopes>"      the scopes a login asks for (default: what the server's challenge names)
`;

/** The help text of the CLI, or of one command. */
export function helpText(topic: CliCommand | undefined): string {
  switch (topic) {
    case undefined:
      return MAIN;
    case 'chat':
      return CHAT;
    case 'tools':
      return TOOLS;
    case 'translate':
      return TRANSLATE;
    case 'trace':
      return TRACE;
    case 'gateway':
      return GATEWAY;
    case 'mcp':
      return MCP;
    default: {
      const exhaustive: never = topic;
      throw new Error(`Unknown help topic ${String(exhaustive)}`);
    }
  }
}
